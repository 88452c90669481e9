//go:build linux && cgo

package actuate

import (
	"bufio"
	"fmt"
	"image"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"hexiom/internal/tier"
	"hexiom/internal/xconn"
	"hexiom/internal/xconn/xconntest"
)

// frozenChild names the display TestFrozenDisplay's child process uses.
const frozenChild = "HEXIOM_TEST_FROZEN_ROBOT"

// A display that stops answering after the connection was made (Xvfb under
// SIGSTOP): a pointer query, a move, a button and Close give up within
// xconn.Timeout plus the grace with an error naming the display. It runs in
// a child process: Xlib, stuck on the frozen server, would exit the test
// process when the server goes away at the end.
func TestFrozenDisplay(t *testing.T) {
	if d := os.Getenv(frozenChild); d != "" {
		frozenRobot(d)
		return
	}
	tier.Heavy(t, tier.Xvfb)
	x := xconntest.Frozen(t, 320, 200)
	cmd := exec.Command(os.Args[0], "-test.run=^TestFrozenDisplay$")
	cmd.Env = append(os.Environ(), frozenChild+"="+x.Display)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(out)
	if !lines.Scan() || lines.Text() != "ready" {
		cmd.Wait()
		t.Fatalf("the child did not get ready: %q\n%s", lines.Text(), stderr.String())
	}
	if err := x.Freeze(); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(in, "frozen")
	var report []string
	for lines.Scan() {
		report = append(report, lines.Text())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v\n%s\n%s", err, strings.Join(report, "\n"), stderr.String())
	}
	t.Log(strings.Join(report, "\n"))
	for _, l := range report {
		if strings.HasPrefix(l, "FAIL ") {
			t.Error(l)
		}
	}
	if len(report) != 5 {
		t.Errorf("child's report: %q", report)
	}
}

// frozenRobot is the child: it opens the robot on display, says "ready",
// waits for "frozen" on stdin, then tries each call and prints one line
// for each ("ok …" or "FAIL …"), and exits at once.
func frozenRobot(display string) {
	xconn.Timeout = xconntest.FreezeTimeout
	r, err := NewRobot(display)
	if err == nil {
		_, err = r.Location()
	}
	if err != nil {
		fmt.Println("FAIL before the freeze:", err)
		os.Exit(1)
	}
	fmt.Println("ready")
	bufio.NewReader(os.Stdin).ReadString('\n')
	for _, c := range []struct {
		what string
		call func() error
	}{
		{"pointer query", func() error { _, err := r.Location(); return err }},
		{"move", func() error { return r.Move(image.Pt(5, 5)) }},
		{"button", func() error { return r.ButtonDown(1) }},
		{"screen", func() error { _, err := r.Screen(); return err }},
		{"close", r.Close},
	} {
		start := time.Now()
		done := make(chan error, 1)
		go func() { done <- c.call() }()
		select {
		case err := <-done:
			took := time.Since(start)
			switch {
			case err == nil || !strings.Contains(err.Error(), display):
				fmt.Printf("FAIL %s: %v; want an error naming %s\n", c.what, err, display)
			case took > xconn.Timeout+xconntest.Grace:
				fmt.Printf("FAIL %s gave up after %v\n", c.what, took)
			default:
				fmt.Printf("ok %s: %v after %v\n", c.what, err, took.Round(time.Millisecond))
			}
		case <-time.After(xconntest.Hang):
			fmt.Printf("FAIL %s: still waiting after %v\n", c.what, xconntest.Hang)
		}
	}
	os.Exit(0) // before the server goes away under Xlib
}
