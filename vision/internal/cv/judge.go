//go:build cgo

package cv

import (
	"fmt"
	"math"
	"strings"
)

// judge sets c.Doubt when c is not read with enough confidence. lacks
// says whether the set lacks some kind or digit (its stand-ins are the
// built-in set's).
func (t *set) judge(c *CellReading) {
	lacksDigit := false
	for _, si := range t.p.DigitStandIn {
		lacksDigit = lacksDigit || si
	}
	tile := c.Kind == Movable || c.Kind == Locked
	switch {
	case t.p.Kinds[c.Kind].StandIn:
		c.Doubt = fmt.Sprintf("looks most like a %s (%.2f), which this template set has not learnt (hexiom learn)", c.Kind, c.KindScore)
	case c.KindScore < minKind:
		c.Doubt = fmt.Sprintf("looks %s at only %.2f (need %.2f)", c.Kind, c.KindScore, minKind)
	case c.KindScore-c.KindNext < t.kindGap(c):
		c.Doubt = fmt.Sprintf("looks %s at %.2f and %s at %.2f: too close", c.Kind, c.KindScore, c.NextKind, c.KindNext)
	case !tile:
	case c.Digit < 0:
		c.Doubt = "no digit template matches"
	case t.p.DigitStandIn[c.Digit]:
		c.Doubt = fmt.Sprintf("its digit looks most like %d (%.2f), which this template set has not learnt (hexiom learn)", c.Digit, c.DigitScore)
	case c.DigitScore < minDigit:
		c.Doubt = fmt.Sprintf("its digit looks like %d at only %.2f (need %.2f)", c.Digit, c.DigitScore, minDigit)
	case lacksDigit && c.DigitScore < minDigitLacking:
		c.Doubt = fmt.Sprintf("its digit looks like %d at only %.2f, and the set has not learnt %s (need %.2f then)", c.Digit, c.DigitScore, t.missingDigits(), minDigitLacking)
	case c.DigitScore-c.DigitNext < minDigitGap && (t.digitMargin(c) < minDigitMargin || c.DigitScore < minDigitLacking) && !pairSays(c):
		c.Doubt = fmt.Sprintf("its digit looks like %d at %.2f and %d at %.2f: too close (%.2f of the way from a %d to a %d, need %.2f)%s", c.Digit, c.DigitScore, c.NextDigit, c.DigitNext, t.digitMargin(c), c.NextDigit, c.Digit, minDigitMargin, pairWhy(c))
	}
}

// kindGap is the gap c's best kind must beat its runner-up by: the set's
// MarkGap between movable and locked where it learnt one (a look whose
// locked tiles differ by a small mark), else minKindGap.
func (t *set) kindGap(c *CellReading) float64 {
	if t.MarkGap > 0 && markPair(c.Kind, c.NextKind) {
		return t.MarkGap
	}
	return minKindGap
}

// markPair says whether kinds a and b are movable and locked, in either
// order.
func markPair(a, b Kind) bool {
	return a == Movable && b == Locked || a == Locked && b == Movable
}

// digitMargin is where a tile's digit lies between its best digit's
// template and the runner-up's: the gap between their scores, both where
// the best matched best, over the gap a perfect match of the best would
// leave (1 − their templates' correlation). 1 is a perfect match of the best, 0 halfway. Two digits
// alike in a font (5 and 6 in FreeSans correlate at 0.92) then need no
// larger gap than their templates leave.
func (t *set) digitMargin(c *CellReading) float64 {
	if c.Digit < 0 || c.NextDigit < 0 {
		return 1
	}
	rho := t.p.DigitRho[c.Digit][c.NextDigit]
	if rho >= 1-1e-6 {
		return 0
	}
	return (c.DigitScore - c.NextAtBest) / (1 - rho)
}

// missingDigits names the digits the set has not learnt: "0, 1".
func (t *set) missingDigits() string {
	var ds []string
	for d, si := range t.p.DigitStandIn {
		if si {
			ds = append(ds, fmt.Sprint(d))
		}
	}
	return strings.Join(ds, ", ")
}

// standInCheck marks doubtful every tile of r when the set lacks some digit
// and its stand-ins cannot notice it (standInLikeness below
// minStandInLikeness): no score then tells a tile of a learnt digit from
// one of an unlearnt digit.
func (t *set) standInCheck(r *Reading) {
	if t.p.StandInLike >= minStandInLikeness {
		return
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Doubt == "" && (c.Kind == Movable || c.Kind == Locked) {
			c.Doubt = fmt.Sprintf("the set has not learnt %s, and this look's digits are unlike the built-in ones that would stand in for them (likeness %.2f, need %.2f): a tile of an unlearnt digit would not be noticed (hexiom learn, on a start that shows %s)", t.missingDigits(), t.p.StandInLike, minStandInLikeness, t.missingDigits())
			r.Conf[i] = math.Min(r.Conf[i], t.p.StandInLike)
		}
	}
}

// onlyTooClose says whether c, a tile, is in doubt only because its two best
// digits scored too close: with the runner-up out of the way it would be
// read.
func (t *set) onlyTooClose(c *CellReading) bool {
	if c.Kind != Movable && c.Kind != Locked || c.Digit < 0 || c.NextDigit < 0 || t.p.DigitStandIn[c.NextDigit] {
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
