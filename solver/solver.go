package solver

import (
	"context"
	"errors"
	"fmt"
	"sort"
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
	// Optimal reports that no solution needs fewer moves: the
	// branch-and-bound ran to exhaustion.
	Optimal bool
	Nodes   int64 // search nodes visited, over all restarts
}

// Option changes how Solve searches.
type Option func(*config)

type config struct {
	first    bool
	optNodes int64
	order    search.Order
	restarts bool
	orient   int // with restarts off: the orientation to search in
}

// FirstSolution stops at the first solution found; Moves is then what that
// solution needs, with no claim of being the fewest.
func FirstSolution() Option { return func(c *config) { c.first = true } }

// MaxOptNodes bounds the search for fewer moves after the first solution to
// n nodes (0: until proven). The default is DefaultOptNodes.
func MaxOptNodes(n int64) Option { return func(c *config) { c.optNodes = n } }

// DefaultOptNodes is the default budget of the search for fewer moves.
const DefaultOptNodes = 20_000

// NoRestarts searches once, in reading order, to the end (for experiments
// and benchmarks of the core).
func NoRestarts() Option { return func(c *config) { c.restarts = false } }

// Order picks what the first search tries first at each cell: "high"
// (occupied; the default), "start" (as at the start) or "empty".
func Order(name string) Option {
	return func(c *config) {
		switch name {
		case "start":
			c.order = search.StartFirst
		case "empty":
			c.order = search.EmptyFirst
		default:
			c.order = search.HighFirst
		}
	}
}

// firstLimit is the node budget of the first round of restarts, which tries
// the twelve orientations of the board; each further round has four times
// the budget, and round lastRound is one search to the end, in reading order.
const (
	firstLimit = 2000
	lastRound  = 1
)

// Searchers are kept for reuse (their memo table is a few megabytes). A
// sync.Pool would drop them at every garbage collection.
var (
	spareMu sync.Mutex
	spare   []*search.Searcher
)

const maxSpare = 4

func getSearcher() *search.Searcher {
	spareMu.Lock()
	defer spareMu.Unlock()
	if n := len(spare); n > 0 {
		s := spare[n-1]
		spare = spare[:n-1]
		return s
	}
	return new(search.Searcher)
}

func putSearcher(s *search.Searcher) {
	spareMu.Lock()
	defer spareMu.Unlock()
	if len(spare) < maxSpare {
		spare = append(spare, s)
	}
}

// Solve solves p. It returns ErrNoSolution when no solution exists, the
// context's error (wrapped) when ctx ends before a solution is found, and an
// error for a malformed position. When ctx ends during the search for fewer
// moves, Solve returns the best solution found so far with Optimal false.
//
// The search for a first solution restarts with a growing node budget in
// each of the twelve orientations of the board (six rotations, mirrored or
// not), since a hard start in one direction is often easy in another; the
// last round has no budget, so Solve is complete. Then a branch-and-bound
// looks for a solution that keeps more tiles in place.
func Solve(ctx context.Context, p board.Position, opts ...Option) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, fmt.Errorf("solve: %w", err)
	}
	cfg := config{optNodes: DefaultOptNodes, order: search.HighFirst, restarts: true}
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
	s := getSearcher()
	defer putSearcher(s)
	sol := make([]int8, n)
	var nodes int64
	visits := orientations(p.Size)

	// A first solution.
	found, orient := false, 0
	limit := int64(firstLimit)
	for round := 0; !found; round++ {
		for o := range visits {
			lim := limit
			if !cfg.restarts || round == lastRound {
				// The last round is one complete search.
				o, lim = cfg.orient, 0
			}
			prob.Visit = visits[o]
			if !s.Reset(prob) {
				return Result{}, ErrNoSolution
			}
			out := s.Search(ctx, search.Options{Order: cfg.order, NodeLimit: lim, Best: -1}, sol)
			nodes += out.Nodes
			if out.Err != nil {
				return Result{Nodes: nodes}, fmt.Errorf("solve: stopped after %d nodes: %w", nodes, out.Err)
			}
			if out.Found {
				found, orient = true, o
				break
			}
			if out.Exhausted {
				return Result{Nodes: nodes}, ErrNoSolution
			}
		}
		limit *= 4
	}
	kept := keptOf(prob, sol)
	res := Result{Moves: movable - kept, Nodes: nodes}
	if cfg.first || kept == movable {
		res.Optimal = kept == movable
		res.Solution = solution(p, sol)
		return res, nil
	}

	// Fewer moves: branch-and-bound from the kept count found.
	better := make([]int8, n)
	prob.Visit = visits[orient]
	s.Reset(prob)
	out := s.Search(ctx, search.Options{Order: search.StartFirst, Optimise: true, OptNodes: cfg.optNodes, Best: int32(kept)}, better)
	res.Nodes += out.Nodes
	if out.Found {
		sol = better
		res.Moves = movable - out.Kept
	}
	res.Optimal = out.Exhausted
	res.Solution = solution(p, sol)
	return res, nil
}

func keptOf(p search.Problem, sol []int8) int {
	k := 0
	for i, t := range p.Start {
		if t != search.Empty && sol[i] == t {
			k++
		}
	}
	return k
}

func solution(p board.Position, sol []int8) board.Position {
	q := p.Clone()
	for i, c := range p.Cells {
		if !c.Fixed {
			q.Cells[i].Tile = sol[i]
		}
	}
	return q
}

var (
	orientMu    sync.Mutex
	orientCache [board.MaxSize + 1][][]int32
)

// orientations returns the twelve orders in which to visit the cells of a
// board of side s: reading order of the board rotated by k·60° and maybe
// mirrored. Reading order itself comes first.
func orientations(s int) [][]int32 {
	orientMu.Lock()
	defer orientMu.Unlock()
	if o := orientCache[s]; o != nil {
		return o
	}
	g := board.Geom(s)
	n := g.N()
	var out [][]int32
	for mirror := 0; mirror < 2; mirror++ {
		for rot := 0; rot < 6; rot++ {
			type key struct{ y, x int }
			keys := make([]key, n)
			for i, c := range g.Coords {
				// Cube coordinates: the six neighbour steps are the
				// permutations of (1, −1, 0).
				a, b, cc := c.X, -c.Y, c.Y-c.X
				if mirror == 1 {
					b, cc = cc, b
				}
				for r := 0; r < rot; r++ {
					a, b, cc = -cc, -a, -b
				}
				keys[i] = key{-b, a}
			}
			ord := make([]int32, n)
			for i := range ord {
				ord[i] = int32(i)
			}
			sort.Slice(ord, func(x, y int) bool {
				kx, ky := keys[ord[x]], keys[ord[y]]
				if kx.y != ky.y {
					return kx.y < ky.y
				}
				return kx.x < ky.x
			})
			out = append(out, ord)
		}
	}
	orientCache[s] = out
	return out
}
