package vision

import (
	"fmt"
	"math"

	"hexiom/board"
	"hexiom/calibration"
)

// The cell scales (relative to board.Pitch) searchPitch tries: from kMin to
// kMax, each kStep times the last, then refined.
const (
	kMin  = 0.7
	kMax  = 1.45
	kStep = 1.02
)

// searchPitch measures the pitch of the board in view: for each size, the
// lattice test at cell scales kMin..kMax (the board's centre staying at the
// area's), refined; the best size wins, a larger one on a near tie. It
// returns that size's kind-scale picture, the size, the scale and its mean
// score.
func (rd *reader) searchPitch(sizes []int) (*scaled, int, float64, float64, error) {
	fine, err := scale(rd.f.ws, rd.f.origin, kindR/(rd.area.Side*board.Radius(6)*kMin))
	if err != nil {
		return nil, 0, 0, 0, err
	}
	defer fine.Close()
	type cand struct{ k, m float64 }
	var by [board.MaxSize + 1]cand
	for _, s := range sizes {
		c := cand{1, -1}
		for k := kMin; k <= kMax; k *= kStep {
			m, err := rd.latticeAt(fine, s, k, true)
			if err != nil {
				return nil, 0, 0, 0, err
			}
			if m > c.m {
				c = cand{k, m}
			}
		}
		for step := 0.01; step >= 0.0024; step /= 2 {
			for _, f := range []float64{1 - step, 1 + step} {
				m, err := rd.latticeAt(fine, s, c.k*f, true)
				if err != nil {
					return nil, 0, 0, 0, err
				}
				if m > c.m {
					c = cand{c.k * f, m}
				}
			}
		}
		if c.m, err = rd.latticeAt(fine, s, c.k, false); err != nil {
			return nil, 0, 0, 0, err
		}
		by[s] = c
	}
	bs := sizes[0]
	for _, s := range sizes {
		if by[s].m > by[bs].m {
			bs = s
		}
	}
	for _, s := range sizes {
		if s > bs && by[s].m >= by[bs].m-sizeTie {
			bs = s
		}
	}
	sc, err := fine.rescale(kindR / rd.area.WithScale(bs, by[bs].k).Radius(bs))
	if err != nil {
		return nil, 0, 0, 0, err
	}
	return sc, bs, by[bs].k, by[bs].m, nil
}

// latticeAt is the lattice test of size s at cell scale k, at the kind
// scale made from fine; on every third cell only when sub.
func (rd *reader) latticeAt(fine *scaled, s int, k float64, sub bool) (float64, error) {
	a := rd.area.WithScale(s, k)
	sc, err := fine.rescale(kindR / a.Radius(s))
	if err != nil {
		return 0, err
	}
	defer sc.Close()
	pts := a.Cells(s)
	if sub && s > 3 {
		n := 0
		for i := range pts {
			if i%3 == 0 {
				pts[n] = pts[i]
				n++
			}
		}
		pts = pts[:n]
	}
	return rd.lattice(sc, pts, 0, 0), nil
}

// ringIsSky checks, in the size-2 kind picture sc, that where the outer ring
// of a size-3 board would be there is only what is in the game area's
// corners (the background): else the board may be a size-3 board whose outer
// cells the templates do not know.
func (rd *reader) ringIsSky(sc *scaled, s int) error {
	a := rd.area
	var sky [][2]float32
	crop := make([]float32, 2*kindSz*kindSz)
	for _, c := range [][2]float64{{0.07, 0.07}, {0.93, 0.07}, {0.07, 0.93}, {0.93, 0.93}} {
		cx, cy := sc.at(calibration.Point{X: a.Left + c[0]*a.Side, Y: a.Top + c[1]*a.Side})
		sc.crop(crop, cx, cy, kindSz, kindSz)
		_, m := zeroMean(crop)
		sky = append(sky, m)
	}
	// size s+1's cells at size s's pitch
	n := s + 1
	ring := a.WithScale(n, a.ScaleOf(s)*board.Radius(s)/board.Radius(n))
	var odd []int
	for i, p := range ring.Cells(n) {
		if board.Geom(n).Ring(i) < s {
			continue // the board of size s
		}
		cx, cy := sc.at(p)
		sc.crop(crop, cx, cy, kindSz, kindSz)
		_, m := zeroMean(crop)
		near := math.Inf(1)
		for _, k := range sky {
			near = math.Min(near, math.Hypot(float64(m[0]-k[0]), float64(m[1]-k[1])))
		}
		if near > 30 {
			odd = append(odd, i)
		}
	}
	if len(odd) > 0 {
		return fmt.Errorf("%w: the cells match a size-%d board, but around it, where a size-%d board's cells %v would be, the picture is not the background; are these cells of a look the templates do not know? (hexiom learn)", ErrSize, s, n, odd)
	}
	return nil
}

// lattice returns the mean, over the cells centred at pts (moved by (dx, dy)
// pixels of sc), of each cell's best masked correlation with the kind
// templates: how well a board of that size, there, explains the picture.
// It computes the same score as kindsOf, in Go, for speed: the lattice is
// tested for every size and several offsets.
func (rd *reader) lattice(sc *scaled, pts []calibration.Point, dx, dy float64) float64 {
	crop := make([]float32, 2*kindSz*kindSz)
	sum := 0.0
	for _, p := range pts {
		cx, cy := sc.at(p)
		sc.crop(crop, cx+dx, cy+dy, kindSz, kindSz)
		std, mean := zeroMean(crop)
		best := 0.0
		for k := range rd.tpl.kinds {
			p := rd.tpl.kinds[k]
			var v float64
			switch {
			case !p.ok:
				continue
			case p.flat:
				v = flatScore(std, mean, p.mean)
			case std < 1:
				v = 0
			default:
				var dot float64
				for j, in := range kindMask {
					if in {
						dot += float64(crop[2*j])*float64(p.pix[2*j]) + float64(crop[2*j+1])*float64(p.pix[2*j+1])
					}
				}
				v = dot / (p.norm * std * float64(2*maskN))
			}
			if v > best {
				best = v
			}
		}
		sum += best
	}
	return sum / float64(len(pts))
}

// zeroMean subtracts from a 2-channel kind crop each channel's mean within
// kindMask, zeroes it outside the mask, and returns its spread and means.
func zeroMean(crop []float32) (float64, [2]float32) {
	var sum [2]float64
	for j, in := range kindMask {
		if in {
			sum[0] += float64(crop[2*j])
			sum[1] += float64(crop[2*j+1])
		}
	}
	mean := [2]float32{float32(sum[0] / float64(maskN)), float32(sum[1] / float64(maskN))}
	for j, in := range kindMask {
		if in {
			crop[2*j] -= mean[0]
			crop[2*j+1] -= mean[1]
		} else {
			crop[2*j], crop[2*j+1] = 0, 0
		}
	}
	return stdOf(crop), mean
}
