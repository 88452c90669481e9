package solver

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
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
	if len(spareMax) < 3 {
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
// and is optimal): the lone first search of Solve, then its portfolio for
// a few thousand nodes a lane. Then two branch-and-bounds for better
// arrangements race in two goroutines, in two orientations, sharing the
// best value found: up, after short searches for a first arrangement and
// good ones, in the reading order turned by 4·60°, and the other in
// reading order; the first to exhaust its space proves the best found
// optimal (or, having found none, that there is none). When ctx ends
// first, SolveMax returns the best arrangement found with Optimal false
// and the bound proved at the root; if it had found none, the context's
// error (wrapped).
//
// With tiles, the targets above what the tiles other than the movable 0s
// can reach (nzUB, from the root bound without them) need 0s placed: they
// are decided by search.MaxSearcher.ZeroSets (a 0 holes its cell and
// its neighbours), in turn with the second goroutine's branch-and-bound
// (or down), within budgets that double each turn, so a level where the
// sets of 0s do not help pays at most about as much again.
//
// With Threads(1), up's short searches run and then down on the same
// goroutine: from the bound at the root down, searches for an arrangement
// worth at least each target in turn (in reading order), each refuted
// target lowering the bound (by one, or by two for points, whose values
// have one parity), until one is found: the same nodes on every run.
// Of the other options none counts.
func SolveMax(ctx context.Context, p board.Position, obj Objective, opts ...Option) (MaxResult, error) {
	t0 := time.Now()
	cfg := config{threads: DefaultThreads()}
	for _, o := range opts {
		o(&cfg)
	}
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
		if obj == Points {
			placeZeros(p, sol)
		}
		res.Solution, res.SetAside = arrangement(p, sol)
		res.Objective = lockedW + int(value)
		res.FoundAfter = time.Since(t0)
	}

	// An ordinary solution places every tile: a quick try first, then the
	// portfolio of Solve for a few thousand nodes a lane (raised random
	// size 5 seed 72 has a solution, which the portfolio finds in 16,110
	// nodes; the searches below took 25 million).
	first := findFirst(ctx, prob, visits, quickSeq, false, nil)
	if !first.found && !first.exhausted && first.err == nil {
		quick := first.nodes
		first = portfolio(ctx, prob, visits, maxLanes, cfg.threads, false)
		first.nodes += quick
	}
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

	light := lightest(prob.Start, obj)
	// A 0 changes no other tile's count (its neighbours are empty): the
	// search leaves the 0s out. With points they are worth nothing and are
	// put back at the end wherever they fit; with tiles each arrangement
	// the search completes takes as many as fit (SetZeros).
	var zeros int32
	prob.Start = slices.Clone(prob.Start)
	for i, t := range prob.Start {
		if t == 0 {
			prob.Start[i] = search.Empty
			zeros++
		}
	}
	if obj == Points {
		zeros = 0
	}
	// Tiles of 5 and 6 that no arrangement can place (their forced
	// neighbours would want more high numbers than the pool holds) are set
	// aside before the search: its bounds then count without them; and
	// when no arrangement places them all together, the bounds set aside
	// the difference.
	capped := false
	caps, joint := search.HighCaps(prob)
	var pool [7]int32
	for i, t := range prob.Start {
		if t == search.Empty {
			continue
		}
		if pool[t]++; pool[t] > caps[t] {
			if !capped {
				prob.Start = slices.Clone(prob.Start)
				capped = true
			}
			prob.Start[i] = search.Empty
		}
	}
	probNZ := prob
	if zeros > 0 {
		prob.Start = slices.Clone(prob.Start)
		for i, c := range p.Cells {
			if c.Movable() && c.Tile == 0 {
				prob.Start[i] = 0
			}
		}
	}
	up, down := getMaxSearcher(), getMaxSearcher()
	defer putMaxSearcher(up)
	defer putMaxSearcher(down)
	up.SetHighCap(joint)
	down.SetHighCap(joint)
	prob.Visit = visits[maxUpVisit]
	if !up.Reset(prob, obj == Points) {
		return res, ErrNoSolution
	}
	prob.Visit = visits[maxDownVisit]
	down.Reset(prob, obj == Points)
	ub := up.RootBound()
	if first.exhausted && !capped && ub == up.Total() {
		// No arrangement places every tile: at least the lightest one is
		// set aside.
		ub = up.Round(ub - light)
	}
	if ub < 0 {
		return res, ErrNoSolution
	}

	// The race: up improves the best arrangement, down lowers the bound;
	// they meet at the optimum.
	var (
		mu      sync.Mutex
		floor   atomic.Int32 // best value found, shared with the searches
		bound   = ub         // under mu
		bestVal = int32(-1)  // under mu
		upDone  bool         // under mu: up exhausted its space
		nodes   atomic.Int64
	)
	floor.Store(-1)
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	onFound := func(v int32, found []int8) {
		mu.Lock()
		defer mu.Unlock()
		if v > bestVal {
			bestVal = v
			copy(sol, found)
			finish(v)
			floor.Store(v)
		}
		if bestVal >= bound {
			cancel()
		}
	}
	upRun := func(s *search.MaxSearcher, seq []upStep) {
		buf := make([]int8, n)
		q := prob // each goroutine its own visit order
		for k, st := range seq {
			if k > 0 && st.visit != seq[k-1].visit {
				q.Visit = visits[st.visit]
				s.Reset(q, obj == Points)
			}
			out := s.Search(rctx, search.MaxOptions{
				Best: -1, Optimise: !st.first, EmptyFirst: st.emptyFirst, NodeLimit: st.limit,
				Floor: &floor, OnFound: onFound,
			}, buf)
			nodes.Add(out.Nodes)
			if out.Exhausted && (!st.first || !out.Found) {
				// Nothing better than the best found (or nothing at all).
				mu.Lock()
				upDone, bound = true, min(bound, max(bestVal, -1))
				mu.Unlock()
				cancel()
				return
			}
			if out.Err != nil {
				return
			}
		}
	}
	// Targets above what the other tiles alone can reach need 0s placed:
	// ZeroSets decides them by the sets of cells the 0s take.
	nzUB := ub
	var zs *search.MaxSearcher
	if zeros > 0 {
		zs = getMaxSearcher()
		defer putMaxSearcher(zs)
		zs.SetHighCap(joint)
		zs.Reset(probNZ, false)
		nzUB = zs.RootBound()
	}
	// zeroRun decides, from the bound down, the targets above nzUB within
	// budget nodes a target; true when none is left (or one was found).
	zq := probNZ
	zq.Visit = visits[maxDownVisit]
	zbuf := make([]int8, n)
	zt, zdone := int32(-1), search.ZeroProgress{} // the target being refuted, how far
	zeroRun := func(budget int64) bool {
		for {
			mu.Lock()
			t := bound
			mu.Unlock()
			if zeros == 0 || t <= nzUB || t <= floor.Load() {
				return true
			}
			if t != zt {
				zt, zdone = t, search.ZeroProgress{}
			}
			out := zs.ZeroSets(rctx, zq, visits, zeros, t, t-nzUB, budget, &zdone, zbuf)
			nodes.Add(out.Nodes)
			if out.Found {
				onFound(out.Value, zbuf)
				return true
			}
			if !out.Exhausted {
				return false
			}
			mu.Lock()
			bound = min(bound, max(t-1, floor.Load()))
			done := bestVal >= bound
			mu.Unlock()
			if done {
				cancel()
				return true
			}
		}
	}
	// downRun searches, from the bound down, for an arrangement worth each
	// target, within budget nodes a search (0: none); true when it ended
	// (found one, or refuted every target above the best found).
	downRun := func(s *search.MaxSearcher, budget int64) bool {
		buf := make([]int8, n)
		for {
			mu.Lock()
			t := bound
			mu.Unlock()
			if t < 0 || t <= floor.Load() {
				return true
			}
			out := s.Search(rctx, search.MaxOptions{Best: t - 1, Floor: &floor, OnFound: onFound, NodeLimit: budget}, buf)
			nodes.Add(out.Nodes)
			if out.Found {
				// Found: worth t or more, while every target above t was
				// refuted: optimal (onFound cancelled the other searches).
				return true
			}
			if !out.Exhausted {
				return out.Err != nil
			}
			// Nothing is worth t or more, nor more than the floor the
			// search ended with (which another search may have raised
			// above t-1 meanwhile; it cannot have risen since).
			mu.Lock()
			bound = min(bound, max(s.Round(t-1), floor.Load()))
			done := bestVal >= bound
			mu.Unlock()
			if done {
				cancel()
				return true
			}
		}
	}
	if cfg.threads == 1 {
		// One goroutine, the same nodes on every run: up's short searches,
		// then down, which alone is complete, in turn with zeroRun while
		// targets above nzUB are left, the budgets doubling.
		upRun(up, maxUpSeq[:len(maxUpSeq)-1])
		for b := int64(zeroBudget); !upDone && rctx.Err() == nil; b *= 2 {
			lim := int64(0)
			if zeros > 0 && bound > nzUB {
				lim = b
			}
			if downRun(down, lim) || rctx.Err() != nil {
				break
			}
			zeroRun(b)
		}
	} else {
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			upRun(up, maxUpSeq)
		}()
		go func() {
			defer wg.Done()
			// zeroRun and a branch-and-bound in turn while targets above
			// nzUB are left, the budgets doubling; then the latter alone.
			for b := int64(zeroBudget); rctx.Err() == nil; b *= 2 {
				mu.Lock()
				left := zeros > 0 && bound > nzUB
				mu.Unlock()
				if !left {
					upRun(down, maxBBSeq)
					return
				}
				upRun(down, []upStep{{maxDownVisit, false, false, b}})
				if rctx.Err() == nil {
					zeroRun(b)
				}
			}
		}()
		wg.Wait()
	}
	res.Nodes += nodes.Load()
	if bestVal < 0 {
		if (upDone || bound < 0) && ctx.Err() == nil {
			return res, ErrNoSolution
		}
		return res, fmt.Errorf("solve max: stopped after %d nodes: %w", res.Nodes, ctx.Err())
	}
	res.Bound = lockedW + int(bound)
	res.Optimal = bound == bestVal
	return res, nil
}

// The visit orders (indices into orientations) of the searches of
// SolveMax: up, the branch-and-bound for better arrangements (maxUpVisit for
// its first searches, maxBBVisit for the last, to the end), and down, the
// searches for the bound with one goroutine, or the second
// branch-and-bound with two. Down alone (Threads(1)) in reading order proved
// random size 4 seed 89 raised in 0.95 million nodes, rows from the
// outside in 4.1 million, rings from the outside in 27 million (seed 53:
// 0.83, 0.52 and 6.4 million; official level 35: 100,312, 405,026 and
// 341,912 nodes). From one orientation to another the nodes of a proof
// vary by up to 1,000 times (random size 5 seed 3 raised: 75 to 1.3
// million), so up's last search runs in another orientation than down's:
// of the twelve reading orders, the one turned by 4·60° (index 4) made
// with reading order the pair with the fewest nodes on the 32 hardest
// proofs (the smaller of the two: at most 2.7 million, in all 7.5
// million, against 16 million for reading order alone). Up's last search
// in rows from the outside in made the race worse for points (random size
// 5 seed 56: 94 points and a bound of 184 after 40 s, against 176 proved
// after 2.5 million nodes in reading order); a second down search in
// place of up's last made it worse too (same level: 5.2 million nodes
// against 2.7 million). Refuting the optimum plus one alone costs far
// less than the whole descent from the root bound (random size 4 seed 53
// raised, points: 158,726 nodes turned by 4·60° against 1.8 million down
// in reading order; size 5 seed 56: 1.0 and 1.1 million against 2.7), so
// with two goroutines the second one is a branch-and-bound too (size 5
// seed 56, points: 1.9 to 2.0 million nodes in all, against 2.5 to 3.1
// million with down).
var maxUpVisit, maxDownVisit, maxBBVisit = 0, 0, 4

// upStep is one search of up: the visit order, empty first or not, stop
// at the first arrangement or not, and the node budget (0: to the end).
type upStep struct {
	visit             int
	emptyFirst, first bool
	limit             int64
}

// maxUpSeq is what up does, in turn: an arrangement of any value first,
// empty first (a dive occupied first can sink for seconds into a part of
// the space with none, random size 5 seed 72), then short
// branch-and-bounds in other orientations, then one to the end.
var maxUpSeq = []upStep{
	{maxUpVisit, true, true, 20_000},
	{12, false, false, 20_000},
	{6, false, false, 20_000},
	{maxBBVisit, false, false, 0},
}

// maxBBSeq is what the second goroutine does: a branch-and-bound to the
// end in down's orientation.
var maxBBSeq = []upStep{{maxDownVisit, false, false, 0}}

// maxLanes is Solve's portfolio (lanes) with a budget of maxLaneNodes per
// lane, for the try at a whole solution in SolveMax: a budgeted lane ends
// without an answer, so the portfolio ends when every lane has.
// zeroBudget is the first budget in nodes of zeroRun and of the search it
// alternates with.
const zeroBudget = 20_000

var maxLanes = func() []lane {
	ls := make([]lane, len(lanes))
	for i, l := range lanes {
		ls[i].seq = slices.Clone(l.seq)
		for k := range ls[i].seq {
			if st := &ls[i].seq[k]; st.limit == 0 {
				st.limit = maxLaneNodes
			}
		}
	}
	return ls
}()

const maxLaneNodes = 8_000

// placeZeros puts p's movable 0s on the free cells of sol that have no
// occupied neighbour, as many as fit.
func placeZeros(p board.Position, sol []int8) {
	zeros := 0
	for _, c := range p.Cells {
		if c.Movable() && c.Tile == 0 {
			zeros++
		}
	}
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
