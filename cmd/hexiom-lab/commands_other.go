//go:build !linux

package main

import "hexiom/internal/cli"

// platformCommands: none but on Linux (commands_linux.go).
var platformCommands []cli.Command
