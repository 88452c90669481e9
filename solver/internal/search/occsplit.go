package search

import (
	"cmp"
	"context"
	"math"
	"slices"
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
const occMaxTables = OccMaxTables

// OccMaxTables is the most tables AddTable keeps.
const OccMaxTables = 8

// AddTable adds, for the weights c, a table that Refute prunes by too
// until ClearTables: a state whose histogram h so far has c·h plus the
// most the rest may add below thr is dropped. The caller vouches that
// every arrangement Refute must find has c·h ≥ thr. False when ctx ended
// first, or the tables are occMaxTables (or SetTableCap's cap) already.
func (o *OccDP) AddTable(ctx context.Context, c [7]int32, thr int32) bool {
	if !o.ok || len(o.extra) >= o.tableCap {
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

// Capped reports whether SetTableCap's cap has left out a table
// SplitTables would have added.
func (o *OccDP) Capped() bool { return o.capped }

// ClearTables drops the tables of AddTable and SplitTables' cap.
func (o *OccDP) ClearTables() { o.extra, o.cap = o.extra[:0], o.pool }

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

// Targets returns the histograms an arrangement worth goal or more
// (Σ w[k]·h[k], w ≥ 0) may have: pool − e, e ≥ 0, Σ w·e ≤ Σ w·pool −
// goal (with tiles, at most that many tiles set aside; with points, any
// number of 0s), but those whose Σ k·h[k] plus the locked numbers is odd
// (every arrangement's is even: it counts each occupied pair of
// neighbours twice); nil when they are more than most.
func (o *OccDP) Targets(w [7]int32, goal int32, most int) [][7]int32 {
	tot := int32(0)
	for k, n := range o.pool {
		tot += w[k] * n
	}
	if goal > tot {
		return [][7]int32{} // none at all
	}
	var out [][7]int32
	var e [7]int32
	var rec func(k int, left int32) bool
	rec = func(k int, left int32) bool {
		if k == 7 {
			var h [7]int32
			odd := o.odd
			for j := range h {
				h[j] = o.pool[j] - e[j]
				odd = odd != (j&1 == 1 && h[j]&1 == 1)
			}
			if odd {
				return true
			}
			if len(out) == most {
				return false
			}
			out = append(out, h)
			return true
		}
		for x := int32(0); x <= o.pool[k] && w[k]*x <= left; x++ {
			e[k] = x
			if !rec(k+1, left-w[k]*x) {
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
// histograms. A target H is outside the hull iff its Lagrangian bound
// L(λ) = max over arrangements of Σ (1−λ_k)·h_k + λ·H (λ free in sign:
// h = H is an equality) falls below Σ H somewhere; with ν = 1 − λ, iff
// the most ν·h of any arrangement is below ν·H. The first pass of Eval,
// shared, is at nu (1 − the λ of the goal's steps); it tells most targets
// apart. Each one left takes at most iters more passes, by the box step
// on its L (as Steps does for the goal), the cuts the histograms found so
// far (the columns, shared; seed's, the goal's steps', first, when
// given). Each pass's sums are exact: ν is taken at sepScale as integers.
// The targets left are taken, and returned (rest), from the most likely
// to be reachable: the highest L at nu above Σ H (an arrangement that
// sets aside 0s costs λ_0 ≈ 0); last is, for each, the ν of its least L
// (where it is on or near the hull's edge: its table prunes best), and
// each one left is handed to each (nil: none) as soon as it is known,
// which may stop Separate (true). It reports false when ctx ended first.
func (o *OccDP) Separate(ctx context.Context, targets [][7]int32, nu [7]float64, iters int, seed *Dual, each func(h [7]int32, nu [7]float64) bool) (rest [][7]int32, last [][7]float64, ok bool) {
	sc := &sepColumns{o: o, ctx: ctx}
	if seed != nil {
		for _, c := range seed.cuts {
			var h [7]int32
			for k := range 7 {
				h[k] = o.pool[k] - int32(c.g[k])
			}
			sc.cols = append(sc.cols, h)
		}
	}
	v0, c0, ok := sc.most(&nu)
	if !ok {
		return nil, nil, false
	}
	var lam0 [7]float64
	for k := range 7 {
		lam0[k] = 1 - nu[k]
	}
	type left struct {
		h     [7]int32
		slack float64
	}
	var ls []left
	for _, hs := range targets {
		if !sepBelow(v0, &c0, &hs) {
			ls = append(ls, left{hs, sepL(&lam0, &hs, sc.cols) - sepTotal(&hs)})
		}
	}
	slices.SortStableFunc(ls, func(a, b left) int { return cmp.Compare(b.slack, a.slack) })
	for _, l := range ls {
		at, sep, ok := sc.sepBox(l.h, lam0, iters)
		if !ok {
			return nil, nil, false
		}
		if sep {
			continue
		}
		rest, last = append(rest, l.h), append(last, at)
		if each != nil && each(l.h, at) {
			break
		}
	}
	return rest, last, true
}

// sepColumns is what Separate's passes share: the columns, the
// histograms found so far.
type sepColumns struct {
	o    *OccDP
	ctx  context.Context
	cols [][7]int32
}

// most is the most ν·h of any arrangement at sepScale (-Inf: none), with
// the integer ν it took; its histogram is a new column.
func (sc *sepColumns) most(nu *[7]float64) (float64, [7]int64, bool) {
	var zero, lam [7]float64
	var c [7]int64
	for k := range 7 {
		c[k] = int64(math.Round(sepScale * nu[k]))
		lam[k] = -float64(c[k])
	}
	v, h, ok := sc.o.eval(sc.ctx, &zero, &lam)
	if ok && !math.IsInf(v, -1) {
		sc.cols = append(sc.cols, h)
	}
	return v, c, ok
}

// sepBelow reports whether most's v (at the integer ν c) is under ν·hs:
// hs is then outside the hull.
func sepBelow(v float64, c *[7]int64, hs *[7]int32) bool {
	t := int64(0)
	for k := range 7 {
		t += c[k] * int64(hs[k])
	}
	return v < float64(t)
}

// sepTotal is Σ hs.
func sepTotal(hs *[7]int32) float64 {
	t := 0.0
	for _, n := range hs {
		t += float64(n)
	}
	return t
}

// sepL is the most the columns cols say target hs's L is at λ (L is at
// least that).
func sepL(lam *[7]float64, hs *[7]int32, cols [][7]int32) float64 {
	best := math.Inf(-1)
	for i := range cols {
		v := 0.0
		for k := range 7 {
			v += (1-lam[k])*float64(cols[i][k]) + lam[k]*float64(hs[k])
		}
		best = max(best, v)
	}
	return best
}

// sepBox takes at most iters passes of the box step on target hs's L from
// λ center (see Separate): each goes where the cuts of the columns (L(λ)
// ≥ Σ h + λ·(hs − h)) are least within a box around the best λ, the box
// doubling after a pass that lowered L on its edge, halving after one that
// did not; it stops once the cuts leave L no room below Σ hs within a box
// that does not bind (hs is then inside the hull of the columns). It
// reports whether a pass told hs apart, and else the ν of the least L
// (normalised to at most 1 a number).
func (sc *sepColumns) sepBox(hs [7]int32, center [7]float64, iters int) (at [7]float64, sep, ok bool) {
	tot := sepTotal(&hs)
	lc := sepL(&center, &hs, sc.cols)
	delta := sepDelta
	cuts := make([]boxCut, 0, len(sc.cols)+iters)
	for range iters {
		cuts = hullCuts(cuts[:0], sc.cols, &hs)
		next, m, f, binds := sepStep(cuts, &center, delta, tot)
		if m >= tot-boxTol && !binds {
			break // inside the hull of the columns, near enough
		}
		nuq := sepNu(&next)
		n := len(sc.cols)
		v, c, ok := sc.most(&nuq)
		if !ok {
			return at, false, false
		}
		if sepBelow(v, &c, &hs) {
			return nuq, true, true
		}
		if len(sc.cols) == n {
			break // no arrangement at all
		}
		if l := sepL(&next, &hs, sc.cols[n:]); l < lc {
			onEdge := false
			for k := range 7 {
				onEdge = onEdge || math.Abs(math.Abs(next[k]-center[k])-f*delta) < 1e-9
			}
			if onEdge {
				delta *= 2
			}
			center, lc = next, l
		} else {
			delta = max(delta/2, boxMinDelta)
		}
	}
	return sepNu(&center), false, true
}

// hullCuts appends to cuts, for each column h, its cut of target hs's L:
// L(λ) ≥ Σ h + λ·(hs − h).
func hullCuts(cuts []boxCut, cols [][7]int32, hs *[7]int32) []boxCut {
	for _, h := range cols {
		var c boxCut
		for k := range 7 {
			c.a += float64(h[k])
			c.g[k] = float64(hs[k] - h[k])
		}
		cuts = append(cuts, c)
	}
	return cuts
}

// sepStep is a box step of sepBox: where the cuts are least in the box of
// half-width delta around center (m, there), widened fourfold before
// giving up when the least is on the box's edge (binds) and not below
// tot; f is the box's last widening.
func sepStep(cuts []boxCut, center *[7]float64, delta, tot float64) (next [7]float64, m, f float64, binds bool) {
	for _, f = range [2]float64{1, 4} { // a wider box before giving up
		var lo, hi [7]float64
		for k := range 7 {
			lo[k], hi[k] = center[k]-f*delta, center[k]+f*delta
		}
		next, m = boxLP(cuts, lo, hi)
		binds = false
		for k := range 7 {
			binds = binds || next[k] <= lo[k]+1e-9 || next[k] >= hi[k]-1e-9
		}
		if m < tot-boxTol || !binds {
			break
		}
	}
	return next, m, f, binds
}

// sepNu is ν = 1 − λ scaled to at most 1 a number (the tests of Separate
// and the tables are the same for any positive scale).
func sepNu(lam *[7]float64) [7]float64 {
	var nu [7]float64
	scale := 0.0
	for k := range 7 {
		nu[k] = 1 - lam[k]
		scale = max(scale, math.Abs(nu[k]))
	}
	if scale > 0 {
		for k := range 7 {
			nu[k] /= scale
		}
	}
	return nu
}

// sepDelta is the box's first half-width in Separate (far size 5, 12
// steps of the goal before: seed 65's one target told apart in 10 to 13
// passes, at 0.02 or 0.05, against 27 without the box; seed 18's one
// target left after 10 at 0.02, whose table left the pass 619,102 states
// against 4.3 million).
const sepDelta = 0.02

// sepScale is the scale of Separate's integer weights: the sums of Eval
// (float32) stay exact integers below 2^24, ±2^16 a cell on up to 255
// free cells.
const sepScale = 1 << 16

// SplitTables adds the tables of the targets Separate left (rest, and
// its last ν for each, at occScale): each prunes by the least c·h of the
// targets left. At most occMaxTables (or SetTableCap's cap); false when
// ctx ended first.
func (o *OccDP) SplitTables(ctx context.Context, rest [][7]int32, last [][7]float64) bool {
	o.cap = [7]int32{}
	for _, h := range rest {
		for k := range h {
			o.cap[k] = max(o.cap[k], h[k])
		}
	}
	if len(last) > o.tableCap-len(o.extra) && o.tableCap < occMaxTables {
		o.capped = true
	}
	for i := range last[:max(0, min(len(last), o.tableCap-len(o.extra)))] {
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
