//go:build linux && cgo

package play_test

import (
	"image"
	"testing"

	"hexiom/actuate"
	"hexiom/capture"
	"hexiom/clicks"
	"hexiom/game"
	"hexiom/internal/desktop"
	"hexiom/internal/tier"
	"hexiom/play/desk"
)

// TestE2EWayland plays on a Wayland desktop: a headless sway, the clone in
// Chromium under XWayland (an X11 program there, as chromium
// --ozone-platform=x11 is on a user's Wayland desktop), calibration by
// XTest clicks heard through X RECORD on XWayland, drags through XWayland's
// XTest, and every look through the desktop portal's screenshot
// (kbinani/screenshot with XDG_SESSION_TYPE=wayland): what the commands'
// -xwayland -capture portable do.
func TestE2EWayland(t *testing.T) {
	tier.Heavy(t, tier.Wayland, tier.Chromium, tier.OpenCV)
	// robotgo has one X display for the process: give the shared desk's
	// back when done (the last cleanup, after the environment's).
	t.Cleanup(func() {
		if theDesk != nil {
			if _, err := actuate.NewRobot(theDesk.X.Display); err != nil {
				t.Error(err)
			}
		}
	})
	wl, err := desktop.StartWayland(1366, 868)
	if err != nil {
		t.Fatal(err)
	}
	defer wl.Close()
	for k, v := range wl.Env() {
		t.Setenv(k, v)
	}
	// A look through the portal is a whole-screen screenshot written as
	// PNG and read back: 0.3 s on a quiet machine, 3 s at load 17, so
	// the solved board may be covered by the game's solved panel (1.2 s
	// after the last move) before any look shows it, and the bot would
	// rightly refuse for want of proof (TestSlowGrabsNoProof). The panel
	// waits here: this test is about the Wayland parts.
	d, err := desk.Start(desk.Options{Display: wl.Display, Capture: capture.ViaPortable, Clicks: clicks.ViaX11,
		Start: game.Spec{Mode: game.ModeLevel, Level: 1}, PanelDelay: desktop.Patience})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	// desk.Start pointed this process's X clients at XWayland and took
	// XDG_SESSION_TYPE away (as for Xvfb); -capture portable on a
	// Wayland session sets it again, so that every grab asks the portal.
	t.Setenv("XDG_SESSION_TYPE", "wayland")

	// Why -xwayland needs -capture portable: XWayland draws no window on
	// its root window, and an X11 capture of it fails.
	if x11, err := capture.Open(capture.ViaX11, wl.Display); err != nil {
		t.Fatal(err)
	} else {
		if _, err := x11.Grab(image.Rect(0, 0, 100, 100)); err == nil {
			t.Error("an X11 capture of XWayland's screen worked: -xwayland could do without the portal")
		}
		x11.Close()
	}

	if _, err := d.Calibrate(); err != nil {
		t.Fatal(err)
	}
	r := playOn(t, d, game.Spec{Mode: game.ModeLevel, Level: 10}, false, nil)
	checkSolved(t, d, r, "level 10 on Wayland")
	if r.state.Moves != r.rep.Drags || r.rep.Repairs != 0 || r.rep.Retries != 0 {
		t.Errorf("the game counts %d moves, the bot made %d drags (%d repairs, %d retries)", r.state.Moves, r.rep.Drags, r.rep.Repairs, r.rep.Retries)
	}
}
