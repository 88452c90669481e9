package most

import (
	"context"
	"math"
	"time"

	"hexiom/solver/internal/search"
)

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
	unit := r.unit()
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
		if r.refutedBelow(g) {
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
		return r.occFar(w, t)
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

// occFar is occFindFirst when λ's bound is a value or more above the goal:
// occNextGoal if the split or occFind found the target t or refuted it
// (when λ's bound leaves it within occFindGap), else occStop (occOff set).
func (r *maxRace) occFar(w [7]int32, t int32) occOutcome {
	d := &r.occDual
	if d.Best < float64(t+occFindGap) && (r.occSplitFind(t, d.BestLam, occSplitFindBudget) || r.occFind(w, d.BestLam, t)) && r.ctx.Err() == nil && r.target() < t {
		return occNextGoal
	}
	r.occOff = true
	return occStop
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
		refuted, done, best = r.occPass(w, g, min(st.layer, limit))
		if done || r.ctx.Err() != nil {
			break
		}
	}
	return occDecided, refuted, done, best
}

// occPass is a pass of Refute for the goal g with λ's best, up let run
// meanwhile (Refute's pass is on one goroutine), layers of at most layer
// states.
func (r *maxRace) occPass(w [7]int32, g int32, layer int) (refuted, done bool, best int32) {
	resume := r.pz.unpaused()
	refuted, done, states, best := r.od.Refute(r.ctx, w, r.occDual.BestLam, g, layer)
	resume()
	r.nodes.Add(states)
	return refuted, done, best
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
		r.refutedBelow(t)
		return true
	}
	return false
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
		near = t-fl <= occWindow*r.unit()
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
