//go:build !linux

package search

import "unsafe"

// hugePages is advice on Linux only (huge_linux.go).
func hugePages(unsafe.Pointer, uintptr) {}
