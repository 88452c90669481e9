package prep

import "math"

// A hole that is the plain background (a look that draws no hole: issue
// 40's flat look) shows its neighbours' outlines at the edge of its crop,
// on the sides where it has neighbours: a hole at the board's edge, with
// fewer, correlates poorly with the mean of the holes learnt. Its inner
// part is the same wherever it lies: plain, of the background's colour.
// InnerMask is that part: the hexagon of 0.7 of the cell's radius, the
// digit box included (a tile's digit makes it less plain).
var InnerMask = hexagon(0.7, false)

// InnerStats returns the spread and the per-channel means of a kind crop
// (KindC channels, not yet zero-mean) within InnerMask.
func InnerStats(crop []float32) (float64, [KindC]float32) {
	var sum, sq [KindC]float64
	n := 0
	for j, inside := range InnerMask {
		if !inside {
			continue
		}
		n++
		for c := range sum {
			v := float64(crop[KindC*j+c])
			sum[c] += v
			sq[c] += v * v
		}
	}
	var mean [KindC]float32
	var v float64
	for c := range sum {
		m := sum[c] / float64(n)
		mean[c] = float32(m)
		v += math.Max(0, sq[c]/float64(n)-m*m)
	}
	return math.Sqrt(v / KindC), mean
}

// innerPlain is the most spread a hole template's inner part may have
// for its holes to count as plain (grey levels), and innerApart how far
// (grey levels of W and S, InnerDist) every other kind's inner part must be
// from it for a plain inner part to tell a hole by itself.
const (
	innerPlain = 3
	innerApart = 36
)

// MeanDist is how far apart two crops' means (W, S) are. Noise on a grey
// crop lowers W (the least of three noisy channels) and raises S (their
// spread) but leaves W + S/2 (the mid-range) alone, so the distance is
// measured in the mid-range, with S counting a quarter.
func MeanDist(a, b [KindC]float32) float64 {
	dw, ds := float64(a[0]-b[0]), float64(a[1]-b[1])
	return math.Hypot(dw+ds/2, ds/4)
}

// InnerDist is how far apart two inner parts' means (W, S) are.
func InnerDist(a, b [KindC]float32) float64 {
	return math.Hypot(float64(a[0]-b[0]), float64(a[1]-b[1]))
}

// HoleInner reports whether the hole template hole (a kind sample's values,
// not zero-mean) has a plain inner part far from every other kind's
// (others, the same), and its mean: then a cell whose inner part is as
// plain and of that colour is a hole wherever it lies.
func HoleInner(hole []float32, others [][]float32) ([KindC]float32, bool) {
	std, mean := InnerStats(hole)
	if std > innerPlain {
		return mean, false
	}
	for _, o := range others {
		if _, m := InnerStats(o); InnerDist(m, mean) < innerApart {
			return mean, false
		}
	}
	return mean, true
}

// A look may draw its holes as nothing at all, on a background whose
// colour runs across the board (issue 40's HEXCOUNT: a gradient and a
// light spot), with empty cells as recessed sockets of that same colour
// told from the background by a thin outline alone. Neither the hole's
// colour (HoleInner, the flat template's score) tells its holes then, but
// a person still sees each at a glance: nothing is drawn there, from the
// centre to the cell's edge. PlainHole is that test, with what Learn
// measured on the look's own pictures (vision.PlainGap): a cell as plain
// as the holes were, of a colour near theirs, is a hole wherever it lies.
type PlainHole struct {
	// Spreads (grey levels over the kind mask, as ZeroMean's): a crop as
	// plain as Low or plainer scores 1, falling to 0 at High, the least
	// spread of any other cell learnt.
	Low, High float64
	Mean      [KindC]float32 // the hole template's
}

// PlainApart says whether holes whose kind crops spread at most holes
// (grey levels) lie far enough from other cells that spread at least
// others for plainness to tell them: at least MinPlainGap apart and
// PlainRatio times as spread. In HEXCOUNT 2.0 against 4.3 (single holes
// 0.9-2.0, its sockets 4.3-6.3, sizes 3-5, at the learnt scale).
func PlainApart(holes, others float64) bool {
	return others-holes >= MinPlainGap && others >= PlainRatio*holes
}

// MinPlainGap and PlainRatio: PlainApart's bounds.
const (
	MinPlainGap = 1.5
	PlainRatio  = 1.5
)

// NewPlainHole returns the test for holes that spread at most holes
// against other cells spreading at least others, the hole template's mean
// mean: a fifth of the way from the one to the other a crop still scores
// 1 (a hole a little less plain than those learnt, on another zoom), and
// 0.75 at two fifths.
func NewPlainHole(holes, others float64, mean [KindC]float32) PlainHole {
	return PlainHole{Low: holes + (others-holes)/5, High: others, Mean: mean}
}

// plainNear is how far (grey levels of W and S, as MeanDist) a plain crop's
// mean may lie from the hole template's and still score 1 by PlainHole's
// test, falling to 0 half as far again: the background's colour runs
// over a board (HEXCOUNT's, 19 from one end to the other), but a plain
// patch of another colour (a banner, a dialog) is no hole.
const plainNear = 24

// Score scores a crop of spread std (ZeroMean's) and mean as a hole by
// plainness.
func (p PlainHole) Score(std float64, mean [KindC]float32) float64 {
	plain := math.Min(1, (p.High-std)/(p.High-p.Low))
	near := math.Min(1, 1-(MeanDist(mean, p.Mean)-plainNear)/(plainNear/2))
	if plain <= 0 || near <= 0 {
		return 0
	}
	return plain * near
}
