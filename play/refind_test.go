package play_test

import (
	"context"
	"errors"
	"image"
	"strings"
	"testing"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/calibration"
	"hexiom/play"
	"hexiom/vision"
)

// movedEyes are the simulated game's eyes after the game moved: no board in
// the area they look at until Refind finds it (refindErr nil), the eyes
// then looking there.
type movedEyes struct {
	*simGame
	lost      bool
	refindErr error
	refinds   int
}

func (m *movedEyes) Read(img image.Image, size int) (vision.Reading, error) {
	if m.lost {
		return vision.Reading{}, vision.ErrNoBoard
	}
	return m.simGame.Read(img, size)
}

func (m *movedEyes) Refind() (old, now calibration.Area, err error) {
	m.refinds++
	if m.refindErr != nil {
		return m.area, m.area, m.refindErr
	}
	m.lost = false
	return m.area.Shift(-137, -61), m.area, nil
}

// The board not in the area looked at is looked for over the screen
// (Finder); found, Refound is told once and its driver makes every drag;
// the board is solved.
func TestPlaysTheBoardFoundAgain(t *testing.T) {
	start := board.Random(4, 3)
	r := newRig(t, start, false)
	eyes := &movedEyes{simGame: r.game, lost: true}
	r.cfg.Eyes = eyes
	var told int
	var d2 *actuate.Driver
	r.cfg.Refound = func(old, now calibration.Area) (*actuate.Driver, error) {
		told++
		if now.Left-old.Left != 137 || now.Top-old.Top != 61 {
			t.Errorf("Refound told %v → %v", old, now)
		}
		var err error
		d2, err = actuate.NewDriver(r.rec, now, actuate.Pace{Steps: 2})
		return d2, err
	}
	first := r.cfg.Driver
	r.solve(t, start)
	if eyes.refinds != 1 || told != 1 {
		t.Errorf("%d looks over the screen, Refound told %d times; want 1 and 1", eyes.refinds, told)
	}
	if first.Drags() != 0 || d2 == nil || d2.Drags() == 0 {
		t.Errorf("drags: %d by the first driver, want 0, and the one for the area found made them", first.Drags())
	}
}

// Where the board is not found over the screen either, play refuses
// saying why (ErrNotFound, the finder's reason), tells Refound nothing and
// moves nothing.
func TestRefusesWhenTheBoardIsNotFound(t *testing.T) {
	start := board.Random(4, 5)
	r := newRig(t, start, false)
	why := errors.New("find the board: half off the screen")
	r.cfg.Eyes = &movedEyes{simGame: r.game, lost: true, refindErr: why}
	r.cfg.Refound = func(old, now calibration.Area) (*actuate.Driver, error) {
		t.Error("Refound told of a board not found")
		return nil, nil
	}
	_, err := play.Board(context.Background(), r.cfg)
	var ue *play.UnsureError
	if !errors.As(err, &ue) || !errors.Is(err, play.ErrNotFound) || ue.Hint != play.FoundHint {
		t.Fatalf("got %v, want an *UnsureError wrapping ErrNotFound, saying what to do", err)
	}
	if !strings.Contains(err.Error(), why.Error()) {
		t.Errorf("the refusal does not say why: %v", err)
	}
	r.assertNoDrags(t)
}
