//go:build !windows

package main

// ownConsole: only Windows gives a program started by a double-click a
// console that closes when it exits.
func ownConsole() bool { return false }
