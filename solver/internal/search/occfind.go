package search

import (
	"context"
	"math"
	"math/bits"
)

// OccFind is what OccDP.Find keeps from one call to the next: its table
// of failed nodes (kept for the same board and target: a node that failed
// with one λ's table fails with every other) and its path. Its zero value
// is ready.
type OccFind struct {
	memo  []occMemo
	stack []occFrame
	od    *OccDP // the memo's board and target
	goal  int32
}

// Forget clears what f remembers (call it after a Reset of the OccDP).
func (f *OccFind) Forget() { f.od = nil }

// occMemo is a failed node of Find: the histogram, and the step (plus one;
// 0: unset) and state packed.
type occMemo struct {
	h  uint64
	mt uint32
	m8 uint8
}

type occFrame struct {
	t    uint32 // the state after this step
	h    uint64 // the histogram after it
	next uint8  // children tried
	n    uint8  // children
	c    [2]uint32
}

// occFindMemoBits: Find's table of failed nodes holds 2^occFindMemoBits
// entries (16 bytes each), a lossy cache small enough to stay in the
// processor's cache: with 2^20 entries the lookups' misses took 59 % of
// the time (far size 5 seed 54, λ after 12 steps: 4.1 million nodes in
// 0.9 s, against 4.6 million in 0.37 s at 2^14); the search hardly meets
// a (state, histogram) twice.
const occFindMemoBits = 14

// Find looks, depth first over the free cells in OccDP's order, for an
// arrangement worth target or more (Σ w[k]·h[k] ≥ target), with Refute's
// pruning (h ≤ pool, the exact prefix plus the Lagrangian table for lam
// at least the target, and the tables of AddTable), trying first the
// child whose bound is higher, within budget nodes (0: no limit). found:
// occ[i] tells whether free cell i (in the order of the Reset's Visit) is
// occupied (OccArrangement turns it into numbers), value is its worth;
// exhausted: none is worth target (a refutation, as Refute's, without its
// bound on a layer, but the nodes of a tree: 1.3 to 2.7 times Refute's
// states on far size 5 seeds 41, 51 and 65).
//
// Refute's pass keeps every state that may reach the target; Find follows
// the table's best completion and often finds an arrangement, when there
// is one, in far fewer nodes, but how soon depends on λ in no foreseeable
// way (far size 5 seed 54, tiles, whose whole solution Solve's portfolio
// needs 5.1 million nodes for: 983,847 nodes with λ after six deflected
// subgradient steps, 6,000 with the prior raised by half, none within 3
// million with six box steps; Refute's pass kept 87 million states
// undecided). Its nodes: the same on every run.
func (o *OccDP) Find(ctx context.Context, f *OccFind, w [7]int32, lam [7]float64, target int32, budget int64, occ []bool) (found, exhausted bool, nodes int64, value int32) {
	if !o.ok {
		return false, true, 0, -1
	}
	if !o.fits16(w) {
		return false, false, 0, -1 // (see Refute)
	}
	lc, ok := o.table(ctx, w, lam)
	if !ok {
		return false, false, 0, -1
	}
	f.start(o, target)
	st := f.stack[:o.nf+1]
	wk := newOccWalk(o, st, w, lc, target)
	value = -1
	// st[d] is the node after step d-1 (st[0] the root, before step 0).
	st[0] = occFrame{}
	d := 0
	wk.prepare(0)
	for {
		if d == o.nf {
			// Every cell closed: h fits the pool and, the table being 0
			// after the last step, its value meets the target.
			if v := histValue(&w, st[d].h); v >= target {
				for k := d; k > 0; k-- {
					occ[k-1] = st[k].t&1 != 0
				}
				return true, false, nodes, v
			}
			f.fail(d-1, st[d].t, st[d].h)
			d--
			continue
		}
		fr := &st[d]
		if fr.next >= fr.n {
			if d == 0 {
				return false, true, nodes, -1
			}
			f.fail(d-1, fr.t, fr.h)
			d--
			continue
		}
		t := fr.c[fr.next]
		fr.next++
		nh, _, ok := wk.child(d, t, fr.h)
		if !ok || f.failed(d, t, nh) {
			continue
		}
		nodes++
		if nodes&1023 == 0 && (nodes >= budget && budget > 0 || ctx.Err() != nil) {
			return false, false, nodes, -1
		}
		st[d+1] = occFrame{t: t, h: nh}
		d++
		if d < o.nf {
			wk.prepare(d)
		}
	}
}

// start readies f's memo and stack for a search of o for target. A node
// failed for one table fails for every other: the memo is kept from one
// call to the next for the same target.
func (f *OccFind) start(o *OccDP, target int32) {
	if len(f.memo) == 0 {
		f.memo = make([]occMemo, 1<<occFindMemoBits)
	} else if f.od != o || f.goal != target {
		clear(f.memo)
	}
	f.od, f.goal = o, target
	if cap(f.stack) < o.nf+1 {
		f.stack = make([]occFrame, o.nf+1)
	}
}

// occKey is the memo's slot of the node (m, t, h), and the state it keeps.
func occKey(m int, t uint32, h uint64) (uint64, uint32) {
	x := h*0x9E3779B97F4A7C15 ^ uint64(t)<<7 ^ uint64(m)
	x ^= x >> 29
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 32
	return x & (1<<occFindMemoBits - 1), t
}

// failed reports whether the memo holds the node (m, t, h) as failed.
func (f *OccFind) failed(m int, t uint32, h uint64) bool {
	i, tt := occKey(m, t, h)
	e := &f.memo[i]
	return e.m8 == uint8(m+1) && e.mt == tt && e.h == h
}

// fail keeps the node (m, t, h) as failed.
func (f *OccFind) fail(m int, t uint32, h uint64) {
	i, tt := occKey(m, t, h)
	f.memo[i] = occMemo{h: h, mt: tt, m8: uint8(m + 1)}
}

// occWalk is what Find's steps read: the table's bound (its coefficients,
// scaled by occScale like goal), and the stack.
type occWalk struct {
	o      *OccDP
	st     []occFrame
	mask   uint32 // a state's bits
	goal   int32
	poolLc int32
	coef   [7]int32
}

// newOccWalk readies Find's walk of o for the weights w and the target,
// lc the Lagrangian table's costs, st its stack.
func newOccWalk(o *OccDP, st []occFrame, w, lc [7]int32, target int32) occWalk {
	wk := occWalk{o: o, st: st, mask: uint32(1<<o.k - 1), goal: occScale * target}
	for j := range wk.coef {
		wk.coef[j] = occScale*w[j] - lc[j]
		wk.poolLc += lc[j] * o.pool[j]
	}
	return wk
}

// histValue is the value Σ w[j]·h[j] of the histogram h (6 bits a number).
func histValue(w *[7]int32, h uint64) int32 {
	v := int32(0)
	for j := range 7 {
		v += w[j] * int32(h>>(6*uint(j))&63)
	}
	return v
}

// child returns the histogram after step m in state t from h, and its
// bound (less than goal: pruned).
func (k *occWalk) child(m int, t uint32, h uint64) (uint64, int32, bool) {
	const none = math.MinInt16
	o := k.o
	row := o.sufRow(m)
	rt := row[t&uint32(len(row)-1)] // the state's last w[m] bits
	if rt == none {
		return 0, 0, false
	}
	var d uint64
	if o.coded {
		ga := &o.gath[m]
		p := o.pats[o.gcode[int(ga.off)+int(ga.key(t))]]
		if p.bad {
			return 0, 0, false
		}
		d = p.d
	} else {
		for _, c := range o.close[m] {
			cnt := int8(bits.OnesCount32(t&c.nb)) + c.fixed
			if c.self < 0 {
				if cnt != c.locked {
					return 0, 0, false
				}
			} else if t>>uint(c.self)&1 != 0 {
				d += 1 << (6 * uint(cnt))
			}
		}
	}
	nh := h + d
	bnd := int32(rt) + k.poolLc
	for j := range 7 {
		c := int32(nh >> (6 * uint(j)) & 63)
		if c > o.pool[j] {
			return 0, 0, false
		}
		bnd += k.coef[j] * c
	}
	if bnd < k.goal || !o.extraFits(m, t, nh) {
		return 0, 0, false
	}
	return nh, bnd, true
}

// prepare puts in st[d] its children at step d, the better first.
func (k *occWalk) prepare(d int) {
	fr := &k.st[d]
	t0 := fr.t << 1 & k.mask
	_, b0, ok0 := k.child(d, t0, fr.h)
	_, b1, ok1 := k.child(d, t0|1, fr.h)
	fr.next, fr.n = 0, 0
	if ok1 && (!ok0 || b1 > b0) {
		fr.c[fr.n] = t0 | 1
		fr.n++
	}
	if ok0 {
		fr.c[fr.n] = t0
		fr.n++
	}
	if ok1 && ok0 && b1 <= b0 {
		fr.c[fr.n] = t0 | 1
		fr.n++
	}
}

// OccArrangement puts on sol the numbers of the arrangement whose
// occupied free cells occ gives (free cells in p.Visit's order, as
// OccDP's; nil: index order):
// each occupied free cell its count of occupied neighbours (locked cells
// occupied), every other free cell Empty; locked cells and holes as in p.
func OccArrangement(p Problem, occ []bool, sol []int8) {
	n := len(p.Nbrs)
	full := make([]bool, n)
	k := 0
	for v := range n {
		i := v
		if len(p.Visit) == n {
			i = int(p.Visit[v])
		}
		switch {
		case p.Hole[i]:
		case p.Locked[i] != Empty:
			full[i] = true
		default:
			full[i] = occ[k]
			k++
		}
	}
	for i := range n {
		sol[i] = Empty
		if p.Locked[i] != Empty {
			sol[i] = p.Locked[i]
			continue
		}
		if !full[i] || p.Hole[i] {
			continue
		}
		c := int8(0)
		for _, q := range p.Nbrs[i] {
			if full[q] {
				c++
			}
		}
		sol[i] = c
	}
}
