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

// TestInterruptStopsBench: hexiom-lab's commands run under the one context
// the first SIGINT or SIGTERM cancels (internal/cli), and the benchmarks
// stop at it: bench and bench-max, interrupted once they have printed
// their first line, exit 1 at once saying they were interrupted, once,
// with no line for each solve the interruption cut short.
func TestInterruptStopsBench(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		args []string
		want string
	}{
		{syscall.SIGINT, []string{"bench", "-runs", "100000", "-threads", "1"}, "hexiom-lab bench: interrupted after "},
		{syscall.SIGTERM, []string{"bench-max", "-random", "100000", "-threads", "1", "-timeout", "1m"}, "hexiom-lab bench-max: interrupted during -max tiles"},
	} {
		cmd := exec.Command(os.Args[0], c.args...)
		cmd.Env = append(os.Environ(), "HEXIOM_LAB_TEST_AS_MAIN=1")
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		first, _ := bufio.NewReader(out).ReadString('\n')
		if first == "" {
			cmd.Process.Kill()
			t.Fatalf("%v: printed nothing; stderr: %s", c.args, stderr.String())
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		if err := cmd.Process.Signal(c.sig); err != nil {
			t.Fatal(err)
		}
		var werr error
		select {
		case werr = <-done:
		case <-time.After(desktop.Patience):
			cmd.Process.Kill()
			t.Fatalf("%v: still running %v after %v", c.args, desktop.Patience, c.sig)
		}
		ee, ok := werr.(*exec.ExitError)
		msg := stderr.String()
		if !ok || ee.ExitCode() != exitFailed || strings.Count(msg, c.want) != 1 || strings.Count(msg, "\n") != 1 {
			t.Errorf("%v after %v: %v, stderr %q; want exit 1 and one line %q…", c.args, c.sig, werr, msg, c.want)
		}
	}
}
