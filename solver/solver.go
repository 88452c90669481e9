package solver

import (
	"context"
	"errors"
	"fmt"
	"math"
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

// DefaultOptNodes is the default budget of the search for fewer moves: on
// random size-6 levels it keeps the median solve near 1.3 ms, with 51.2 tiles
// to move on average against 51.9 after 2,000 nodes and 50.0 after 20,000
// (BENCHMARKS.md). A caller to whom a move costs
// more than a few milliseconds, like the bot, asks for more with MaxOptNodes.
const DefaultOptNodes = 5_000

// NoRestarts searches once, in reading order, to the end (for experiments
// and benchmarks of the core).
func NoRestarts() Option { return func(c *config) { c.restarts = false } }

// Order picks what the search tries first at each cell when NoRestarts is
// given: "high" (occupied; the default), "start" (as at the start) or
// "empty". With restarts, the portfolio mixes both ways.
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

// step is one search of findFirst: the visit order (an index into
// orientations), whether to try "empty" before "occupied" at each cell,
// and the node budget (0: to the end).
type step struct {
	visit      int
	emptyFirst bool
	limit      int64
}

// quickSeq is the first, lone search: reading order, occupied first, a
// small budget. Most levels need no more.
var quickSeq = []step{{0, false, 3000}}

// raceA and raceB race when quickSeq did not answer. A: reading order to
// the end. B: small restarts over other orientations, visit orders and
// value orders (a hard start one way is often easy another), then the
// rings from the outside in (spiralOut), to the end. The restarts kept are
// those that answered first on random size-6 levels (seeds 1000..3999:
// 10, 16, 265, 50 and 25 times; the three dropped 0, 1 and 0 times).
// Level 38, the hardest official level, takes 14,816 nodes in the rings
// from the outside in, against 32,352 in rows from the outside in and
// 150,030 in reading order.
var (
	raceA = []step{{0, false, 0}}
	raceB = []step{
		{0, true, 2000}, {12, true, 2000}, {6, false, 2000},
		{15, false, 2000}, {9, false, 2000},
		{spiralOut, false, 0},
	}
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
// The search for a first solution first runs alone in reading order for
// quickLimit nodes, which solves most levels. If that is not enough, two
// searches race in parallel goroutines and the first to answer wins: one in
// reading order to the end; the other restarts with a small budget in other
// orientations, visit orders and value orders (a hard start one way is
// often easy another), then searches the rings from the outside in to the
// end.
// Both last searches are complete, so Solve is complete. Then a
// branch-and-bound looks for a solution that keeps more tiles in place.
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
	visits := orientations(p.Size)

	// A first solution: a portfolio of two searches, in parallel.
	var first attempt
	if !cfg.restarts {
		first = findFirst(ctx, prob, visits, []step{{cfg.orient, cfg.order == search.EmptyFirst, 0}})
	} else {
		// Most random levels fall in a few hundred nodes: try that first,
		// alone.
		first = findFirst(ctx, prob, visits, quickSeq)
	}
	if cfg.restarts && !first.found && !first.exhausted && first.err == nil {
		quick := first.nodes
		wctx, cancel := context.WithCancel(ctx)
		done := make(chan attempt, 2)
		go func() {
			// Reading order, to the end.
			done <- findFirst(wctx, prob, visits, raceA)
		}()
		go func() {
			// Restarts with a small budget in the other orientations, in
			// reading order and rows from the outside in, then ring by
			// ring from the outside in, to the end.
			done <- findFirst(wctx, prob, visits, raceB)
		}()
		// The first definitive answer wins and stops the other search.
		a := <-done
		if a.err == nil && (a.found || a.exhausted) {
			cancel()
		}
		b := <-done
		cancel()
		if a.err != nil || (!a.found && !a.exhausted) {
			a, b = b, a
		}
		first = a
		first.nodes += b.nodes + quick
		if first.err != nil && ctx.Err() != nil {
			first.err = ctx.Err()
		}
	}
	nodes := first.nodes
	switch {
	case first.err != nil:
		return Result{Nodes: nodes}, fmt.Errorf("solve: stopped after %d nodes: %w", nodes, first.err)
	case first.impossible || !first.found:
		return Result{Nodes: nodes}, ErrNoSolution
	}
	sol, orient := first.sol, first.visit
	s := getSearcher()
	defer putSearcher(s)
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

// attempt is the outcome of findFirst.
type attempt struct {
	found, exhausted bool
	impossible       bool // Reset found it impossible
	sol              []int8
	visit            int
	nodes            int64
	err              error
}

// findFirst searches for a first solution in each step in turn until one
// answers.
func findFirst(ctx context.Context, prob search.Problem, visits [][]int32, seq []step) attempt {
	s := getSearcher()
	defer putSearcher(s)
	sol := make([]int8, len(prob.Nbrs))
	var at attempt
	for _, st := range seq {
		v := st.visit
		order := search.HighFirst
		if st.emptyFirst {
			order = search.EmptyFirst
		}
		prob.Visit = visits[v]
		if !s.Reset(prob) {
			at.impossible, at.exhausted = true, true
			return at
		}
		out := s.Search(ctx, search.Options{Order: order, NodeLimit: st.limit, Best: -1}, sol)
		at.nodes += out.Nodes
		if out.Err != nil {
			at.err = out.Err
			return at
		}
		if out.Found {
			at.found, at.sol, at.visit = true, sol, v
			return at
		}
		if out.Exhausted {
			at.exhausted = true
			return at
		}
	}
	return at
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

// spiralOut is the index in orientations of the rings from the outside in.
const spiralOut = 24

// orientations returns 25 orders in which to visit the cells of a board of
// side s: for each of the twelve orientations (rotated by k·60°, mirrored
// or not), first its reading order (entries 0..11), then its rows from the
// outside in (12..23); then the rings from the outside in (spiralOut).
// Plain reading order comes first.
func orientations(s int) [][]int32 {
	orientMu.Lock()
	defer orientMu.Unlock()
	if o := orientCache[s]; o != nil {
		return o
	}
	g := board.Geom(s)
	n := g.N()
	var out [][]int32
	for _, outin := range []bool{false, true} {
		for t := 0; t < 12; t++ {
			mirror, rot := t/6, t%6
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
				y := -b // text row of the turned board, 0..2s−2
				if outin {
					// Rows from the outside in: 0, 2s−2, 1, 2s−3, …
					if y <= s-1 {
						y = 2 * y
					} else {
						y = 2*(2*s-2-y) + 1
					}
				}
				keys[i] = key{y, a}
			}
			out = append(out, cellsSorted(n, func(i, j int) bool {
				if keys[i].y != keys[j].y {
					return keys[i].y < keys[j].y
				}
				return keys[i].x < keys[j].x
			}))
		}
	}
	out = append(out, spiral(s))
	orientCache[s] = out
	return out
}

// spiral returns the cells of a board of side s ring by ring from the
// outer ring inwards, each ring counter-clockwise from the east. Its
// frontier is one ring, and the corners (often locked on official
// levels) come first.
func spiral(s int) []int32 {
	g := board.Geom(s)
	n := g.N()
	type key struct {
		ring int
		ang  float64
	}
	keys := make([]key, n)
	for i, c := range g.Coords {
		dx, dy := c.X-(s-1), c.Y-(s-1) // from the centre; rows go down
		ring := max(dx, -dx, dy, -dy, dx-dy, dy-dx)
		// The cell's centre in the plane: each row down shifts half a cell left.
		ang := math.Atan2(-float64(dy)*math.Sqrt(3)/2, float64(dx)-float64(dy)/2)
		if ang < 0 {
			ang += 2 * math.Pi
		}
		keys[i] = key{-ring, ang}
	}
	return cellsSorted(n, func(i, j int) bool {
		if keys[i].ring != keys[j].ring {
			return keys[i].ring < keys[j].ring
		}
		return keys[i].ang < keys[j].ang
	})
}

// cellsSorted returns the cells 0..n-1 in the order less gives them.
func cellsSorted(n int, less func(i, j int) bool) []int32 {
	ord := make([]int32, n)
	for i := range ord {
		ord[i] = int32(i)
	}
	sort.Slice(ord, func(x, y int) bool { return less(int(ord[x]), int(ord[y])) })
	return ord
}
