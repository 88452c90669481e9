package vision

import (
	"fmt"
	"math"
	"strings"
)

// Thresholds of doubt. A cell is read only when its best kind is one the set
// learnt, scores at least minKind and beats the second best by minKindGap,
// and, for a tile, its best digit is one the set learnt, scores at least
// minDigit (minDigitLacking when the set lacks some digit) and beats the
// second by minDigitGap. A flat template (a hole: plain board) scores a crop
// by its flatness and by how near its mean is (flatScore).
const (
	minKind     = 0.75
	minKindGap  = 0.10
	minDigit    = 0.75
	minDigitGap = 0.08
	// minDigitMargin: a digit closer than minDigitGap to the runner-up is
	// still read when it scores at least minDigitLacking and lies this far
	// from the runner-up's template towards its own (digitMargin). In the
	// flash look (FreeSans, where 5 and 6 correlate at 0.87–0.91) true 5s
	// and 6s read at another zoom lie 0.36–0.6 of the way.
	minDigitMargin = 0.3
	// minDigitLacking is minDigit for a set that has not learnt every
	// digit: in the looks tried, a digit scores up to 0.85 against another
	// digit's template of the same font, and 0.85 and more against its own.
	minDigitLacking = 0.88
	// minBoard is the least mean kind score of a board size's cells for a
	// board of that size to be in view at all.
	minBoard = 0.55
	// fitGood is the mean kind score of the best size's cells under which
	// the reader measures the pitch (searchPitch) instead of taking the
	// calibration's.
	fitGood = 0.90
	// sizeTie: a larger size whose mean kind score is within sizeTie of
	// the best wins (a size-3 board matches the size-2 lattice as well).
	sizeTie = 0.08
)

// judge sets c.Doubt when c is not read with enough confidence. lacks
// says whether the set lacks some kind or digit (its stand-ins are the
// built-in set's).
func (t *Templates) judge(c *CellReading) {
	lacksDigit := false
	for _, si := range t.digitStandIn {
		lacksDigit = lacksDigit || si
	}
	tile := c.Kind == Movable || c.Kind == Locked
	switch {
	case t.kinds[c.Kind].standIn:
		c.Doubt = fmt.Sprintf("looks most like a %s (%.2f), which this template set has not learnt (hexiom learn)", c.Kind, c.KindScore)
	case c.KindScore < minKind:
		c.Doubt = fmt.Sprintf("looks %s at only %.2f (need %.2f)", c.Kind, c.KindScore, minKind)
	case c.KindScore-c.KindNext < minKindGap:
		c.Doubt = fmt.Sprintf("looks %s at %.2f and %s at %.2f: too close", c.Kind, c.KindScore, c.NextKind, c.KindNext)
	case !tile:
	case c.Digit < 0:
		c.Doubt = "no digit template matches"
	case t.digitStandIn[c.Digit]:
		c.Doubt = fmt.Sprintf("its digit looks most like %d (%.2f), which this template set has not learnt (hexiom learn)", c.Digit, c.DigitScore)
	case c.DigitScore < minDigit:
		c.Doubt = fmt.Sprintf("its digit looks like %d at only %.2f (need %.2f)", c.Digit, c.DigitScore, minDigit)
	case lacksDigit && c.DigitScore < minDigitLacking:
		c.Doubt = fmt.Sprintf("its digit looks like %d at only %.2f, and the set has not learnt %s (need %.2f then)", c.Digit, c.DigitScore, t.missingDigits(), minDigitLacking)
	case c.DigitScore-c.DigitNext < minDigitGap && (t.digitMargin(c) < minDigitMargin || c.DigitScore < minDigitLacking) && !pairSays(c):
		c.Doubt = fmt.Sprintf("its digit looks like %d at %.2f and %d at %.2f: too close (%.2f of the way from a %d to a %d, need %.2f)%s", c.Digit, c.DigitScore, c.NextDigit, c.DigitNext, t.digitMargin(c), c.NextDigit, c.Digit, minDigitMargin, pairWhy(c))
	}
}

// digitMargin is where a tile's digit lies between its best digit's
// template and the runner-up's: the gap between their scores, both where
// the best matched best, over the gap a perfect match of the best would
// leave (1 − their templates' correlation). 1 is a perfect match of the best, 0 halfway. Two digits
// alike in a font (5 and 6 in FreeSans correlate at 0.92) then need no
// larger gap than their templates leave.
func (t *Templates) digitMargin(c *CellReading) float64 {
	if c.Digit < 0 || c.NextDigit < 0 {
		return 1
	}
	rho := t.digitRho[c.Digit][c.NextDigit]
	if rho >= 1-1e-6 {
		return 0
	}
	return (c.DigitScore - c.NextAtBest) / (1 - rho)
}

// missingDigits names the digits the set has not learnt: "0, 1".
func (t *Templates) missingDigits() string {
	var ds []string
	for d, si := range t.digitStandIn {
		if si {
			ds = append(ds, fmt.Sprint(d))
		}
	}
	return strings.Join(ds, ", ")
}

// minStandInLikeness is how much a set's learnt digits must resemble the
// built-in set's digits (the correlation of each learnt template with the
// built-in one of the same digit, the least of them) for the built-in
// digits to stand in for those it lacks. Across the looks tried, a look
// whose digits are light on the tile like the clone's resembles it at 0.65
// and more (flash: 0.65–0.90); one with dark digits at −0.56 or less
// (slate), and its unlearnt digits then score up to 0.93 against its
// learnt templates, as high as its learnt digits do (0.84 and more).
const minStandInLikeness = 0.5

// StandInLikeness is how much the set's learnt digits resemble the
// built-in ones that stand in for the digits it lacks (1 when it lacks
// none): below minStandInLikeness, no tile is read until every digit is
// learnt.
func (t *Templates) StandInLikeness() float64 {
	if t.prepare() != nil {
		return 0
	}
	return t.standInLike
}

// StandInsFail says whether the built-in digits cannot stand in for those
// the set lacks: its learnt digits are unlike them (StandInLikeness below
// what Read takes), so until the set has learnt every digit, no tile is
// read.
func (t *Templates) StandInsFail() bool {
	return t.StandInLikeness() < minStandInLikeness
}

// standInCheck marks doubtful every tile of r when the set lacks some digit
// and its stand-ins cannot notice it (standInLikeness below
// minStandInLikeness): no score then tells a tile of a learnt digit from
// one of an unlearnt digit.
func (t *Templates) standInCheck(r *Reading) {
	if t.standInLike >= minStandInLikeness {
		return
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Doubt == "" && (c.Kind == Movable || c.Kind == Locked) {
			c.Doubt = fmt.Sprintf("the set has not learnt %s, and this look's digits are unlike the built-in ones that would stand in for them (likeness %.2f, need %.2f): a tile of an unlearnt digit would not be noticed (hexiom learn, on a start that shows %s)", t.missingDigits(), t.standInLike, minStandInLikeness, t.missingDigits())
			r.Conf[i] = math.Min(r.Conf[i], t.standInLike)
		}
	}
}

// The pair check (pair.go) reads a tile whose two best digits scored too
// close against the picture's own tiles of either digit; what it must find:
const (
	// minPairMargin is how far (as digitMargin measures it, 1 a perfect
	// match) a tile must lie from the picture's runner-up digit towards
	// its best for the pair check to read it. Right digits lie 0.43 and
	// more of the way from any other, wrong ones −0.43 or less from the
	// right one (TestPairCheckNeverFlips).
	minPairMargin = 0.2
	// minPairScore is the least correlation of the tile with the
	// picture's template of its digit. Over the flash fixtures (every
	// zoom) and classic ones, a tile scores 0.98 or more against the
	// picture's own tiles of its digit, and 0.93 or less against those of
	// any other (TestPairCheckNeverFlips).
	minPairScore = 0.955
)

// onlyTooClose says whether c, a tile, is in doubt only because its two best
// digits scored too close: with the runner-up out of the way it would be
// read.
func (t *Templates) onlyTooClose(c *CellReading) bool {
	if c.Kind != Movable && c.Kind != Locked || c.Digit < 0 || c.NextDigit < 0 || t.digitStandIn[c.NextDigit] {
		return false
	}
	if c.DigitScore-c.DigitNext >= minDigitGap || c.DigitScore < minDigitLacking {
		return false
	}
	d := *c
	d.Doubt = ""
	d.DigitNext = d.DigitScore - 2*minDigitGap
	t.judge(&d)
	return d.Doubt == ""
}

// pairWhy says, for a doubt, what the pair check found ("" if it was not
// made).
func pairWhy(c *CellReading) string {
	if c.PairScore == 0 {
		return ""
	}
	return fmt.Sprintf("; against this picture's own %ds and %ds it scores %.2f and lies %.2f of the way (need %.2f and %.2f)", c.Digit, c.NextDigit, c.PairScore, c.PairMargin, minPairScore, minPairMargin)
}

// pairSays whether the pair check read c surely.
func pairSays(c *CellReading) bool {
	return c.DigitScore >= minDigitLacking && c.PairScore >= minPairScore && c.PairMargin >= minPairMargin
}
