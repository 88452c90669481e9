package solver

import (
	"context"
	"slices"
	"sync"

	"hexiom/solver/internal/search"
)

// This file is what the most-tiles solver (package solver/most) uses of
// the search for a first solution: a budgeted try at a whole solution
// (PlaceAll), and the restart lanes in turns (Restarts).

// PlaceAll looks for an ordinary solution of prob, one that places every
// tile: Solve's quick try first, then its portfolio (lanes, whatever the
// symmetry) on threads goroutines with a budget of laneNodes per lane: a
// budgeted lane ends without an answer, so the portfolio ends when every
// lane has. Nodes counts both.
func PlaceAll(ctx context.Context, prob search.Problem, visits [][]int32, threads int, laneNodes int64) Attempt {
	first := findFirst(ctx, prob, visits, quickSeq, new(bool), nil, nil)
	if !first.Found && !first.Exhausted && first.Err == nil {
		quick := first.Nodes
		first = portfolio(ctx, prob, visits, lanesWithin(laneNodes), threads, false, nil)
		first.Nodes += quick
	}
	return first
}

// budgetedLanes are lanes with each budget PlaceAll was asked for, made
// once (PlaceAll allocates no lanes per call).
var budgetedLanes = struct {
	sync.Mutex
	m map[int64][]lane
}{m: map[int64][]lane{}}

// lanesWithin is lanes with a budget of n nodes for each step that had
// none.
func lanesWithin(n int64) []lane {
	budgetedLanes.Lock()
	defer budgetedLanes.Unlock()
	ls, ok := budgetedLanes.m[n]
	if !ok {
		ls = budgeted(lanes, n)
		budgetedLanes.m[n] = ls
	}
	return ls
}

// budgeted is ls with a budget of n nodes for each step that had none.
func budgeted(ls []lane, n int64) []lane {
	out := make([]lane, len(ls))
	for i, l := range ls {
		out[i].seq = slices.Clone(l.seq)
		for k := range out[i].seq {
			if st := &out[i].seq[k]; st.limit == 0 {
				st.limit = n
			}
		}
	}
	return out
}

// Restarts is Solve's restart lanes (lanes but the first, a short one
// that PlaceAll ran), each a coroutine taking turns of search.PauseNodes
// nodes, kept from one call of Run to the next. The zero value is not
// started (Start).
type Restarts struct {
	cos  []coroutine
	turn int
	over bool // a lane answered (or all ended)
	// Learn: the lanes' searches learn (Options.Learn, read at each
	// restart).
	Learn bool
}

// Start makes the lanes on prob, paused before their first node.
func (w *Restarts) Start(ctx context.Context, prob search.Problem, visits [][]int32) {
	w.cos = make([]coroutine, len(lanes)-1)
	for i, l := range lanes[1:] {
		w.cos[i].start(ctx, prob, visits, l.seq, &w.Learn, nil, nil)
	}
}

// Started reports whether Start was called.
func (w *Restarts) Started() bool { return w.cos != nil }

// Over reports whether a lane answered, or all ended.
func (w *Restarts) Over() bool { return w.over }

// Run gives the lanes turns in rotation, about nodes in all; ok when a
// lane ended with an answer (or an error), at.
func (w *Restarts) Run(nodes int64) (at Attempt, ok bool) {
	for spent := int64(0); spent < nodes; spent += search.PauseNodes {
		live := false
		for range w.cos {
			c := &w.cos[w.turn]
			w.turn = (w.turn + 1) % len(w.cos)
			if !c.done {
				live = true
				if _, more := c.next(); !more {
					c.done = true
					if c.res.definitive() || c.res.Err != nil {
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

// Stop ends the lanes and returns their nodes.
func (w *Restarts) Stop() int64 {
	var n int64
	for i := range w.cos {
		w.cos[i].stop()
		n += w.cos[i].res.Nodes
	}
	return n
}
