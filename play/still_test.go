package play

import (
	"image"
	"image/color"
	"testing"
)

// TestLostDragWaitsLonger: a drag the game did not take makes the still
// window longer at once by lostStill, then doubles what it adds, never past
// MaxStill.
func TestLostDragWaitsLonger(t *testing.T) {
	p := newPace()
	before := p.still()
	p.tooQuick()
	if got := p.still(); got < before+lostStill {
		t.Errorf("after a lost drag the still window is %v, want at least %v", got, before+lostStill)
	}
	one := p.still()
	p.tooQuick()
	if got := p.still(); got <= one {
		t.Errorf("after a second lost drag the still window is %v, not longer than %v", got, one)
	}
	for range 10 {
		p.tooQuick()
	}
	if got := p.still(); got != MaxStill {
		t.Errorf("after many lost drags the still window is %v, want MaxStill %v", got, MaxStill)
	}
}

// TestMovedMark: the never-still debug picture paints what changed last,
// and only that (a change within the noise tolerance is no change).
func TestMovedMark(t *testing.T) {
	r := image.Rect(100, 200, 160, 240) // a game area off the screen's origin
	a := image.NewRGBA(r)
	for i := range a.Pix {
		a.Pix[i] = 90
	}
	b := image.NewRGBA(r)
	copy(b.Pix, a.Pix)
	moved := image.Rect(120, 210, 125, 214)
	for y := moved.Min.Y; y < moved.Max.Y; y++ {
		for x := moved.Min.X; x < moved.Max.X; x++ {
			b.SetRGBA(x, y, color.RGBA{200, 90, 90, 255})
		}
	}
	b.SetRGBA(150, 230, color.RGBA{95, 95, 95, 255}) // noise
	m, box, ok := movedMark(a, b)
	if !ok || box != moved {
		t.Fatalf("movedMark: box %v ok %v, want %v", box, ok, moved)
	}
	if got := m.RGBAAt(122, 212); got != (color.RGBA{255, 0, 255, 255}) {
		t.Errorf("a changed pixel is %v, want magenta", got)
	}
	if got := m.RGBAAt(150, 230); got != b.RGBAAt(150, 230) {
		t.Errorf("a pixel within the noise is %v, want it as captured", got)
	}
	if _, _, ok := movedMark(a, image.NewRGBA(image.Rect(0, 0, 60, 40))); ok {
		t.Error("pictures of two rectangles compared")
	}
}
