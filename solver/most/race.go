package most

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"hexiom/board"
	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// maxRace is what Solve's searches share once the whole level is out
// of reach: up improves the best arrangement, down (or a second
// branch-and-bound) lowers the bound, ZeroSets decides the targets that
// need movable 0s; they meet at the optimum, and the first to see it
// cancels the others. Its fields are grouped by who may touch them: set
// before the race runs and then only read (here, and the settings of
// zeroSets and wholeLevel), atomics every goroutine reads and writes
// (shared), the best found and the bound under a mutex (guarded), and the
// state of what only the second goroutine runs (zeroSets, dives,
// wholeLevel, occView: with Threads(1), the only goroutine).
type maxRace struct {
	ctx     context.Context // the race's: cancelled once it is decided
	cancel  context.CancelFunc
	t0      time.Time
	mp      maxProblem
	visits  [][]int32
	points  bool
	onFound func(v int32, sol []int8) // found, made once
	round   func(int32) int32         // down's Round (occ runs on its goroutine)

	// pz is up's context: occ pauses up while its passes of Eval run on
	// both goroutines (SetWorkers(2)), and lets it run while occ's work
	// is on one goroutine (Refute's pass, Find).
	pz *pauser

	shared
	guarded
	zeroSets
	dives
	wholeLevel
	occView
}

// shared is what every goroutine of the race reads and writes, atomically.
type shared struct {
	floor atomic.Int32 // the best value found, shared with the searches
	nodes atomic.Int64 // the nodes (and occ's states) of every search so far
}

// guarded is the race's outcome so far, under mu (found, target, refuted
// and the rest take it).
type guarded struct {
	mu         sync.Mutex
	bound      int32         // the best upper bound proved
	bestVal    int32         // the value of sol (-1: none yet)
	sol        []int8        // the best arrangement found
	foundAfter time.Duration // when, from t0
	upDone     bool          // up exhausted its space
}

// zeroSets is ZeroSets' state, with tiles and movable 0s (zs nil
// otherwise): the targets above nzUB (set before the race) need 0s; zt is
// the one being refuted, zdone how far. The second goroutine's.
type zeroSets struct {
	zs    *search.MaxSearcher
	nzUB  int32
	zq    search.Problem
	zbuf  []int8
	zt    int32
	zdone search.ZeroProgress
}

// dives is dive's state: ds searches a target halfway between the best
// found and the bound, in the orientation diveVisits[dn%len]. The second
// goroutine's.
type dives struct {
	ds   *search.MaxSearcher
	dn   int
	dbuf []int8
}

// wholeLevel is the whole level, while no search has decided it (wholeT >
// 0): prob is its exact problem, wholeT the value of placing every movable
// tile (the race's target at the start when the root bounds allow it),
// light the lightest tile's weight; wholeRefutes: an exact search that
// exhausts its space refutes wholeT (with points and movable 0s it does
// not: the 0s may be what does not fit). All but wr are set before the
// race; wr, the restart lanes in turns, is the second goroutine's.
type wholeLevel struct {
	prob         search.Problem
	wr           solver.Restarts
	wholeT       int32
	light        int32
	wholeRefutes bool
}

// occView is the occupancy view's state (occAll, race's second
// goroutine): od decides targets by search.OccDP, occT the last one tried
// with its λ's steps occDual; occOff: not on this board (its state too
// wide), or done for good.
type occView struct {
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
	occFinder
}

// occFinder is occFind's search (nil until its first call), its buffers,
// and the problem occView.od was laid out for (occOrder).
type occFinder struct {
	of      *search.OccFind
	ofOcc   []bool
	ofSol   []int8
	occProb search.Problem
}

func newMaxRace(ctx context.Context, mp maxProblem, visits [][]int32, points bool, ub int32, t0 time.Time) *maxRace {
	n := len(mp.prob.Nbrs)
	r := &maxRace{t0: t0, mp: mp, visits: visits, points: points}
	r.bound, r.bestVal, r.nzUB, r.zt = ub, -1, ub, -1
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

// run runs the searches up and down, alone on this goroutine with one
// thread, else raced, and returns the nodes they took; the searchers of
// the dives and ZeroSets go back to the pool.
func (r *maxRace) run(threads int, up, down *search.MaxSearcher) int64 {
	defer r.putSearchers()
	if threads == 1 {
		r.alone(up, down)
	} else {
		r.race(up, down)
	}
	return r.nodes.Load() + r.wr.Stop()
}

// refutedBelow is refuted for a target t of occ's (nothing is worth t or
// more): the bound falls to the value below t in down's rounding, or to
// the best found.
func (r *maxRace) refutedBelow(t int32) bool {
	return r.refuted(max(r.round(t-1), r.floor.Load()))
}

// unit is how far apart the values of arrangements are: 1, or 2 with
// points (their sums have one parity).
func (r *maxRace) unit() int32 {
	if r.points {
		return 2
	}
	return 1
}

// putSearchers gives the dives' and ZeroSets' searchers back to the pool.
func (r *maxRace) putSearchers() {
	if r.ds != nil {
		searchers.Put(r.ds)
	}
	if r.zs != nil {
		searchers.Put(r.zs)
	}
}

// result completes res from the race's end: the best arrangement found
// (its weight plus lockedW, the locked tiles'), the bound, or why none.
func (r *maxRace) result(ctx context.Context, p board.Position, obj Objective, lockedW int, res Result) (Result, error) {
	if r.bestVal < 0 {
		if (r.upDone || r.bound < 0) && ctx.Err() == nil {
			return res, solver.ErrNoSolution
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
