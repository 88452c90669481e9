//go:build cgo

package cv

import (
	"errors"
	"fmt"
	"image"
	"math"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision"
	"hexiom/vision/internal/prep"
)

// byPlain learns that a look's holes are told by their plainness
// (Templates.PlainHole) where the set t, learnt from img, read r back with
// some hole of truth wrong or in doubt (issue 40's HEXCOUNT: holes that
// are the background, whose colour runs over the board, and empty cells of
// that colour told by a thin outline alone): it measures, on this picture
// at every scale Learn learns at, the holes' largest spread and every
// other cell's least (plainSpreads), keeps the set's earlier measure too,
// and reads img back with them. It returns nil when the two do not lie
// apart (prep.PlainApart) or some hole still reads wrong; the reading may
// still hold other doubts (a small lock mark: byMark).
func byPlain(t *Templates, img image.Image, fe *Features, area calibration.Area, truth board.Position, r Reading) (*Templates, Reading) {
	e := disagree(r, truth)
	if t == nil || e == nil || !holeIn(e, truth) {
		return nil, Reading{}
	}
	g, err := plainSpreads(fe, area, truth, t.PlainHole)
	if err != nil || !prep.PlainApart(g.Holes, g.Others) {
		return nil, Reading{}
	}
	u := copyOf(t)
	u.PlainHole = &g
	rr, err := read(img, area, truth.Size, u, learning)
	var de *DoubtError
	if err != nil && !errors.As(err, &de) || holeIn(disagree(rr, truth), truth) {
		return nil, Reading{}
	}
	return u, rr
}

// holeIn says whether e names a cell that truth has as a hole, or is a
// disagreement about the whole board (its size).
func holeIn(e *LearnError, truth board.Position) bool {
	if e == nil {
		return false
	}
	if len(e.Cells) == 0 {
		return true
	}
	for _, d := range e.Cells {
		if kindOf(truth.Cells[d.Cell]) == Hole {
			return true
		}
	}
	return false
}

// plainSpreads measures, over the cells of truth laid out by area on the
// picture of fe as it is and shrunk as Learn learns it (learnShrink), the
// largest spread of a hole's kind crop and the least of any other cell's
// (the spreads Read compares a crop's with: prep.ZeroMean's), folded into
// the set's earlier measure old where it has one.
func plainSpreads(fe *Features, area calibration.Area, truth board.Position, old *vision.PlainGap) (vision.PlainGap, error) {
	g := vision.PlainGap{Others: math.Inf(1)}
	if old != nil {
		g = *old
	}
	s := truth.Size
	crop := make([]float32, kindC*kindSz*kindSz)
	for _, f := range learnShrink {
		if f < 1 && area.Radius(s)*f < minLearnR {
			continue
		}
		ks, err := kindScaleAt(f, fe, area, s)
		if err != nil {
			return g, err
		}
		for i, p := range area.Cells(s) {
			cx, cy := ks.At(p)
			if !ks.Crop(crop, cx, cy, kindSz, kindSz) {
				ks.Close()
				return g, errors.New("a cell lies outside the picture")
			}
			std, _ := prep.ZeroMean(crop)
			if kindOf(truth.Cells[i]) == Hole {
				g.Holes = max(g.Holes, std)
			} else {
				g.Others = min(g.Others, std)
			}
		}
		ks.Close()
	}
	return g, nil
}

// widenPlain folds this picture's spreads (plainSpreads) into the measure
// of a set t that tells holes by their plainness, though r, its reading
// back, needed no new measure: a look's empty cells drawn larger (a
// smaller board, a larger zoom) are plainer at the kind scale, as its
// sockets are in HEXCOUNT (4.3 on a size-3 board, 8.1 on a size-6 one),
// and a set learnt on a size-6 board would read them too close to holes.
// It reads img back again when the measure changed, and returns the
// LearnError when that does not read truth (the two no longer apart: the
// set refuses the holes it read by plainness).
func widenPlain(t *Templates, img image.Image, fe *Features, area calibration.Area, truth board.Position, r Reading) (*Templates, Reading, error) {
	old := t.PlainHole
	if old == nil {
		return t, r, nil
	}
	g, err := plainSpreads(fe, area, truth, old)
	if err != nil {
		return nil, r, fmt.Errorf("learn: %w", err)
	}
	if g == *old {
		return t, r, nil
	}
	u := copyOf(t)
	u.PlainHole = &g
	if !prep.PlainApart(g.Holes, g.Others) {
		u.PlainHole = nil
	}
	rr, err := read(img, area, truth.Size, u, learning)
	var de *DoubtError
	if err != nil && !errors.As(err, &de) {
		return nil, r, fmt.Errorf("learn: reading the picture back: %w", err)
	}
	if le := disagree(rr, truth); le != nil {
		return nil, r, le
	}
	return u, rr, nil
}
