//go:build unix

package main

import (
	"strings"
	"syscall"
	"testing"
)

// TestInterruptStopsCommand: every command runs under one context that the
// first SIGINT or SIGTERM cancels (main.go sets it up before the command
// runs). `hexiom game`, which serves until then, interrupted once it has
// printed its URL, shuts down and exits 0, for either signal.
func TestInterruptStopsCommand(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		url, stderr, ended := binary().Interrupted(t, sig, "game", "-addr", "127.0.0.1:0", "-level", "3")
		if !strings.HasPrefix(url, "http://127.0.0.1:") {
			t.Errorf("%v: hexiom game printed %q first, not its URL; stderr: %s", sig, url, stderr)
		}
		if ended != nil {
			t.Errorf("%v: hexiom game ended with %v, want exit status 0 (a signal it did not catch kills it); stderr: %s", sig, ended, stderr)
		}
	}
}
