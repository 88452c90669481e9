package most

import (
	"hexiom/solver/internal/search"
)

// occFind looks by search.OccDP.Find for an arrangement worth the target
// t, within occFindBudget nodes for each of three tables: λ lam (occ's
// steps), occPrior, and occPrior raised by half (issue 27, round seven:
// far size 5 seeds 54 and 59, tiles, whose optimum meets the bound but
// that the searches find after 1 to 4 s). Which λ lets the search find an
// arrangement soon is not foreseeable: of the optima of the 191 proved far
// size-5 pairs, with λ after occ's six steps of the box step, 147 are found
// within 500,000 nodes, with occPrior 152, by one of the three 182 (1
// million nodes each: 158, 162, 187); s5-54 tiles only with the third
// (6,000 nodes), s5-59 tiles only with occPrior (546,260). Found (and
// checked by the rule, checkArrangement), it is the race's; exhausted,
// nothing is worth t: the bound falls below it. It reports whether it
// decided t.
func (r *maxRace) occFind(w [7]int32, lam [7]float64, t int32) bool {
	r.occFindInit()
	for _, l := range occFindLams(lam, r.points) {
		if r.ctx.Err() != nil {
			return false
		}
		resume := r.pz.unpaused()
		found, exhausted, nodes, v := r.od.Find(r.ctx, r.of, w, l, t, occFindBudget, r.ofOcc)
		resume()
		r.nodes.Add(nodes)
		switch {
		case found:
			return r.occFound(v)
		case exhausted:
			r.refutedBelow(t)
			return true
		}
	}
	return false
}

// occFindInit makes occFind's search and its scratch, once.
func (r *maxRace) occFindInit() {
	if r.of == nil {
		r.of = new(search.OccFind)
		r.ofOcc = make([]bool, len(r.sol))
		r.ofSol = make([]int8, len(r.sol))
	}
}

// occFound makes the arrangement Find found (r.ofOcc, worth v; v < 0:
// whatever the rule says it is worth) the race's, once checked by the
// rule; false if the check fails.
func (r *maxRace) occFound(v int32) bool {
	search.OccArrangement(r.occProb, r.ofOcc, r.ofSol)
	got, ok := checkArrangement(r.occProb, r.ofSol, r.points)
	if !ok || v >= 0 && got != v {
		return false
	}
	r.found(got, r.ofSol)
	return true
}

// occFindHists looks by search.OccDP.FindHist for an arrangement with
// each histogram of rest in turn (the targets occSplit left, their
// tables in use), within occFindBudget nodes each, λ lam. Found, it is
// the race's; every target exhausted, the goal g is refuted. It reports
// whether it decided g.
func (r *maxRace) occFindHists(lam [7]float64, rest [][7]int32, g int32) bool {
	r.occFindInit()
	all := true
	for _, h := range rest {
		if r.ctx.Err() != nil {
			return false
		}
		resume := r.pz.unpaused()
		found, exhausted, nodes, _ := r.od.FindHist(r.ctx, r.of, lam, h, occFindBudget, r.ofOcc)
		resume()
		r.nodes.Add(nodes)
		if found {
			return r.occFound(-1) // (FindHist's value counts tiles)
		}
		all = all && exhausted
	}
	if all {
		r.refutedBelow(g)
	}
	return all
}

// occFindHist looks by search.OccDP.FindHist, within budget nodes, for an
// arrangement whose histogram is h, a target of the split that Separate
// left with its ν (its table alone in use, at its threshold c·h: every
// arrangement with histogram h meets it), λ lam for the Lagrangian
// table. Found (and checked by the rule), it is the race's, worth what
// the rule says (any objective: h is a target of the race's goal).
func (r *maxRace) occFindHist(h [7]int32, nu, lam [7]float64, budget int64) bool {
	r.occFindInit()
	r.od.ClearTables()
	defer r.od.ClearTables()
	if !r.od.SplitTables(r.ctx, [][7]int32{h}, [][7]float64{nu}) {
		return false
	}
	found, _, nodes, _ := r.od.FindHist(r.ctx, r.of, lam, h, budget, r.ofOcc)
	r.nodes.Add(nodes)
	return found && r.occFound(-1) // (FindHist's value counts tiles)
}

// occFindLams are the λ of occFind's tables in turn: lam, occPrior, and
// occPrior raised by half.
func occFindLams(lam [7]float64, points bool) [3][7]float64 {
	prior := occPrior(points)
	raised := prior
	for k := range raised {
		raised[k] *= 1.5
	}
	return [3][7]float64{lam, prior, raised}
}

// checkArrangement checks sol against p by the rule: holes empty, each
// locked cell its number, every tile on the board (locked ones included)
// seeing its number of occupied neighbours, and the numbers on the free
// cells no more than p's pool (the tiles of p.Start) holds. It returns the
// value of the free cells' tiles (their count, or with points the sum of
// their numbers).
func checkArrangement(p search.Problem, sol []int8, points bool) (int32, bool) {
	if len(sol) != len(p.Nbrs) {
		return 0, false
	}
	pool := poolOf(p.Start)
	var v int32
	for i, t := range sol {
		switch {
		case p.Hole[i]:
			if t != search.Empty {
				return 0, false
			}
			continue
		case p.Locked[i] != search.Empty:
			if t != p.Locked[i] {
				return 0, false
			}
		case t == search.Empty:
			continue
		case t < 0 || t > 6:
			return 0, false
		default:
			if pool[t]--; pool[t] < 0 {
				return 0, false
			}
			v++
			if points {
				v += int32(t) - 1
			}
		}
		if occupiedAround(p, sol, i) != t {
			return 0, false
		}
	}
	return v, true
}

// poolOf counts the tiles of each number in start.
func poolOf(start []int8) [7]int32 {
	var pool [7]int32
	for _, t := range start {
		if t != search.Empty {
			pool[t]++
		}
	}
	return pool
}

// occupiedAround counts the occupied neighbours of cell i in sol.
func occupiedAround(p search.Problem, sol []int8, i int) int8 {
	n := int8(0)
	for _, q := range p.Nbrs[i] {
		if sol[q] != search.Empty {
			n++
		}
	}
	return n
}
