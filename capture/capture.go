package capture

import (
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"log"
	"os"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// Source gives pictures of screen rectangles. Screen and File implement it.
type Source interface {
	// Grab returns the pixels of the screen rectangle r; the image's
	// Bounds is r.
	Grab(r image.Rectangle) (*image.RGBA, error)
	Close() error
}

func init() {
	// xgb logs "Could not get authority info" on every connection without
	// an ~/.Xauthority, which Xvfb does not need.
	xgb.Logger = log.New(io.Discard, "", 0)
}

// Screen grabs from an X screen over one connection kept open.
type Screen struct {
	conn   *xgb.Conn
	root   xproto.Window
	bounds image.Rectangle
	depth  byte
}

// OpenScreen connects to the X display named by display ("" means $DISPLAY).
func OpenScreen(display string) (*Screen, error) {
	if display == "" && os.Getenv("DISPLAY") == "" {
		return nil, errors.New("capture: no X display: DISPLAY is not set")
	}
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		return nil, fmt.Errorf("capture: connect to X display %q: %w", display+os.Getenv("DISPLAY"), err)
	}
	setup := xproto.Setup(c)
	sc := setup.DefaultScreen(c)
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
	rep, err := xproto.GetImage(s.conn, xproto.ImageFormatZPixmap, xproto.Drawable(s.root),
		int16(r.Min.X), int16(r.Min.Y), uint16(r.Dx()), uint16(r.Dy()), 0xffffffff).Reply()
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

// Close closes the X connection.
func (s *Screen) Close() error {
	s.conn.Close()
	return nil
}

// File is a picture of part of the screen saved as PNG, with where it was on
// the screen.
type File struct {
	img *image.RGBA // Bounds in screen coordinates
}

// OpenFile reads a PNG. Its top-left pixel is taken to be at screen point
// off.
func OpenFile(path string, off image.Point) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("capture: %w", err)
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("capture: %s: %w", path, err)
	}
	return &File{img: ToRGBA(m, off)}, nil
}

// ToRGBA returns m as an *image.RGBA whose top-left pixel is at off.
func ToRGBA(m image.Image, off image.Point) *image.RGBA {
	b := m.Bounds()
	img := image.NewRGBA(b.Sub(b.Min).Add(off))
	draw.Draw(img, img.Bounds(), m, b.Min, draw.Src)
	return img
}

// Image returns the whole picture.
func (f *File) Image() *image.RGBA { return f.img }

// Grab returns the part r of the picture.
func (f *File) Grab(r image.Rectangle) (*image.RGBA, error) {
	if !r.In(f.img.Rect) {
		return nil, fmt.Errorf("capture: rectangle %v is not inside the picture %v", r, f.img.Rect)
	}
	return f.img.SubImage(r).(*image.RGBA), nil
}

// Close does nothing.
func (f *File) Close() error { return nil }

// SavePNG writes img as PNG to path, as small as PNG makes it.
func SavePNG(path string, img image.Image) error {
	return WritePNG(path, img, png.BestCompression)
}

// WritePNG writes img as PNG to path with the given compression
// (png.BestSpeed for pictures written on a hot path, like a refused read).
func WritePNG(path string, img image.Image, level png.CompressionLevel) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	enc := png.Encoder{CompressionLevel: level}
	if err := enc.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("save %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}
