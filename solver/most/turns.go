package most

import (
	"context"
	"sync"
	"time"

	"hexiom/board"
	"hexiom/solver/internal/search"
)

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
			r.upExhausted()
			return
		}
		if out.Err != nil {
			return
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
	wg.Go(func() { r.second(down) })
	wg.Wait()
}

// second is race's second goroutine: a branch-and-bound on down in turns
// with zero, whole and dive (and occ once due), the budgets doubling,
// while targets that need 0s or the whole level are open; then to the end
// (last).
func (r *maxRace) second(down *search.MaxSearcher) {
	for b := int64(zeroBudget); r.ctx.Err() == nil; b *= 2 {
		if !r.zerosLeft() && !r.wholeLeft() {
			r.last(down)
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
}

// last is the second goroutine's branch-and-bound on down to the end,
// with a break for occ (occAll) at occStart while occ may still run.
func (r *maxRace) last(down *search.MaxSearcher) {
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
}

// upStep is one search of up: the visit order, empty first or not, stop
// at the first arrangement or not, and the node budget (0: to the end).
type upStep struct {
	visit             int
	emptyFirst, first bool
	limit             int64
}

// startZeros readies r.zs, ZeroSets' searcher (from the pool, back with
// run's end), for mp's board without the movable 0s, and the bound above
// which targets need 0s.
func (r *maxRace) startZeros(mp *maxProblem) {
	r.zs = searchers.Get()
	r.zs.SetHighCap(mp.joint)
	r.zs.Reset(mp.probNZ, false)
	r.nzUB = r.zs.RootBound()
}

// upExhausted ends the race when up exhausted its space: nothing is
// better than the best found (or nothing at all exists).
func (r *maxRace) upExhausted() {
	r.mu.Lock()
	r.upDone, r.bound = true, min(r.bound, max(r.bestVal, -1))
	r.mu.Unlock()
	r.cancel()
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

// zero1 is zero as a part of race's turns.
func (r *maxRace) zero1(budget int64) { r.zero(budget) }

// openWhole is for a level still open as a whole (no ordinary solution
// found or ruled out, no tile out of the pool): the target of every tile,
// worth total, is decided by solver.Solve's portfolio on prob in turns (whole).
func (r *maxRace) openWhole(p board.Position, prob search.Problem, obj Objective, total, light int32) {
	r.prob, r.wholeT, r.light = prob, total, light
	r.wholeRefutes = obj == Tiles || !hasMovableZero(p)
}

// whole gives solver.Solve's restart lanes on the whole level (its exact counts
// are much stronger there than the max search's bounds, which see only
// sums), resumed where the last call left them, about budget nodes, while
// that target is open; a solution is worth wholeT, and with tiles an
// exhausted search refutes it. Far level size 5 seed 88 (42 tiles, a
// whole solution): solver.Solve's portfolio finds it in 39,317 nodes, the max
// searches had not in 2 million.
func (r *maxRace) whole(budget int64) {
	if budget < 2*zeroBudget || !r.wholeLeft() || r.wr.Over() {
		return // the first turn is the others' alone: many levels end in it
	}
	if !r.wr.Started() {
		r.wr.Start(r.ctx, r.prob, r.visits)
	}
	r.wr.Learn = budget >= wholeLearnBudget
	at, ok := r.wr.Run(budget)
	switch {
	case !ok || at.Err != nil:
	case at.Found:
		r.found(r.wholeT, at.Sol)
	case at.Exhausted && r.wholeRefutes:
		r.refuted(max(r.floor.Load(), r.wholeT-r.light))
	}
}

// diveLeft reports whether the best found and the bound are two values
// apart or more (for dive).
func (r *maxRace) diveLeft() bool {
	return r.target()-r.floor.Load() >= 2*r.unit()
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
		r.ds = searchers.Get()
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
