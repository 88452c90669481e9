package play

import (
	"image"
	"image/color"
	"testing"
	"time"
)

// TestLostDragWaitsLonger: a drag the game did not take makes the still
// window longer at once by lostStill, then doubles what it adds, never past
// MaxStill.
func TestLostDragWaitsLonger(t *testing.T) {
	p := newPace()
	before := p.still()
	p.tooQuick(0)
	if got := p.still(); got < before+lostStill {
		t.Errorf("after a lost drag the still window is %v, want at least %v", got, before+lostStill)
	}
	one := p.still()
	p.tooQuick(0)
	if got := p.still(); got <= one {
		t.Errorf("after a second lost drag the still window is %v, not longer than %v", got, one)
	}
	for range 10 {
		p.tooQuick(0)
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
		p.tooQuick(0)
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
	q.tooQuick(0)
	q.tooQuick(0)
	for range 3 * easeAfter {
		q.taken() // two eases (to lostStill; the press gap to MinStill), then their proof
	}
	q.tooQuick(0)
	q.tooQuick(0)
	taught := q.extra
	for range easeAfter {
		q.taken()
	}
	if q.stay || q.extra >= taught {
		t.Errorf("a loss after a proved ease stopped easing (stay %v, extra %v after %v)", q.stay, q.extra, taught)
	}
	// a loss right after an ease ends it
	q.tooQuick(0)
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

// TestLossTeachesAPressGap: a drag lost when pressed 72 ms after a release
// keeps every press lostStill more (172 ms) after a release; a loss pressed
// sooner does not shorten it, one later lengthens it (never past
// MaxStill), and an ease halves it, never below the longest a lost drag
// was pressed after a release and MinStill.
func TestLossTeachesAPressGap(t *testing.T) {
	p := newPace()
	if p.pressGap != 0 {
		t.Fatalf("a new pace keeps %v between a release and a press, want 0", p.pressGap)
	}
	p.tooQuick(72 * time.Millisecond)
	if p.pressGap != 72*time.Millisecond+lostStill {
		t.Errorf("after a drag lost 72 ms after a release: %v, want %v", p.pressGap, 72*time.Millisecond+lostStill)
	}
	p.tooQuick(30 * time.Millisecond)
	if p.pressGap != 72*time.Millisecond+lostStill {
		t.Errorf("after a drag lost sooner: %v, want %v kept", p.pressGap, 72*time.Millisecond+lostStill)
	}
	p.tooQuick(300 * time.Millisecond)
	if p.pressGap != 300*time.Millisecond+lostStill {
		t.Errorf("after a drag lost 300 ms after a release: %v, want %v", p.pressGap, 300*time.Millisecond+lostStill)
	}
	for range easeAfter {
		p.taken()
	}
	if want := 300*time.Millisecond + MinStill; p.pressGap != want {
		t.Errorf("after an ease: %v, want %v (the lost drag's gap and MinStill)", p.pressGap, want)
	}
	q := newPace()
	q.tooQuick(2 * time.Second)
	if q.pressGap != MaxStill {
		t.Errorf("after a drag lost 2 s after a release: %v, want MaxStill", q.pressGap)
	}
}

// TestOverlapProofIsASlowStart: with no drag landed soon after a release,
// none may go while another is in flight, nor sooner after a release than
// the soonest landed; each drag landed made at most proofSlack later after
// a release doubles how many may be in flight.
func TestOverlapProofIsASlowStart(t *testing.T) {
	ms := time.Millisecond
	p := newPace()
	if p.overlapsAfter(time.Second, 1) {
		t.Errorf("a drag may go while another is in flight with nothing proved")
	}
	p.overlapped(33 * ms)
	for _, c := range []struct {
		gap      time.Duration
		inFlight int
		want     bool
	}{{40 * ms, 1, true}, {40 * ms, 2, false}, {20 * ms, 1, false}} {
		if got := p.overlapsAfter(c.gap, c.inFlight); got != c.want {
			t.Errorf("one drag landed 33 ms after a release: %v after one, %d in flight: %v, want %v", c.gap, c.inFlight, got, c.want)
		}
	}
	p.overlapped(50 * ms)
	p.overlapped(103 * ms)
	for _, c := range []struct {
		gap      time.Duration
		inFlight int
		want     bool
	}{{30 * ms, 1, false}, {40 * ms, 3, true}, {40 * ms, 4, false}, {93 * ms, 7, true}, {93 * ms, 8, false}} {
		if got := p.overlapsAfter(c.gap, c.inFlight); got != c.want {
			t.Errorf("drags landed 33, 50 and 103 ms after a release: %v after one, %d in flight: %v, want %v", c.gap, c.inFlight, got, c.want)
		}
	}
}
