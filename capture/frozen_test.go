//go:build linux

package capture

import (
	"image"
	"testing"

	"hexiom/internal/tier"
	"hexiom/internal/xconn/xconntest"
)

// A display that stops answering after the connection was made (Xvfb under
// SIGSTOP): a grab, by either capture, gives up within xconn.Timeout plus
// the grace with an error naming the display, instead of waiting for ever.
func TestFrozenDisplay(t *testing.T) {
	tier.Heavy(t, tier.Xvfb)
	x := xconntest.Frozen(t, 320, 200)
	t.Setenv("DISPLAY", x.Display)
	t.Setenv("XDG_SESSION_TYPE", "x11")
	r := image.Rect(10, 10, 60, 60)
	scr, err := OpenScreen(x.Display)
	if err != nil {
		t.Fatal(err)
	}
	defer scr.Close()
	for _, name := range []string{"x11", "portable"} {
		var s Source = scr
		if name == "portable" {
			// the display answers again (the X11 grab above marked it
			// as not answering): the portable capture's own deadline
			if err := x.Thaw(); err != nil {
				t.Fatal(err)
			}
			if s, err = OpenPortable(); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Grab(r); err != nil {
			t.Fatalf("%s before the freeze: %v", name, err)
		}
		if err := x.Freeze(); err != nil {
			t.Fatal(err)
		}
		xconntest.GivesUp(t, x.Display, name+" grab", func() error {
			_, err := s.Grab(r)
			return err
		})
	}
}
