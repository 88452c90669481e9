//go:build !linux

package main

// platformCommands: none but on Linux (commands_linux.go).
var platformCommands []command
