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

// TestEaseOff: after losses taught a long wait, easeAfter drags taken in a
// row halve what they added (never below lostStill: the drags stay one at
// a time); a drag lost soon after an ease ends easing for good, and one
// lost later does not.
func TestEaseOff(t *testing.T) {
	p := newPace()
	for range 4 {
		p.tooQuick()
	}
	long := p.still()
	for i := 1; i < easeAfter; i++ {
		if p.taken() {
			t.Fatalf("eased after %d drags taken, want %d", i, easeAfter)
		}
	}
	if !p.taken() {
		t.Fatalf("no ease after %d drags taken in a row", easeAfter)
	}
	if got := p.still(); got >= long {
		t.Errorf("the still window after an ease is %v, not shorter than %v", got, long)
	}
	for range 10 * easeAfter {
		p.taken()
	}
	if p.extra != lostStill || !p.animates() {
		t.Errorf("eased to %v (animates %v), want lostStill %v and the drags one at a time", p.extra, p.animates(), lostStill)
	}

	// a loss after an ease's proof (easeAfter drags taken after it) leaves
	// easing on
	q := newPace()
	q.tooQuick()
	q.tooQuick()
	for range 2 * easeAfter {
		q.taken() // one ease (to lostStill), then its proof
	}
	q.tooQuick()
	q.tooQuick()
	taught := q.extra
	for range easeAfter {
		q.taken()
	}
	if q.stay || q.extra >= taught {
		t.Errorf("a loss after a proved ease stopped easing (stay %v, extra %v after %v)", q.stay, q.extra, taught)
	}
	// a loss right after an ease ends it
	q.tooQuick()
	before := q.extra
	for range 10 * easeAfter {
		if q.taken() {
			t.Fatal("eased again after a drag was lost right after an ease")
		}
	}
	if q.extra != before {
		t.Errorf("extra %v after the failed ease, want %v kept", q.extra, before)
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
