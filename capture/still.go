package capture

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"time"
)

// StillGap is how long the picture must not change for Still to take it:
// longer than the flash look's fade-in and glides (150 ms).
const StillGap = 200 * time.Millisecond

// ErrNotStill is returned by Still when the picture kept changing.
var ErrNotStill = errors.New("the picture kept changing")

// Still grabs r from src until two grabs gap apart are the same picture,
// and returns the second: the screen at rest, with no fade-in, glide or
// redraw under way. A picture caught mid-redraw is never returned (unless
// the redraw stalls for longer than gap). It gives up after timeout with
// ErrNotStill.
func Still(src Source, r image.Rectangle, gap, timeout time.Duration) (*image.RGBA, error) {
	prev, err := src.Grab(r)
	if err != nil {
		return nil, err
	}
	for end := time.Now().Add(timeout); ; {
		time.Sleep(gap)
		cur, err := src.Grab(r)
		if err != nil {
			return nil, err
		}
		if SamePixels(prev, cur) {
			return cur, nil
		}
		if time.Now().After(end) {
			return nil, fmt.Errorf("capture: %v did not stand still for %v within %v: %w", r, gap, timeout, ErrNotStill)
		}
		prev = cur
	}
}

// SamePixels reports whether a and b cover the same rectangle with the same
// pixels.
func SamePixels(a, b *image.RGBA) bool {
	if a.Rect != b.Rect {
		return false
	}
	w := 4 * a.Rect.Dx()
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		ia, ib := a.PixOffset(a.Rect.Min.X, y), b.PixOffset(b.Rect.Min.X, y)
		if !bytes.Equal(a.Pix[ia:ia+w], b.Pix[ib:ib+w]) {
			return false
		}
	}
	return true
}
