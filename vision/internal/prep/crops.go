package prep

import (
	"math"
	"slices"
)

// NumKinds is the number of kinds of cell (vision.Kind: hole, empty,
// movable, locked).
const NumKinds = 4

// The scales crops are brought to, in pixels of cell circumradius, and the
// crop shapes. Templates hold crops at these scales, so one set serves every
// board size and window size.
const (
	KindR   = 10 // cell radius at the kind scale
	KindSz  = 2 * KindR
	DigitR  = 20 // cell radius at the digit scale
	DigitW  = 16 // digit box, 0.8 r wide
	DigitH  = 18 // and 0.9 r high
	DigitDY = -1 // box centre 0.05 r above the cell centre (the tile's face is raised)
	Search  = 2  // digit box search margin, pixels at the digit scale
	KindC   = 2  // channels of a kind crop: W, S (features)
)

// KindMask tells which pixels of a kind crop count: inside the cell's
// hexagon (shrunk a little, so that neighbours never count) and outside the
// digit box (so that the digit does not decide the kind).
var KindMask = hexagon(0.95, true)

// hexagon is the mask of the hexagon of circumradius f·KindR about the
// kind crop's centre, less the digit box when noDigit is set.
func hexagon(f float64, noDigit bool) []bool {
	m := make([]bool, KindSz*KindSz)
	r := f * KindR
	for y := 0; y < KindSz; y++ {
		for x := 0; x < KindSz; x++ {
			dx := math.Abs(float64(x) + 0.5 - KindR)
			dy := math.Abs(float64(y) + 0.5 - KindR)
			inHex := dy <= math.Sqrt(3)/2*r && math.Sqrt(3)*dx+dy <= math.Sqrt(3)*r
			// the digit box at the kind scale: 0.8 r × 0.9 r around
			// (0, −0.05 r), grown by a pixel
			inDigit := dx <= 0.4*KindR+1 && math.Abs(float64(y)+0.5-KindR+0.05*KindR) <= 0.45*KindR+1
			m[y*KindSz+x] = inHex && !(noDigit && inDigit)
		}
	}
	return m
}

// MaskN is the number of pixels in KindMask, and MaskVals the number of
// values of a kind crop that count.
var MaskN = count(KindMask)
var MaskVals = KindC * MaskN

// MaskAt lists the pixels of KindMask (their index in a crop's pixels) in
// order: a loop over them sums what a loop over KindMask testing each
// pixel would, in the same order, with no test (the lattice search scores
// thousands of crops).
var MaskAt = indices(KindMask)

func indices(m []bool) []int {
	var at []int
	for i, v := range m {
		if v {
			at = append(at, i)
		}
	}
	return at
}

func count(m []bool) int {
	n := 0
	for _, v := range m {
		if v {
			n++
		}
	}
	return n
}

// OutAt lists the pixels of a kind crop outside KindMask, in order.
var OutAt = outside(KindMask)

func outside(m []bool) []int {
	var at []int
	for i, v := range m {
		if !v {
			at = append(at, i)
		}
	}
	return at
}

// The loops below are written for two channels (W, S).
var _ = [1]struct{}{}[KindC-2]

// ZeroMean subtracts from a kind crop (KindC channels) each channel's mean
// within KindMask, zeroes it outside the mask, and returns its spread and
// means.
// (The lattice search calls it on every crop it scores: the channels are
// written out, and the spread summed as the mean is taken out, in StdOf's
// order, so that it is StdOf's to the bit.)
func ZeroMean(crop []float32) (float64, [KindC]float32) {
	crop = crop[:KindC*KindSz*KindSz]
	var s0, s1 float64
	for _, j := range MaskAt {
		v := crop[2*j : 2*j+2 : 2*j+2]
		s0 += float64(v[0])
		s1 += float64(v[1])
	}
	mean := [KindC]float32{float32(s0 / float64(MaskN)), float32(s1 / float64(MaskN))}
	for _, j := range OutAt {
		v := crop[2*j : 2*j+2 : 2*j+2]
		v[0], v[1] = 0, 0
	}
	var sq float64
	for _, j := range MaskAt {
		v := crop[2*j : 2*j+2 : 2*j+2]
		a, b := v[0]-mean[0], v[1]-mean[1]
		v[0], v[1] = a, b
		sq += float64(a) * float64(a)
		sq += float64(b) * float64(b)
	}
	return math.Sqrt(sq / float64(MaskVals)), mean
}

// StdOf returns the spread of a zero-mean masked crop over the mask.
func StdOf(p []float32) float64 {
	var sq float64
	for _, i := range MaskAt {
		for c := KindC * i; c < KindC*(i+1); c++ {
			sq += float64(p[c]) * float64(p[c])
		}
	}
	return math.Sqrt(sq / float64(MaskVals))
}

// Corr is the correlation of two equal-sized grey pictures (the learnt
// digits as bytes, the pair check's aligned crops as float32).
func Corr[T byte | float32](a, b []T) float64 {
	n := float64(len(a))
	var sa, sb float64
	for i := range a {
		sa += float64(a[i])
		sb += float64(b[i])
	}
	ma, mb := sa/n, sb/n
	var dot, qa, qb float64
	for i := range a {
		x, y := float64(a[i])-ma, float64(b[i])-mb
		dot += x * y
		qa += x * x
		qb += y * y
	}
	if qa == 0 || qb == 0 {
		return 0
	}
	return dot / math.Sqrt(qa*qb)
}

// FaceMask is the middle of a cell: the hexagon of 0.7 of its radius,
// less the digit box (as KindMask), inside a tile's border.
var FaceMask = hexagon(0.7, true)

// FaceColour returns each channel's median within FaceMask of a kind crop
// (not yet zero-mean): a tile's face colour, which a thick dark border
// moves the crop's mean away from.
func FaceColour(crop []float32) [KindC]float32 {
	var out [KindC]float32
	vals := make([]float32, 0, MaskN)
	for c := range out {
		vals = vals[:0]
		for j, inside := range FaceMask {
			if inside {
				vals = append(vals, crop[KindC*j+c])
			}
		}
		slices.Sort(vals)
		out[c] = vals[len(vals)/2]
	}
	return out
}
