package solver

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"hexiom/board"
	"hexiom/solver/internal/search"
)

// ErrNoSolution means the search was exhausted: no arrangement of the tiles
// satisfies the rule.
var ErrNoSolution = errors.New("no solution")

// Result is a solved position and what it took.
type Result struct {
	Solution board.Position
	// Moves is how many movable tiles stand on a cell where the solution
	// has another number or no tile: the tiles that must be dragged.
	Moves int
	// Optimal reports that no solution needs fewer moves (the
	// branch-and-bound ran to exhaustion).
	Optimal bool
	Nodes   int64 // search nodes visited
}

// Option changes how Solve searches.
type Option func(*config)

type config struct {
	opts search.Options
}

// FirstSolution stops at the first solution found; Moves is then what that
// solution needs, with no claim of being the fewest.
func FirstSolution() Option { return func(c *config) { c.opts.Optimise = false } }

// MaxOptNodes bounds the search for fewer moves after the first solution to
// n more nodes (0: until proven). The default is DefaultOptNodes.
func MaxOptNodes(n int64) Option { return func(c *config) { c.opts.OptNodes = n } }

// DefaultOptNodes is the default budget of the search for fewer moves.
const DefaultOptNodes = 200_000

// Order picks the value order of the search (for experiments and
// benchmarks): "start" (the tile standing there first; the default),
// "high" (high numbers first) or "empty" (empty first).
func Order(name string) Option {
	return func(c *config) {
		switch name {
		case "high":
			c.opts.Order = search.HighFirst
		case "empty":
			c.opts.Order = search.EmptyFirst
		default:
			c.opts.Order = search.StartFirst
		}
	}
}

var pool = sync.Pool{New: func() any { return new(search.Searcher) }}

// Solve solves p. It returns ErrNoSolution when no solution exists, the
// context's error (wrapped) when ctx ends before a solution is found, and an
// error for a malformed position. When ctx ends during the search for fewer
// moves, Solve returns the best solution found so far with Optimal false.
func Solve(ctx context.Context, p board.Position, opts ...Option) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, fmt.Errorf("solve: %w", err)
	}
	cfg := config{opts: search.Options{Optimise: true, OptNodes: DefaultOptNodes}}
	for _, o := range opts {
		o(&cfg)
	}
	g := p.Geom()
	n := len(p.Cells)
	prob := search.Problem{
		Nbrs:   g.Nbrs,
		Hole:   make([]bool, n),
		Locked: make([]int8, n),
		Start:  make([]int8, n),
	}
	movable := 0
	for i, c := range p.Cells {
		prob.Hole[i] = c.Hole()
		prob.Locked[i], prob.Start[i] = search.Empty, search.Empty
		switch {
		case c.Locked():
			prob.Locked[i] = c.Tile
		case c.Movable():
			prob.Start[i] = c.Tile
			movable++
		}
	}
	s := pool.Get().(*search.Searcher)
	defer pool.Put(s)
	if !s.Reset(prob) {
		return Result{}, ErrNoSolution
	}
	sol := make([]int8, n)
	out := s.Search(ctx, cfg.opts, sol)
	if !out.Found {
		if out.Err != nil {
			return Result{Nodes: out.Nodes}, fmt.Errorf("solve: stopped after %d nodes: %w", out.Nodes, out.Err)
		}
		return Result{Nodes: out.Nodes}, ErrNoSolution
	}
	res := Result{Solution: p.Clone(), Moves: movable - out.Kept, Optimal: out.Optimal, Nodes: out.Nodes}
	for i, c := range p.Cells {
		if !c.Fixed {
			res.Solution.Cells[i].Tile = sol[i]
		}
	}
	return res, nil
}
