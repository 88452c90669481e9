//go:build cgo

package cv

import (
	"errors"
	"image"
	"math"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision/internal/prep"
)

// byMark learns the gap between movable and locked that the look needs
// (Templates.MarkGap) where the set t, learnt from img, read r back as
// truth has every cell, and its only doubts are tiles whose movable and
// locked scores lay too close (issue 40: a look whose locked tiles differ
// from the movable ones only by a small mark, a padlock, which a kind crop
// sees as a few pixels): the gap is half the least margin between the two
// on this picture, and must be at least prep.MinMarkGap and more than
// the margins spread (their mean less their least, for either kind: how
// much a tile's rendering moves it). It returns nil when that does not
// hold, or when img does not read back as truth with it.
func byMark(t *Templates, img image.Image, area calibration.Area, truth board.Position, r Reading) (*Templates, Reading) {
	e := disagree(r, truth)
	if t == nil || e == nil || len(r.Cells) != len(truth.Cells) {
		return nil, Reading{}
	}
	for _, d := range e.Cells {
		c := r.Cells[d.Cell]
		if d.Read != d.Was || !markPair(c.Kind, c.NextKind) || c.KindScore < minKind {
			return nil, Reading{}
		}
	}
	gap, spread := markMargins(r, truth)
	gap /= 2
	if gap < prep.MinMarkGap || gap >= minKindGap || gap <= spread {
		return nil, Reading{}
	}
	u := copyOf(t)
	u.MarkGap = gap
	rr, err := read(img, area, truth.Size, u, learning)
	var de *DoubtError
	if err != nil && !errors.As(err, &de) || disagree(rr, truth) != nil {
		return nil, Reading{}
	}
	return u, rr
}

// thinMark lowers t's MarkGap to half the least margin between movable
// and locked on the picture read back as r (truth, every cell right)
// where that is under the gap Read needs otherwise, with byMark's checks:
// a look whose locked tiles differ by a small mark, learnt from a start
// whose tiles all happened to clear minKindGap (HEXCOUNT's level 10 and
// 38, margins 0.15), read the next start's tile at 0.10 as in doubt, and
// whether a set had learnt the gap hung on which start it saw first.
// A set keeps the least gap of its pictures.
func thinMark(t *Templates, r Reading, truth board.Position) {
	gap, spread := markMargins(r, truth)
	gap /= 2
	if gap < prep.MinMarkGap || gap >= minKindGap || gap <= spread {
		return
	}
	if t.MarkGap == 0 || gap < t.MarkGap {
		t.MarkGap = gap
	}
}

// markMargins returns the least margin, over the tiles of truth, between
// a tile's score as its own kind (movable or locked) and as the other, in
// the reading r, and the larger of the two kinds' spreads of it (their
// mean margin less their least). A picture with no tile of either kind has
// no margin (0).
func markMargins(r Reading, truth board.Position) (margin, spread float64) {
	margin = math.Inf(1)
	var sum, lo [numKinds]float64
	var n [numKinds]int
	for k := range lo {
		lo[k] = math.Inf(1)
	}
	for i, c := range r.Cells {
		k := kindOf(truth.Cells[i])
		o := Locked
		switch k {
		case Movable:
		case Locked:
			o = Movable
		default:
			continue
		}
		m := c.KindScores[k] - c.KindScores[o]
		margin = math.Min(margin, m)
		sum[k] += m
		n[k]++
		lo[k] = math.Min(lo[k], m)
	}
	if n[Movable] == 0 || n[Locked] == 0 {
		return 0, 0
	}
	for _, k := range []Kind{Movable, Locked} {
		spread = math.Max(spread, sum[k]/float64(n[k])-lo[k])
	}
	return margin, spread
}
