package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"hexiom/board"
)

// walkProblem is the search problem of a board position (as package
// solver's ProblemOf makes it).
func walkProblem(p board.Position) Problem {
	n := len(p.Cells)
	prob := Problem{Nbrs: p.Geom().Nbrs, Hole: make([]bool, n), Locked: make([]int8, n), Start: make([]int8, n)}
	for i, c := range p.Cells {
		prob.Hole[i] = c.Hole()
		prob.Locked[i], prob.Start[i] = Empty, Empty
		switch {
		case c.Locked():
			prob.Locked[i] = c.Tile
		case c.Movable():
			prob.Start[i] = c.Tile
		}
	}
	return prob
}

// The walk's swapCost, which counts a swap's cost without making it, is
// the cost the swap leaves, on random levels of sizes 2 to 12 (locked
// tiles, holes, and boards of more than 64 cells whose neighbours span
// words of Walker.adj), over pairs next to each other and apart, each
// swap kept or undone at random; and the cost kept is the one counted
// afresh.
func TestSwapCost(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 44))
	for size := 2; size <= board.MaxSize; size++ {
		for seed := range uint64(4) {
			prob := walkProblem(board.Random(size, seed))
			var w Walker
			w.Alloc(len(prob.Nbrs))
			w.Init(prob, seed+1)
			if w.tiles == 0 || w.tiles == len(w.free) {
				continue
			}
			for range 2000 {
				a, b := w.free[rng.IntN(len(w.free))], w.free[rng.IntN(len(w.free))]
				if !w.occ[a] || w.occ[b] {
					continue
				}
				want := w.swapCost(a, b)
				w.flip(a)
				w.flip(b)
				if got := w.cost(); got != want {
					t.Fatalf("size %d seed %d: swap %d→%d: swapCost %d, the swap made %d", size, seed, a, b, want, got)
				}
				if rng.IntN(2) == 0 {
					w.flip(b)
					w.flip(a)
				}
				w.cur = w.cost()
			}
			if got := w.Recount(prob); got != w.cost() {
				t.Fatalf("size %d seed %d: cost kept %d, counted afresh %d", size, seed, w.cost(), got)
			}
		}
	}
}

// The walk keeps its occupied free cells first (free[:tiles], which Run
// picks from without a draw per cell) through the swaps it keeps, and the
// cost it keeps is the one counted afresh, on random levels of sizes 3 to
// 8, turn after turn.
func TestWalkKeepsTilesFirst(t *testing.T) {
	for size := 3; size <= 8; size++ {
		for seed := range uint64(3) {
			prob := walkProblem(board.Random(size, seed))
			w := NewWalker(len(prob.Nbrs))
			w.Init(prob, seed+7)
			kept := 0
			for turn := range 20 {
				before := w.cur
				solved := w.Run(300)
				for k, i := range w.free {
					if w.occ[i] != (k < w.tiles) {
						t.Fatalf("size %d seed %d turn %d: free[%d] = cell %d occupied %v, tiles %d", size, seed, turn, k, i, w.occ[i], w.tiles)
					}
				}
				if got := w.Recount(prob); got != w.cur {
					t.Fatalf("size %d seed %d turn %d: cost kept %d, counted afresh %d", size, seed, turn, w.cur, got)
				}
				if w.cur != before {
					kept++
				}
				if solved {
					break
				}
			}
			if kept == 0 && w.cur != 0 {
				t.Errorf("size %d seed %d: the cost never moved from %d in 20 turns", size, seed, w.cur)
			}
		}
	}
}

// Each turn of the walk that lowers its cost writes its occupancy into
// the share, as a path through every free cell; a turn that does not
// lower it leaves the share alone.
func TestWalkShares(t *testing.T) {
	prob := walkProblem(board.Random(6, 13038081)) // the slowest of 13,000,000..13,099,999 (round five)
	n := len(prob.Nbrs)
	var sh PhaseShare
	sh.Reset(n)
	w := NewWalker(n)
	sol := make([]int8, n)
	lowest := int32(1 << 30)
	var turns, wrote, kept int
	pause := func() bool {
		turns++
		if w.cur < lowest {
			lowest = w.cur
			if sh.deep != len(w.free) {
				t.Fatalf("turn %d lowered the cost to %d: shared depth %d, want %d", turns, w.cur, sh.deep, len(w.free))
			}
			for _, i := range w.free {
				if want := map[bool]int8{false: phaseEmpty, true: phaseTile}[w.occ[i]]; sh.phase[i] != want {
					t.Fatalf("turn %d: cell %d shared %d, the walk's occupancy %d", turns, i, sh.phase[i], want)
				}
			}
			wrote++
		} else {
			for i, v := range sh.phase {
				if v != 0 || sh.deep != -7 {
					t.Fatalf("turn %d did not lower the cost (%d) but wrote the share: cell %d %d, depth %d", turns, w.cur, i, v, sh.deep)
				}
			}
			kept++
		}
		clear(sh.phase)
		sh.deep = -7
		return turns < 40
	}
	for seed := uint64(1); seed <= 4; seed++ {
		lowest = 1 << 30
		Walk(context.Background(), prob, w, seed, 0, sol, pause, &sh)
	}
	t.Logf("%d turns wrote, %d kept", wrote, kept)
	if wrote == 0 || kept == 0 {
		t.Fatalf("%d turns wrote the share, %d did not: want both", wrote, kept)
	}
}
