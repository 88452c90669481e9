package most

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// diveRace readies Solve's race on level for obj, its first phase
// skipped: the race, the weight of the locked tiles, and up (loaded in
// its first orientation); nil when the root rules every arrangement out.
func diveRace(t *testing.T, level board.Position, obj Objective) (*maxRace, int32, *search.MaxSearcher) {
	t.Helper()
	prob, _ := solver.ProblemOf(level)
	lockedW, _ := weights(level, obj)
	mp := maxProblemOf(level, prob, obj)
	visits := solver.Orientations(level.Size)
	up := new(search.MaxSearcher)
	up.SetHighCap(mp.joint)
	mp.prob.Visit = visits[maxUpVisit]
	if !up.Reset(mp.prob, obj == Points) {
		return nil, 0, nil
	}
	ub := up.RootBound()
	if ub < 0 {
		return nil, 0, nil
	}
	r := newMaxRace(context.Background(), mp, visits, obj == Points, ub, time.Now())
	t.Cleanup(func() {
		r.cancel()
		if r.ds != nil {
			searchers.Put(r.ds)
		}
	})
	return r, int32(lockedW), up
}

// raceResult is the race's best arrangement as Solve returns it.
func raceResult(level board.Position, obj Objective, r *maxRace, lockedW int32) Result {
	sol := append([]int8(nil), r.sol...)
	if obj == Points {
		placeZeros(level, sol)
	}
	var res Result
	res.Solution, res.SetAside = arrangement(level, sol)
	res.Objective, res.Bound = int(lockedW+r.bestVal), int(lockedW+r.bound)
	res.Optimal = r.bound == r.bestVal
	return res
}

// smallMaxLevels is the small boards the brute force checks the max
// variant's parts on: 30 random size-3 boards, far and raised size-3
// levels of seeds 0..far-1, and 6 random size-4 boards.
func smallMaxLevels(rng *rand.Rand, far uint64) []board.Position {
	var levels []board.Position
	for range 30 {
		levels = append(levels, smallBoard(3, 0.2, rng))
	}
	for seed := range far {
		levels = append(levels, board.FarLevel(3, seed), board.Raise(board.Random(3, seed), 2, seed))
	}
	for range 6 {
		levels = append(levels, smallBoard(4, 0.45, rng))
	}
	return levels
}

// Dives alone, budgets doubling from a few nodes, close the gap between
// the best found and the bound to one value (two with points) without
// ever refuting the optimum or claiming more, on the boards of
// TestSolveMaxAgainstBruteForce's kind.
func TestMaxDiveAgainstBruteForce(t *testing.T) {
	levels := smallMaxLevels(rand.New(rand.NewPCG(27, 4)), 12)
	dives := 0
	for k, level := range levels {
		if freeCells(level) > 22 {
			continue
		}
		bt, bp, _ := bruteMax(level)
		for _, obj := range []Objective{Tiles, Points} {
			want := bt
			if obj == Points {
				want = bp
			}
			name := fmt.Sprintf("level %d %v", k, obj)
			r, lockedW, _ := diveRace(t, level, obj)
			if r == nil {
				if want >= 0 {
					t.Fatalf("%s: the root rules out every arrangement, brute force %d\n%s", name, want, level)
				}
				continue
			}
			opt := int32(-1) // no arrangement
			if want >= 0 {
				opt = int32(want) - lockedW
			}
			for b := int64(8); r.diveLeft(); b *= 2 {
				if b > 1<<30 {
					t.Fatalf("%s: dives do not close the gap: found %d, bound %d", name, r.bestVal, r.bound)
				}
				r.dive(b * diveShare)
				dives++
				if r.bound < opt || r.bestVal > opt {
					t.Fatalf("%s: found %d, bound %d; the optimum is %d\n%s", name, r.bestVal, r.bound, opt, level)
				}
				if r.bestVal >= 0 {
					res := raceResult(level, obj, r, lockedW)
					checkMax(t, name, level, obj, res)
				}
			}
		}
	}
	if dives < 20 {
		t.Fatalf("only %d dives: the boards do not exercise them", dives)
	}
	t.Logf("%d dives", dives)
}

// On far size 6 seed 29, tiles, up's short searches find a poor
// arrangement (with Threads(1) it stayed the best found: 17 tiles after
// 10 s before dives); a few dives find one near CaDiCaL's best (64 tiles,
// not proved, in 20 s).
func TestMaxDiveFinds(t *testing.T) {
	level := readLevel(t, "../testdata/far/far-s6-29.txt")
	r, lockedW, up := diveRace(t, level, Tiles)
	r.up(up, maxUpSeq[:len(maxUpSeq)-1])
	before := r.bestVal + lockedW
	var nodes int64
	for b := int64(zeroBudget); b <= 8*zeroBudget && r.diveLeft(); b *= 2 {
		r.dive(b)
	}
	nodes = r.nodes.Load()
	after := r.bestVal + lockedW
	t.Logf("up's short searches %d tiles, then dives %d (bound %d), %d nodes", before, after, r.bound+lockedW, nodes)
	if after < 60 || before >= 60 {
		t.Fatalf("%d tiles after up's short searches, %d after the dives: want under 60, then 60 or more", before, after)
	}
	checkMax(t, "far-s6-29 tiles", level, Tiles, raceResult(level, Tiles, r, lockedW))
}
