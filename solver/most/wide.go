package most

import (
	"math"
	"time"

	"hexiom/solver/internal/search"
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
	unit := r.unit()
	t, fl := r.target(), r.floor.Load()
	if t <= fl {
		return
	}
	g := fl + unit
	if !r.occWideBound(wf, t, fl, g) || r.points || r.target() < g {
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

// occWideBound takes occWide's λ steps for the goal g, the best found fl
// plus one, and lowers the bound t to their bound's floor; false when
// they refuted g (the best found is optimal) or were cut short.
func (r *maxRace) occWideBound(wf [7]float64, t, fl, g int32) bool {
	d := r.occWideLambda(wf, g)
	if r.ctx.Err() != nil || math.IsInf(d.Best, 1) {
		return false
	}
	if b := r.round(int32(math.Floor(d.Best))); b < t {
		r.refuted(max(b, fl))
	}
	return d.Best >= float64(g)
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
		r.refutedBelow(g)
		return false
	}
	r.pz.resume()
	refuted, done, states, best := r.od.Refute(r.ctx, w, d.BestLam, g, occMaxLayer)
	r.nodes.Add(states)
	switch {
	case refuted:
		r.refutedBelow(g)
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
