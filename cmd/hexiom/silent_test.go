package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hexiom/calibration"
	"hexiom/internal/desktop"
	"hexiom/internal/xconn"
)

// A display that accepts and never answers: read, calibrate and play give
// up with an error naming it instead of hanging.
func TestCommandsOnSilentDisplay(t *testing.T) {
	s, err := desktop.StartSilentDisplay()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	old := xconn.Timeout
	xconn.Timeout = time.Second // the server never answers: any timeout shows it
	defer func() { xconn.Timeout = old }()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("DISPLAY", s.Display)
	cal := filepath.Join(dir, "cal.json")
	if err := calibration.SaveFile(cal, calibration.Area{Left: 10, Top: 10, Side: 400}); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"read", "-calibration", cal},
		{"read", "-calibration", cal, "-capture", "portable"},
		{"calibrate", "-auto", "-capture", "portable"},
		{"calibrate", "-timeout", "1h"},
		{"calibrate", "-auto"},
		{"play", "-calibration", cal},
		{"play", "-calibration", cal, "-dry-run"},
		{"play", "-calibration", cal, "-display", s.Display},
	} {
		var stderr strings.Builder
		done := make(chan int, 1)
		go func() { done <- run(args, io.Discard, &stderr) }()
		select {
		case code := <-done:
			if code == exitOK || !strings.Contains(stderr.String(), s.Display) {
				t.Errorf("hexiom %v: exit %d: %s; want a failure naming %s", args, code, stderr.String(), s.Display)
			}
		case <-time.After(60 * time.Second): // far beyond the timeout: a hang
			t.Fatalf("hexiom %v: still running after 60 s", args)
		}
	}
}
