package play

import (
	"image"
	"image/color"
	"testing"
	"time"
)

// TestLostDragWaitsLonger: a drag the game did not take makes the still
// window longer by lostStill, once, and teaches a wait after every release
// before the next press: at least lostRest and half as long again as the
// gap the lost press came at (a press never comes sooner than the wait),
// never past maxRest.
func TestLostDragWaitsLonger(t *testing.T) {
	p := newPace()
	before := p.still()
	p.tooQuick(10 * time.Millisecond)
	if got := p.still(); got != before+lostStill {
		t.Errorf("after a lost drag the still window is %v, want %v", got, before+lostStill)
	}
	if p.rest != lostRest {
		t.Errorf("after a drag lost 10 ms after a release, the wait after a release is %v, want lostRest %v", p.rest, lostRest)
	}
	p.tooQuick(p.rest + 30*time.Millisecond)
	if want := (lostRest + 30*time.Millisecond) * 3 / 2; p.rest != want {
		t.Errorf("after a second lost drag the wait is %v, want 1.5 times the gap, %v", p.rest, want)
	}
	if got := p.still(); got != before+lostStill {
		t.Errorf("after a second lost drag the still window is %v, want it unchanged at %v", got, before+lostStill)
	}
	for range 20 {
		p.tooQuick(p.rest)
	}
	if p.rest != maxRest {
		t.Errorf("after many lost drags the wait is %v, want maxRest %v", p.rest, maxRest)
	}

	// A loss that a drag taken sooner after its release rules out
	// teaches no wait (a game that ignores a press now and then) but a
	// longer still window: lostStill, then doubling, up to MaxStill.
	p = newPace()
	p.took(40 * time.Millisecond)
	p.tooQuick(30 * time.Millisecond)
	if p.rest != lostRest {
		t.Errorf("a drag lost 30 ms after a release, one taken at 40 ms: the wait is %v, want lostRest %v", p.rest, lostRest)
	}
	p.tooQuick(3 * time.Second)
	if p.rest != lostRest {
		t.Errorf("a drag lost 3 s after a release, one taken at 40 ms: the wait is %v, want it kept at %v", p.rest, lostRest)
	}
	if got := p.still(); got != before+2*lostStill {
		t.Errorf("after a loss the gap does not explain, the still window is %v, want %v", got, before+2*lostStill)
	}
	for range 10 {
		p.tooQuick(3 * time.Second)
	}
	if got := p.still(); got != MaxStill {
		t.Errorf("after many such losses the still window is %v, want MaxStill %v", got, MaxStill)
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
