//go:build linux

package main

import (
	"image"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/calibration"
	"hexiom/capture"
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
		cmd  string
		args []string
		want string
	}{
		{"play", []string{"-calibration", cal}, "with -xwayland -capture portable, or an X11 session"},
		{"play", []string{"-calibration", cal, "-dry-run"}, "with -xwayland -capture portable, or an X11 session"},
		{"calibrate", []string{"-o", cal}, "with -xwayland -capture portable, or an X11 session"},
		{"calibrate", []string{"-auto", "-o", cal}, "with -xwayland -capture portable, or an X11 session"},
		{"read", []string{"-calibration", cal}, "with -xwayland -capture portable, or an X11 session"},
		{"read", []string{"-calibration", cal, "-capture", "portable"}, "desktop portal"},
		{"read", []string{"-calibration", cal, "-xwayland"}, "add -capture portable"},
		{"play", []string{"-calibration", cal, "-xwayland"}, "add -capture portable"},
	} {
		var stderr strings.Builder
		code := runAs(c.cmd, c.args, io.Discard, &stderr)
		// the refusal is the last line, whole (the lines before say which
		// calibration and templates the command took)
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		last := lines[len(lines)-1]
		if code == exitOK || !strings.Contains(last, c.want) || !strings.HasPrefix(last, "hexiom ") {
			t.Errorf("%v: exit %d, last line %q; want a failure saying %q", c.args, code, last, c.want)
		}
	}
}

// On a Wayland desktop (headless sway with the desktop portal), hexiom read
// -capture portable reads the board shown under XWayland through the
// portal's screenshot: a size-6 board's picture (a fixture) in an X window.
func TestReadThroughThePortal(t *testing.T) {
	tier.Heavy(t, tier.Wayland, tier.OpenCV)
	const name = "level40-1280x800"
	args, truth := fixtureArgs(t, name) // -image PNG -at X,Y -calibration FILE
	pic, err := capture.OpenFile(filepath.Join(fixtures, name+".png"), image.Point{})
	if err != nil {
		t.Fatal(err)
	}
	at, err := parsePoint(args[3])
	if err != nil {
		t.Fatal(err)
	}
	wl, err := desktop.StartWayland(1280, 900)
	if err != nil {
		t.Fatal(err)
	}
	defer wl.Close()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir) // no learnt set: the built-in one
	for k, v := range wl.Env() {
		t.Setenv(k, v)
	}
	c, err := desktop.ShowPicture(wl.Display, pic.Image(), at)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// The compositor shows the window a frame or more after XWayland
	// maps it: wait until the portal's screenshot has the picture.
	src, err := capture.Open(capture.ViaPortable, "")
	if err != nil {
		t.Fatal(err)
	}
	r := pic.Image().Bounds().Add(at)
	err = desktop.WaitFor(desktop.Patience, 0, "the picture in the portal's screenshot", func() (bool, error) {
		img, err := src.Grab(r)
		return err == nil && img.RGBAAt(r.Min.X+r.Dx()/2, r.Min.Y+r.Dy()/2) == pic.Image().RGBAAt(r.Dx()/2, r.Dy()/2), err
	})
	if err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	if st := runAs("read", []string{"-capture", "portable", args[4], args[5]}, &out, &errb); st != exitOK {
		t.Fatalf("exit %d: %s", st, errb.String())
	}
	if out.String() != truth {
		t.Fatalf("read through the portal\n%s\nwant\n%s", out.String(), truth)
	}
	t.Log(strings.TrimSpace(errb.String()))
}
