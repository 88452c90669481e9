package solver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"hexiom/board"
	"hexiom/solver/internal/search"
)

// Objective is what SolveMax maximises.
type Objective uint8

const (
	// Tiles counts the tiles on the board, locked ones included.
	Tiles Objective = iota
	// Points sums the numbers of the tiles on the board, locked ones
	// included.
	Points
)

func (o Objective) String() string {
	if o == Points {
		return "points"
	}
	return "tiles"
}

// ParseObjective reads "tiles" or "points".
func ParseObjective(s string) (Objective, error) {
	switch s {
	case "tiles":
		return Tiles, nil
	case "points":
		return Points, nil
	}
	return 0, fmt.Errorf("objective %q: want tiles or points", s)
}

// MaxResult is an arrangement of a subset of a position's tiles in which
// every tile on the board has its number of occupied neighbours.
type MaxResult struct {
	// Solution holds the tiles placed: locked tiles and holes as in the
	// position, the movable tiles kept on free cells, the others off the
	// board.
	Solution board.Position
	// SetAside lists the numbers of the movable tiles left out, ascending.
	SetAside []int8
	// Objective is the value of Solution: its tiles, or the sum of their
	// numbers, locked tiles included.
	Objective int
	// Bound is the best upper bound proved on Objective; Optimal reports
	// Bound == Objective (the search ran to the end).
	Bound   int
	Optimal bool
	Nodes   int64
	// FoundAfter is when Solution was found, from the start of SolveMax.
	FoundAfter time.Duration
}

// Gap is how far Objective may be from the optimum.
func (r MaxResult) Gap() int { return r.Bound - r.Objective }

// maxQuickNodes is the budget of the branch-and-bound that looks for good
// arrangements before the search for the bound starts (phase one of
// SolveMax).
const maxQuickNodes = 20_000

var (
	spareMaxMu sync.Mutex
	spareMax   []*search.MaxSearcher
)

func getMaxSearcher() *search.MaxSearcher {
	spareMaxMu.Lock()
	defer spareMaxMu.Unlock()
	if n := len(spareMax); n > 0 {
		s := spareMax[n-1]
		spareMax = spareMax[:n-1]
		return s
	}
	return new(search.MaxSearcher)
}

func putMaxSearcher(s *search.MaxSearcher) {
	spareMaxMu.Lock()
	defer spareMaxMu.Unlock()
	if len(spareMax) < 2 {
		spareMax = append(spareMax, s)
	}
}

// SolveMax solves the overconstrained variant of p: it places as many of
// its movable tiles as it can (obj Tiles), or tiles of the largest sum of
// numbers (obj Points), so that every tile on the board, locked ones
// included, has exactly its number of occupied neighbours; holes stay
// empty and the tiles left out are set aside. Every position has such an
// arrangement unless its locked tiles cannot all be satisfied, whatever is
// placed around them: then SolveMax returns ErrNoSolution.
//
// It first tries the whole level (an ordinary solution places every tile
// and is optimal), then runs a short branch-and-bound for good
// arrangements, then proves the bound: from the bound at the root down,
// it searches for an arrangement worth at least each target in turn (each
// target refuted lowers the bound by one) until it finds one, which is
// then optimal, or reaches what it has. When ctx ends first, SolveMax
// returns the best arrangement found with Optimal false and the bound
// proved so far; if it had found none, the context's error (wrapped).
func SolveMax(ctx context.Context, p board.Position, obj Objective) (MaxResult, error) {
	t0 := time.Now()
	if err := p.Validate(); err != nil {
		return MaxResult{}, fmt.Errorf("solve max: %w", err)
	}
	prob, _ := problemOf(p)
	var lockedW, total int
	for _, c := range p.Cells {
		if c.Tile == board.None {
			continue
		}
		wt := 1
		if obj == Points {
			wt = int(c.Tile)
		}
		total += wt
		if c.Locked() {
			lockedW += wt
		}
	}
	visits := orientations(p.Size)
	n := len(p.Cells)
	var res MaxResult
	sol := make([]int8, n)
	finish := func(value int32) {
		res.Solution, res.SetAside = arrangement(p, sol)
		res.Objective = lockedW + int(value)
		res.FoundAfter = time.Since(t0)
	}

	// An ordinary solution places every tile: a quick try first.
	first := findFirst(ctx, prob, visits, quickSeq, nil)
	res.Nodes += first.nodes
	if first.err != nil {
		return res, fmt.Errorf("solve max: stopped after %d nodes: %w", res.Nodes, first.err)
	}
	whole := func(sol []int8) (MaxResult, error) {
		res.Solution, res.SetAside = arrangement(p, sol)
		res.Objective, res.Bound, res.Optimal = total, total, true
		res.FoundAfter = time.Since(t0)
		return res, nil
	}
	if first.found {
		return whole(first.sol)
	}

	s := getMaxSearcher()
	defer putMaxSearcher(s)
	prob.Visit = visits[0]
	if !s.Reset(prob, obj == Points) {
		return res, ErrNoSolution
	}
	ub := s.RootBound()
	if ub < 0 {
		return res, ErrNoSolution
	}
	res.Bound = lockedW + int(ub)

	// Phase one: a short branch-and-bound, occupied first, for a good
	// arrangement.
	out := s.Search(ctx, search.MaxOptions{Best: -1, Optimise: true, NodeLimit: maxQuickNodes}, sol)
	res.Nodes += out.Nodes
	best := int32(-1)
	if out.Found {
		best = out.Value
		finish(best)
	}
	if out.Exhausted {
		if !out.Found {
			return res, ErrNoSolution
		}
		res.Bound, res.Optimal = res.Objective, true
		return res, nil
	}
	if best == ub {
		res.Optimal = true
		return res, nil
	}

	// Every tile placed is an ordinary solution: Solve's portfolio decides
	// whether one exists. If none does, at least the lightest tile is set
	// aside.
	if ub == s.Total() && !first.exhausted {
		full, err := Solve(ctx, p, FirstSolution())
		res.Nodes += full.Nodes
		switch {
		case err == nil:
			copy(sol, problemSolution(p, full.Solution))
			return whole(sol)
		case errors.Is(err, ErrNoSolution):
			first.exhausted = true
		}
	}
	if first.exhausted && ub == s.Total() {
		ub -= lightest(prob.Start, obj)
		res.Bound = lockedW + int(ub)
	}

	// Phase two: prove the bound, target by target from the top.
	for t := ub; t > best; t-- {
		if ctx.Err() != nil {
			break
		}
		out := s.Search(ctx, search.MaxOptions{Best: t - 1}, sol)
		res.Nodes += out.Nodes
		if out.Found {
			best = out.Value
			finish(best)
			res.Bound = res.Objective
			break
		}
		if !out.Exhausted {
			break
		}
		res.Bound = lockedW + int(t) - 1
	}
	if best < 0 {
		if ctx.Err() == nil && res.Bound < lockedW {
			return res, ErrNoSolution
		}
		return res, fmt.Errorf("solve max: stopped after %d nodes: %w", res.Nodes, ctx.Err())
	}
	res.Optimal = res.Bound == res.Objective
	return res, nil
}

// problemSolution returns the numbers of a solved position's cells.
func problemSolution(p board.Position, q board.Position) []int8 {
	out := make([]int8, len(q.Cells))
	for i, c := range q.Cells {
		out[i] = c.Tile
	}
	return out
}

// lightest is the smallest weight of a movable tile.
func lightest(start []int8, obj Objective) int32 {
	w := int32(1)
	if obj == Points {
		w = 6
		for _, t := range start {
			if t != search.Empty {
				w = min(w, int32(t))
			}
		}
	}
	return w
}

// arrangement puts sol's numbers on p's free cells and lists the movable
// tiles of p left over.
func arrangement(p board.Position, sol []int8) (board.Position, []int8) {
	q := p.Clone()
	var pool [7]int
	for i, c := range p.Cells {
		if c.Movable() {
			pool[c.Tile]++
		}
		if !c.Fixed {
			q.Cells[i].Tile = sol[i]
		}
	}
	for _, c := range q.Cells {
		if !c.Fixed && c.Tile != board.None {
			pool[c.Tile]--
		}
	}
	var aside []int8
	for v, k := range pool {
		for range k {
			aside = append(aside, int8(v))
		}
	}
	slices.Sort(aside)
	return q, aside
}
