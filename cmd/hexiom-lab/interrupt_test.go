//go:build unix

package main

import (
	"os/exec"
	"strings"
	"syscall"
	"testing"
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
		{syscall.SIGTERM, []string{"bench-max", "-random", "1000", "-threads", "1", "-timeout", "1m"}, "hexiom-lab bench-max: interrupted during -max tiles"},
	} {
		_, msg, ended := binary().Interrupted(t, c.sig, c.args...)
		ee, ok := ended.(*exec.ExitError)
		if !ok || ee.ExitCode() != exitFailed || strings.Count(msg, c.want) != 1 || strings.Count(msg, "\n") != 1 {
			t.Errorf("%v after %v: %v, stderr %q; want exit 1 and one line %q…", c.args, c.sig, ended, msg, c.want)
		}
	}
}
