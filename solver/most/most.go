package most

import (
	"context"
	"fmt"
	"slices"
	"time"

	"hexiom/board"
	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// Objective is what Solve maximises.
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

// Result is an arrangement of a subset of a position's tiles in which
// every tile on the board has its number of occupied neighbours.
type Result struct {
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
	// FoundAfter is when Solution was found, from the start of Solve.
	FoundAfter time.Duration
	// OverBudget reports that the tables of the occupancy view were
	// skipped, or fewer of them made, for MemBudget: a bound they would
	// have proved may be missing.
	OverBudget bool
}

// Gap is how far Objective may be from the optimum.
func (r Result) Gap() int { return r.Bound - r.Objective }

// Option changes how Solve searches.
type Option func(*config)

type config struct {
	threads int
	mem     int64 // MemBudget
}

// Threads sets how many goroutines Solve may use (the default is
// solver.DefaultThreads()). With 1 it runs on the calling goroutine and
// visits the same nodes on every run.
func Threads(n int) Option { return func(c *config) { c.threads = max(1, n) } }

// configOf is the settings opts make.
func configOf(opts []Option) config {
	cfg := config{threads: solver.DefaultThreads()}
	for _, o := range opts {
		o(&cfg)
	}
	return cfg
}

// searchers keeps Solve's searchers for reuse.
var searchers = solver.Spares[search.MaxSearcher]{Keep: 4}

// Solve solves the overconstrained variant of p: it places as many of
// its movable tiles as it can (obj Tiles), or tiles of the largest sum of
// numbers (obj Points), so that every tile on the board, locked ones
// included, has exactly its number of occupied neighbours; holes stay
// empty and the tiles left out are set aside. Every position has such an
// arrangement unless its locked tiles cannot all be satisfied, whatever is
// placed around them: then Solve returns solver.ErrNoSolution.
//
// Before any search, search.Unsatisfiable propagates what the locked
// tiles force (a SAT solver's unit propagation): when that leaves some
// locked tile or forced tile no number, solver.ErrNoSolution at once. It first
// tries the whole level (an ordinary solution places every tile
// and is optimal): the lone first search of solver.Solve, then its portfolio for
// a few thousand nodes a lane. Then two branch-and-bounds for better
// arrangements race in two goroutines, in two orientations, sharing the
// best value found: up, after short searches for a first arrangement and
// good ones, in the reading order turned by 4·60°, and the other in
// reading order; the first to exhaust its space proves the best found
// optimal (or, having found none, that there is none). When ctx ends
// first, Solve returns the best arrangement found with Optimal false
// and the bound proved at the root; if it had found none, the context's
// error (wrapped).
//
// With tiles, the targets above what the tiles other than the movable 0s
// can reach (nzUB, from the root bound without them) need 0s placed: they
// are decided by search.MaxSearcher.ZeroSets (a 0 holes its cell and
// its neighbours), in turn with the second goroutine's branch-and-bound
// (or down), within budgets that double each turn, so a level where the
// sets of 0s do not help pays at most about as much again. While the
// target of placing every tile is open (the first phase neither found nor
// refuted a whole solution), solver.Solve's restart lanes, kept from turn to
// turn, get turns of the same budgets (whole): a whole solution that the
// first phase's budget missed is found there far sooner than by the max
// searches, whose bounds see only sums; from the turns of
// wholeLearnBudget nodes on, the lanes learn (Learn). While those turns run and the
// best found is two values or more below the bound, each turn also gives
// a quarter of its budget to a dive: a search for a target halfway
// between them from the root, in another orientation each time (with
// Threads(1) the best found could stay poor for good; see dive).
// With two goroutines or more, once the race has run a while (occStart:
// 0.25 s on boards whose state has 16 bits or less, 0.5 s at 17 and 18
// bits and over 19, 1 s at 19), the
// second goroutine decides the targets from the bound down by the
// occupancy view where the board allows it (search.OccDP, in the board's
// turn with the narrowest state, at most 19 bits: most boards of size 5
// and less; see occAll; where λ's bound stays too far above the goal for
// the pass, a depth-first search by the same table looks for an
// arrangement worth the bound, checked by the rule before it counts:
// occFind), then goes on; on boards of 20 to 22 bits (most of size 6)
// it tries instead, once, the Lagrangian bound on the best found plus
// one, and for tiles the split (occWide). occWide ran on a third
// goroutine until round eight: on the second, far size 6 (quiet, 100
// pairs) proved 98 against 96–97, s6-2 tiles 9.0 → 6.0 s, s6-27 6.8 →
// 4.4, s6-17 points 6.3–10 (once unproved) → 4.5.
//
// With Threads(1), up's short searches run and then down on the same
// goroutine: from the bound at the root down, searches for an arrangement
// worth at least each target in turn (in reading order), each refuted
// target lowering the bound (by one, or by two for points, whose values
// have one parity), until one is found: the same nodes on every run.
func Solve(ctx context.Context, p board.Position, obj Objective, opts ...Option) (Result, error) {
	t0 := time.Now()
	cfg := configOf(opts)
	if err := p.Validate(); err != nil {
		return Result{}, fmt.Errorf("solve max: %w", err)
	}
	prob, _ := solver.ProblemOf(p)
	lockedW, total := weights(p, obj)
	visits := solver.Orientations(p.Size)
	var res Result
	if search.Unsatisfiable(prob) {
		return res, solver.ErrNoSolution // the locked tiles, by propagation
	}

	first := solver.PlaceAll(ctx, prob, visits, cfg.threads, laneNodes)
	res.Nodes += first.Nodes
	if first.Err != nil {
		return res, fmt.Errorf("solve max: stopped after %d nodes: %w", res.Nodes, first.Err)
	}
	if first.Found {
		return placedAll(res, p, first.Sol, total, t0), nil
	}

	light := lightest(prob.Start, obj)
	mp := maxProblemOf(p, prob, obj)
	up, down := searchers.Get(), searchers.Get()
	defer searchers.Put(up)
	defer searchers.Put(down)
	ub, ok := rootBound(&mp, visits, obj, up, down, first.Exhausted, light)
	if !ok {
		return res, solver.ErrNoSolution
	}

	r := newMaxRace(ctx, mp, visits, obj == Points, ub, t0)
	r.mem = cfg.mem
	r.round = down.Round // occ runs on down's goroutine
	defer r.cancel()
	if !first.Exhausted && !mp.capped {
		r.openWhole(p, prob, obj, up.Total(), light)
	}
	if mp.zeros > 0 {
		// Targets above what the other tiles alone can reach need 0s
		// placed: ZeroSets decides them by the sets of cells the 0s take.
		r.startZeros(&mp)
	}
	res.Nodes += r.run(cfg.threads, up, down)
	return r.result(ctx, p, obj, lockedW, res)
}

// placedAll is Solve's result when an ordinary solution, sol, places
// every tile (worth total): optimal.
func placedAll(res Result, p board.Position, sol []int8, total int, t0 time.Time) Result {
	res.Solution, res.SetAside = arrangement(p, sol)
	res.Objective, res.Bound, res.Optimal = total, total, true
	res.FoundAfter = time.Since(t0)
	return res
}

// rootBound resets up and down for mp, each with its visit order (mp's
// left with down's), and returns the bound at the root: when no arrangement places every tile
// (exhausted), at least the lightest tile, of weight light, is set aside.
// It reports false when nothing fits.
func rootBound(mp *maxProblem, visits [][]int32, obj Objective, up, down *search.MaxSearcher, exhausted bool, light int32) (int32, bool) {
	up.SetHighCap(mp.joint)
	down.SetHighCap(mp.joint)
	mp.prob.Visit = visits[maxUpVisit]
	if !up.Reset(mp.prob, obj == Points) {
		return 0, false
	}
	mp.prob.Visit = visits[maxDownVisit]
	down.Reset(mp.prob, obj == Points)
	ub := up.RootBound()
	if exhausted && !mp.capped && ub == up.Total() {
		ub = up.Round(ub - light)
	}
	return ub, ub >= 0
}

// weights returns the weight of p's locked tiles and of all its tiles for
// obj: their number, or the sum of their numbers.
func weights(p board.Position, obj Objective) (locked, total int) {
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
			locked += wt
		}
	}
	return locked, total
}

// maxProblem is Solve's problem for its searches.
type maxProblem struct {
	// prob: the movable 0s out of the pool with points (they are worth
	// nothing and placeZeros puts them back at the end wherever they
	// fit), and the 5s and 6s beyond HighCaps' caps out of it.
	prob search.Problem
	// probNZ: prob without the movable 0s, for ZeroSets (with tiles; each
	// arrangement the search completes takes as many 0s as fit).
	probNZ search.Problem
	zeros  int32 // the movable 0s, with tiles (0 with points)
	capped bool  // some tiles are out of the pool for HighCaps' caps
	joint  int32 // HighCaps' joint cap of the 5s and 6s
}

// maxProblemOf derives the problems of the searches of Solve from p's
// problem: a 0 changes no other tile's count (its neighbours are empty),
// and tiles of 5 and 6 that no arrangement can place (their forced
// neighbours would want more high numbers than the pool holds) are set
// aside before the search: its bounds then count without them; and when
// no arrangement places them all together, the bounds set aside the
// difference.
func maxProblemOf(p board.Position, prob search.Problem, obj Objective) maxProblem {
	var mp maxProblem
	prob.Start = slices.Clone(prob.Start)
	for i, t := range prob.Start {
		if t == 0 {
			prob.Start[i] = search.Empty
			mp.zeros++
		}
	}
	if obj == Points {
		mp.zeros = 0
	}
	prob.Start, mp.capped, mp.joint = capHigh(prob)
	mp.probNZ = prob
	if mp.zeros > 0 {
		prob.Start = slices.Clone(prob.Start)
		for i, c := range p.Cells {
			if c.Movable() && c.Tile == 0 {
				prob.Start[i] = 0
			}
		}
	}
	mp.prob = prob
	return mp
}

// capHigh takes out of prob's pool the 5s and 6s beyond HighCaps' caps
// (capped: some were; a copy of Start then), and returns HighCaps' joint
// cap of the 5s and 6s.
func capHigh(prob search.Problem) (start []int8, capped bool, joint int32) {
	caps, joint := search.HighCaps(prob)
	start = prob.Start
	var pool [7]int32
	for i, t := range start {
		if t == search.Empty {
			continue
		}
		if pool[t]++; pool[t] > caps[t] {
			if !capped {
				start = slices.Clone(start)
				capped = true
			}
			start[i] = search.Empty
		}
	}
	return start, capped, joint
}

// placeZeros puts p's movable 0s on the free cells of sol that have no
// occupied neighbour, as many as fit (those sol has placed already, a
// whole solution's, count).
func placeZeros(p board.Position, sol []int8) {
	zeros := zerosOut(p, sol)
	for i, c := range p.Cells {
		if zeros == 0 {
			return
		}
		if c.Fixed || sol[i] != search.Empty {
			continue
		}
		alone := true
		for _, j := range p.Geom().Nbrs[i] {
			alone = alone && sol[j] == search.Empty
		}
		if alone {
			sol[i] = 0
			zeros--
		}
	}
}

// zerosOut counts p's movable 0s that sol has not placed.
func zerosOut(p board.Position, sol []int8) int {
	zeros := 0
	for i, c := range p.Cells {
		if c.Movable() && c.Tile == 0 {
			zeros++
		}
		if !c.Fixed && sol[i] == 0 {
			zeros--
		}
	}
	return zeros
}

// hasMovableZero reports whether p has a movable tile of 0.
func hasMovableZero(p board.Position) bool {
	for _, c := range p.Cells {
		if c.Movable() && c.Tile == 0 {
			return true
		}
	}
	return false
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
