//go:build linux

package main

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/calibration"
	"hexiom/internal/xconn/xconntest"
)

// A display that accepts and never answers: read, calibrate and play give
// up with an error naming it instead of hanging.
func TestCommandsOnSilentDisplay(t *testing.T) {
	display := xconntest.Silent(t)
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("DISPLAY", display)
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
		{"play", "-calibration", cal, "-display", display},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			xconntest.Refuses(t, display, func(string) error {
				var stderr strings.Builder
				if code := run(args, io.Discard, &stderr); code != exitOK {
					return errors.New(stderr.String())
				}
				return nil
			})
		})
	}
}
