//go:build unix

package clitest

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

// Interrupted runs the binary as a process of its own (the test binary
// with MainEnv=1) with args, waits for the first line it prints on
// stdout, sends it sig and waits, up to desktop.Patience, for it to end.
// It returns that first line, its stderr and how the process ended (nil
// for exit 0, an *exec.ExitError otherwise); a process still running
// after the wait is killed and fails the test.
func (b Binary) Interrupted(t *testing.T, sig syscall.Signal, args ...string) (first, stderr string, ended error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), b.MainEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb strings.Builder
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	first, _ = bufio.NewReader(out).ReadString('\n')
	if first == "" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("%s %q printed nothing; stderr: %s", b.Name, args, errb.String())
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	select {
	case ended = <-done:
	case <-time.After(desktop.Patience):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%s %q: still running %v after %v", b.Name, args, desktop.Patience, sig)
	}
	return first, errb.String(), ended
}
