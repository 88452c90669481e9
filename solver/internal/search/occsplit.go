package search

import (
	"context"
	"math"
)

// The split by histograms (issue 27, round eight). For the tiles
// objective, an arrangement worth goal or more sets aside at most E =
// Σ pool − goal tiles: its histogram is one of the few targets pool − e,
// e ≥ 0, Σ e ≤ E (eight when E is 1). The Lagrangian bound asks whether
// the hull of the arrangements' histograms meets the box h ≤ pool; a
// target alone is far easier to tell apart from the hull (Separate). Far
// size 5 seed 18, tiles, whose least bound is 45.418 against a goal of
// 45: five of its eight targets are outside the hull (at λ's own
// weights, one pass of Eval), three inside. Each of those three leaves
// weights c for which it is on or near the hull's edge; a table of the
// most c·h the rest of the cells may add (AddTable) then prunes Refute's
// pass by c·h ≥ the least c·h of the targets left: 174 million states
// without, 9.2 million with the three tables (9.4 s against 0.9 s).

// occTable is a table of Refute for the weights c (AddTable): suf[m][s]
// is the most c·h the cells closing after step m may add from state s
// (MinInt16: no way on), and every arrangement still sought has c·h ≥
// thr.
type occTable struct {
	suf []int16
	c   [7]int32
	thr int32
}

// occMaxTables is the most tables AddTable keeps.
const occMaxTables = 8

// AddTable adds, for the weights c, a table that Refute prunes by too
// until ClearTables: a state whose histogram h so far has c·h plus the
// most the rest may add below thr is dropped. The caller vouches that
// every arrangement Refute must find has c·h ≥ thr. False when ctx ended
// first, or the tables are occMaxTables already.
func (o *OccDP) AddTable(ctx context.Context, c [7]int32, thr int32) bool {
	if !o.ok || len(o.extra) == occMaxTables {
		return false
	}
	// table's gains are occScale·(w − λ), rounded up: with w = 0 and
	// λ = −c/occScale (exact, a power of two), c itself.
	var zero [7]int32
	var lam [7]float64
	for k := range lam {
		lam[k] = -float64(c[k]) / occScale
	}
	if _, ok := o.table(ctx, zero, lam); !ok {
		return false
	}
	var suf []int16
	if n := len(o.extra); n < cap(o.extra) {
		suf = o.extra[:n+1][n].suf // reuse the table a ClearTables left
	}
	o.extra = append(o.extra, occTable{suf: append(suf[:0], o.suf...), c: c, thr: thr})
	return true
}

// ClearTables drops the tables of AddTable.
func (o *OccDP) ClearTables() { o.extra = o.extra[:0] }

// Tables is how many tables AddTable has added.
func (o *OccDP) Tables() int { return len(o.extra) }

// extraAlive reports whether state t of step m has a way on in every
// table of AddTable.
func (o *OccDP) extraAlive(m int, t uint32) bool {
	for x := range o.extra {
		if o.extra[x].suf[o.sufOff[m]+int(t)] == math.MinInt16 {
			return false
		}
	}
	return true
}

// extraFits reports whether the histogram nh after step m in state t
// (Find's, of K bits) keeps every table of AddTable at its threshold.
func (o *OccDP) extraFits(m int, t uint32, nh uint64) bool {
	for x := range o.extra {
		row := o.extra[x].suf[o.sufOff[m]:o.sufOff[m+1]]
		r := row[t&uint32(len(row)-1)]
		if r == math.MinInt16 || !o.extra[x].meets(int32(r), nh) {
			return false
		}
	}
	return true
}

// xfits reports whether histogram h (6 bits a number) keeps every
// table's bound at its threshold or above, base the bound but h's part
// (Refute's, which adds what closes in the step to the table's row).
func xfits(xs []occTable, base *[occMaxTables]int32, h uint64) bool {
	for x := range xs {
		if !xs[x].meets(base[x], h) {
			return false
		}
	}
	return true
}

// meets reports whether base plus c·h (h 6 bits a number) is the
// table's threshold or more.
func (tb *occTable) meets(base int32, h uint64) bool {
	for j := range 7 {
		base += tb.c[j] * int32(h>>(6*uint(j))&63)
	}
	return base >= tb.thr
}

// Targets returns the histograms an arrangement worth goal or more may
// have, for the tiles objective (every tile worth one): pool − e, e ≥ 0,
// Σ e ≤ Σ pool − goal; nil when they are more than most.
func (o *OccDP) Targets(goal int32, most int) [][7]int32 {
	tot := int32(0)
	for _, n := range o.pool {
		tot += n
	}
	if goal > tot {
		return [][7]int32{} // none at all
	}
	var out [][7]int32
	var e [7]int32
	var rec func(k int, left int32) bool
	rec = func(k int, left int32) bool {
		if k == 7 {
			if len(out) == most {
				return false
			}
			var h [7]int32
			for j := range h {
				h[j] = o.pool[j] - e[j]
			}
			out = append(out, h)
			return true
		}
		for x := int32(0); x <= min(left, o.pool[k]); x++ {
			e[k] = x
			if !rec(k+1, left-x) {
				return false
			}
		}
		e[k] = 0
		return true
	}
	if !rec(0, tot-goal) {
		return nil
	}
	return out
}

// Separate tells the targets apart from the hull of the arrangements'
// histograms, by column generation: weights ν (in [−1, 1] a number), a
// pass of Eval for the most ν·h of any arrangement (its histogram a new
// column), and a linear programme (boxLP) for the ν that the columns
// found leave the most room under ν·target; a target is outside the hull
// once some pass's most is below ν·target, inside once the programme
// leaves no room. The passes' sums are exact: ν is taken at sepScale as
// integers. The first pass, shared, is at nu; then each target left takes
// at most iters passes, the columns shared. It returns the targets not
// told apart (rest) and for each the last ν (where it is on or near the
// hull's edge), and false when ctx ended first.
func (o *OccDP) Separate(ctx context.Context, targets [][7]int32, nu [7]float64, iters int) (rest [][7]int32, last [][7]float64, ok bool) {
	var cols [][7]int32
	// most is the most ν·h of any arrangement, at sepScale (-Inf: none).
	most := func(nu *[7]float64) (float64, [7]int64, bool) {
		var zero, lam [7]float64
		var c [7]int64
		for k := range 7 {
			c[k] = int64(math.Round(sepScale * nu[k]))
			lam[k] = -float64(c[k])
		}
		v, h, ok := o.eval(ctx, &zero, &lam)
		if ok && !math.IsInf(v, -1) {
			cols = append(cols, h)
		}
		return v, c, ok
	}
	below := func(v float64, c *[7]int64, hs *[7]int32) bool {
		t := int64(0)
		for k := range 7 {
			t += c[k] * int64(hs[k])
		}
		return v < float64(t)
	}
	v0, c0, ok := most(&nu)
	if !ok {
		return nil, nil, false
	}
	var lo, hi [7]float64
	for k := range 7 {
		lo[k], hi[k] = -1, 1
	}
	cuts := make([]boxCut, 0, iters+1)
targets:
	for _, hs := range targets {
		if below(v0, &c0, &hs) {
			continue
		}
		at := nu
		for range iters {
			cuts = cuts[:0]
			for _, h := range cols {
				var cut boxCut
				for k := range 7 {
					cut.g[k] = float64(h[k] - hs[k])
				}
				cuts = append(cuts, cut)
			}
			next, z := boxLP(cuts, lo, hi)
			if z > -1e-9 {
				break // inside the hull of the columns
			}
			at = next
			v, c, ok := most(&at)
			if !ok {
				return nil, nil, false
			}
			if below(v, &c, &hs) {
				continue targets
			}
		}
		rest = append(rest, hs)
		last = append(last, at)
	}
	return rest, last, true
}

// sepScale is the scale of Separate's integer weights: the sums of Eval
// (float32) stay exact integers below 2^24, ±2^16 a cell on up to 255
// free cells.
const sepScale = 1 << 16

// SplitTables adds the tables of the targets Separate left (rest, and
// its last ν for each, at occScale): each prunes by the least c·h of the
// targets left. At most occMaxTables; false when ctx ended first.
func (o *OccDP) SplitTables(ctx context.Context, rest [][7]int32, last [][7]float64) bool {
	for i := range last[:min(len(last), occMaxTables-len(o.extra))] {
		var c [7]int32
		for k := range c {
			c[k] = int32(math.Round(occScale * last[i][k]))
		}
		thr := int32(math.MaxInt32)
		for _, h := range rest {
			v := int32(0)
			for k := range 7 {
				v += c[k] * h[k]
			}
			thr = min(thr, v)
		}
		if !o.AddTable(ctx, c, thr) {
			return false
		}
	}
	return true
}

// FindHist is Find for an arrangement of the tiles objective whose
// histogram is h (a target of Targets): Find with the pool h and the
// target Σ h, f's memo forgotten before and after (it holds for one pool).
// Far size 6 seed 28, tiles, 24 steps of λ, its split's three targets
// left (its tables in use): one found in 503,346 nodes, where Find for
// the goal found none in 2 million with each of occFind's tables.
func (o *OccDP) FindHist(ctx context.Context, f *OccFind, lam [7]float64, h [7]int32, budget int64, occ []bool) (found, exhausted bool, nodes int64, value int32) {
	pool := o.pool
	defer func() { o.pool = pool }()
	o.pool = h
	f.Forget()
	defer f.Forget()
	var w [7]int32
	target := int32(0)
	for k := range w {
		w[k] = 1
		target += h[k]
	}
	return o.Find(ctx, f, w, lam, target, budget, occ)
}
