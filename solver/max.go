package solver

import (
	"context"
	"fmt"
	"iter"
	"math"
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
	// OverBudget reports that the tables of the occupancy view were
	// skipped, or fewer of them made, for MemBudget: a bound they would
	// have proved may be missing.
	OverBudget bool
}

// Gap is how far Objective may be from the optimum.
func (r MaxResult) Gap() int { return r.Bound - r.Objective }

// SolveMax solves the overconstrained variant of p: it places as many of
// its movable tiles as it can (obj Tiles), or tiles of the largest sum of
// numbers (obj Points), so that every tile on the board, locked ones
// included, has exactly its number of occupied neighbours; holes stay
// empty and the tiles left out are set aside. Every position has such an
// arrangement unless its locked tiles cannot all be satisfied, whatever is
// placed around them: then SolveMax returns ErrNoSolution.
//
// Before any search, search.Unsatisfiable propagates what the locked
// tiles force (a SAT solver's unit propagation): when that leaves some
// locked tile or forced tile no number, ErrNoSolution at once. It first
// tries the whole level (an ordinary solution places every tile
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
// sets of 0s do not help pays at most about as much again. While the
// target of placing every tile is open (the first phase neither found nor
// refuted a whole solution), Solve's restart lanes, kept from turn to
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
	lockedW, total := weights(p, obj)
	visits := orientations(p.Size)
	var res MaxResult
	if search.Unsatisfiable(prob) {
		return res, ErrNoSolution // the locked tiles, by propagation
	}

	first := placeAll(ctx, prob, visits, cfg.threads)
	res.Nodes += first.nodes
	if first.err != nil {
		return res, fmt.Errorf("solve max: stopped after %d nodes: %w", res.Nodes, first.err)
	}
	if first.found {
		return placedAll(res, p, first.sol, total, t0), nil
	}

	light := lightest(prob.Start, obj)
	mp := maxProblemOf(p, prob, obj)
	up, down := maxSearchers.get(), maxSearchers.get()
	defer maxSearchers.put(up)
	defer maxSearchers.put(down)
	ub, ok := rootBound(&mp, visits, obj, up, down, first.exhausted, light)
	if !ok {
		return res, ErrNoSolution
	}

	r := newMaxRace(ctx, mp, visits, obj == Points, ub, t0)
	r.mem = cfg.mem
	r.round = down.Round // occ runs on down's goroutine
	defer r.cancel()
	if !first.exhausted && !mp.capped {
		r.openWhole(p, prob, obj, up.Total(), light)
	}
	if mp.zeros > 0 {
		// Targets above what the other tiles alone can reach need 0s
		// placed: ZeroSets decides them by the sets of cells the 0s take.
		r.zs = maxSearchers.get()
		defer maxSearchers.put(r.zs)
		r.startZeros(&mp)
	}
	defer func() {
		if r.ds != nil {
			maxSearchers.put(r.ds)
		}
	}()
	res.Nodes += r.run(cfg.threads, up, down)
	return r.result(ctx, p, obj, lockedW, res)
}

// startZeros readies r.zs, ZeroSets' searcher, for mp's board without
// the movable 0s, and the bound above which targets need 0s.
func (r *maxRace) startZeros(mp *maxProblem) {
	r.zs.SetHighCap(mp.joint)
	r.zs.Reset(mp.probNZ, false)
	r.nzUB = r.zs.RootBound()
}

// run runs the searches up and down, alone on this goroutine with one
// thread, else raced, and returns the nodes they took.
func (r *maxRace) run(threads int, up, down *search.MaxSearcher) int64 {
	if threads == 1 {
		r.alone(up, down)
	} else {
		r.race(up, down)
	}
	return r.nodes.Load() + r.wr.stop()
}

// placedAll is SolveMax's result when an ordinary solution, sol, places
// every tile (worth total): optimal.
func placedAll(res MaxResult, p board.Position, sol []int8, total int, t0 time.Time) MaxResult {
	res.Solution, res.SetAside = arrangement(p, sol)
	res.Objective, res.Bound, res.Optimal = total, total, true
	res.FoundAfter = time.Since(t0)
	return res
}

// openWhole is for a level still open as a whole (no ordinary solution
// found or ruled out, no tile out of the pool): the target of every tile,
// worth total, is decided by Solve's portfolio on prob in turns (whole).
func (r *maxRace) openWhole(p board.Position, prob search.Problem, obj Objective, total, light int32) {
	r.prob, r.wholeT, r.light = prob, total, light
	r.wholeRefutes = obj == Tiles || !hasMovableZero(p)
}

// placeAll looks for an ordinary solution, one that places every tile: a
// quick try first, then the portfolio of Solve for a few thousand nodes a
// lane (raised random size 5 seed 72 has a solution, which the portfolio
// finds in 16,110 nodes; the searches of SolveMax took 25 million).
func placeAll(ctx context.Context, prob search.Problem, visits [][]int32, threads int) attempt {
	first := findFirst(ctx, prob, visits, quickSeq, new(bool), nil)
	if !first.found && !first.exhausted && first.err == nil {
		quick := first.nodes
		first = portfolio(ctx, prob, visits, maxLanes, threads, false)
		first.nodes += quick
	}
	return first
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

// result completes res from the race's end: the best arrangement found
// (its weight plus lockedW, the locked tiles'), the bound, or why none.
func (r *maxRace) result(ctx context.Context, p board.Position, obj Objective, lockedW int, res MaxResult) (MaxResult, error) {
	if r.bestVal < 0 {
		if (r.upDone || r.bound < 0) && ctx.Err() == nil {
			return res, ErrNoSolution
		}
		return res, fmt.Errorf("solve max: stopped after %d nodes: %w", res.Nodes, ctx.Err())
	}
	if obj == Points {
		placeZeros(p, r.sol)
	}
	res.Solution, res.SetAside = arrangement(p, r.sol)
	res.Objective, res.Bound = lockedW+int(r.bestVal), lockedW+int(r.bound)
	res.Optimal, res.FoundAfter = r.bound == r.bestVal, r.foundAfter
	res.OverBudget = r.overBudget || r.od != nil && r.od.Capped()
	return res, nil
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

// maxProblem is SolveMax's problem for its searches.
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

// maxProblemOf derives the problems of the searches of SolveMax from p's
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
	caps, joint := search.HighCaps(prob)
	mp.joint = joint
	var pool [7]int32
	for i, t := range prob.Start {
		if t == search.Empty {
			continue
		}
		if pool[t]++; pool[t] > caps[t] {
			if !mp.capped {
				prob.Start = slices.Clone(prob.Start)
				mp.capped = true
			}
			prob.Start[i] = search.Empty
		}
	}
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

// maxRace is what SolveMax's searches share once the whole level is out
// of reach: up improves the best arrangement, down (or a second
// branch-and-bound) lowers the bound, ZeroSets decides the targets that
// need movable 0s; they meet at the optimum, and the first to see it
// cancels the others.
type maxRace struct {
	ctx    context.Context // the race's: cancelled once it is decided
	cancel context.CancelFunc
	t0     time.Time
	mp     maxProblem
	visits [][]int32
	points bool

	floor   atomic.Int32 // the best value found, shared with the searches
	nodes   atomic.Int64
	onFound func(v int32, sol []int8) // found, made once

	mu         sync.Mutex
	bound      int32         // under mu: the best upper bound proved
	bestVal    int32         // under mu: the value of sol (-1: none yet)
	sol        []int8        // under mu: the best arrangement found
	foundAfter time.Duration // under mu: when, from t0
	upDone     bool          // under mu: up exhausted its space

	// ZeroSets, with tiles and movable 0s (zs nil otherwise): the targets
	// above nzUB need 0s; zt is the one being refuted, zdone how far.
	zs    *search.MaxSearcher
	nzUB  int32
	zq    search.Problem
	zbuf  []int8
	zt    int32
	zdone search.ZeroProgress

	// Dives (dive): ds searches a target halfway between the best found
	// and the bound, in the orientation diveVisits[dn%len].
	ds   *search.MaxSearcher
	dn   int
	dbuf []int8

	// The whole level, while no search has decided it (wholeT > 0): prob
	// is its exact problem, wholeT the value of placing every movable tile
	// (the race's target at the start when the root bounds allow it),
	// light the lightest tile's weight; wholeRefutes: an exact search that
	// exhausts its space refutes wholeT (with points and movable 0s it
	// does not: the 0s may be what does not fit).
	prob         search.Problem
	wr           wholeRun
	wholeT       int32
	light        int32
	wholeRefutes bool

	// The occupancy view (occAll, race's second goroutine): od decides
	// targets by search.OccDP, occT the last one tried with its λ's steps occDual;
	// occOff: not on this board (its state too wide), or done for good.
	od      *search.OccDP
	occOff  bool
	wide    bool // occ is occWide (a board over OccMaxBits)
	occT    int32
	occDual search.Dual
	occAt   time.Time // when occ starts (occStart)
	// mem is MemBudget's budget (0: none); overBudget, the tables were
	// skipped or fewer for it (fitMem).
	mem        int64
	overBudget bool

	// occFind's search (nil until its first call), its buffers, and the
	// problem r.od was laid out for (occOrder).
	of      *search.OccFind
	ofOcc   []bool
	ofSol   []int8
	occProb search.Problem

	round func(int32) int32 // down's Round (occ runs on its goroutine)

	// pz is up's context: occ pauses up while its passes of Eval run on
	// both goroutines (SetWorkers(2)), and lets it run while occ's work
	// is on one goroutine (Refute's pass, Find).
	pz *pauser
}

// pauser is a context whose Err, which a search calls every 1024 nodes,
// blocks while it is paused (the search waits there, losing nothing),
// until resumed or the parent ends. Far size 6 (issue 27, round nine):
// with up paused during occWide's passes, s6-10 tiles 7.8 → 6.0 s and
// s6-40 11.4 → 9.2 s (three busy goroutines on two cores slowed each pass
// by a third); far size 5 seed 18, tiles, 1.08-1.13 → 0.87-0.96 s.
type pauser struct {
	context.Context
	mu sync.Mutex
	ch chan struct{} // closed on resume; nil: not paused
}

// Err is the parent's, once p is not paused.
func (p *pauser) Err() error {
	p.mu.Lock()
	ch := p.ch
	p.mu.Unlock()
	if ch != nil {
		select {
		case <-ch:
		case <-p.Context.Done():
		}
	}
	return p.Context.Err()
}

// pause makes Err block from now on (it may already be blocking).
func (p *pauser) pause() {
	p.mu.Lock()
	if p.ch == nil {
		p.ch = make(chan struct{})
	}
	p.mu.Unlock()
}

// unpaused resumes p if paused, and returns what pauses it again.
func (p *pauser) unpaused() func() {
	p.mu.Lock()
	was := p.ch != nil
	p.mu.Unlock()
	if !was {
		return func() {}
	}
	p.resume()
	return p.pause
}

// resume releases Err.
func (p *pauser) resume() {
	p.mu.Lock()
	if p.ch != nil {
		close(p.ch)
		p.ch = nil
	}
	p.mu.Unlock()
}

func newMaxRace(ctx context.Context, mp maxProblem, visits [][]int32, points bool, ub int32, t0 time.Time) *maxRace {
	n := len(mp.prob.Nbrs)
	r := &maxRace{t0: t0, mp: mp, visits: visits, points: points, bound: ub, bestVal: -1, nzUB: ub, zt: -1}
	r.ctx, r.cancel = context.WithCancel(ctx)
	r.pz = &pauser{Context: r.ctx}
	r.floor.Store(-1)
	r.sol = make([]int8, n)
	r.onFound = r.found
	r.zq = mp.probNZ
	r.zq.Visit = visits[maxDownVisit]
	r.zbuf = make([]int8, n)
	return r
}

// found takes an arrangement of value v that a search found (the
// searches' OnFound); when it meets the bound the race is decided.
func (r *maxRace) found(v int32, sol []int8) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if v > r.bestVal {
		r.bestVal = v
		copy(r.sol, sol)
		r.foundAfter = time.Since(r.t0)
		r.floor.Store(v)
	}
	if r.bestVal >= r.bound {
		r.cancel()
	}
}

// target is the bound proved so far: the value to look for next.
func (r *maxRace) target() int32 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bound
}

// refuted lowers the bound to b (a target above it refuted); true when
// the race is decided (the best found meets it), which cancels it.
func (r *maxRace) refuted(b int32) bool {
	r.mu.Lock()
	r.bound = min(r.bound, b)
	done := r.bestVal >= r.bound
	r.mu.Unlock()
	if done {
		r.cancel()
	}
	return done
}

// zerosLeft reports whether targets above what the tiles other than the
// 0s can reach are left (for ZeroSets).
func (r *maxRace) zerosLeft() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.mp.zeros > 0 && r.bound > r.nzUB
}

// wholeLeft reports whether the target of placing every tile is still
// open (for whole).
func (r *maxRace) wholeLeft() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.wholeT > 0 && r.bound >= r.wholeT && r.bestVal < r.wholeT
}

// dive searches, within budget/diveShare nodes, for an arrangement worth
// a target halfway between the best found and the bound (a
// branch-and-bound from there), from the root in the next orientation of
// diveVisits, while they are two values apart or more: found, it raises
// the best found; refuted, it lowers the bound. With Threads(1), what up's
// short searches find may stay the best found while down refutes targets
// far above it: far size 6 seed 29, tiles, had 17 tiles after 10 s
// (CaDiCaL found 64 in 20 s; two goroutines 65); with dives, 65 within
// 0.5 s (issue 27, round four). With two goroutines up's last
// branch-and-bound mostly finds as much (the same gaps on far size 6).
func (r *maxRace) dive(budget int64) {
	if !r.diveLeft() {
		return
	}
	if r.ds == nil {
		r.ds = maxSearchers.get()
		r.ds.SetHighCap(r.mp.joint)
		r.dbuf = make([]int8, len(r.sol))
	}
	lo, hi := r.floor.Load(), r.target()
	t := lo + (hi-lo+1)/2 // with points, the search raises a target of the wrong parity
	q := r.mp.prob
	q.Visit = r.visits[diveVisits[r.dn%len(diveVisits)]]
	r.dn++
	r.ds.Reset(q, r.points)
	out := r.ds.Search(r.ctx, search.MaxOptions{Best: t - 1, Optimise: true, NodeLimit: budget / diveShare, Floor: &r.floor, OnFound: r.onFound}, r.dbuf)
	r.nodes.Add(out.Nodes)
	if out.Exhausted {
		r.refuted(max(r.ds.Round(t-1), r.floor.Load()))
	}
}

// occAll decides targets from the bound down by the occupancy view
// (search.OccDP: the exact pass over the occupied sets in reading order,
// pruned by a Lagrangian table) while it can (occLeft). Race's second
// goroutine calls it once the race has run occStart: far size 5 seeds 41
// and 51, tiles, and seed 51, points, were not proved in 10 s; with it
// they are in a few seconds (issue 27, round five).
func (r *maxRace) occAll() {
	if r.wide {
		r.occOff = true     // once
		defer r.pz.resume() // (occWide pauses it: widePause)
		r.occWide()
		return
	}
	r.od.SetWorkers(2)
	r.pz.pause()
	defer r.pz.resume()
	for r.ctx.Err() == nil && r.occLeft() {
		r.occ(occMaxLayer)
	}
}

// occ decides, from the bound down, targets by r.od within limit states
// a layer, occWindow values at once: a pass for the lowest of them
// (at least the best found plus one) refutes them all, or finds the
// optimum among them (the best of its last layer). A refuted window lowers
// the bound, the optimum found sets it (the searches still have to find
// its arrangement), and that, or a pass undecided at occMaxLayer, ends occ
// for good (occOff). A goal's λ starts from the last goal's best (the
// first from occPrior) and takes
// its steps in the stages of occStages, the pass tried after each (a good
// λ keeps the layers small: the stages stop at the first λ good enough).
func (r *maxRace) occ(limit int) {
	w, wf := occWeights(r.points)
	unit := int32(1)
	if r.points {
		unit = 2
	}
	for r.ctx.Err() == nil {
		t, fl := r.target(), r.floor.Load()
		if t <= fl {
			return
		}
		g := r.occGoal(t, fl, unit)
		out, refuted, done, best := r.occTryStages(w, wf, t, g, unit, limit)
		switch out {
		case occNextGoal:
			continue
		case occStop:
			return
		}
		if !done {
			r.occOff = r.ctx.Err() == nil // it will not get further
			return
		}
		if !refuted {
			// best is the optimum: every target above it is refuted. Its
			// arrangement may be quick to find (occFind).
			r.occOff = true
			if !r.refuted(best) {
				r.occFind(w, r.occDual.BestLam, best)
			}
			return
		}
		if r.refuted(max(r.round(g-1), r.floor.Load())) {
			return
		}
	}
}

// occGoal returns the goal of occ's next pass for the target t above the
// floor fl, values unit apart, and starts its λ afresh when the goal
// changed.
func (r *maxRace) occGoal(t, fl, unit int32) int32 {
	// (With points, fl is worth an even sum less the locked tiles', as
	// every value: fl+1 would weaken the pass's pruning for nothing;
	// far size 5 seed 51 from 155 took 37 million states, from 156
	// 0.2 million.)
	g := max(fl+unit, t-(occWindow-1)*unit)
	if r.od.Bits() <= occSmallBits {
		// A narrow board's pass keeps about as many states for any
		// goal: down to the best found plus one at once (far size 4
		// seed 49, points: one pass in place of two).
		g = fl + unit
	}
	if g != r.occT {
		from := r.occDual.BestLam
		if r.occT < 0 {
			from = occPrior(r.points)
		}
		r.occDual.Start(&from)
		r.occT = g
		r.od.ClearTables() // they were for another goal
	}
	return g
}

// occOutcome is how occTryStages ended.
type occOutcome int

const (
	occDecided  occOutcome = iota // refuted, done and best say
	occNextGoal                   // a search found the target: on to the next
	occStop                       // occ is over (occOff set)
)

// occFindFirst tries, at a stage of steps λ steps, the searches that may
// find the target t before a pass for the goal g (values unit apart):
// occNextGoal when one found it, occStop when the pass would keep too
// much and none did (occOff set), else occDecided. stallFind says whether
// occFind was tried for stalled steps already (once a goal).
func (r *maxRace) occFindFirst(w [7]int32, steps int, t, g, unit int32, stallFind *bool) occOutcome {
	d := &r.occDual
	if r.od.Bits() > occSmallBits && d.Best >= float64(g+unit) {
		// A value or more above the goal: the pass would keep
		// too much (far size 5 seed 32, tiles, whose goal is
		// reachable: 43.10 after 12 steps, the pass failed three
		// times in 4.5 s; the refuted goals were 0.1 to 0.9 of a
		// value above). But a search may find the bound itself
		// (occFind); refuting it, it goes on.
		if d.Best < float64(t+occFindGap) && (r.occSplitFind(t, d.BestLam, occSplitFindBudget) || r.occFind(w, d.BestLam, t)) && r.ctx.Err() == nil && r.target() < t {
			return occNextGoal
		}
		r.occOff = true
		return occStop
	}
	if !*stallFind && r.od.Bits() > occSmallBits && (d.StepsDone < steps || d.Best >= float64(g)+occFindNear) {
		// The steps stalled above the goal, or left it half a
		// value or more above: it may well be reachable (far size
		// 5 seed 54, tiles, a whole solution: 38.97 against 38
		// after 12 steps, where the pass kept 4 million states
		// undecided, and 38.00 after 19): occFind looks for the
		// bound first, once.
		*stallFind = true
		if r.occFind(w, d.BestLam, t) {
			return occNextGoal
		}
	}
	return occDecided
}

// occSplitLimit is the most targets occSplit takes on: few before the
// first pass, more once passes failed.
func occSplitLimit(passes int) int {
	if passes > 0 {
		return occSplitMost
	}
	return occSplitFirst
}

// occTryStages takes the goal g's λ through the stages of occStages, trying
// after each what it may (occFind, occSplit, the pass), for the target t.
func (r *maxRace) occTryStages(w [7]int32, wf [7]float64, t, g, unit int32, limit int) (out occOutcome, refuted, done bool, best int32) {
	best = -1
	triedSteps, triedLayer, stallFind := -1, 0, false
	passes, split, findRest := 0, false, false
	var rest [][7]int32 // the targets the split left
	for _, st := range occStages {
		d := &r.occDual
		if d.StepsDone < st.steps {
			r.od.Steps(r.ctx, d, wf, float64(g), st.steps-d.StepsDone)
		}
		if d.Best < float64(g) {
			return occDecided, true, true, best
		}
		if out := r.occFindFirst(w, st.steps, t, g, unit, &stallFind); out != occDecided {
			return out, refuted, done, best
		}
		if d.StepsDone < st.steps && st.layer < occMaxLayer || d.StepsDone == triedSteps && st.layer <= triedLayer {
			continue // the steps stalled: on to the largest layers, once
		}
		if !split && !r.points {
			// The targets one by one (occSplit): before the first
			// pass if they are few (far size 5 seed 65, tiles, one
			// target told apart in 0.16 s, where the pass took 0.65),
			// else once a pass failed.
			if r2, ok := r.occSplit(g, d.BestLam, occSplitLimit(passes), occSepIters, nil); ok {
				split, rest, findRest = true, r2, true
				if len(rest) == 0 {
					return occDecided, true, true, best
				}
			}
		}
		if findRest && (passes > 0 || d.Best >= float64(g)+occFindNear) {
			// Find for each target left, by its tables, once a pass
			// failed or at once if λ's bound leaves the goal likely
			// (occFindNear; far size 6 seed 28, tiles, 0.58 above:
			// 64 found in half a million nodes, which the searches
			// did not find in 10 s; size 5 seed 18 0.47 above, its
			// goal refuted by the pass).
			findRest = false
			if r.occFindHists(d.BestLam, rest, g) {
				return occNextGoal, refuted, done, best
			}
		}
		passes++
		triedSteps, triedLayer = d.StepsDone, st.layer
		var states int64
		resume := r.pz.unpaused()
		refuted, done, states, best = r.od.Refute(r.ctx, w, d.BestLam, g, min(st.layer, limit))
		resume()
		r.nodes.Add(states)
		if done || r.ctx.Err() != nil {
			break
		}
	}
	return occDecided, refuted, done, best
}

// occSplit splits goal g by the histograms an arrangement worth it may
// have (search.OccDP.Targets, at most most): Separate tells those
// outside the hull of the arrangements' histograms apart, from λ's
// weights (ν = 1 − λ), at most iters passes a target, handing each one
// left to each (nil: none; true stops it), and tables for those left
// prune occ's passes from then on (SplitTables). It returns the targets
// left (none: g is refuted), and false when it did not split (or each
// stopped it). Far size 5 seed 18, tiles (issue 27, round eight): five of
// eight targets told apart, the pass for the three left kept 9 million
// states, not 174 million; round nine: parity leaves four targets, the
// box step tells three apart and leaves the fourth's table so near the
// hull that the pass keeps 0.57 million.
func (r *maxRace) occSplit(g int32, lam [7]float64, most, iters int, each func(h [7]int32, nu [7]float64) bool) ([][7]int32, bool) {
	w, _ := occWeights(r.points)
	ts := r.od.Targets(w, g, most)
	if ts == nil {
		return nil, false
	}
	r.od.ClearTables()
	var nu [7]float64
	for k := range nu {
		nu[k] = 1 - lam[k]
	}
	stopped := false
	var hand func(h [7]int32, nu [7]float64) bool
	if each != nil {
		hand = func(h [7]int32, nu [7]float64) bool { stopped = each(h, nu); return stopped }
	}
	rest, last, ok := r.od.Separate(r.ctx, ts, nu, iters, &r.occDual, hand)
	if !ok || stopped {
		return nil, false // (no tables: each decided)
	}
	if len(rest) > 0 && !r.od.SplitTables(r.ctx, rest, last) {
		return nil, false
	}
	return rest, true
}

// occSplitFind looks for an arrangement worth t by the targets of the
// split (occSplit), each left looked for by occFindHist as soon as
// Separate leaves it, within budget nodes; every target told apart, t is
// refuted. It reports whether it decided t. occ calls it when λ's bound
// leaves the goal a value or more below the bound t, before occFind: far
// size 5 seed 59, points (the bound 94 from the root, reached; the
// searches find it after 0.8 to 1.4 s): one target of 94 points left, the
// 0s and a 1 set aside, found by FindHist in 1.4 million nodes, 0.63 to
// 0.89 s in all (issue 27, round nine).
func (r *maxRace) occSplitFind(t int32, lam [7]float64, budget int64) bool {
	found := false
	each := func(h [7]int32, nu [7]float64) bool {
		defer r.pz.unpaused()()
		found = r.occFindHist(h, nu, lam, budget) || r.ctx.Err() != nil
		return found
	}
	rest, ok := r.occSplit(t, lam, occSplitMost, occSepIters, each)
	switch {
	case found:
		return true
	case !ok:
		return false
	case len(rest) == 0:
		r.refuted(max(r.round(t-1), r.floor.Load()))
		return true
	}
	return false
}

// occSplitMost is the most targets occSplit takes (E = 3 of a pool of
// seven numbers: 120, 60 or so of the parity; far size 6 seed 10, 54 of
// 55 told apart by the shared pass), occSplitFirst the most before occ's
// first pass (E = 1: 8, four of the parity), occSepIters the most passes
// of Eval for a target after the shared one (far size 5 seed 18, its one
// target inside the hull: 3 passes, a pass of 0.57 million states then,
// against 10 passes to the box step's end and 0.62 million; the four far
// runs of sizes 4-5, 400 pairs, 3 against 40: 399 and 400 under 1 s, against
// 400 and 399; the 399s: s5-59 points 1.27 s, before occRetry, and
// s5-18 tiles 1.00 s).
const (
	occSplitMost  = 120
	occSplitFirst = 8
	occSepIters   = 3
)

// occSplitFindBudget is the node budget of occSplitFind's FindHist for
// each target (far size 5 seed 59, points: 1.42 million);
// occWideFindBudget occWide's (far size 6 seed 40, tiles: 8.4 million with
// its one target's table alone, 2.5 to 2.9 million with two; about 3
// million nodes a second at 22 bits).
const (
	occSplitFindBudget = 2_000_000
	occWideFindBudget  = 10_000_000
)

// occWide decides (race's second goroutine, once, in place of occ's
// stages: occAll), on a board too wide for them (20 to OccWideBits bits:
// far size 6), the best found plus one by the Lagrangian bound (its steps
// from occWidePrior, at most occWideSteps, for tiles occWideSplitSteps,
// each a pass of Eval: 0.3 to 0.6 s at 22 bits); a bound below it proves
// the best found optimal, else the bound's floor lowers the race's; for
// tiles, it then splits the goal (occSplit), looks for each target left
// (from the likeliest) by occFindHist within occWideFindBudget nodes as
// soon as Separate leaves it, and else tries one pass. Far size 6 (issue
// 27, round seven): seed 49 tiles refuted at the first step, seed 29
// tiles at the fourteenth; in round six neither was proved in 10 s. Round
// nine: s6-10 and s6-40, tiles, whose optimum is the best found plus one,
// found at 6.0 and 6.1 s (not in 10 s before).
func (r *maxRace) occWide() {
	w, wf := occWeights(r.points)
	unit := int32(1)
	if r.points {
		unit = 2
	}
	t, fl := r.target(), r.floor.Load()
	if t <= fl {
		return
	}
	g := fl + unit
	d := r.occWideLambda(wf, g)
	if r.ctx.Err() != nil || math.IsInf(d.Best, 1) {
		return
	}
	if b := r.round(int32(math.Floor(d.Best))); b < t {
		r.refuted(max(b, fl))
	}
	if d.Best < float64(g) || r.points || r.target() < g {
		return
	}
	// Tiles: the split, Find for each target left, and one pass by
	// their tables (far size 6 seeds 27 and 2, 20 and 21 bits, whose
	// least bounds are 0.34 and 0.29 above the goal: two targets left
	// each, refuted by passes of 12 and 3 million states). A goal found,
	// the next one (far size 6 seed 37: 60 found at 2 s, then 61 and the
	// bound, 62, which the searches found at 6.7 s).
	for ; r.ctx.Err() == nil && g <= r.target(); g = r.floor.Load() + unit {
		if !r.occWideSplit(w, g) {
			return
		}
	}
}

// occWideLambda takes occWide's λ steps for the goal g, from its prior, on
// two goroutines, and returns where they stand.
func (r *maxRace) occWideLambda(wf [7]float64, g int32) *search.Dual {
	r.od.SetWorkers(2) // Eval's steps split in two: 1.6 times as fast
	from := occWidePrior(r.points)
	d := &r.occDual
	d.Start(&from)
	steps := occWideSteps
	if !r.points {
		steps = occWideSplitSteps
	}
	for i := 0; i < steps && r.ctx.Err() == nil; i++ {
		n := d.StepsDone
		r.widePause()
		r.od.Steps(r.ctx, d, wf, float64(g), 1)
		if d.StepsDone == n {
			break
		}
	}
	return d
}

// occWideSplit decides the goal g by the split, Find for each target
// left, and one pass by their tables; true when Find found one, and the
// next goal is to be tried.
func (r *maxRace) occWideSplit(w [7]int32, g int32) bool {
	d := &r.occDual
	found := false
	each := func(h [7]int32, nu [7]float64) bool {
		defer r.pz.unpaused()() // the up search runs while Find does (one goroutine)
		found = r.occFindHist(h, nu, d.BestLam, occWideFindBudget) || r.ctx.Err() != nil
		return found
	}
	r.widePause()
	rest, ok := r.occSplit(g, d.BestLam, occSplitMost, occSepIters, each)
	switch {
	case found:
		return true
	case !ok:
		return false
	case len(rest) == 0:
		r.refuted(max(r.round(g-1), r.floor.Load()))
		return false
	}
	r.pz.resume()
	refuted, done, states, best := r.od.Refute(r.ctx, w, d.BestLam, g, occMaxLayer)
	r.nodes.Add(states)
	switch {
	case refuted:
		r.refuted(max(r.round(g-1), r.floor.Load()))
	case done && !r.refuted(best):
		r.occFind(w, d.BestLam, best)
	}
	return false
}

// widePause pauses up (r.pz) once the race has run occWidePauseAt: from
// then on occWide's passes of Eval have both processors.
func (r *maxRace) widePause() {
	if time.Since(r.t0) >= occWidePauseAt {
		r.pz.pause()
	}
}

// occWidePauseAt is when occWide starts pausing up: the levels up decides
// in a second or two keep it (far size 6, quiet: with up paused from
// occWide's start, s6-26 tiles took 4.1 s against 0.8, s6-32 tiles and
// points 2.8 and 2.6 against 1.3).
const occWidePauseAt = 2 * time.Second

// occWidePrior is where occWide's λ starts: the mean of the λ that 60
// subgradient steps from 0 found on the far size 6 levels of seeds 100 to
// 139 that SolveMax did not prove in 2 s (six, all with tiles; not the
// levels of the measure, seeds 0 to 49).
func occWidePrior(points bool) [7]float64 {
	if points {
		return occPrior(true)
	}
	return [7]float64{0, 0.14, 0.37, 0.48, 0.54, 0.59, 0.65}
}

// occWideSteps is the most steps of λ occWide takes for points (they stop
// sooner once the bound cannot fall further: Steps). For tiles, with the
// split of round eight, stopping them once four steps lowered the bound
// by less than 0.02 lost far size 6 seed 17: 65.009 after 12 steps
// against a goal of 65, the split then took 6 s, against 4.5 s to the
// proof with the steps; with round nine's split, 6 steps (see
// occWideSplitSteps).
const occWideSteps = 80

// occWideSplitSteps is the most steps occWide takes for tiles before the
// split: the split's own passes go on lowering each target's bound. Far
// size 6, quiet (issue 27, round nine, before occWide went on goal after
// goal): 50 levels × 2 objectives, to the stall (24 to 25 steps) 98
// proved, s6-10 tiles 9.9 s, s6-48 unproved; 10 steps 100 proved, s6-10
// 6.5 s; then on the eight slowest, 10 steps against 6, one run each:
// s6-40 6.96 / 6.26 s, s6-10 5.91 / 5.46, s6-17 6.94 / 5.28, s6-37 7.35 /
// 6.98, the other four 2.4 to 3.7 s either way. Points keep occWideSteps
// (s6-17 points was unproved with 10).
const occWideSplitSteps = 6

// occPrior is the λ occ's first goal starts from: near the λ that 20 to
// 40 steps found on far size 5 levels (tiles: about 0.15 a count, at most
// 0.65, seeds 41, 51, 18, 65, 59 from 0 to 0.2 at 1 up to 0.6 to 0.8 at 6;
// points: the count less 0.6, seed 51 0, 0, 1.2, 2.4, 3.5, 4.5, 5.6). From
// it against from 0, the steps to a pass within 1 M states a layer: seed
// 41 tiles 4 against 10, 51 tiles 4 against 6, 51 points 6 against 12,
// seed 6 tiles refuted by λ alone in 4 against 10; seed 98 tiles 10
// either way (5.0 M states against 1.9 M), seed 65 16 against 12.
func occPrior(points bool) [7]float64 {
	var lam [7]float64
	for k := range lam {
		if points {
			lam[k] = max(0, float64(k)-0.6)
		} else {
			lam[k] = min(0.65, 0.15*float64(k))
		}
	}
	return lam
}

// occWeights is what a tile of each number is worth to the objective
// (Points: its number, Tiles: one), for search.OccDP: as integers for
// Refute, as floats for Lagrange.
func occWeights(points bool) (w [7]int32, wf [7]float64) {
	for k := range w {
		w[k] = 1
		if points {
			w[k] = int32(k)
		}
		wf[k] = float64(w[k])
	}
	return w, wf
}

// occCut is r.ctx, with a deadline at occStart while occ is still to
// start.
func (r *maxRace) occCut() (context.Context, context.CancelFunc) {
	if r.occOff || time.Now().After(r.occAt) {
		return r.ctx, func() {}
	}
	return context.WithDeadline(r.ctx, r.occAt)
}

// occDue runs occAll once the race has run occStart (a part of race's
// turns: its argument, the turn's budget, does not count).
func (r *maxRace) occDue(int64) {
	if !r.occOff && time.Now().After(r.occAt) && r.occReady() {
		r.occAll()
	}
}

// occReady lays occ out (occInit) the first time the race has run to
// occAt, which then becomes occStart; it reports whether occ is due now.
// Only race's second goroutine calls it.
func (r *maxRace) occReady() bool {
	if r.od == nil {
		r.occInit()
	}
	return !r.occOff && !time.Now().Before(r.occAt)
}

// zero1 is zero as a part of race's turns.
func (r *maxRace) zero1(budget int64) { r.zero(budget) }

// occLeft reports whether occ may still decide a target: the board's
// state is narrow enough (OccMaxBits), no target has been found
// reachable by it, nor left undecided at its largest layers, and (over
// occSmallBits) the bound is within occWindow values of the best found.
// Only race's second goroutine calls it.
func (r *maxRace) occLeft() bool {
	t, fl := r.target(), r.floor.Load()
	near := true
	if r.od.Bits() > occSmallBits {
		// Over 16 bits, occ waits for a bound within its window of the
		// best found (random size 5 seed 56 raised, points, 163 found
		// and a bound of 177 at 1 s: occ's steps cost 0.17 s to give up).
		step := int32(1)
		if r.points {
			step = 2
		}
		near = t-fl <= occWindow*step
	}
	return !r.occOff && t > fl && near
}

// occInit lays the board out for occ (off when its state is too wide) and
// sets when occ starts.
func (r *maxRace) occInit() {
	r.od, r.occT = new(search.OccDP), -1
	r.occProb = occOrder(r.mp.prob, r.visits)
	r.occOff = !r.od.Reset(r.occProb, search.OccWideBits)
	if !r.occOff && r.mem > 0 {
		r.occOff = !r.fitMem()
	}
	r.occAt = r.t0.Add(occStart(r.od.Bits()))
	// A wide board's occ is occWide, on the same goroutine.
	r.wide = !r.occOff && r.od.Bits() > search.OccMaxBits
}

// occOrder is p in the reading order, of the twelve turns and mirrors of
// the board, whose state is the narrowest (OccDP's cost doubles with each
// bit; the first of the narrowest, reading order if it is one). The
// holes and locked cells differ from one turn to another: of far size 6
// seeds 0 to 49, reading order has 20 to 23 bits, the narrowest 19 to 22
// (seed 28: 20 against 19, seed 10 23 against 22); size 5 seed 65, 19
// against 17 (issue 27, round seven).
func occOrder(p search.Problem, visits [][]int32) search.Problem {
	fi := make([]int32, len(p.Nbrs))
	best, bits := p, math.MaxInt
	for _, v := range visits[:12] {
		q := p
		q.Visit = v
		if k := search.OccBits(q, fi); k < bits {
			best, bits = q, k
		}
	}
	return best
}

// occStart is how long the race runs before occ starts on a board whose
// state has k bits: occSmallDelay up to occSmallBits (its passes cost
// little), else at least occDelay (the levels the searches prove sooner
// pay nothing: occ takes the second goroutine from its searches) and about
// 20 passes of Eval (2 µs a state of a step: 0.5 s at 18 bits, 1 s at
// 19). With 20 steps of plain subgradient and a sort per layer occ took
// seconds, and started at 2 s (from 1 s, far size 5 seeds 6 and 98,
// tiles, proved by the searches in 1.75 s, took 4.6 and 7.1 s). Round six,
// 18 bits, from 0.5 s against 1 s (λ from occPrior, load 3, two runs):
// far size 5 seed 41 tiles 1.35 / 1.31 s against 1.90 / 2.34, 51 tiles
// 1.36 / 1.24 against 1.81 / 1.76, 51 points 1.62 / 1.46 against 2.29 /
// 2.12, 53 tiles 0.93 / 1.12 against 1.59 / 1.59; seeds 32 and 54, tiles
// (a whole solution the searches find late), 1.23 / 2.10 against 1.90 /
// 1.15 and 3.98 / 6.27 against 3.99 / 4.15. Round eight, 0.35 s against
// 0.5 (17 and 18 bits; quiet, the far set of sizes 4 and 5, 400 pairs):
// 45.6 s in all against 48.8, s5-41 tiles 0.98 → 0.63 s, s5-53 0.93 →
// 0.59, s5-65 1.05 → 0.83, s5-59 points 0.83 → 0.61; none slower by over
// 42 ms but s5-18 tiles (1.8 and 2.4 s, run to run); bench-max's medians
// and maxima within their runs' spread.
func occStart(k int) time.Duration {
	if k <= occSmallBits {
		return occSmallDelay
	}
	if k > search.OccMaxBits {
		return occWideDelay
	}
	return max(occDelay, time.Duration(1<<k)*occPerState)
}

// occPerState is occStart's time a state of k bits (about 20 passes of
// Eval: 0.34 s at 18 bits, 0.68 s at 19). Round nine, 1.3 µs against 2
// (0.52 s at 18 bits; quiet, far size 5, 200 pairs, two runs each): 200
// and 200 under 1 s against 198 and 199, far s5-18 tiles 0.93 against 1.30
// s; the 17-bit levels, which start at occDelay either way, within their
// runs' spread.
const occPerState = 1300 * time.Nanosecond

// occRetry: when occ is due but the bound is not yet within its window of
// the best found (occLeft), the race tries again this much later (it
// tried once: far size 5 seed 59, points, whose 88 came at 0.30 to 0.37 s,
// had occ only when 88 came before 0.35 s).
const occRetry = 100 * time.Millisecond

// occSmallDelay, occDelay: see occStart; occWideDelay: when occWide
// starts (the lead's quiet run of far size 6, 50 levels × 2 objectives,
// from 1 s against 0.5 s: s6-17 points 9.45 → 6.74 s, s6-14 tiles 3.05
// → 1.93, s6-6 2.61 → 2.10; those the searches prove a little later: s6-7
// 1.07 → 1.63, s6-48 5.89 → 6.62, s6-37 3.09 → 3.32; the same 95
// proved); occSmallBits: on boards whose
// state is no wider, occ starts early and tries the pass however far the
// bound is from the goal (far size 4 seed 49, 14 bits: λ does not help,
// the pass refutes 52 from a bound of 64); occWindow: the targets a pass of occ
// decides at once (its layers are hardly larger than for the highest
// alone: far size 4 seed 49, points, 10.9 million states for each of the
// six targets from 56 down to 46); occMaxLayer bounds occ's layers (a state is
// 8 bytes; two layers live at once); occStages: the steps of λ (in all)
// after which occ tries the pass, and its layers' bound then (with the
// box step, whose passes of Eval cost 3 to 10 ms at 16 to 18 bits, the
// first pass after 12 steps, not 6: far size 5, occ's time to the proof
// at load 2.4, seed 65 tiles 0.96 → 0.64 s, 59 points 0.28 → 0.09, 98
// tiles 0.15 → 0.06, 41 tiles 0.10 → 0.19, 51 tiles 0.13 → 0.19, eight
// levels 2.12 → 1.65 s in all).
const (
	occSmallBits  = 16
	occWindow     = 3
	occSmallDelay = 250 * time.Millisecond
	occWideDelay  = 500 * time.Millisecond
	occDelay      = 350 * time.Millisecond
	occMaxLayer   = 1 << 22
)

var occStages = []struct{ steps, layer int }{
	{12, 1 << 20}, {24, 1 << 21}, {40, occMaxLayer}, {60, occMaxLayer},
}

// diveLeft reports whether the best found and the bound are two values
// apart or more (for dive).
func (r *maxRace) diveLeft() bool {
	step := int32(1)
	if r.points {
		step = 2
	}
	return r.target()-r.floor.Load() >= 2*step
}

// diveShare: a dive gets this part of the budget of a turn.
var diveShare int64 = 4

// diveVisits are the orientations of the dives in turn.
var diveVisits = []int{2, 8, 10, 16, 6, 20, 1, 13}

// whole gives Solve's restart lanes on the whole level (its exact counts
// are much stronger there than the max search's bounds, which see only
// sums), resumed where the last call left them, about budget nodes, while
// that target is open; a solution is worth wholeT, and with tiles an
// exhausted search refutes it. Far level size 5 seed 88 (42 tiles, a
// whole solution): Solve's portfolio finds it in 39,317 nodes, the max
// searches had not in 2 million.
func (r *maxRace) whole(budget int64) {
	if budget < 2*zeroBudget || !r.wholeLeft() || r.wr.over {
		return // the first turn is the others' alone: many levels end in it
	}
	if r.wr.cos == nil {
		r.wr.start(r.ctx, r.prob, r.visits)
	}
	r.wr.learn = budget >= wholeLearnBudget
	at, ok := r.wr.run(budget)
	switch {
	case !ok || at.err != nil:
	case at.found:
		r.found(r.wholeT, at.sol)
	case at.exhausted && r.wholeRefutes:
		r.refuted(max(r.floor.Load(), r.wholeT-r.light))
	}
}

// wholeLearnBudget is the budget of a turn from which whole's lanes learn
// (Options.Learn, from their next restart on): a level whose whole target
// resists that long pays for the nogoods, the others nothing. Far size 5
// seed 32, tiles (a whole solution), Threads(1): 3,368,955 nodes without,
// 919,688 with learning from 160,000 on (the same as from the first turn;
// from 320,000 on, 3,368,839); bench-max's official and random levels:
// the same nodes (learning in every turn cost them 17 % of CPU time,
// issue 27 round three).
var wholeLearnBudget int64 = 8 * zeroBudget

// wholeRun is Solve's restart lanes (lanes but the first, a short one
// that SolveMax's first phase ran), each a coroutine taking turns of
// search.PauseNodes nodes, kept from one call of run to the next.
type wholeRun struct {
	cos   []wholeLane
	turn  int
	over  bool // a lane answered (or all ended)
	learn bool // the lanes' searches learn (read at each restart)
}

type wholeLane struct {
	next func() (struct{}, bool)
	stop func()
	res  attempt
	done bool
}

func (w *wholeRun) start(ctx context.Context, prob search.Problem, visits [][]int32) {
	w.cos = make([]wholeLane, len(lanes)-1)
	for i, l := range lanes[1:] {
		c := &w.cos[i]
		c.next, c.stop = iter.Pull(func(yield func(struct{}) bool) {
			c.res = findFirst(ctx, prob, visits, l.seq, &w.learn, func() bool { return yield(struct{}{}) })
		})
	}
}

// run gives the lanes turns in rotation, about nodes in all; ok when a
// lane ended with an answer (or an error), at.
func (w *wholeRun) run(nodes int64) (at attempt, ok bool) {
	for spent := int64(0); spent < nodes; spent += search.PauseNodes {
		live := false
		for range w.cos {
			c := &w.cos[w.turn]
			w.turn = (w.turn + 1) % len(w.cos)
			if !c.done {
				live = true
				if _, more := c.next(); !more {
					c.done = true
					if c.res.definitive() || c.res.err != nil {
						w.over = true
						return c.res, true
					}
				}
				break
			}
		}
		if !live {
			w.over = true
			return at, false
		}
	}
	return at, false
}

// stop ends the lanes and returns their nodes.
func (w *wholeRun) stop() int64 {
	var n int64
	for i := range w.cos {
		w.cos[i].stop()
		n += w.cos[i].res.nodes
	}
	return n
}

// up runs the searches of seq on s in turn, each for a better
// arrangement than the best found (an arrangement of any value, with
// first), until one exhausts its space: then nothing better than the best
// found (or nothing at all) exists, and the race is decided.
func (r *maxRace) up(s *search.MaxSearcher, seq []upStep) {
	r.upCtx(r.ctx, s, seq)
}

// upCtx is up, stopped early when ctx ends (within r.ctx).
func (r *maxRace) upCtx(ctx context.Context, s *search.MaxSearcher, seq []upStep) {
	buf := make([]int8, len(r.sol))
	q := r.mp.prob // each goroutine its own visit order
	for k, st := range seq {
		if k > 0 && st.visit != seq[k-1].visit {
			q.Visit = r.visits[st.visit]
			s.Reset(q, r.points)
		}
		out := s.Search(ctx, search.MaxOptions{
			Best: -1, Optimise: !st.first, EmptyFirst: st.emptyFirst, NodeLimit: st.limit,
			Floor: &r.floor, OnFound: r.onFound,
		}, buf)
		r.nodes.Add(out.Nodes)
		if out.Exhausted && (!st.first || !out.Found) {
			// Nothing better than the best found (or nothing at all).
			r.mu.Lock()
			r.upDone, r.bound = true, min(r.bound, max(r.bestVal, -1))
			r.mu.Unlock()
			r.cancel()
			return
		}
		if out.Err != nil {
			return
		}
	}
}

// zero decides, from the bound down, the targets above nzUB within budget
// nodes a target; true when none is left (or one was found).
func (r *maxRace) zero(budget int64) bool {
	for {
		t := r.target()
		if r.mp.zeros == 0 || t <= r.nzUB || t <= r.floor.Load() {
			return true
		}
		if t != r.zt {
			r.zt, r.zdone = t, search.ZeroProgress{}
		}
		out := r.zs.ZeroSets(r.ctx, r.zq, r.visits, r.mp.zeros, t, t-r.nzUB, budget, &r.zdone, r.zbuf)
		r.nodes.Add(out.Nodes)
		if out.Found {
			r.found(out.Value, r.zbuf)
			return true
		}
		if !out.Exhausted {
			return false
		}
		if r.refuted(max(t-1, r.floor.Load())) {
			return true
		}
	}
}

// down searches s, from the bound down, for an arrangement worth each
// target, within budget nodes a search (0: none); true when it ended
// (found one, or refuted every target above the best found).
func (r *maxRace) down(s *search.MaxSearcher, budget int64) bool {
	buf := make([]int8, len(r.sol))
	for {
		t := r.target()
		if t < 0 || t <= r.floor.Load() {
			return true
		}
		out := s.Search(r.ctx, search.MaxOptions{Best: t - 1, Floor: &r.floor, OnFound: r.onFound, NodeLimit: budget}, buf)
		r.nodes.Add(out.Nodes)
		if out.Found {
			// Found: worth t or more, while every target above t was
			// refuted: optimal (found cancelled the other searches).
			return true
		}
		if !out.Exhausted {
			return out.Err != nil
		}
		// Nothing is worth t or more, nor more than the floor the
		// search ended with (which another search may have raised
		// above t-1 meanwhile; it cannot have risen since).
		if r.refuted(max(s.Round(t-1), r.floor.Load())) {
			return true
		}
	}
}

// alone runs the race on one goroutine, the same nodes on every run:
// up's short searches, then down, which alone is complete, in turn with
// zero while targets above nzUB are left and with whole while the whole
// level is open (and with dive while a turn of those runs), the budgets
// doubling.
func (r *maxRace) alone(up, down *search.MaxSearcher) {
	r.up(up, maxUpSeq[:len(maxUpSeq)-1])
	for b := int64(zeroBudget); !r.upDone && r.ctx.Err() == nil; b *= 2 {
		lim := int64(0)
		if r.zerosLeft() || r.wholeLeft() {
			lim = b
		}
		if r.down(down, lim) || r.ctx.Err() != nil {
			break
		}
		r.zero(b)
		r.whole(b)
		r.dive(b)
	}
}

// race runs up and a second branch-and-bound on down on two goroutines:
// the second in turn with zero while targets above nzUB are left, with
// whole while the whole level is open and with dive meanwhile, the
// budgets doubling, and with occAll from occStart on.
func (r *maxRace) race(up, down *search.MaxSearcher) {
	var wg sync.WaitGroup
	// occ is laid out once the race has run occSmallDelay (occReady): a
	// level decided sooner pays nothing for it (with the layout at the
	// start, the medians of bench-max's random levels of sizes 5 and 6
	// rose by 0.1 ms).
	r.occAt = r.t0.Add(occSmallDelay)
	wg.Go(func() { r.upCtx(r.pz, up, maxUpSeq) })
	wg.Go(func() {
		for b := int64(zeroBudget); r.ctx.Err() == nil; b *= 2 {
			if !r.zerosLeft() && !r.wholeLeft() {
				for !r.occOff && r.ctx.Err() == nil {
					// To the end, but with a break for occ at occStart
					// (the search keeps its memo: it resumes cheaply).
					c, cancel := context.WithDeadline(r.ctx, r.occAt)
					r.upCtx(c, down, maxBBSeq)
					cancel()
					if r.ctx.Err() == nil && r.occReady() {
						r.occAll()
						if r.occOff {
							break
						}
						// Not near enough yet (occLeft): again later.
						r.occAt = time.Now().Add(occRetry)
					}
				}
				r.up(down, maxBBSeq)
				return
			}
			// occ starts on time: the turn's search is cut there, and
			// each of its parts checks.
			c, cancel := r.occCut()
			r.upCtx(c, down, []upStep{{maxDownVisit, false, false, b}})
			cancel()
			for _, part := range [...]func(int64){r.occDue, r.zero1, r.occDue, r.whole, r.occDue, r.dive, r.occDue} {
				if r.ctx.Err() != nil {
					break
				}
				part(b)
			}
		}
	})
	wg.Wait()
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
// occupied neighbour, as many as fit (those sol has placed already, a
// whole solution's, count).
func placeZeros(p board.Position, sol []int8) {
	zeros := 0
	for i, c := range p.Cells {
		if c.Movable() && c.Tile == 0 {
			zeros++
		}
		if !c.Fixed && sol[i] == 0 {
			zeros--
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
