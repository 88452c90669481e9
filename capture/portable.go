package capture

import (
	"fmt"
	"image"
	"os"

	"github.com/kbinani/screenshot"
)

// Portable grabs through kbinani/screenshot, on every platform: GDI on
// Windows, CoreGraphics on macOS, X11 on Linux (a new connection and
// shared-memory segment per grab, several times slower than Screen), or,
// when XDG_SESSION_TYPE is wayland, the desktop portal's screenshot.
type Portable struct {
	bounds image.Rectangle
}

// OpenPortable finds the screen: the union of every display's bounds (on
// Windows the virtual screen, with negative coordinates left of or above
// the primary monitor).
func OpenPortable() (*Portable, error) {
	if err := probePortable(); err != nil {
		return nil, err
	}
	var ds []image.Rectangle
	if err := portableWithin("screen size", func() error {
		var err error
		ds, err = displays()
		return err
	}); err != nil {
		return nil, fmt.Errorf("capture: %w", err)
	}
	var b image.Rectangle
	for _, d := range ds {
		b = b.Union(d)
	}
	if b.Empty() {
		return nil, fmt.Errorf("capture: %d displays, all of them empty", len(ds))
	}
	return &Portable{bounds: b}, nil
}

// Bounds returns the rectangle of all displays together.
func (p *Portable) Bounds() image.Rectangle { return p.bounds }

// Grab returns the screen pixels of r, which must lie on the screen.
func (p *Portable) Grab(r image.Rectangle) (*image.RGBA, error) {
	if r.Empty() || !r.In(p.bounds) {
		return nil, fmt.Errorf("capture: rectangle %v is not inside the screen %v; calibrate again", r, p.bounds)
	}
	var img *image.RGBA
	err := portableWithin("get image", func() error {
		var err error
		img, err = screenshot.CaptureRect(r)
		return err
	})
	if err != nil {
		if os.Getenv("XDG_SESSION_TYPE") == "wayland" {
			return nil, fmt.Errorf("capture: grab %v through the desktop portal's screenshot (Wayland): %w", r, err)
		}
		return nil, fmt.Errorf("capture: grab %v: %w", r, err)
	}
	if img.Rect.Size() != r.Size() {
		// Every platform's capture gives one pixel per screen coordinate
		// (Retina: kbinani draws into a bitmap of the size asked, in
		// points); anything else would put vision and the mouse on
		// different pixels.
		return nil, fmt.Errorf("capture: grab %v gave a %v picture, want one pixel per screen coordinate", r, img.Rect.Size())
	}
	img.Rect = r // same pixels, screen coordinates
	return img, nil
}

// Close does nothing: the portable capture keeps no connection.
func (p *Portable) Close() error { return nil }
