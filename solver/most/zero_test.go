package most

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/internal/tier"
	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// zeroLevels are boards with movable 0s that the brute force can check:
// issue 27's far levels of size 3 and dense size-4 boards whose tiles are
// mostly their counts, with some 0s among them.
func zeroLevels() []struct {
	name  string
	level board.Position
} {
	var out []struct {
		name  string
		level board.Position
	}
	add := func(name string, p board.Position) {
		for _, c := range p.Cells {
			if c.Movable() && c.Tile == 0 {
				out = append(out, struct {
					name  string
					level board.Position
				}{name, p})
				return
			}
		}
	}
	for seed := range uint64(80) {
		add(fmt.Sprintf("size 3 far %d", seed), board.FarLevel(3, seed))
	}
	rng := rand.New(rand.NewPCG(27, 27))
	for k := 0; len(out) < 70 && k < 400; k++ {
		p := occupiedBoard(4, 0.45, 0.5, rng, func(_ int, n int8) int8 {
			if rng.IntN(4) == 0 {
				return int8(rng.IntN(2)) // a 0 or a 1 where another number stood
			}
			return n
		})
		if freeCells(p) <= 22 {
			add(fmt.Sprintf("size 4 #%d", k), p)
		}
	}
	return out
}

// zeroProblem is Solve's problem for ZeroSets: the movable 0s out of
// the pool, and their number.
func zeroProblem(p board.Position) (search.Problem, int32) {
	prob, _ := solver.ProblemOf(p)
	var zeros int32
	for i, t := range prob.Start {
		if t == 0 {
			prob.Start[i] = search.Empty
			zeros++
		}
	}
	prob.Visit = solver.Orientations(p.Size)[maxDownVisit]
	return prob, zeros
}

// ZeroSets decides every target above the root bound of the other tiles as
// the brute force does: found exactly when the optimum reaches it, with a
// valid arrangement of at least that value; and so it does when called
// again and again with a small budget, resuming where it stopped. Under
// the race detector (tier.Race) the first 25 levels of 70.
func TestZeroSetsAgainstBruteForce(t *testing.T) {
	levels := zeroLevels()
	if len(levels) < 40 {
		t.Fatalf("only %d levels with movable 0s", len(levels))
	}
	if tier.Race {
		levels = levels[:25] // the brute force and the searches ten times slower
	}
	var s search.MaxSearcher
	decided, found, resumed := 0, 0, 0
	for _, c := range levels {
		bt, _, _ := bruteMax(c.level)
		locked := 0
		for _, cell := range c.level.Cells {
			if cell.Locked() {
				locked++
			}
		}
		prob, zeros := zeroProblem(c.level)
		s.SetHighCap(-1)
		if !s.Reset(prob, false) {
			if bt >= 0 {
				t.Fatalf("%s: Reset refuses, brute force %d tiles", c.name, bt)
			}
			continue
		}
		nzUB := s.RootBound()
		best := int32(bt - locked) // the optimum's movable tiles (negative: none)
		visits := solver.Orientations(c.level.Size)
		sol := make([]int8, len(c.level.Cells))
		for tgt := max(nzUB+1, 0); tgt <= nzUB+zeros; tgt++ {
			for _, limit := range []int64{0, 50} {
				var done search.ZeroProgress
				var out search.MaxOutcome
				for calls, lim := 0, limit; ; calls, lim = calls+1, 2*lim {
					out = s.ZeroSets(context.Background(), prob, visits, zeros, tgt, tgt-nzUB, lim, &done, sol)
					if !out.Limited {
						break
					}
					if calls > 40 {
						t.Fatalf("%s: target %d: no verdict after %d calls from %d nodes", c.name, tgt, calls, limit)
					}
					if limit > 0 && calls == 1 {
						resumed++
					}
				}
				name := fmt.Sprintf("%s target %d (limit %d)", c.name, tgt, limit)
				if out.Found != (best >= tgt) || (!out.Found && !out.Exhausted) {
					t.Fatalf("%s: found %v exhausted %v, brute force optimum %d movable tiles\n%s", name, out.Found, out.Exhausted, best, c.level)
				}
				decided++
				if out.Found {
					found++
					if out.Value < tgt {
						t.Fatalf("%s: value %d", name, out.Value)
					}
					res := Result{Objective: locked + int(out.Value)}
					res.Solution, res.SetAside = arrangement(c.level, sol)
					res.Bound, res.Optimal = res.Objective, true
					checkMax(t, name, c.level, Tiles, res)
				}
			}
		}
	}
	t.Logf("%d levels, %d targets decided (%d found), %d resumed after a budget", len(levels), decided, found, resumed)
	if decided < 40 || found == 0 || found == decided || resumed == 0 {
		t.Fatalf("too few of each kind: %d decided, %d found, %d resumed", decided, found, resumed)
	}
}

// The far levels of testdata/far (board.FarLevel, issue 27's hard set)
// whose best arrangement sets aside a 0, each with the optimum that
// scripts/cadical-max.cpp proved (testdata/far/cadical.txt): Solve
// proves the same, on one goroutine and on two (one goroutine twice on the
// size-4 ones: the same nodes). Before ZeroSets none of
// the size-5 ones was proved in 60 s. In the fast tier (-short) and under
// the race detector (tier.Race) only the size-4 ones (the size-5 ones take
// about a second each, ten times that under the detector).
func TestSolveMaxFarLevels(t *testing.T) {
	data, err := os.ReadFile("../testdata/far/cadical.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for k, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Fatalf("../testdata/far/cadical.txt:%d: want FILE OBJECTIVE OPTIMUM, found %q", k+1, line)
		}
		obj, err := ParseObjective(f[1])
		if err != nil {
			t.Fatalf("../testdata/far/cadical.txt:%d: %v", k+1, err)
		}
		want, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatalf("../testdata/far/cadical.txt:%d: %v", k+1, err)
		}
		level := readLevel(t, filepath.Join("../testdata/far", f[0]))
		if level.Size > 4 && (testing.Short() || tier.Race) {
			continue
		}
		for _, threads := range []int{1, 2} {
			res, err := Solve(context.Background(), level, obj, Threads(threads))
			name := fmt.Sprintf("%s %v threads %d", f[0], obj, threads)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkMax(t, name, level, obj, res)
			if !res.Optimal || res.Objective != want {
				t.Fatalf("%s: objective %d (bound %d, optimal %v), CaDiCaL %d", name, res.Objective, res.Bound, res.Optimal, want)
			}
			if threads == 1 && level.Size == 4 {
				// ZeroSets' turns keep one goroutine's nodes the same on every run.
				again, err := Solve(context.Background(), level, obj, Threads(1))
				if err != nil || again.Nodes != res.Nodes || !again.Solution.Equal(res.Solution) {
					t.Fatalf("%s: a second run: %v, %d nodes against %d", name, err, again.Nodes, res.Nodes)
				}
			}
			t.Logf("%s: %d, %d nodes", name, res.Objective, res.Nodes)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no levels in testdata/far/cadical.txt")
	}
}

// Solve, tiles, equals the brute force on the levels with movable 0s
// (under the race detector the first 25 of them, as above).
func TestSolveMaxZerosAgainstBruteForce(t *testing.T) {
	levels := zeroLevels()
	if tier.Race {
		levels = levels[:25]
	}
	for k, c := range levels {
		bt, _, _ := bruteMax(c.level)
		threads := 1 + k%2
		res, err := Solve(context.Background(), c.level, Tiles, Threads(threads))
		name := fmt.Sprintf("%s (threads %d)", c.name, threads)
		if bt < 0 {
			if err == nil {
				t.Fatalf("%s: brute force finds no arrangement, Solve %d", name, res.Objective)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v (brute force %d)", name, err, bt)
		}
		checkMax(t, name, c.level, Tiles, res)
		if !res.Optimal || res.Objective != bt {
			t.Fatalf("%s: objective %d (bound %d, optimal %v), brute force %d\n%s", name, res.Objective, res.Bound, res.Optimal, bt, c.level)
		}
	}
}
