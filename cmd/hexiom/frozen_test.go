//go:build linux

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hexiom/calibration"
	"hexiom/internal/desktop"
	"hexiom/internal/tier"
	"hexiom/internal/xconn"
	"hexiom/internal/xconn/xconntest"
)

// TestPlayOnFrozenDisplay is issue 24's first defect: `hexiom play` waiting
// for a board (with -dry-run, and with the mouse), and `hexiom calibrate`
// waiting for clicks, on an X display that stops answering after the
// connection was made (Xvfb under SIGSTOP) end with exit 1 and an error
// naming the display within its deadline (xconn.Timeout, 10 s; calibrate
// checks every second that the display answers) plus 5 s, instead of
// waiting for ever on a reply (or, for calibrate, for its -timeout).
func TestPlayOnFrozenDisplay(t *testing.T) {
	tier.Heavy(t, tier.Xvfb, tier.OpenCV)
	x, err := desktop.StartX(640, 480)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	dir := t.TempDir()
	cal := filepath.Join(dir, "cal.json")
	if err := calibration.SaveFile(cal, calibration.Area{Left: 100, Top: 40, Side: 400}); err != nil {
		t.Fatal(err)
	}
	env := append(x.Env(), "HEXIOM_TEST_AS_MAIN=1", "XDG_CONFIG_HOME="+dir)
	type child struct {
		name   string
		cmd    *exec.Cmd
		stderr strings.Builder
		ready  chan struct{}
		marker string // in its output once it waits
		exited chan struct{}
		at     time.Time // when it exited
	}
	var kids []*child
	const waitBoard, waitClick = "waiting for a board in view", "Calibration: show any board"
	for _, args := range [][]string{
		{waitBoard, "play", "-calibration", cal, "-wait", "60s", "-dry-run", "-plan", filepath.Join(dir, "plan.png"), "-debug", dir},
		{waitBoard, "play", "-calibration", cal, "-wait", "60s", "-display", x.Display, "-debug", dir},
		{waitClick, "calibrate", "-timeout", "1h", "-o", filepath.Join(dir, "cal2.json")},
	} {
		c := &child{name: strings.Join(args[1:], " "), marker: args[0], ready: make(chan struct{}), exited: make(chan struct{})}
		c.cmd = exec.Command(os.Args[0], args[1:]...)
		c.cmd.Env = env
		pipe, w, err := os.Pipe() // stdout and stderr
		if err != nil {
			t.Fatal(err)
		}
		c.cmd.Stdout, c.cmd.Stderr = w, w
		if err := c.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w.Close()
		defer c.cmd.Process.Kill()
		var once sync.Once
		go func() {
			sc := bufio.NewScanner(pipe)
			for sc.Scan() {
				c.stderr.WriteString(sc.Text() + "\n")
				if strings.Contains(sc.Text(), c.marker) {
					once.Do(func() { close(c.ready) })
				}
			}
			c.cmd.Wait()
			c.at = time.Now()
			close(c.exited)
		}()
		kids = append(kids, c)
	}
	for _, c := range kids {
		select {
		case <-c.ready:
		case <-c.exited:
			t.Fatalf("hexiom %s ended before waiting for a board: %v\n%s", c.name, c.cmd.ProcessState, c.stderr.String())
		case <-time.After(desktop.Patience):
			t.Fatalf("hexiom %s: not waiting for a board after %v\n%s", c.name, desktop.Patience, c.stderr.String())
		}
	}
	if err := x.Freeze(); err != nil {
		t.Fatal(err)
	}
	frozen := time.Now()
	limit := xconn.Timeout + xconntest.Grace
	for _, c := range kids {
		select {
		case <-c.exited:
		case <-time.After(xconntest.Hang):
			t.Fatalf("hexiom %s on the frozen display: still running after %v\n%s", c.name, xconntest.Hang, c.stderr.String())
		}
		took := c.at.Sub(frozen)
		code := c.cmd.ProcessState.ExitCode()
		msg := c.stderr.String()
		if code != exitFailed || !strings.Contains(msg, "X display "+x.Display) || took > limit {
			t.Errorf("hexiom %s on the frozen display: exit %d after %v (want exit 1, within %v, naming %s):\n%s",
				c.name, code, took.Round(time.Millisecond), limit, x.Display, msg)
		} else {
			t.Logf("hexiom %s: exit 1 %v after the freeze: %s", c.name, took.Round(time.Millisecond), lastLine(msg))
		}
	}
}

func lastLine(s string) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	return l[len(l)-1]
}
