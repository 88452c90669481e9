package search

import (
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
