package main

import (
	"math"
	"math/rand/v2"

	"hexiom/tantrix"
)

// Boards drawn along curves (issue 44): a closed band that follows a
// random closed curve (curve), the same with one or two bands across its
// middle (holes), and an open band along a random path (snake). Each piece
// of the curve has a wall of 1, 2 or 3 places, in stretches: thin walls
// (1-2) force the loop's path, thick ones (2-3) leave it room.

// stroke is a piece of the drawing: a polyline with a half-width at each
// point (in the units of hexCentre, where touching places are √3 apart).
type stroke struct {
	x, y, h []float64
}

// hexCentre is the centre of place (q, r) in the plane (pointy-top hexagons
// of circumradius 1).
func hexCentre(p tantrix.Place) (float64, float64) {
	return math.Sqrt(3) * (float64(p.Q) + float64(p.R)/2), 1.5 * float64(p.R)
}

// wallWidths returns a wall width (1..3 places) for each of m points along a
// stroke, in k stretches: thin stretches 1 or 2 wide, thick ones 2 or 3
// (with thin, every stretch 1 wide).
func wallWidths(m int, rng *rand.Rand, closed, thin bool) []int {
	k := 2 + rng.IntN(4)
	cuts := make([]int, k)
	for i := range cuts {
		cuts[i] = rng.IntN(m)
	}
	ws := make([]int, k)
	for i := range ws {
		if thin {
			ws[i] = 1
		} else if rng.IntN(2) == 0 {
			ws[i] = 1 + rng.IntN(2)
		} else {
			ws[i] = 2 + rng.IntN(2)
		}
	}
	out := make([]int, m)
	for j := 0; j < m; j++ {
		// the stretch of j: the last cut at or before it (cyclically)
		best, bestD := 0, m+1
		for i, c := range cuts {
			d := j - c
			if d < 0 {
				if !closed {
					continue
				}
				d += m
			}
			if d < bestD {
				best, bestD = i, d
			}
		}
		out[j] = ws[best]
	}
	return out
}

// halfWidth is the distance from the curve within which a place's centre
// lies in a wall of w places.
func halfWidth(w int) float64 { return 0.2 + 0.87*float64(w) }

// closedCurve is a random star-shaped closed curve of mean radius 1 around
// (0, 0), sampled at m points, with the wall widths of wallWidths.
func closedCurve(m int, rng *rand.Rand, thin bool) (xs, ys []float64, ws []int) {
	var amp, phase [5]float64
	left := 0.45
	for k := 2; k < 5; k++ {
		amp[k] = left * rng.Float64() * 0.7
		left -= amp[k]
		phase[k] = 2 * math.Pi * rng.Float64()
	}
	xs, ys = make([]float64, m), make([]float64, m)
	for j := 0; j < m; j++ {
		t := 2 * math.Pi * float64(j) / float64(m)
		r := 1.0
		for k := 2; k < 5; k++ {
			r += amp[k] * math.Cos(float64(k)*t+phase[k])
		}
		xs[j], ys[j] = r*math.Cos(t), r*math.Sin(t)
	}
	return xs, ys, wallWidths(m, rng, true, thin)
}

// openPath is a random path of length about 1 from (0, 0) whose heading
// drifts, sampled at m points, with the wall widths of wallWidths.
func openPath(m int, rng *rand.Rand) (xs, ys []float64, ws []int) {
	xs, ys = make([]float64, m), make([]float64, m)
	head, turn := 2*math.Pi*rng.Float64(), 0.0
	step := 1 / float64(m-1)
	for j := 1; j < m; j++ {
		turn = 0.8*turn + (rng.Float64()-0.5)*0.6
		turn = max(-0.25, min(0.25, turn))
		head += turn * 20 * step
		xs[j], ys[j] = xs[j-1]+step*math.Cos(head), ys[j-1]+step*math.Sin(head)
	}
	return xs, ys, wallWidths(m, rng, false, false)
}

// scaled is the stroke of the points (xs, ys) times scale, with the
// half-widths of the wall widths ws.
func scaled(xs, ys []float64, ws []int, scale float64) stroke {
	st := stroke{make([]float64, len(xs)), make([]float64, len(xs)), make([]float64, len(xs))}
	for j := range xs {
		st.x[j], st.y[j], st.h[j] = xs[j]*scale, ys[j]*scale, halfWidth(ws[j])
	}
	return st
}

// draw returns the places whose centres lie within a stroke's half-width of
// one of its points (the points are dense: a few per place).
func draw(strokes []stroke) []tantrix.Place {
	in := map[tantrix.Place]bool{}
	var ps []tantrix.Place
	for _, st := range strokes {
		for j := range st.x {
			// the places around the point: r from y, q from x
			r0 := int(math.Round(st.y[j] / 1.5))
			for r := r0 - 3; r <= r0+3; r++ {
				q0 := int(math.Round(st.x[j]/math.Sqrt(3) - float64(r)/2))
				for q := q0 - 3; q <= q0+3; q++ {
					p := tantrix.Place{Q: q, R: r}
					cx, cy := hexCentre(p)
					if !in[p] && math.Hypot(cx-st.x[j], cy-st.y[j]) <= st.h[j] {
						in[p] = true
						ps = append(ps, p)
					}
				}
			}
		}
	}
	return ps
}

// enclosed counts the regions of empty places the places shut in.
func enclosed(ps []tantrix.Place) int {
	in := has(ps)
	minQ, maxQ, minR, maxR := ps[0].Q, ps[0].Q, ps[0].R, ps[0].R
	for _, p := range ps {
		minQ, maxQ = min(minQ, p.Q), max(maxQ, p.Q)
		minR, maxR = min(minR, p.R), max(maxR, p.R)
	}
	minQ, maxQ, minR, maxR = minQ-1, maxQ+1, minR-1, maxR+1
	seen := map[tantrix.Place]bool{}
	regions := 0
	for q := minQ; q <= maxQ; q++ {
		for r := minR; r <= maxR; r++ {
			p := tantrix.Place{Q: q, R: r}
			if in[p] || seen[p] {
				continue
			}
			regions++
			seen[p] = true
			stack := []tantrix.Place{p}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for e := 0; e < 6; e++ {
					y := x.Neighbour(e)
					if y.Q < minQ || y.Q > maxQ || y.R < minR || y.R > maxR || in[y] || seen[y] {
						continue
					}
					seen[y] = true
					stack = append(stack, y)
				}
			}
		}
	}
	return regions - 1 // the outside
}

// unspur takes out, again and again, the places with fewer than two
// neighbours (no loop goes through them).
func unspur(ps []tantrix.Place) []tantrix.Place {
	for {
		in := has(ps)
		var out []tantrix.Place
		for _, p := range ps {
			k := 0
			for e := 0; e < 6; e++ {
				if in[p.Neighbour(e)] {
					k++
				}
			}
			if k >= 2 {
				out = append(out, p)
			}
		}
		if len(out) == len(ps) {
			return ps
		}
		ps = out
	}
}

// largest keeps the largest connected piece of ps.
func largest(ps []tantrix.Place) []tantrix.Place {
	in := has(ps)
	seen := map[tantrix.Place]bool{}
	var best []tantrix.Place
	for _, p := range ps {
		if seen[p] {
			continue
		}
		piece := []tantrix.Place{p}
		seen[p] = true
		for h := 0; h < len(piece); h++ {
			for e := 0; e < 6; e++ {
				y := piece[h].Neighbour(e)
				if in[y] && !seen[y] {
					seen[y] = true
					piece = append(piece, y)
				}
			}
		}
		if len(piece) > len(best) {
			best = piece
		}
	}
	return best
}

// fitTo brings the connected places ps to exactly n places without
// changing how many regions they shut in: it takes out places at random
// (those with many neighbours on the board first, so thin walls stay) or
// adds empty places beside them (those with few, so walls grow where they
// are thin); nil when it cannot.
func fitTo(ps []tantrix.Place, n int, rng *rand.Rand) []tantrix.Place {
	holes := enclosed(ps)
	for try := 0; len(ps) != n && try < 20*n; try++ {
		in := has(ps)
		nb := func(p tantrix.Place) int {
			k := 0
			for e := 0; e < 6; e++ {
				if in[p.Neighbour(e)] {
					k++
				}
			}
			return k
		}
		if len(ps) > n {
			i := rng.IntN(len(ps))
			if nb(ps[i]) < 3+rng.IntN(4) {
				continue
			}
			spur := false
			for e := 0; e < 6; e++ {
				if q := ps[i].Neighbour(e); in[q] && nb(q) <= 2 {
					spur = true // q would be left with one neighbour
				}
			}
			if spur {
				continue
			}
			rest := append(append([]tantrix.Place(nil), ps[:i]...), ps[i+1:]...)
			if connected(rest) && enclosed(rest) == holes {
				ps = rest
			}
			continue
		}
		rim := rimOf(ps)
		q := rim[rng.IntN(len(rim))]
		if k := nb(q); k < 2 || k > 2+rng.IntN(3) {
			continue
		}
		next := append(append([]tantrix.Place(nil), ps...), q)
		if enclosed(next) == holes {
			ps = next
		}
	}
	if len(ps) != n {
		return nil
	}
	return ps
}

// alongCurve draws the strokes that strokes(scale) returns at the scale whose
// drawing holds about n places, keeps its largest piece and fits it to n
// places; it tries new strokes until the piece shuts in at least minHoles
// regions (0 for a band); nil when it does not after a few tries.
func alongCurve(n, minHoles int, rng *rand.Rand, strokes func(scale float64) []stroke) []tantrix.Place {
	lo, hi := 0.5, 40.0
	for it := 0; it < 30; it++ {
		mid := (lo + hi) / 2
		if len(draw(strokes(mid))) < n {
			lo = mid
		} else {
			hi = mid
		}
	}
	ps := largest(unspur(draw(strokes(hi))))
	if len(ps) < n/2 || enclosed(ps) < minHoles {
		return nil
	}
	for try := 0; try < 5; try++ {
		if out := fitTo(ps, n, rng); out != nil {
			return out
		}
	}
	return nil
}

// curveRing is a closed band along a random closed curve (shape curve).
func curveRing(n int, rng *rand.Rand) []tantrix.Place {
	for try := 0; ; try++ {
		xs, ys, ws := closedCurve(720, rng, try >= 10)
		ps := alongCurve(n, 1, rng, func(s float64) []stroke { return []stroke{scaled(xs, ys, ws, s)} })
		if ps != nil {
			return ps
		}
	}
}

// holesRing is curveRing with one or two bands across the middle, from a
// point of the curve to another (shape holes): two or three holes. After
// ten curves too small for that, the walls are one place wide.
func holesRing(n int, rng *rand.Rand) []tantrix.Place {
	for try := 0; ; try++ {
		thin := try >= 10
		xs, ys, ws := closedCurve(720, rng, thin)
		k := 1 + rng.IntN(2)
		var chords [][3][]float64
		var cws [][]int
		for c := 0; c < k; c++ {
			a, b := rng.IntN(720), rng.IntN(720)
			if d := (a - b + 720) % 720; d < 200 || d > 520 {
				c--
				continue
			}
			var cx, cy []float64
			for j := 0; j <= 200; j++ {
				f := float64(j) / 200
				cx = append(cx, xs[a]*(1-f)+xs[b]*f)
				cy = append(cy, ys[a]*(1-f)+ys[b]*f)
			}
			chords = append(chords, [3][]float64{cx, cy})
			cws = append(cws, wallWidths(len(cx), rng, false, thin))
		}
		ps := alongCurve(n, k+1, rng, func(s float64) []stroke {
			sts := []stroke{scaled(xs, ys, ws, s)}
			for i, ch := range chords {
				sts = append(sts, scaled(ch[0], ch[1], cws[i], s))
			}
			return sts
		})
		if ps != nil {
			return ps
		}
	}
}

// snakeBand is an open band along a random path (shape snake).
func snakeBand(n int, rng *rand.Rand) []tantrix.Place {
	for {
		xs, ys, ws := openPath(600, rng)
		ps := alongCurve(n, 0, rng, func(s float64) []stroke { return []stroke{scaled(xs, ys, ws, s)} })
		if ps != nil {
			return ps
		}
	}
}
