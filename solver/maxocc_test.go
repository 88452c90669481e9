package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"hexiom/solver/internal/search"
)

// The occupancy view (search.OccDP) against the brute force: on SolveMax's
// problem of each small board and objective, the Lagrangian bound is never
// below the optimum, the exact pass finds the optimum reachable and refutes
// the optimum plus one (or, with no arrangement, any at all), both ways, so
// that a pruning one value too strong or too weak fails; from the optimum
// or below it, the best of the pass's last layer is the optimum.
func TestOccDPAgainstBruteForce(t *testing.T) {
	levels := smallMaxLevels(rand.New(rand.NewPCG(27, 5)), 20)
	var od search.OccDP
	refuted, none, nCoded, nPlain := 0, 0, 0, 0
	for k, level := range levels {
		if freeCells(level) > 22 {
			continue
		}
		bt, bp, _ := bruteMax(level)
		prob, _ := problemOf(level)
		for _, obj := range []Objective{Tiles, Points} {
			name := fmt.Sprintf("level %d %v", k, obj)
			want := bt
			if obj == Points {
				want = bp
			}
			mp := maxProblemOf(level, prob, obj)
			if !od.Reset(mp.prob, search.OccMaxBits) {
				t.Fatalf("%s: the board's state is wider than %d bits\n%s", name, search.OccMaxBits, level)
			}
			// Every other board without the patterns (OccDP.Coded): the
			// gains from the cells themselves.
			if coded, _ := od.Coded(k%2 == 1); coded {
				nCoded++
			} else {
				nPlain++
			}
			w, wf := occWeights(obj == Points)
			lockedW, _ := weights(level, obj)
			opt := int32(want - lockedW)
			if want < 0 {
				// No arrangement: the pass refutes every target.
				lb, _ := od.Lagrange(wf, 0, 20)
				r, done, _, _ := od.Refute(context.Background(), w, [7]float64{}, 0, 1<<22)
				if !r || !done {
					t.Fatalf("%s: no arrangement, the pass says refuted %v done %v (Lagrange %.2f)\n%s", name, r, done, lb, level)
				}
				none++
				continue
			}
			lb, lam := od.Lagrange(wf, float64(opt+1), 30)
			if lb < float64(opt)-1e-6 {
				t.Fatalf("%s: Lagrangian bound %.3f below the optimum %d\n%s", name, lb, opt, level)
			}
			for _, l := range [][7]float64{{}, lam} {
				// At the optimum or below, the pass's best is the optimum.
				for _, tg := range []int32{opt, max(opt-3, 0)} {
					r, done, _, best := od.Refute(context.Background(), w, l, tg, 1<<22)
					if r || !done || best != opt {
						t.Fatalf("%s: λ %.2f: target %d (the optimum %d): refuted %v done %v best %d\n%s", name, l, tg, opt, r, done, best, level)
					}
				}
				r, done, _, _ := od.Refute(context.Background(), w, l, opt+1, 1<<22)
				if !r || !done {
					t.Fatalf("%s: λ %.2f: the optimum plus one %d: refuted %v done %v\n%s", name, l, opt+1, r, done, level)
				}
				refuted++
			}
		}
	}
	if nCoded < 20 || nPlain < 20 {
		t.Fatalf("%d boards with the patterns, %d without: both ways need testing", nCoded, nPlain)
	}
	if refuted < 100 || none < 3 {
		t.Fatalf("only %d refutations and %d levels without an arrangement: the boards do not exercise the pass", refuted, none)
	}
	t.Logf("%d refutations, %d levels without an arrangement; %d boards with the patterns, %d without", refuted, none, nCoded, nPlain)
}
