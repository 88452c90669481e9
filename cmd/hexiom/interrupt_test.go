//go:build unix

package main

import (
	"bufio"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"hexiom/internal/desktop"
)

// TestInterruptStopsCommand: every command runs under one context that the
// first SIGINT or SIGTERM cancels (main.go sets it up before the command
// runs). `hexiom game`, which serves until then, interrupted once it has
// printed its URL, shuts down and exits 0, for either signal.
func TestInterruptStopsCommand(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(os.Args[0], "game", "-addr", "127.0.0.1:0", "-level", "3")
		cmd.Env = append(os.Environ(), "HEXIOM_TEST_AS_MAIN=1")
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		url, _ := bufio.NewReader(out).ReadString('\n')
		if !strings.HasPrefix(url, "http://127.0.0.1:") {
			cmd.Process.Kill()
			t.Fatalf("hexiom game printed %q first, not its URL; stderr: %s", url, stderr.String())
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		var werr error
		select {
		case werr = <-done:
		case <-time.After(desktop.Patience):
			cmd.Process.Kill()
			t.Fatalf("%v: hexiom game still serving %v after the signal", sig, desktop.Patience)
		}
		if werr != nil {
			t.Errorf("%v: hexiom game ended with %v, want exit status 0 (a signal it did not catch kills it); stderr: %s", sig, werr, stderr.String())
		}
	}
}
