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
