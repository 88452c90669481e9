package capture

import (
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"os"

	"hexiom/internal/safefile"
)

// Source gives pictures of screen rectangles: Screen (X11), Portable
// (kbinani/screenshot, every platform) and File (a PNG) implement it.
type Source interface {
	// Bounds is the screen's rectangle: every Grab must lie inside it.
	Bounds() image.Rectangle
	// Grab returns the pixels of the screen rectangle r; the image's
	// Bounds is r.
	Grab(r image.Rectangle) (*image.RGBA, error)
	Close() error
}

// File is a picture of part of the screen saved as PNG, with where it was on
// the screen.
type File struct {
	img *image.RGBA // Bounds in screen coordinates
}

// Limits on a picture OpenFile reads: the X protocol's largest screen side,
// and more pixels than an 8K screen (7680×4320) but a bounded amount of
// memory (4 bytes a pixel, twice).
const (
	MaxSide   = 32767
	MaxPixels = 40 << 20
)

// ErrTooLarge is returned by OpenFile for a picture over MaxSide or
// MaxPixels, found from its header before any pixel is decoded.
var ErrTooLarge = errors.New("picture too large for a screenshot")

// OpenFile reads a PNG. Its top-left pixel is taken to be at screen point
// off. Its header is checked against MaxSide and MaxPixels first.
func OpenFile(path string, off image.Point) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("capture: %w", err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		return nil, fmt.Errorf("capture: %s: not a PNG picture: %w", path, err)
	}
	if cfg.Width > MaxSide || cfg.Height > MaxSide || int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, fmt.Errorf("capture: %s: %d×%d px: %w (at most %d px a side and %d Mpx); crop it around the game",
			path, cfg.Width, cfg.Height, ErrTooLarge, MaxSide, MaxPixels>>20)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("capture: %s: %w", path, err)
	}
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

// Bounds is the part of the screen the picture shows.
func (f *File) Bounds() image.Rectangle { return f.img.Rect }

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
// (png.BestSpeed for pictures written on a hot path), through a temporary
// file beside it and a rename (safefile.Write): a failure or a crash leaves
// the old file, or none, never half a picture.
func WritePNG(path string, img image.Image, level png.CompressionLevel) error {
	enc := png.Encoder{CompressionLevel: level}
	if err := safefile.Write(path, func(w io.Writer) error { return enc.Encode(w, img) }); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}
