package tantrix

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"hexiom/tantrix/internal/search"
)

// ErrStopped is returned by Solve when its context ended the search before
// it found a solution or proved there is none.
var ErrStopped = errors.New("tantrix: search stopped before it ended")

// Result is what Solve found.
type Result struct {
	Solved bool     // false: the board has no solution (the search space was exhausted)
	Tiles  []Placed // one per place of the board, in its order, when Solved
	// Nodes is the search nodes of both lanes together (with two lanes,
	// the work the solve did, not the winner's path alone).
	Nodes int64
	// Lane is the lane whose answer this is: 0 the search of package
	// search, 1 the plain one (only with two lanes; see Solve).
	Lane    int
	Elapsed time.Duration
}

// Option configures Solve.
type Option func(*config)

type config struct {
	threads int
	seed    uint64
}

// Threads sets how many goroutines Solve may use: 1 runs the search alone
// (deterministic: the same nodes every run), 2 or more the two lanes side
// by side (Solve uses two at most). The default is DefaultThreads.
func Threads(n int) Option { return func(c *config) { c.threads = max(1, n) } }

// DefaultThreads is 2 (the two lanes in parallel) on a machine with two or
// more cores available (runtime.GOMAXPROCS), 1 otherwise.
func DefaultThreads() int { return min(2, runtime.GOMAXPROCS(0)) }

// Seed seeds the tie-breaking of the search (of both lanes); the default
// is 1. Another seed takes another path to the same verdict.
func Seed(seed uint64) Option { return func(c *config) { c.seed = seed } }

func problem(b *Board) search.Problem {
	p := search.Problem{Nbr: b.Neighbours(), Colour: uint8(b.Colour)}
	for t := 0; t < NumTiles; t++ {
		for e := 0; e < 6; e++ {
			p.Tiles[t][e] = uint8(Tiles[t][e])
		}
		p.Count[t] = TileCount(b.N, t+1)
	}
	return p
}

// Solve solves the fixed board b: it returns a solution that Check accepts,
// or Solved false once the whole search space is exhausted, or ErrStopped
// (wrapping the context's error) when ctx ends first.
//
// With two threads (Threads; the default on two cores or more) it runs
// two lanes at once and takes the first answer, a solution or a proof
// there is none: lane 0 the search of package search, lane 1 the same
// solver Plain, the search from before issue 26 (fewest combos first,
// without the weights, the loop's programme, the shaving or repair). The
// plain search finishes some boards in a few nodes a place, where the full
// one spends tens of milliseconds on its programme, shaving and repair
// before it gets there; the full one finishes the rest, and proves most
// boards without a solution far sooner. The plain lane gives up after 200
// nodes a place (plainBudget); the lane that did not answer is stopped
// and Solve waits for it; Nodes counts both. Which lane answers
// first depends on timing, so with two threads the nodes (and which of
// several solutions) may differ from run to run; Threads(1) is lane 0
// alone, deterministic.
func Solve(ctx context.Context, b *Board, opts ...Option) (Result, error) {
	cfg := config{threads: DefaultThreads(), seed: 1}
	for _, o := range opts {
		o(&cfg)
	}
	if err := b.Validate(); err != nil {
		return Result{}, fmt.Errorf("tantrix: %w", err)
	}
	start := time.Now()
	if LoopPossible(b.N, b.Colour) != nil {
		// The tile counts alone rule a loop out (an odd number of 60°
		// turns, say): no search needed.
		return Result{Elapsed: time.Since(start)}, nil
	}
	p := problem(b)
	var s *search.Solver
	var st search.Status
	res := Result{}
	if cfg.threads < 2 {
		s = search.New(p)
		st = s.Solve(0, restartBase(b.N), cfg.seed, func() bool { return ctx.Err() != nil })
		res.Nodes = s.Nodes()
	} else {
		var err error
		s, st, res.Lane, res.Nodes, err = solveLanes(ctx, p, restartBase(b.N), cfg.seed)
		if err != nil {
			res.Elapsed = time.Since(start)
			return res, err
		}
	}
	res.Elapsed = time.Since(start)
	switch st {
	case search.Stopped:
		return res, fmt.Errorf("%w after %d nodes: %w", ErrStopped, res.Nodes, ctx.Err())
	case search.NoSolution:
		return res, nil
	}
	res.Solved = true
	res.Tiles = make([]Placed, len(b.Places))
	for i, p := range b.Places {
		c := int(s.Solution[i])
		res.Tiles[i] = Placed{Place: p, Tile: c/6 + 1, Rot: c % 6}
	}
	if err := Check(b, res.Tiles); err != nil {
		return res, fmt.Errorf("tantrix: internal error, the search returned a wrong solution: %w", err)
	}
	return res, nil
}

// plainBudget is the nodes a place after which the plain lane gives up
// (lane 0 goes on alone). On the 347 solvable hard boards, seeds 1..5
// (BENCHMARKS.md, issue 26, round eight), the plain search answered
// first in 603 of 1,735 solves, in 9 nodes a place at the median, 82 at
// the 95th percentile, 266 at the 99th; with the plain lane stopped at
// 200 a place, the best of the two lanes would be as fast as the plain
// search alone on every board by the median over the seeds (at 150, one
// board not: the ring 301-43-loop-53, which it takes in 130 to 190 nodes
// a place), and past it the plain search's tail is long (125 of those
// solves over 1 s). The budget bounds
// what the plain lane costs on a board the full search answers, on a
// busy machine, where the lanes share the cores, and in CPU time.
const plainBudget = 200

// solveLanes runs the two lanes of Solve, lane 1 (Plain) in a goroutine
// of its own and lane 0 in this one, until one answers (then it stops the
// other and waits for it) or ctx ends both. It returns the solver of the
// lane that answered first, its status and number, and both lanes' nodes
// (lane 1 gives up after plainBudget nodes a place without answering);
// an error when both answered and their verdicts differ.
func solveLanes(ctx context.Context, p search.Problem, base int64, seed uint64) (*search.Solver, search.Status, int, int64, error) {
	lanes := [2]*search.Solver{search.New(p), search.New(p)}
	lanes[1].Plain = true
	var sts [2]search.Status
	var first atomic.Int32 // 1 + the lane that answered first; 0: none yet
	stop := func() bool { return first.Load() != 0 || ctx.Err() != nil }
	budget := [2]int64{0, plainBudget * int64(len(p.Nbr)/6)}
	run := func(i int) {
		sts[i] = lanes[i].Solve(budget[i], base, seed, stop)
		if sts[i] != search.Stopped {
			first.CompareAndSwap(0, int32(i+1))
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		run(1)
	}()
	run(0)
	wg.Wait()
	nodes := lanes[0].Nodes() + lanes[1].Nodes()
	w := int(first.Load()) - 1
	if w < 0 {
		return lanes[0], search.Stopped, 0, nodes, nil // ctx ended both
	}
	if o := sts[1-w]; o != search.Stopped && o != sts[w] {
		return nil, 0, w, nodes, fmt.Errorf("tantrix: internal error, the lanes disagree: lane %d says %v, lane %d %v", w, sts[w], 1-w, o)
	}
	return lanes[w], sts[w], w, nodes, nil
}

// restartBase is the node count of the shortest run between restarts.
func restartBase(n int) int64 { return int64(2 * n) }
