package search

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBoxLP checks boxLP on random pieces and boxes: its λ lies in the
// box, the largest piece there is the value it reports, and no point of
// the box (its corners and random points) has a lower largest piece.
func TestBoxLP(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	model := func(cuts []boxCut, lam [7]float64) float64 {
		m := math.Inf(-1)
		for _, c := range cuts {
			v := c.a
			for k := range 7 {
				v += c.g[k] * lam[k]
			}
			m = max(m, v)
		}
		return m
	}
	for trial := range 300 {
		cuts := make([]boxCut, 1+rng.IntN(40))
		for i := range cuts {
			cuts[i].a = 40 + 10*rng.Float64()
			for k := range 7 {
				cuts[i].g[k] = float64(rng.IntN(13) - 6)
			}
		}
		var lo, hi [7]float64
		for k := range 7 {
			lo[k] = max(0, rng.Float64()-0.3)
			hi[k] = lo[k] + rng.Float64()*0.5
		}
		if trial%10 == 0 {
			hi[3] = lo[3] // a flat side
		}
		lam, m := boxLP(cuts, lo, hi)
		for k := range 7 {
			if lam[k] < lo[k]-1e-9 || lam[k] > hi[k]+1e-9 {
				t.Fatalf("trial %d: λ[%d] = %v outside [%v, %v]", trial, k, lam[k], lo[k], hi[k])
			}
		}
		if got := model(cuts, lam); math.Abs(got-m) > 1e-6 {
			t.Fatalf("trial %d: the pieces at λ are %v, boxLP says %v", trial, got, m)
		}
		for s := range 2000 {
			var p [7]float64
			for k := range 7 {
				f := rng.Float64()
				if s < 128 { // the corners
					f = float64(s >> k & 1)
				}
				p[k] = lo[k] + f*(hi[k]-lo[k])
			}
			if v := model(cuts, p); v < m-1e-6 {
				t.Fatalf("trial %d: %v at %v is below boxLP's least %v", trial, v, p, m)
			}
		}
	}
}
