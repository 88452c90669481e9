package capture

import (
	"errors"
	"image"
	"image/color"
	"testing"
	"time"
)

// changing is a Source whose picture changes on each of its first n grabs
// (n < 0: on every grab) and then stays.
type changing struct {
	n, grabs int
}

func (c *changing) Bounds() image.Rectangle { return image.Rect(0, 0, 40, 30) }
func (c *changing) Close() error            { return nil }
func (c *changing) Grab(r image.Rectangle) (*image.RGBA, error) {
	c.grabs++
	img := image.NewRGBA(r)
	v := c.grabs
	if c.n >= 0 && v > c.n {
		v = c.n + 1
	}
	img.Set(r.Min.X+3, r.Min.Y+2, color.RGBA{uint8(v), 0, 0, 255})
	return img, nil
}

func TestStill(t *testing.T) {
	r := image.Rect(5, 5, 25, 20)
	for _, n := range []int{0, 1, 4} {
		src := &changing{n: n}
		img, err := Still(src, r, time.Millisecond, time.Minute)
		if err != nil {
			t.Fatalf("changing %d times: %v", n, err)
		}
		if img.Rect != r {
			t.Errorf("changing %d times: picture of %v, want %v", n, img.Rect, r)
		}
		// The first picture after the last change, and the one after it.
		if want := n + 2; src.grabs != want {
			t.Errorf("changing %d times: %d grabs, want %d", n, src.grabs, want)
		}
		if got := img.RGBAAt(r.Min.X+3, r.Min.Y+2).R; int(got) != n+1 {
			t.Errorf("changing %d times: took the picture marked %d, want the last one, %d", n, got, n+1)
		}
	}
	// A picture that never stands still is refused, not taken.
	_, err := Still(&changing{n: -1}, r, time.Millisecond, 20*time.Millisecond)
	if !errors.Is(err, ErrNotStill) {
		t.Fatalf("never still: got %v, want ErrNotStill", err)
	}
}

func TestSamePixels(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 10, 10))
	b := image.NewRGBA(image.Rect(0, 0, 10, 10))
	if !SamePixels(a, b) {
		t.Fatal("two blank pictures differ")
	}
	b.Set(9, 9, color.White)
	if SamePixels(a, b) {
		t.Fatal("a changed corner pixel went unseen")
	}
	// Sub-pictures share their parent's rows: only their own pixels count.
	sa := a.SubImage(image.Rect(2, 2, 5, 5)).(*image.RGBA)
	sb := b.SubImage(image.Rect(2, 2, 5, 5)).(*image.RGBA)
	if !SamePixels(sa, sb) {
		t.Fatal("sub-pictures compared outside their rectangle")
	}
	if SamePixels(sa, b.SubImage(image.Rect(2, 2, 5, 6)).(*image.RGBA)) {
		t.Fatal("pictures of two rectangles compared equal")
	}
}
