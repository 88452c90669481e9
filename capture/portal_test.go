//go:build linux

package capture

import (
	"image"
	"testing"

	"hexiom/internal/desktop"
	"hexiom/internal/tier"
)

// usePortal starts a headless Wayland desktop with the desktop portal and
// points this process at it the way a Wayland session does
// (XDG_SESSION_TYPE=wayland: kbinani/screenshot asks the portal), with a
// window of colour rgb at r, shown under XWayland.
func usePortal(t testing.TB, w, h int, r image.Rectangle, rgb uint32) *desktop.Wayland {
	t.Helper()
	wl, err := desktop.StartWayland(w, h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { wl.Close() })
	for k, v := range wl.Env() {
		t.Setenv(k, v)
	}
	openWindow(t, wl.Display, r, rgb)
	return wl
}

// The portable capture on a Wayland session: the desktop portal's
// screenshot (grim, through xdg-desktop-portal-wlr) gives the pixels of the
// screen rectangle asked, at the same coordinates as XWayland's.
func TestPortalGrab(t *testing.T) {
	tier.Heavy(t, tier.Wayland)
	usePortal(t, 800, 600, window, windowRGB)
	s, err := Open(ViaPortable, "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Bounds() != image.Rect(0, 0, 800, 600) {
		t.Fatalf("screen %v, want the output's 800×600", s.Bounds())
	}
	r := image.Rect(90, 70, 310, 190)
	var img *image.RGBA
	// The compositor shows the window a frame or more after XWayland maps
	// it: grab until it is there (each grab is a whole screenshot).
	err = desktop.WaitFor(desktop.Patience, 0, "the window in the portal's screenshot", func() (bool, error) {
		var err error
		img, err = s.Grab(r)
		return err == nil && img.RGBAAt(200, 130) == windowColour, err
	})
	if err != nil {
		t.Fatal(err)
	}
	checkWindow(t, s, img, r)
}

// BenchmarkGrabPortal grabs the same 732 px square as BenchmarkGrab through
// the desktop portal of a headless Wayland desktop: each grab is a
// screenshot of the whole output by grim, written as PNG to a file, decoded
// and cropped.
func BenchmarkGrabPortal(b *testing.B) {
	r := image.Rect(334, 105, 334+732, 105+732)
	usePortal(b, 1400, 900, r, windowRGB)
	s, err := Open(ViaPortable, "")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	err = desktop.WaitFor(desktop.Patience, 0, "the window in the portal's screenshot", func() (bool, error) {
		img, err := s.Grab(r)
		return err == nil && img.RGBAAt(700, 470) == windowColour, err
	})
	if err != nil {
		b.Fatal(err)
	}
	benchGrab(b, s, r)
}
