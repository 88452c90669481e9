package most

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"hexiom/board"
	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// The occupancy view (search.OccDP) against the brute force: on Solve's
// problem of each small board and objective, the Lagrangian bound is never
// below the optimum, the exact pass finds the optimum reachable and refutes
// the optimum plus one (or, with no arrangement, any at all), both ways, so
// that a pruning one value too strong or too weak fails; from the optimum
// or below it, the best of the pass's last layer is the optimum; the
// boards in turns (OccDP's order is Problem.Visit).
func TestOccDPAgainstBruteForce(t *testing.T) {
	levels := smallMaxLevels(rand.New(rand.NewPCG(27, 5)), 20)
	var od search.OccDP
	refuted, none, nCoded, nPlain := 0, 0, 0, 0
	for k, level := range levels {
		if freeCells(level) > 22 {
			continue
		}
		bt, bp, _ := bruteMax(level)
		prob, _ := solver.ProblemOf(level)
		for _, obj := range []Objective{Tiles, Points} {
			name := fmt.Sprintf("level %d %v", k, obj)
			want := bt
			if obj == Points {
				want = bp
			}
			mp := maxProblemOf(level, prob, obj)
			mp.prob.Visit = solver.Orientations(level.Size)[k%12] // OccDP's order
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

// TestOccDPEvalAgainstBruteForce checks Eval, the pass of Lagrange's steps
// (its states of varying widths, issue 27 round seven), against every
// occupied set of the free cells of small boards, in turns of the board
// (OccDP's order is Problem.Visit), with and without the patterns, on one
// goroutine and two: its value is the most Σ (w − λ)[count] over the sets
// in which every locked cell sees its number, and its histogram is worth
// that value.
func TestOccDPEvalAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 7))
	levels := smallMaxLevels(rand.New(rand.NewPCG(27, 9)), 20)
	var od search.OccDP
	checked, none := 0, 0
	for k, level := range levels {
		if freeCells(level) > 16 {
			continue
		}
		prob, _ := solver.ProblemOf(level)
		for _, obj := range []Objective{Tiles, Points} {
			mp := maxProblemOf(level, prob, obj)
			q := mp.prob
			q.Visit = solver.Orientations(level.Size)[k%12]
			if !od.Reset(q, search.OccMaxBits) {
				t.Fatalf("level %d: wider than %d bits", k, search.OccMaxBits)
			}
			od.Coded(k%3 == 1)
			od.SetWorkers(1 + k%2)
			_, wf := occWeights(obj == Points)
			var lam [7]float64
			for j := range lam {
				lam[j] = rng.Float64() * 1.5 * wf[j]
			}
			want := bruteLagrange(q, wf, lam)
			got, h := od.Eval(&wf, &lam)
			name := fmt.Sprintf("level %d %v λ %.2f", k, obj, lam)
			if math.IsInf(want, -1) {
				if !math.IsInf(got, -1) {
					t.Fatalf("%s: no occupied set satisfies the locked cells, Eval says %v\n%s", name, got, level)
				}
				none++
				continue
			}
			if math.Abs(got-want) > 1e-3 {
				t.Fatalf("%s: Eval %v, the brute force %v\n%s", name, got, want, level)
			}
			hv := 0.0
			for j := range h {
				hv += float64(h[j]) * (wf[j] - lam[j])
			}
			if math.Abs(hv-want) > 1e-3 {
				t.Fatalf("%s: Eval's histogram %v is worth %v, not %v\n%s", name, h, hv, want, level)
			}
			checked++
		}
	}
	if checked < 30 {
		t.Fatalf("%d boards checked: the boards do not exercise Eval", checked)
	}
	t.Logf("%d boards checked, %d with no set satisfying the locked cells", checked, none)

	// The two goroutines split only large steps: on a far size 6 board
	// (21 bits), the same value and histogram as one.
	if testing.Short() {
		return
	}
	level := readLevel(t, "../testdata/far/far-s6-29.txt")
	prob, _ := solver.ProblemOf(level)
	mp := maxProblemOf(level, prob, Tiles)
	if !od.Reset(occOrder(mp.prob, solver.Orientations(level.Size)), search.OccWideBits) {
		t.Fatalf("far-s6-29: wider than %d bits", search.OccWideBits)
	}
	_, wf := occWeights(false)
	lam := occWidePrior(false)
	od.SetWorkers(1)
	v1, h1 := od.Eval(&wf, &lam)
	od.SetWorkers(2)
	v2, h2 := od.Eval(&wf, &lam)
	if v1 != v2 || h1 != h2 {
		t.Fatalf("far-s6-29: one goroutine %v %v, two %v %v", v1, h1, v2, h2)
	}
}

// bruteLagrange is the most Σ (w − λ)[count] over the occupied sets of
// p's free cells in which every locked cell sees its number (-Inf: none):
// a set's worth is its histogram's (bruteHists).
func bruteLagrange(p search.Problem, w, lam [7]float64) float64 {
	best := math.Inf(-1)
	for h := range bruteHists(p) {
		v := 0.0
		for k, n := range h {
			v += float64(n) * (w[k] - lam[k])
		}
		best = max(best, v)
	}
	return best
}

// TestOccBits checks that search.OccBits, which occOrder reads for each of
// the twelve turns, is the width Reset lays the board out with, on the far
// levels of testdata and the small boards.
func TestOccBits(t *testing.T) {
	files, err := filepath.Glob("../testdata/far/far-*.txt")
	if err != nil || len(files) < 10 {
		t.Fatalf("../testdata/far: %d levels (%v)", len(files), err)
	}
	var levels []board.Position
	for _, f := range files {
		levels = append(levels, readLevel(t, f))
	}
	levels = append(levels, smallMaxLevels(rand.New(rand.NewPCG(27, 11)), 20)...)
	var od search.OccDP
	checked := 0
	for k, level := range levels {
		prob, _ := solver.ProblemOf(level)
		mp := maxProblemOf(level, prob, Tiles)
		fi := make([]int32, len(mp.prob.Nbrs))
		for v, vis := range solver.Orientations(level.Size)[:12] {
			q := mp.prob
			q.Visit = vis
			od.Reset(q, 64)
			if got, want := search.OccBits(q, fi), od.Bits(); got != want {
				t.Fatalf("level %d, turn %d: OccBits %d, Reset's Bits %d\n%s", k, v, got, want, level)
			}
			checked++
		}
	}
	t.Logf("%d layouts checked", checked)
}
