//go:build !windows && !darwin

package capture

import (
	"fmt"
	"image"

	"github.com/jezek/xgb/xproto"

	"hexiom/internal/xconn"
)

// Screen grabs from an X screen over one connection kept open: the X11 fast
// path (a few milliseconds for a game area, where Portable opens a connection
// and a shared-memory segment on every grab). Each grab has a deadline
// (xconn.Timeout): a display that stops answering gives an error naming it.
type Screen struct {
	conn   *xconn.Conn
	root   xproto.Window
	bounds image.Rectangle
	depth  byte
}

// OpenScreen connects to the X display named by display ("" means
// $DISPLAY), within xconn.Timeout.
func OpenScreen(display string) (*Screen, error) {
	c, err := xconn.Open(display)
	if err != nil {
		return nil, fmt.Errorf("capture: %w", err)
	}
	setup := xproto.Setup(c.Conn)
	sc := setup.DefaultScreen(c.Conn)
	return &Screen{conn: c, root: sc.Root, depth: sc.RootDepth,
		bounds: image.Rect(0, 0, int(sc.WidthInPixels), int(sc.HeightInPixels))}, nil
}

// Bounds returns the whole screen's rectangle.
func (s *Screen) Bounds() image.Rectangle { return s.bounds }

// Grab returns the screen pixels of r, which must lie on the screen.
func (s *Screen) Grab(r image.Rectangle) (*image.RGBA, error) {
	if r.Empty() || !r.In(s.bounds) {
		return nil, fmt.Errorf("capture: rectangle %v is not inside the screen %v; calibrate again", r, s.bounds)
	}
	if s.depth != 24 && s.depth != 32 {
		return nil, fmt.Errorf("capture: screen depth %d not supported (want 24)", s.depth)
	}
	var rep *xproto.GetImageReply
	err := s.conn.Do("get image", func() error {
		var err error
		rep, err = xproto.GetImage(s.conn.Conn, xproto.ImageFormatZPixmap, xproto.Drawable(s.root),
			int16(r.Min.X), int16(r.Min.Y), uint16(r.Dx()), uint16(r.Dy()), 0xffffffff).Reply()
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("capture: get image %v: %w", r, err)
	}
	w, h := r.Dx(), r.Dy()
	if len(rep.Data) < 4*w*h {
		return nil, fmt.Errorf("capture: get image %v: %d bytes, want %d", r, len(rep.Data), 4*w*h)
	}
	img := image.NewRGBA(r)
	px, src := img.Pix, rep.Data
	for i := 0; i < 4*w*h; i += 4 { // B, G, R, X → R, G, B, A
		px[i], px[i+1], px[i+2], px[i+3] = src[i+2], src[i+1], src[i], 0xff
	}
	return img, nil
}

// Close closes the X connection (at once when a grab timed out).
func (s *Screen) Close() error {
	s.conn.Close()
	return nil
}
