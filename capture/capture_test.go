//go:build linux

package capture

import (
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"hexiom/internal/desktop"
	"hexiom/internal/stats"
	"hexiom/internal/tier"
)

// paint opens a window at r filled with colour rgb on display and waits
// until the server has drawn it. There is no window manager: the window
// lands exactly there.
func paint(t testing.TB, display string, r image.Rectangle, rgb uint32) {
	t.Helper()
	c, sc := openWindow(t, display, r, rgb)
	// Wait until the server shows the window's colour at its corner.
	err := desktop.WaitFor(desktop.Patience, 5*time.Millisecond, "the window drawn", func() (bool, error) {
		img, err := xproto.GetImage(c, xproto.ImageFormatZPixmap, xproto.Drawable(sc.Root),
			int16(r.Min.X), int16(r.Min.Y), 1, 1, 0xffffffff).Reply()
		if err != nil {
			return false, err
		}
		d := img.Data // BGRX
		return len(d) >= 3 && uint32(d[2])<<16|uint32(d[1])<<8|uint32(d[0]) == rgb, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// openWindow maps an override-redirect window (one no window manager
// places) at r filled with colour rgb on display.
func openWindow(t testing.TB, display string, r image.Rectangle, rgb uint32) (*xgb.Conn, *xproto.ScreenInfo) {
	t.Helper()
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	sc := xproto.Setup(c).DefaultScreen(c)
	wid, err := xproto.NewWindowId(c)
	if err != nil {
		t.Fatal(err)
	}
	err = xproto.CreateWindowChecked(c, sc.RootDepth, wid, sc.Root, int16(r.Min.X), int16(r.Min.Y),
		uint16(r.Dx()), uint16(r.Dy()), 0, xproto.WindowClassInputOutput, sc.RootVisual,
		xproto.CwBackPixel|xproto.CwOverrideRedirect, []uint32{rgb, 1}).Check()
	if err != nil {
		t.Fatal(err)
	}
	if err := xproto.MapWindowChecked(c, wid).Check(); err != nil {
		t.Fatal(err)
	}
	return c, sc
}

// sources opens the screen of x both ways: the X11 fast path and the
// portable one.
func sources(t testing.TB, x *desktop.X) map[string]Source {
	t.Helper()
	if err := x.Use(); err != nil { // the portable capture reads $DISPLAY
		t.Fatal(err)
	}
	out := map[string]Source{}
	for _, via := range []string{ViaX11, ViaPortable} {
		s, err := Open(via, x.Display)
		if err != nil {
			t.Fatalf("%s: %v", via, err)
		}
		t.Cleanup(func() { s.Close() })
		out[via] = s
	}
	return out
}

// Both ways to capture give the same pixels at the same screen coordinates.
func TestGrab(t *testing.T) {
	tier.Heavy(t, tier.Xvfb)
	x, err := desktop.StartX(800, 600)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	paint(t, x.Display, window, windowRGB)
	for via, s := range sources(t, x) {
		t.Run(via, func(t *testing.T) { testGrab(t, s) })
	}
}

// The window the grab tests paint on an 800×600 screen, and its colour.
var (
	window       = image.Rect(100, 80, 300, 180)
	windowRGB    = uint32(0x336699)
	windowColour = color.RGBA{0x33, 0x66, 0x99, 0xff}
)

// checkWindow checks img, which s grabbed of the screen rectangle r around
// that window: its bounds are r, the window's pixels are there at their
// screen coordinates and none outside it; and s refuses a rectangle that
// reaches off the screen.
func checkWindow(t *testing.T, s Source, img *image.RGBA, r image.Rectangle) {
	t.Helper()
	if img.Bounds() != r {
		t.Fatalf("image bounds %v, want the screen rectangle %v", img.Bounds(), r)
	}
	for _, p := range []image.Point{{100, 80}, {299, 179}, {200, 130}} {
		if got := img.RGBAAt(p.X, p.Y); got != windowColour {
			t.Errorf("screen pixel %v: %v, want %v", p, got, windowColour)
		}
	}
	for _, p := range []image.Point{{99, 80}, {300, 130}, {200, 180}} {
		if got := img.RGBAAt(p.X, p.Y); got == windowColour {
			t.Errorf("screen pixel %v outside the window has the window's colour", p)
		}
	}
	if _, err := s.Grab(image.Rect(700, 500, 900, 700)); err == nil {
		t.Error("grabbed a rectangle reaching off the screen")
	}
}

func testGrab(t *testing.T, s Source) {
	if s.Bounds() != image.Rect(0, 0, 800, 600) {
		t.Fatalf("screen %v", s.Bounds())
	}
	r := image.Rect(90, 70, 310, 190)
	img, err := s.Grab(r)
	if err != nil {
		t.Fatal(err)
	}
	checkWindow(t, s, img, r)

	// The PNG round trip keeps pixels and screen coordinates.
	path := filepath.Join(t.TempDir(), "grab.png")
	if err := SavePNG(path, ToRGBA(img, image.Point{})); err != nil {
		t.Fatal(err)
	}
	f, err := OpenFile(path, r.Min)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := f.Grab(image.Rect(150, 100, 160, 110))
	if err != nil {
		t.Fatal(err)
	}
	if got := sub.RGBAAt(155, 105); got != windowColour {
		t.Errorf("from the PNG, screen pixel (155,105): %v, want %v", got, windowColour)
	}
	if _, err := f.Grab(image.Rect(0, 0, 10, 10)); err == nil {
		t.Error("grabbed outside the PNG")
	}
}

// BenchmarkGrab grabs the game area of a 1280×800 window (732 px square)
// both ways: x11 keeps one X connection, portable (kbinani/screenshot) opens
// a new X connection and shared-memory segment on every call.
func BenchmarkGrab(b *testing.B) {
	x, err := desktop.StartX(1400, 900)
	if err != nil {
		b.Fatal(err)
	}
	defer x.Close()
	srcs := sources(b, x)
	for _, via := range []string{ViaX11, ViaPortable} {
		b.Run(via, func(b *testing.B) {
			benchGrab(b, srcs[via], image.Rect(334, 105, 334+732, 105+732))
		})
	}
}

// benchGrab grabs r from s b.N times and reports the median grab too.
func benchGrab(b *testing.B, s Source, r image.Rectangle) {
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := s.Grab(r); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	b.ReportMetric(float64(stats.Median(ds).Microseconds())/1000, "ms-median")
}

// TestMonitors (issue 41): an X screen split into two RandR monitors side by
// side (xrandr --setmonitor, as a two-monitor desktop has them on one root
// window) gives both; with none set, the whole screen.
func TestMonitors(t *testing.T) {
	tier.Heavy(t, tier.Xvfb)
	x, err := desktop.StartX(1600, 600)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	mons, err := Monitors(x.Display)
	if err != nil {
		t.Fatal(err)
	}
	if len(mons) != 1 || mons[0] != image.Rect(0, 0, 1600, 600) {
		t.Errorf("one screen: monitors %v, want the whole screen", mons)
	}
	for _, m := range []string{"LEFT 800/200x600/150+0+0", "RIGHT 800/200x600/150+800+0"} {
		args := append([]string{"--setmonitor"}, strings.Fields(m)...)
		cmd := exec.Command("xrandr", append(args, "none")...)
		cmd.Env = append(os.Environ(), "DISPLAY="+x.Display)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("xrandr %v: %v: %s", args, err, out)
		}
	}
	mons, err = Monitors(x.Display)
	if err != nil {
		t.Fatal(err)
	}
	want := []image.Rectangle{image.Rect(0, 0, 800, 600), image.Rect(800, 0, 1600, 600)}
	for _, w := range want {
		if !slices.Contains(mons, w) {
			t.Errorf("two monitors set: got %v, want %v among them", mons, w)
		}
	}
}
