//go:build linux

package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/calibration"
	"hexiom/internal/desktop"
	"hexiom/internal/tier"
)

// On a Wayland session the commands that look at the screen or move the
// mouse say in one line what works and what to do, and fail before any
// capture or mouse code runs; hexiom read with the portable capture goes to
// the desktop portal (there is none here: no D-Bus session, so it fails
// saying so).
func TestWaylandSaysWhatWorks(t *testing.T) {
	tier.Heavy(t, tier.Xvfb)
	x, err := desktop.StartX(640, 480) // XWayland's stand-in
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	t.Setenv("DISPLAY", x.Display)
	t.Setenv("WAYLAND_DISPLAY", "wayland-0")
	t.Setenv("XDG_SESSION_TYPE", "wayland")
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(dir, "no-bus"))
	cal := filepath.Join(dir, "cal.json")
	if err := calibration.SaveFile(cal, calibration.Area{Left: 100, Top: 50, Side: 300}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cmd  func([]string, io.Writer, io.Writer) int
		args []string
		want string
	}{
		{runPlay, []string{"-calibration", cal}, "with -xwayland, or an X11 session"},
		{runPlay, []string{"-calibration", cal, "-dry-run"}, "with -xwayland, or an X11 session"},
		{runCalibrate, []string{"-o", cal}, "with -xwayland, or an X11 session"},
		{runCalibrate, []string{"-auto", "-o", cal}, "with -xwayland, or an X11 session"},
		{runRead, []string{"-calibration", cal}, "with -xwayland, or an X11 session"},
		{runRead, []string{"-calibration", cal, "-capture", "portable"}, "desktop portal"},
	} {
		var stderr strings.Builder
		code := c.cmd(c.args, io.Discard, &stderr)
		// the refusal is the last line, whole (the lines before say which
		// calibration and templates the command took)
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		last := lines[len(lines)-1]
		if code == exitOK || !strings.Contains(last, c.want) || !strings.HasPrefix(last, "hexiom ") {
			t.Errorf("%v: exit %d, last line %q; want a failure saying %q", c.args, code, last, c.want)
		}
	}
}
