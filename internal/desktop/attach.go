//go:build linux

package desktop

import (
	"fmt"
	"image"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// AttachX returns an X for a running X server (for example xvfb-run's)
// instead of starting one: its Close leaves the server running.
func AttachX(display string) (*X, error) {
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		return nil, fmt.Errorf("attach to X display %q: %w", display, err)
	}
	defer c.Close()
	sc := xproto.Setup(c).DefaultScreen(c)
	return &X{Display: display, W: int(sc.WidthInPixels), H: int(sc.HeightInPixels)}, nil
}

// ShowPicture shows img on the X server display in a window no window
// manager places (override-redirect), its top-left pixel at screen point
// at: a picture of the game where no browser is wanted. It returns once the
// server has the pixels; closing the connection it returns removes the
// window.
func ShowPicture(display string, img image.Image, at image.Point) (*xgb.Conn, error) {
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		return nil, fmt.Errorf("show picture on %q: %w", display, err)
	}
	ok := false
	defer func() {
		if !ok {
			c.Close()
		}
	}()
	sc := xproto.Setup(c).DefaultScreen(c)
	if sc.RootDepth != 24 {
		return nil, fmt.Errorf("show picture on %q: root depth %d, want 24", display, sc.RootDepth)
	}
	b := img.Bounds()
	wid, err := xproto.NewWindowId(c)
	if err != nil {
		return nil, fmt.Errorf("show picture: %w", err)
	}
	err = xproto.CreateWindowChecked(c, sc.RootDepth, wid, sc.Root, int16(at.X), int16(at.Y),
		uint16(b.Dx()), uint16(b.Dy()), 0, xproto.WindowClassInputOutput, sc.RootVisual,
		xproto.CwBackPixel|xproto.CwOverrideRedirect, []uint32{0, 1}).Check()
	if err != nil {
		return nil, fmt.Errorf("show picture: create window: %w", err)
	}
	if err := xproto.MapWindowChecked(c, wid).Check(); err != nil {
		return nil, fmt.Errorf("show picture: map window: %w", err)
	}
	gc, err := xproto.NewGcontextId(c)
	if err != nil {
		return nil, fmt.Errorf("show picture: %w", err)
	}
	if err := xproto.CreateGCChecked(c, gc, xproto.Drawable(wid), 0, nil).Check(); err != nil {
		return nil, fmt.Errorf("show picture: create GC: %w", err)
	}
	if err := putImage(c, xproto.Drawable(wid), gc, sc.RootDepth, img); err != nil {
		return nil, fmt.Errorf("show picture: %w", err)
	}
	ok = true
	return c, nil
}

// putImage draws img at the top left of d (of depth 24) with gc, in
// strips: a request without BIG-REQUESTS holds at most 256 KiB.
func putImage(c *xgb.Conn, d xproto.Drawable, gc xproto.Gcontext, depth byte, img image.Image) error {
	b := img.Bounds()
	rows := max(1, 200_000/(4*b.Dx()))
	buf := make([]byte, 0, 4*b.Dx()*rows)
	for y0 := b.Min.Y; y0 < b.Max.Y; y0 += rows {
		y1 := min(b.Max.Y, y0+rows)
		buf = buf[:0]
		for y := y0; y < y1; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				buf = append(buf, byte(bl>>8), byte(g>>8), byte(r>>8), 0) // BGRX
			}
		}
		err := xproto.PutImageChecked(c, xproto.ImageFormatZPixmap, d, gc,
			uint16(b.Dx()), uint16(y1-y0), 0, int16(y0-b.Min.Y), 0, depth, buf).Check()
		if err != nil {
			return fmt.Errorf("put image: %w", err)
		}
	}
	return nil
}
