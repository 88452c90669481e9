package solver

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

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
	learn    bool
	optNodes int64
	restarts bool
	threads  int
}

// Threads sets how many goroutines the search for a first solution may
// use. With 1 its searches take turns on one goroutine, and the result and
// node count are the same on every run (a hard level can be replayed). The
// default is DefaultThreads().
func Threads(n int) Option { return func(c *config) { c.threads = max(1, n) } }

// DefaultThreads is 2 (the portfolio's two halves in parallel) on a machine
// with two or more cores available (runtime.GOMAXPROCS), 1 otherwise.
func DefaultThreads() int { return min(2, runtime.GOMAXPROCS(0)) }

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

// Learn makes the searches for a first solution learn from their
// failures: conflict-directed backjumping and nogoods (search.Options.Learn).
func Learn() Option { return func(c *config) { c.learn = true } }

// NoRestarts searches once, in reading order, to the end (for experiments
// and benchmarks of the core).
func NoRestarts() Option { return func(c *config) { c.restarts = false } }

// step is one search of findFirst: the visit order (an index into
// orientations), whether to try "empty" before "occupied" at each cell,
// and the node budget (0: to the end).
type step struct {
	visit      int
	emptyFirst bool
	limit      int64
	// flip > 0: restarts, each in the next of the twelve orientations
	// (visit+5, +10, … mod 12, so all twelve come round), the first value at
	// a cell swapped with probability flip/2³², budgets of unit nodes times
	// one more than the Luby sequence (2,048, 2,048, 3,072, … with 1,024),
	// to the end (or, with a limit, until the restarts have spent about
	// that many nodes).
	flip uint32
	// mid: restarts as with flip, in the orders from the middle out
	// (midOrders: visit is then an orientation, 0..11), the row they start
	// from cycling with each restart as the orientation does.
	mid bool
	// phase: restarts as with flip (with flip 0, no value swapped) that
	// save phases (search.Options.Phases): each tries first at a cell the
	// value the cell had on the deepest path of the restarts before it.
	phase bool
	// unit: the restarts' budgets are unit times one more than the Luby
	// sequence (0: 1,024).
	unit int64
	// seed: added to the restart's number as the seed of its swaps
	// (search.Options.Seed), so that lanes swap other values; the walk's
	// seed.
	seed uint64
	// walk: the walk lane (search.Walk), a local search over occupancy
	// rather than a tree search, sitting out its first wait turns; a
	// lane of its own in a portfolio (coroutine.start runs it, findFirst
	// does not).
	walk bool
	wait int
	// resume: the walk goes on from where Solve's first walk stopped
	// (firstSolution), rather than from tiles thrown anew (seed unused).
	resume bool
}

// quickSeq is the first, lone search (with FirstSolution, after the first
// walk: firstSolution): reading order, occupied first, a small budget.
// Most levels need no more (random size 6: the median level takes 272
// nodes). The budget that gave the fewest nodes in all over random
// levels and the official ones (BENCHMARKS.md, Solver): a level it does not
// solve soon is solved sooner by the portfolio.
var quickSeq = []step{{visit: 0, limit: 512}}

// lane is one search of the portfolio: its steps in turn on one searcher.
type lane struct {
	seq []step
}

// lanes is the portfolio that runs when quickSeq did not answer. The
// first lane is one short search in reading order trying "empty" first
// (1,024 nodes; it answers level 30 at its 565th node). The four others
// restart with budgets of 1,024 nodes times one more than the Luby
// sequence, each restart in another
// of the twelve orientations (starting from 0, 3, 6 and 9, so that the
// four are never in the same one) and with the value tried first at a cell
// swapped with probability 1/20, to the end. A hard start one way is often
// easy another: with one fixed order the nodes a random size-6 level needs
// range over two or three orders of magnitude from one orientation to the
// next (seed 1571: 35,691 nodes turned by 5·60°, more than 2,000,000 in
// four others), and randomised restarts cut that heavy tail (seed 7333:
// 22.6 million nodes in the previous portfolio, under 8,000 now).
// Measured against portfolios of 3, 6, 8 and 12 lanes, with 1/32 to 1/5
// swapped, with plain searches instead of restarts, and with each lane's
// restarts kept in one orientation; the figures, and the first lanes tried
// before this one, are in BENCHMARKS.md (Solver).
var lanes = func() []lane {
	ls := []lane{{seq: []step{{visit: 0, emptyFirst: true, limit: 1024}}}}
	for _, v := range []int{0, 3, 6, 9} {
		ls = append(ls, lane{seq: []step{{visit: v, flip: 1 << 32 / 20}}})
	}
	return ls
}()

// solveLanes is Solve's portfolio (issue 44, docs/solver-tail.md, where
// the figures are; PlaceAll and Restarts, package most's, run lanes, with
// Orientations' 24 orders): a short search as lanes' first but of 640
// nodes, a lane of restarts that save phases (phaseLane) from orientation
// 3, the walk lane (walkingLane), another lane that saves phases from
// orientation 9, none swapping values, and a second walk (secondWalk).
// The two phase lanes are the second and the fourth so that with two
// goroutines (portfolio deals the lanes out in turn) they run on the same
// one and share their path (the walks then share with no phase lane).
//
// A lane that saves phases tries first at each cell the value it had on
// the deepest path of the restarts before, as CDCL solvers do; with the
// order turned at each restart, the cells decided first on that path
// (where the early mistakes are, which only the handshake and the counts
// of the whole board refute, at the bottom) are decided later on the
// next, where a wrong one costs a shorter backtrack (seed 3,130,124: 65.4
// million nodes before, 41,076 with them). Each restart's deepest path is
// another, and gives the lane its variety: swapping values too did worse,
// and so did a lane of swaps beside them, or clearing the phases every
// 4th or 16th restart. Small budgets suit them: 256 nodes times one more
// than the Luby sequence. They share their deepest path
// (search.PhaseShare, interleave; round five in docs/solver-tail.md): a
// level on which each lane alone needs a few thousand nodes is solved
// sooner when a lane that went deep hands its path to one that did not.
// The walks write their occupancy into the same share each time their
// cost falls (search.Walk), and the phase lanes' next restarts start
// from it.
// With the share, fewer lanes did better: round four's portfolio had
// lanes' short search of 1,024 nodes, three phase lanes (from 3, 6 and 9)
// and one from the middle out (midOrders); on seeds 1,000,000..,
// 4,000,000.. and 7,000,000.. (100,000 each) sharing alone took the 400
// slowest 7-9 % fewer nodes, and this portfolio takes 16 % fewer nodes in
// all, the p99 4,608 → about 3,950, the 400 slowest 17-22 % fewer. The
// short search answers official level 30 at its 565th node: with 512
// that level took 3,072 nodes, without the lane 2,560, against 1,077.
var solveLanes = []lane{
	{seq: []step{{visit: 0, emptyFirst: true, limit: 640}}},
	phaseLane(3, 0),
	walkingLane,
	phaseLane(9, 0),
	secondWalk,
}

// walkedLanes is solveLanes after Solve's first walk (firstSolution): its
// short search, kept for official levels 30 and 39, which the walk now
// solves, is left out. On the levels that reached the portfolio after the
// walk in round seven (about 7 in 100,000 random size-6 levels; about 1
// since round eight) it never answered (1,000,000.., 4,000,000..,
// 7,000,000..: each such level 640 nodes fewer, none more).
// The phase lanes are then the first and third: with two goroutines they
// still run on one.
var walkedLanes = solveLanes[1:]

// secondWalk is the last lane of solveLanes: a second walk, from tiles
// thrown with another seed, sitting out its first turn as walkingLane
// does (round four). A walk slow on a level is often slow from where its
// tiles first fell: two are slow together less often. All 100,000 seeds
// of each of 1,000,000.., 4,000,000.., 6,000,000.. and 7,000,000..: the
// nodes in all 0.2-0.3 % fewer, the p99 the same, the 50 slowest 6-25 %
// fewer, the max 65-68 % lower on two ranges, the same on two.
var secondWalk = lane{seq: []step{{walk: true, wait: 1, seed: 777}}}

// walkingLane is the walk lane of solveLanes (third) and solveSymLanes
// (last) (search.Walk; round three): a local search that sits out its
// first turn, so that a level the portfolio solves in its first round is
// solved as before (the 40 official levels are, node for node). The
// slowest levels for the tree searches are levels where the first rows'
// decisions go wrong and only the bottom rows find out; a walk over
// whole occupancies has no first rows, and on most of them finds a
// solution in a few thousand steps (seeds 6,000,000..6,099,999: p99 4,608
// nodes against 7,313, max 32,256 against 58,993). With FirstSolution on
// an asymmetric level it walks on from Solve's first walk (resume).
var walkingLane = lane{seq: []step{{walk: true, wait: 1, seed: 12345, resume: true}}}

// phaseLane is a lane of restarts from orientation v that save phases,
// with budgets of 256 nodes times one more than the Luby sequence, the
// value tried first swapped with probability flip/2³² with seeds of the
// lane's own (v·1,000 more).
func phaseLane(v int, flip uint32) lane {
	return lane{seq: []step{{visit: v, phase: true, unit: 256, flip: flip, seed: uint64(v) * 1000}}}
}

// solveSymLanes is Solve's portfolio on a symmetric level (symmetric):
// symLanes' first two (the short search from the rows from the outside
// in, and the restarts from orientation 0 with 1/20 of the values swapped
// and budgets of 1,024: with 256, level 38 takes 6,066 nodes against
// 4,725), then three lanes that save phases (phaseLane, from
// orientations 3, 6 and 9), swapping 1/20 of the values here with seeds
// of their own (the twelve orientations being one search, lanes that
// differ by their orientation alone repeat each other node for node), one
// that saves phases in the orders from the middle out (midOrders), and a
// walk; the four that save phases share their path as solveLanes' do. The
// symmetric random size-6 levels (147 of 500,000 seeds): 118,735 nodes
// in all, the most 11,266, against 391,092 and 229,188 with symLanes.
var solveSymLanes = []lane{
	symLanes[0],
	symLanes[1],
	phaseLane(3, 1<<32/20),
	phaseLane(6, 1<<32/20),
	phaseLane(9, 1<<32/20),
	{seq: []step{{visit: 0, mid: true, phase: true, unit: 256}}},
	walkingLane,
}

// symLanes is the portfolio on a symmetric level (see symmetric): the
// twelve orientations are then one search, so the restart lanes differ only
// by their few swapped values, and a first lane in reading order would
// repeat the lone search's order. Its first lane searches the rows from
// the outside in, trying "empty" first (1,024 nodes). Level 35 (no lock, no
// hole) took 10,508 nodes with lanes: the lone search in reading order
// needs 7,749 nodes to its first solution, "empty" first 1,660, rows from
// the outside in with "empty" first 996; with symLanes it takes 1,509.
// Random levels of size 4 to 6 with their holes and locks freed (1,000 a
// size, so symmetric) took about as many nodes with one first lane as
// with the other (sums within 0.7 %, the same p99 and max). Level 38 (a
// locked 3 in each corner) is symmetric too and unchanged (5,749 nodes:
// no first lane answers it); random levels have locked tiles at random,
// and seeds 0..9999 of size 6 took exactly the same nodes (BENCHMARKS.md).
var symLanes = func() []lane {
	ls := slices.Clone(lanes)
	ls[0] = lane{seq: []step{{visit: 12, emptyFirst: true, limit: 1024}}}
	return ls
}()

// symmetric reports whether the board is the same in its twelve
// orientations: no hole or locked tile breaks its symmetry. (The search for
// a first solution does not read where the movable tiles stand.)
func symmetric(prob search.Problem, visits [][]int32) bool {
	for _, v := range visits[1:12] {
		for k, i := range v {
			j := visits[0][k]
			if prob.Hole[i] != prob.Hole[j] || prob.Locked[i] != prob.Locked[j] {
				return false
			}
		}
	}
	return true
}

// Spares keeps searchers for reuse, at most Keep of them (a searcher's
// memo table is a few megabytes; a sync.Pool would drop them at every
// garbage collection).
type Spares[T any] struct {
	mu   sync.Mutex
	Keep int
	list []*T
}

var searchers = Spares[search.Searcher]{Keep: 8}

// walkers keeps the first walks' walkers: one kept for a size lays out
// its neighbours once (search.Walker.Reserve, Init), where making it anew
// for every solve was a sixth of a median random level's CPU.
var walkers = Spares[search.Walker]{Keep: 8}

// Get returns a spare searcher, or a new one.
func (p *Spares[T]) Get() *T {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.list); n > 0 {
		s := p.list[n-1]
		p.list = p.list[:n-1]
		return s
	}
	return new(T)
}

// Put gives s back for reuse.
func (p *Spares[T]) Put(s *T) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.list) < p.Keep {
		p.list = append(p.list, s)
	}
}

// Solve solves p. It returns ErrNoSolution when no solution exists, the
// context's error (wrapped) when ctx ends before a solution is found, and an
// error for a malformed position. When ctx ends during the search for fewer
// moves, Solve returns the best solution found so far with Optimal false.
//
// With FirstSolution a walk (a local search over occupancy,
// search.Walker) takes up to FirstWalk steps first (SymFirstWalk on a
// symmetric level, shorter or none on a small one: firstWalk), which
// solves all but one of 200,000 random size-6 levels and the official
// ones it walks on (rounds eight and nine in docs/solver-tail.md).
// The search for a first solution then runs alone in reading order for
// 512 nodes (quickSeq), which solves most levels (first of all without
// FirstSolution, where the first solution is the bound of the search for
// fewer moves: from the tree's, nodes.golden's 140 such searches end at
// 5,560 moves in all, 5,565 before the portfolio's walk lane looked for
// exits; from the walk's, at 5,591 in round seven). If that is not enough,
// the portfolio (solveLanes; past the first walk walkedLanes; on a
// symmetric level solveSymLanes) takes over: five searches (four past the
// first walk, seven on a symmetric level) that take turns of
// search.PauseNodes (1,024) nodes on Threads goroutines, the first to
// answer winning. One is a short search trying "empty" first (on a
// symmetric level, with the rows from the outside in); the others restart
// with growing budgets, each restart in another order of the board (two
// in the reading orders; on a symmetric level three, and one in orders
// from the middle of the board out), trying first at each cell the value
// it had on the deepest path of their restarts before (phase saving) or
// on the deepest path their lanes found lately when it went deeper
// (search.PhaseShare), and on a symmetric level one more with some value
// choices swapped at random. The restarting ones
// are complete (the budgets grow without end), so Solve is complete. The
// others, from the portfolio's second round, are no tree search but a
// local search over occupancy (search.Walker; two on an asymmetric level,
// from tiles thrown two ways), which often finds a solution at once
// where the tree searches' early decisions go wrong. Then a
// branch-and-bound looks for a solution that keeps more tiles in place.
// With Threads(1) all of it runs on the calling goroutine, the same way on
// every run.
func Solve(ctx context.Context, p board.Position, opts ...Option) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, fmt.Errorf("solve: %w", err)
	}
	cfg := config{optNodes: DefaultOptNodes, restarts: true, threads: DefaultThreads()}
	for _, o := range opts {
		o(&cfg)
	}
	prob, movable := ProblemOf(p)
	n := len(p.Cells)
	visits := firstVisits(p.Size)

	first := firstSolution(ctx, prob, visits, &cfg)
	nodes := first.Nodes
	switch {
	case first.Err != nil:
		return Result{Nodes: nodes}, fmt.Errorf("solve: stopped after %d nodes: %w", nodes, first.Err)
	case first.impossible || !first.Found:
		return Result{Nodes: nodes}, ErrNoSolution
	}
	sol, orient := first.Sol, first.visit
	s := searchers.Get()
	defer searchers.Put(s)
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

// firstSolution looks for a first solution: with FirstSolution a walk
// first (firstWalk), which solves nearly every random level; then one
// search alone for a few hundred nodes; then the portfolio (without
// restarts, one search alone).
func firstSolution(ctx context.Context, prob search.Problem, visits [][]int32, cfg *config) Attempt {
	if !cfg.restarts {
		return findFirst(ctx, prob, visits, []step{{}}, &cfg.learn, nil, nil)
	}
	sym := symmetric(prob, visits)
	var w *search.Walker // the first walk, which walkingLane walks on
	var walked int64
	if fw := firstWalk(len(prob.Nbrs), sym); cfg.first && fw > 0 {
		w = walkers.Get()
		defer walkers.Put(w) // the portfolio, which walks it on, has stopped by then
		w.Reserve(len(prob.Nbrs))
		w.Init(prob, firstWalkSeed)
		found, steps, dived, probed := false, 0, false, false
		var searched int64
		for steps < fw && !found && ctx.Err() == nil {
			turn := min(search.WalkTurn, fw-steps)
			if !sym && !dived {
				turn = min(turn, DiveAt-steps)
			}
			if !sym && !probed {
				turn = min(turn, ProbeAt-steps)
			}
			found = w.Run(turn)
			steps += w.Taken()
			if !found && w.Taken() == 0 {
				break // it cannot move (no movable tile, or no empty cell): the tree search decides
			}
			if !found && !sym && !dived && steps >= DiveAt {
				dived = true
				dv := dive(prob)
				if dv.Found {
					dv.Nodes += walkNodes(steps)
					return dv
				}
				searched += dv.Nodes
			}
			if !found && !sym && !probed && steps >= ProbeAt && ctx.Err() == nil {
				probed = true
				at := findFirst(ctx, prob, visits, probeSeq, &probeLearn, nil, nil)
				if at.Found || at.Exhausted || at.Err != nil {
					at.Nodes += walkNodes(steps) + searched
					return at
				}
				searched += at.Nodes
			}
		}
		walked = walkNodes(steps) + searched
		if found {
			sol := make([]int8, len(prob.Nbrs))
			w.Solution(sol)
			return Attempt{Found: true, Sol: sol, Nodes: walked}
		}
	}
	first := findFirst(ctx, prob, visits, quickSeq, &cfg.learn, nil, nil)
	if !first.Found && !first.Exhausted && first.Err == nil {
		quick := first.Nodes
		ls := solveLanes
		switch {
		case sym:
			ls = solveSymLanes
		case w != nil:
			ls = walkedLanes
		}
		first = portfolio(ctx, prob, visits, ls, cfg.threads, cfg.learn, w)
		first.Nodes += quick
	}
	first.Nodes += walked
	return first
}

// DiveAt is how many steps the first walk of a level that is not
// symmetric takes before the dive (dive) runs, once. Chosen on the 112
// levels CaDiCaL solves in its least time that the walk takes past
// 8,192 steps, CaDiCaL timed beside each (round eleven in
// docs/solver-tail.md): ours slower on 23 with round ten's mixed search,
// 1 with the dive at 6,144 steps, 0 at 4,096; but at 4,096 the p99 of
// seeds 0..9,999 rose 0-6 %, at 6,144 it stays (some 0.2 % of levels
// walk that far, 0.6 % past 4,096).
const DiveAt = 6 * search.PauseNodes

// dive runs search.Dive on prob in index order, tiles first: CaDiCaL's
// "lucky" forward phase on the level's CNF, which is how CaDiCaL solves,
// without a conflict, every level it solves in its least time (0.26-0.45
// ms; round eleven in docs/solver-tail.md). Some 10 µs; firstSolution
// runs it once, when the first walk reaches DiveAt steps. Its Nodes are
// the dive's decisions.
func dive(prob search.Problem) Attempt {
	d := divers.Get()
	defer divers.Put(d)
	prob.Visit = nil
	sol := make([]int8, len(prob.Nbrs))
	found, decisions := d.Run(prob, sol)
	if !found {
		return Attempt{Nodes: int64(decisions)}
	}
	return Attempt{Found: true, Sol: sol, Nodes: int64(decisions)}
}

var divers = Spares[search.Dive]{Keep: 8}

// ProbeAt is how many steps the first walk of a level that is not
// symmetric takes before the probe: the search with learning in each of
// the twelve reading orders in turn, probeNodes nodes each (probeSeq),
// the nogoods kept from one to the next; then the walk goes on. Under
// 1 in 40,000 levels walk this far. It is for a level CaDiCaL solves in
// 1-3 ms by its search that the walk takes past that: 449,084,023
// (CaDiCaL 1.6-1.7 ms, the walk 87,800 steps, 2.2 ms; no dive solves
// it; reading order needs 1,265 nodes, orientations 1, 7 and 9 99-129).
// Some orientation answers 65 % of the levels that walk past 8,192
// steps within 160 nodes (round eleven in docs/solver-tail.md); twelve
// that fail cost some 0.55 ms.
const ProbeAt = 32 * search.PauseNodes

const probeNodes = 160

// probeSeq is the probe's searches, probeLearn its findFirst's learn,
// never changed: kept here so that a call allocates neither.
var (
	probeSeq   = probeSteps()
	probeLearn = true
)

func probeSteps() []step {
	seq := make([]step, 12)
	for v := range seq {
		seq[v] = step{visit: v, limit: probeNodes}
	}
	return seq
}

// FirstWalk is how many steps Solve's first walk takes (firstSolution)
// on a level that is not symmetric: about 2 ms at most. Chosen by the
// CPU of the 50 and 400 slowest of 100,000 seeds (one thread): in round
// seven on 1,000,000.., 4,000,000.. and 7,000,000.., 4,096 steps left the
// 400 slowest 503-555 ms, 16,384 366-397, 65,536 257-275; in round eight,
// once the walk looks for exits and throws its tiles again (search.Walker),
// on 1,000,000.. and 4,000,000..: 32,768 steps 123-156 ms, 65,536
// 106-145, 131,072 108-116, the lightest and steadiest.
const FirstWalk = 128 * search.PauseNodes

// SymFirstWalk is the first walk of a symmetric level (symmetric) of side
// 5 or more (firstWalk has the smaller ones): such levels have few
// solutions, and the walk failed on the official 29, 35 and 38 before it
// looked for exits (round seven: they did not walk first). Since, 16,384
// steps solve 35, 36 and 38 (38: 1.48 → 0.19 ms); 4,096 fail on 38.
const SymFirstWalk = 16 * search.PauseNodes

// firstWalk is how many steps Solve's first walk takes on a level of
// cells cells, symmetric or not: FirstWalk; SymFirstWalk on a symmetric
// level; on a symmetric level of side 4 (37 cells) 2,048, which solves
// the official 22, 23, 35 and 36 (in 12 to 360 steps) and leaves 29 to
// the lone search sooner (its 348 nodes after 16,384 steps: 1,714 nodes
// in all, 0.31-0.38 ms; after 2,048: 519); and none on a
// symmetric level of side 3 or less (19 cells), as before round eight:
// the lone search (quickSeq) answers each official one in 7 to 98 nodes,
// where the walk took up to 354 (level 08), and on three of them the
// walk lost to CaDiCaL's 9-30 µs (scripts/sat-compare.sh, CPU, two
// rounds: level 04 9-10 µs against 9, 08 88 against 80-86, 16 26-27
// against 26-28; the lone search 5-6, 8-9 and 5-6 µs); the 15 such
// official levels take 0.12 ms in all against the walk's 0.19 (round
// nine in docs/solver-tail.md). Random levels are hardly ever symmetric.
func firstWalk(cells int, sym bool) int {
	switch {
	case !sym:
		return FirstWalk
	case cells <= 19:
		return 0
	case cells <= 37:
		return 2 * search.PauseNodes
	}
	return SymFirstWalk
}

// firstWalkSeed throws the first walk's tiles: walkingLane's seed, the
// lane that walks on from it.
const firstWalkSeed = 12345 + 1

// walkNodes counts steps of a walk as nodes, as a turn of the portfolio
// counts search.WalkTurn steps as search.PauseNodes nodes (rounded up).
func walkNodes(steps int) int64 {
	return int64((steps*search.PauseNodes + search.WalkTurn - 1) / search.WalkTurn)
}

// ProblemOf turns a position into a search problem; movable counts its
// movable tiles.
func ProblemOf(p board.Position) (prob search.Problem, movable int) {
	n := len(p.Cells)
	prob = search.Problem{
		Nbrs:   p.Geom().Nbrs,
		Hole:   make([]bool, n),
		Locked: make([]int8, n),
		Start:  make([]int8, n),
	}
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
	return prob, movable
}

// Attempt is the outcome of a search for a first solution (findFirst,
// PlaceAll, Restarts.Run): a solution (Found, Sol), or proof that there is
// none (Exhausted), or neither; Nodes counts the search's nodes, Err is
// the context's error when it ended the search.
type Attempt struct {
	Found, Exhausted bool
	impossible       bool // Reset found it impossible
	Sol              []int8
	visit            int
	Nodes            int64
	Err              error
}

// definitive: a solution, or proof that there is none.
func (a Attempt) definitive() bool { return a.Err == nil && (a.Found || a.Exhausted) }

// portfolio runs the lanes until one answers, on threads goroutines: lane
// i runs on goroutine i mod threads, where the lanes take turns of
// search.PauseNodes nodes.
// With one goroutine the turns, and so the result and node count, are the
// same on every run. The first definitive answer (a solution or an
// exhausted search) stops the others. Nodes counts every lane's.
func portfolio(ctx context.Context, prob search.Problem, visits [][]int32, lanes []lane, threads int, learn bool, walked *search.Walker) Attempt {
	threads = max(1, min(threads, len(lanes)))
	if threads == 1 {
		return interleave(ctx, prob, visits, lanes, learn, nil, walked)
	}
	var won atomic.Bool // a goroutine has a definitive answer
	done := make(chan Attempt, threads)
	for g := 0; g < threads; g++ {
		var mine []lane
		for i := g; i < len(lanes); i += threads {
			mine = append(mine, lanes[i])
		}
		go func() { done <- interleave(ctx, prob, visits, mine, learn, &won, walked) }()
	}
	var best Attempt
	var nodes int64
	for g := 0; g < threads; g++ {
		a := <-done
		nodes += a.Nodes
		if a.definitive() && !best.definitive() || !best.definitive() && best.Err == nil {
			best = a
		}
	}
	best.Nodes = nodes
	return best
}

// interleave runs the lanes on this goroutine, each as a coroutine that
// searches search.PauseNodes nodes at a turn, until one answers or, when
// won is set, another goroutine's lanes have answered. The lanes that save
// phases share their deepest path, and the walks write their best
// occupancy there (search.PhaseShare; one share a goroutine).
func interleave(ctx context.Context, prob search.Problem, visits [][]int32, lanes []lane, learn bool, won *atomic.Bool, walked *search.Walker) Attempt {
	cos := make([]coroutine, len(lanes))
	share := new(search.PhaseShare)
	share.Reset(len(prob.Nbrs))
	// Every lane gets its coroutine now, whether it runs or not, so that
	// what a solve allocates does not depend on how soon it ends
	// (TestNoAllocationPerNode).
	for i, l := range lanes {
		cos[i].start(ctx, prob, visits, l.seq, &learn, share, walked)
	}
	winner := -1
	for over := false; !over; {
		live := false
		for i := range cos {
			c := &cos[i]
			var answered bool
			if over, answered = c.turn(won); over {
				if answered {
					winner = i
				}
				break
			}
			live = live || !c.done
		}
		if !live {
			break
		}
	}
	return stopAll(cos, winner)
}

// stopAll stops the lanes cos and returns the winner's answer (none:
// winner < 0) with the nodes of all.
func stopAll(cos []coroutine, winner int) Attempt {
	var nodes int64
	for i := range cos {
		cos[i].stop() // ends a paused search: its Pause returns false
		nodes += cos[i].res.Nodes
	}
	var res Attempt
	if winner >= 0 {
		res = cos[winner].res
	}
	res.Nodes = nodes
	return res
}

// coroutine is a lane of the portfolio searching search.PauseNodes nodes
// at a turn (next), until it ends (done, with res) or is stopped.
type coroutine struct {
	next func() (struct{}, bool)
	stop func()
	res  Attempt
	done bool
}

// start makes c the lane of seq on prob; *learn is its Options.Learn,
// share its Options.Share (nil: none).
func (c *coroutine) start(ctx context.Context, prob search.Problem, visits [][]int32, seq []step, learn *bool, share *search.PhaseShare, walked *search.Walker) {
	// What the lane needs is made now, whether it gets a turn or not: what
	// a solve allocates does not depend on which lanes had one
	// (TestNoAllocationPerNode).
	var yield func(struct{}) bool
	pause := func() bool { return yield(struct{}{}) }
	if st := seq[0]; st.walk {
		sol := make([]int8, len(prob.Nbrs))
		w := walked
		if !st.resume || w == nil {
			w = search.NewWalker(len(prob.Nbrs))
		}
		c.next, c.stop = iter.Pull(func(y func(struct{}) bool) {
			yield = y
			var found bool
			var nodes int64
			var err error
			if st.resume && walked != nil {
				if !search.SitOut(st.wait, pause) {
					return
				}
				found, nodes, err = search.WalkOn(ctx, prob, w, sol, pause, share)
			} else {
				found, nodes, err = search.Walk(ctx, prob, w, st.seed+1, st.wait, sol, pause, share)
			}
			if c.res = (Attempt{Found: found, Nodes: nodes, Err: err}); found {
				c.res.Sol = sol
			}
		})
		return
	}
	c.next, c.stop = iter.Pull(func(y func(struct{}) bool) {
		yield = y
		c.res = findFirst(ctx, prob, visits, seq, learn, pause, share)
	})
}

// turn gives c one turn: over when the search is over, that is when c answered (answered; won is
// then set if c's answer is definitive) or, with won, another goroutine's
// lanes did.
func (c *coroutine) turn(won *atomic.Bool) (over, answered bool) {
	if c.done {
		return false, false
	}
	if _, more := c.next(); !more {
		c.done = true
		if c.res.definitive() || c.res.Err != nil {
			if won != nil && c.res.definitive() {
				won.Store(true)
			}
			return true, true
		}
	}
	return won != nil && won.Load(), false
}

// findFirst searches for a first solution in each step in turn until one
// answers; pause, when set, is the searches' Options.Pause; *learn is
// their Options.Learn, read at each search and restart (the nogoods are
// kept from step to step and restart to restart: Problem.Same); share the
// restarts' Options.Share when they save phases.
func findFirst(ctx context.Context, prob search.Problem, visits [][]int32, seq []step, learn *bool, pause func() bool, share *search.PhaseShare) Attempt {
	s := searchers.Get()
	defer searchers.Put(s)
	sol := make([]int8, len(prob.Nbrs))
	var at Attempt
	for si, st := range seq {
		prob.Same = si > 0
		v := st.visit
		order := search.HighFirst
		if st.emptyFirst {
			order = search.EmptyFirst
		}
		prob.Visit = visits[restartVisit(st, 1)]
		if !s.Reset(prob) {
			at.impossible, at.Exhausted = true, true
			return at
		}
		var out search.Outcome
		if st.flip > 0 || st.mid || st.phase {
			var over bool
			if out, over = restarts(ctx, s, prob, visits, st, order, sol, learn, pause, share, &at); over {
				return at
			}
		} else {
			out = s.Search(ctx, search.Options{Order: order, NodeLimit: st.limit, Best: -1, Pause: pause, Learn: *learn}, sol)
		}
		at.Nodes += out.Nodes
		switch {
		case out.Err != nil:
			at.Err = out.Err
			return at
		case out.Found:
			at.Found, at.Sol, at.visit = true, sol, v
			return at
		case out.Stopped:
			return at
		case out.Exhausted:
			at.Exhausted = true
			return at
		}
		if pause != nil && !pause() { // a turn ends with each limited step
			return at
		}
	}
	return at
}

// restarts runs the restarts of st (flip > 0 or mid) on s, laid out for
// prob in the order of its first restart, until one is not cut by its
// budget or, with a limit, they have spent about that many nodes (with
// at.Nodes before them). It adds the nodes of each restart cut by its
// budget to at.Nodes and returns the last one's outcome, or over when
// pause ended the turn (a turn ends with each restart).
func restarts(ctx context.Context, s *search.Searcher, prob search.Problem, visits [][]int32, st step, order search.Order, sol []int8, learn *bool, pause func() bool, share *search.PhaseShare, at *Attempt) (out search.Outcome, over bool) {
	for r := 1; ; r++ {
		if r > 1 { // the next restart (restartVisit)
			prob.Visit = visits[restartVisit(st, r)]
			prob.Same = true
			s.Reset(prob)
		}
		unit := st.unit
		if unit == 0 {
			unit = 1024
		}
		out = s.Search(ctx, search.Options{Order: order, NodeLimit: (int64(search.Luby(r)) + 1) * unit, Best: -1,
			Pause: pause, Flip: st.flip, Seed: uint64(r) + st.seed, Learn: *learn, Phases: st.phase, Share: share}, sol)
		if !out.Limited || st.limit > 0 && at.Nodes+out.Nodes >= st.limit {
			return out, false
		}
		at.Nodes += out.Nodes
		if pause != nil && !pause() {
			return out, true
		}
	}
}

// restartVisit is the order of the step's r-th restart (from 1), an
// index into firstVisits: the orientation turned by 5·60° more at each
// restart; on a step that saves phases, by 60° (the next orientation:
// the orders of one restart and the next alike, the path saved from one
// is a better guess in the next; seeds 2,100,000..2,119,999: 21.8 million
// nodes against 22.6, the 40 slowest of 3,000,000..3,199,999 0.75 million
// against 1.33); on a mid step, the orders from the middle out (the 36 of
// midOrders come round every 36 restarts: 5 is prime to 36).
func restartVisit(st step, r int) int {
	switch {
	case st.mid:
		return 24 + (st.visit+5*(r-1))%36 // o, from row s−3, s−1 or s+1 in turn
	case r == 1:
		return st.visit // (a step that does not restart may take any order)
	case st.phase:
		return (st.visit + r - 1) % 12
	}
	return (st.visit + 5*(r-1)) % 12
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
	firstMu    sync.Mutex
	firstCache [board.MaxSize + 1][][]int32
)

// firstVisits returns the orders of the search for a first solution: the
// 24 of orientations, then the 36 of midOrders.
func firstVisits(s int) [][]int32 {
	firstMu.Lock()
	defer firstMu.Unlock()
	if o := firstCache[s]; o != nil {
		return o
	}
	reading := Orientations(s)
	o := append(slices.Clone(reading), midOrders(s, reading[:12])...)
	firstCache[s] = o
	return o
}

// midOrders returns, for r0 = s−3, s−1 and s+1 (the rows counted from
// 0, the middle one s−1; kept within the board) and each of the twelve
// reading orders, the order from row r0 down to the last row, then from
// row r0−1 up to the first, each of those rows right to left (so that each
// cell comes next to one decided).
func midOrders(s int, reading [][]int32) [][]int32 {
	var lens []int // the rows' lengths
	for r := 0; r < 2*s-1; r++ {
		lens = append(lens, 2*s-1-max(r-(s-1), s-1-r))
	}
	var out [][]int32
	for _, r0 := range []int{s - 3, s - 1, s + 1} {
		r0 = max(0, min(r0, 2*s-2))
		for _, vis := range reading {
			var rows [][]int32
			o := 0
			for _, l := range lens {
				rows = append(rows, vis[o:o+l])
				o += l
			}
			ord := make([]int32, 0, len(vis))
			for _, row := range rows[r0:] {
				ord = append(ord, row...)
			}
			for r := r0 - 1; r >= 0; r-- {
				for x := len(rows[r]) - 1; x >= 0; x-- {
					ord = append(ord, rows[r][x])
				}
			}
			out = append(out, ord)
		}
	}
	return out
}

var (
	orientMu    sync.Mutex
	orientCache [board.MaxSize + 1][][]int32
)

// Orientations returns 24 orders in which to visit the cells of a board of
// side s: for each of the twelve orientations (rotated by k·60°, mirrored
// or not), first its reading order (entries 0..11), then its rows from the
// outside in (12..23).
// Plain reading order comes first.
func Orientations(s int) [][]int32 {
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
	orientCache[s] = out
	return out
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
