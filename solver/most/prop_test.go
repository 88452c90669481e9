package most

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/internal/tier"
	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// search.Unsatisfiable never rules out a level that has an arrangement
// (the brute force over every occupancy), and rules out some of those
// that have none: far levels of size 3 (locked tiles changed too), seeds
// 0 to 299; under the race detector (tier.Race: the brute force, on one
// goroutine like the propagation, 50 times slower there) seeds 0 to 69,
// two of them ruled out (30 and 64), the full count having run without it.
func TestUnsatisfiableAgainstBruteForce(t *testing.T) {
	seeds := uint64(300)
	if tier.Race {
		seeds = 70
	}
	var ruled, none, n int
	for seed := range seeds {
		level := board.FarLevel(3, seed)
		if freeCells(level) > 22 {
			continue
		}
		n++
		bt, _, _ := bruteMax(level)
		prob, _ := solver.ProblemOf(level)
		got := search.Unsatisfiable(prob)
		if bt < 0 {
			none++
		}
		if got {
			ruled++
			if bt >= 0 {
				t.Fatalf("far size 3 seed %d: ruled out, but the brute force places %d tiles\n%s", seed, bt, level)
			}
		}
	}
	t.Logf("%d levels, %d without an arrangement, %d of them ruled out by propagation", n, none, ruled)
	if ruled == 0 {
		t.Fatalf("none of the %d levels without an arrangement ruled out", none)
	}
}

// Far size 5 seed 28 and size 6 seeds 19 and 42 have no arrangement
// (CaDiCaL by unit propagation): Solve says so at once, with one
// goroutine too (before, with one, not within 10 s for seed 28).
func TestSolveMaxUnsatisfiableFar(t *testing.T) {
	for _, f := range []string{"far-s5-28.txt", "far-s6-19.txt", "far-s6-42.txt"} {
		level := readLevel(t, filepath.Join("../testdata/far", f))
		for _, obj := range []Objective{Tiles, Points} {
			for _, threads := range []int{1, 2} {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				res, err := Solve(ctx, level, obj, Threads(threads))
				cancel()
				name := fmt.Sprintf("%s %v threads %d", f, obj, threads)
				if !errors.Is(err, solver.ErrNoSolution) {
					t.Fatalf("%s: %v %+v, want no solution", name, err, res)
				}
				if res.Nodes != 0 {
					t.Fatalf("%s: %d nodes, want none (ruled out before the search)", name, res.Nodes)
				}
			}
		}
	}
}
