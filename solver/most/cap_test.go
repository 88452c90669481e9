package most

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"hexiom/board"
	"hexiom/internal/tier"
	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// highBoard is a random board of side s, dense (so its numbers are high),
// with about `fixed` of its cells holes or locked tiles, and two or three
// movable tiles raised to 5 or 6: boards on which the caps of HighCaps
// have something to cut.
func highBoard(s int, fixed float64, rng *rand.Rand) board.Position {
	var movable []int
	p := occupiedBoard(s, fixed, 0.75, rng, func(i int, k int8) int8 {
		movable = append(movable, i)
		return k
	})
	for range 2 + rng.IntN(2) {
		if len(movable) > 0 {
			p.Cells[movable[rng.IntN(len(movable))]].Tile = int8(5 + rng.IntN(2))
		}
	}
	return p
}

// HighCaps never caps a number below what some arrangement places (the
// brute force over every set of occupied cells says how many), and it does
// cut: on some of these boards it proves that tiles of 5 or 6 can never all
// be placed, or not all together. Solve, which takes the tiles beyond
// the caps out of the pool and bounds with the joint cap, finds the brute
// force's optimum on each, for both objectives.
func TestHighCapsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	// In the fast tier (-short) and under the race detector (tier.Race:
	// the brute force, one goroutine, takes minutes there) a quarter of
	// the boards of each size.
	n3, n4, minTried := 150, 40, 100
	if testing.Short() || tier.Race {
		n3, n4, minTried = 40, 10, 25
	}
	var levels []board.Position
	for range n3 {
		levels = append(levels, highBoard(3, 0.1, rng))
	}
	for range n4 {
		levels = append(levels, highBoard(4, 0.45, rng))
	}
	cuts, jointCuts, tried := 0, 0, 0
	for k, level := range levels {
		if freeCells(level) > 22 {
			continue // too many for the brute force
		}
		tried++
		bt, bp, most := bruteMax(level)
		// Solve, which sets aside what is beyond the caps, still finds
		// the optimum.
		for _, obj := range []Objective{Tiles, Points} {
			want := bt
			if obj == Points {
				want = bp
			}
			res, err := Solve(context.Background(), level, obj, Threads(1+k%2))
			name := fmt.Sprintf("board %d %v", k, obj)
			if want < 0 {
				if !errors.Is(err, solver.ErrNoSolution) {
					t.Fatalf("%s: brute force finds no arrangement, Solve: %v %+v\n%s", name, err, res, level)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, level)
			}
			checkMax(t, name, level, obj, res)
			if !res.Optimal || res.Objective != want {
				t.Fatalf("%s: objective %d (optimal %v), brute force %d\n%s", name, res.Objective, res.Optimal, want, level)
			}
		}
		prob, _ := solver.ProblemOf(level)
		caps, joint := search.HighCaps(prob)
		var pool [7]int32
		for _, c := range level.Cells {
			if c.Movable() {
				pool[c.Tile]++
			}
		}
		for v := range caps {
			if caps[v] > pool[v] || caps[v] < int32(most[v]) {
				t.Fatalf("board %d: number %d: cap %d, pool %d, an arrangement places %d\n%s", k, v, caps[v], pool[v], most[v], level)
			}
			if caps[v] < pool[v] {
				cuts++
			}
		}
		if joint < int32(most[7]) || joint > caps[5]+caps[6] {
			t.Fatalf("board %d: 5s and 6s together: cap %d (apart %d, %d), an arrangement places %d\n%s", k, joint, caps[5], caps[6], most[7], level)
		}
		if joint < caps[5]+caps[6] {
			jointCuts++
		}
	}
	t.Logf("%d boards, %d caps below the pool, %d joint caps below the caps' sum", tried, cuts, jointCuts)
	if tried < minTried || cuts == 0 || jointCuts == 0 {
		t.Fatalf("%d boards tried, %d caps below the pool, %d joint: the test proves nothing", tried, cuts, jointCuts)
	}
}

// Random size 4 seed 89 with two tiles raised: two movable 6s, eight 3s,
// one 4, no 5. Two 6s apart need twelve neighbours of 3 or more; side by
// side, two of their neighbours need 4 or more; two apart in a line, the
// cell between needs 6. So at most one 6 is ever placed, which the
// occupancy search took 0.9 million nodes to learn.
func TestHighCapsRaisedLevel(t *testing.T) {
	level := board.Raise(board.Random(4, 89), 2, 4089) // as hexiom bench-max raises it
	prob, _ := solver.ProblemOf(level)
	caps, _ := search.HighCaps(prob)
	var sixes int32
	for _, c := range level.Cells {
		if c.Movable() && c.Tile == 6 {
			sixes++
		}
	}
	if sixes != 2 || caps[6] != 1 {
		t.Fatalf("movable 6s %d, cap %d; want 2 and 1\n%s", sixes, caps[6], level)
	}
}
