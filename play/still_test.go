package play

import "testing"

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
