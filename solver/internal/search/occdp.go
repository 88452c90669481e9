package search

import (
	"context"
	"math"
	"math/bits"
	"slices"
)

// OccDP decides targets of the overconstrained variant by the occupancy
// view (issue 27, round five): an occupied set S of the free cells (the
// locked cells occupied, the holes not) fixes every number, a tile's number
// being its count of occupied neighbours; S is an arrangement iff the
// counts of its free cells (their histogram h) fit the pool, h[k] ≤
// pool[k], and every locked cell sees its number. Its value is Σ w[k]·h[k].
//
// The cells are taken in index order (reading order), the free ones only;
// the state after a step is the occupancy of the last K free cells, K the
// widest span from a cell's first free neighbour (or itself) to its last:
// a cell's count is final once the last of them is decided ("closes").
//
//   - Lagrange: dropping h ≤ pool into the objective with weights λ[k] ≥ 0
//     leaves a dynamic programme over the states alone, whose value plus
//     Σ λ[k]·pool[k] bounds the value of every arrangement; subgradient
//     steps on λ lower it. Alone it refutes none of the hard levels' last
//     targets (far size 5 seed 18, tiles: at least 45.69 against 45).
//   - Refute: a breadth-first pass over (state, histogram so far), each
//     layer without duplicates, pruned by the counts (h ≤ pool) and by a
//     table of the Lagrangian value of the rest from each state (for the λ
//     of the least bound): a state whose prefix is exact and whose suffix is
//     relaxed is kept only if it may still reach the target.
//
// The tables are sized once per Reset: 2^K values a step (K ≤ maxBits).
type OccDP struct {
	nf    int // free cells
	k     int // state bits
	close [][]occClose
	pool  [7]int32
	ok    bool // false: a locked cell can never see its number
	sized bool // the tables below fit the layout

	cur, next []float32 // Eval
	choice    []uint64  // Eval: bit s of step m: state s came from the one with the top bit set
	suf       []int16   // Refute: nf rows of 2^K
	layer     [2][]uint64
}

// occClose is a cell whose count is final once the free cell of its step is
// decided: the bits of the state that are its free neighbours, its own bit
// (-1: locked), its locked neighbours, and its locked number.
type occClose struct {
	nb     uint32
	self   int8
	fixed  int8
	locked int8
}

// OccMaxBits is the widest state OccDP takes: 2^19 states a step (far
// size 5 levels have 16 to 19 bits, size 6 22 or more).
const OccMaxBits = 19

// Reset lays out p (its pool: the tiles on Start); false when the state
// would be wider than maxBits.
func (o *OccDP) Reset(p Problem, maxBits int) bool {
	n := len(p.Nbrs)
	fi := make([]int, n)
	o.nf, o.ok, o.pool = 0, true, [7]int32{}
	for i := 0; i < n; i++ {
		fi[i] = -1
		if !p.Hole[i] && p.Locked[i] == Empty {
			fi[i] = o.nf
			o.nf++
		}
		if t := p.Start[i]; t != Empty {
			o.pool[t]++
		}
	}
	o.close = make([][]occClose, o.nf)
	o.k = 1
	for j := 0; j < n; j++ {
		if p.Hole[j] {
			continue
		}
		lo, hi, fixed := fi[j], fi[j], int8(0)
		if lo < 0 {
			lo = math.MaxInt
		}
		for _, q := range p.Nbrs[j] {
			if fi[q] >= 0 {
				lo, hi = min(lo, fi[q]), max(hi, fi[q])
			} else if p.Locked[q] != Empty {
				fixed++
			}
		}
		if hi < 0 { // a locked cell among locked cells and holes
			if p.Locked[j] != fixed {
				o.ok = false
			}
			continue
		}
		o.k = max(o.k, hi-lo+1)
		oc := occClose{self: -1, fixed: fixed, locked: p.Locked[j]}
		if fi[j] >= 0 {
			oc.self = int8(hi - fi[j])
		}
		for _, q := range p.Nbrs[j] {
			if fi[q] >= 0 {
				oc.nb |= 1 << (hi - fi[q])
			}
		}
		o.close[hi] = append(o.close[hi], oc)
	}
	if o.nf == 0 || o.k > min(maxBits, 22) || slices.Max(o.pool[:]) > 63 {
		return false // (a histogram packs 6 bits a number above the state)
	}
	o.sized = false
	return true
}

// size makes the tables for the layout of the last Reset (Eval and
// Refute call it: a Reset alone allocates little).
func (o *OccDP) size() {
	if o.sized {
		return
	}
	o.sized = true
	sz := 1 << o.k
	if cap(o.cur) < sz {
		o.cur, o.next = make([]float32, sz), make([]float32, sz)
	}
	o.cur, o.next = o.cur[:sz], o.next[:sz]
	words := max(sz/64, 1)
	if cap(o.choice) < o.nf*words {
		o.choice = make([]uint64, o.nf*words)
	}
	o.choice = o.choice[:o.nf*words]
	if cap(o.suf) < o.nf*sz {
		o.suf = make([]int16, o.nf*sz)
	}
	o.suf = o.suf[:o.nf*sz]
}

// Bits is the width of the state.
func (o *OccDP) Bits() int { return o.k }

// Pool is the movable tiles of each number.
func (o *OccDP) Pool() [7]int32 { return o.pool }

// closeGain adds to v the gain of the free cells that close in state s
// (gain[count] each, if occupied); false when a locked cell closes without
// its number or a count passes 6.
func closeGain[T int32 | float64](cls []occClose, s uint32, gain *[7]T, v T) (T, bool) {
	for _, c := range cls {
		cnt := int8(bits.OnesCount32(s&c.nb)) + c.fixed
		if c.self < 0 {
			if cnt != c.locked {
				return v, false
			}
		} else if s>>uint(c.self)&1 != 0 {
			if cnt > 6 {
				return v, false
			}
			v += gain[cnt]
		}
	}
	return v, true
}

// Eval returns max over S of Σ_{free c∈S} (w[count c] − lam[count c]), and
// the histogram of one S reaching it (by the choices kept a step, one bit a
// state); -Inf when no S lets every locked cell see its number.
func (o *OccDP) Eval(w, lam *[7]float64) (float64, [7]int32) {
	var hist [7]int32
	ninf := float32(math.Inf(-1))
	if !o.ok {
		return math.Inf(-1), hist
	}
	o.size()
	cur, next := o.cur, o.next
	for s := range cur {
		cur[s] = ninf
	}
	cur[0] = 0
	var gain [7]float32
	for k := range gain {
		gain[k] = float32(w[k] - lam[k])
	}
	top := uint32(1) << (o.k - 1)
	mask := uint32(len(cur) - 1)
	words := max(len(cur)/64, 1)
	for m := 0; m < o.nf; m++ {
		cls := o.close[m]
		ch := o.choice[m*words : (m+1)*words]
		clear(ch)
		for s := uint32(0); s <= mask; s++ {
			a, b := s>>1, s>>1|top
			v := cur[a]
			if cur[b] > v {
				v = cur[b]
				ch[s>>6] |= 1 << (s & 63)
			}
			if v == ninf {
				next[s] = ninf
				continue
			}
			for _, c := range cls {
				cnt := int8(bits.OnesCount32(s&c.nb)) + c.fixed
				if c.self < 0 {
					if cnt != c.locked {
						v = ninf
						break
					}
				} else if s>>uint(c.self)&1 != 0 {
					if cnt > 6 {
						v = ninf
						break
					}
					v += gain[cnt]
				}
			}
			next[s] = v
		}
		cur, next = next, cur
	}
	o.cur, o.next = cur, next
	best, bs := ninf, uint32(0)
	for s, v := range cur {
		if v > best {
			best, bs = v, uint32(s)
		}
	}
	if best == ninf {
		return math.Inf(-1), hist
	}
	// Back from the best last state: the counts of the free cells
	// occupied as each step closes them.
	for m := o.nf - 1; m >= 0; m-- {
		for _, c := range o.close[m] {
			if c.self >= 0 && bs>>uint(c.self)&1 != 0 {
				hist[int8(bits.OnesCount32(bs&c.nb))+c.fixed]++
			}
		}
		ch := o.choice[m*words : (m+1)*words]
		p := bs >> 1
		if ch[bs>>6]>>(bs&63)&1 != 0 {
			p |= top
		}
		bs = p
	}
	return float64(best), hist
}

// Lagrange minimises the Lagrangian bound on Σ w[k]·h[k] over λ by at most
// iters subgradient steps (Polyak's, aimed half a value below target),
// stopping once it falls below target. It returns the least bound seen
// (-Inf: no arrangement at all) and its λ.
func (o *OccDP) Lagrange(w [7]float64, target float64, iters int) (float64, [7]float64) {
	var lam, bestLam [7]float64
	best := math.Inf(1)
	for range iters {
		v, h := o.Eval(&w, &lam)
		if math.IsInf(v, -1) {
			return v, lam
		}
		for k := range lam {
			v += lam[k] * float64(o.pool[k])
		}
		if v < best {
			best, bestLam = v, lam
		}
		if best < target {
			break
		}
		var g [7]float64
		norm := 0.0
		for k := range g {
			g[k] = float64(o.pool[k] - h[k])
			if lam[k] == 0 && g[k] > 0 {
				g[k] = 0 // λ stays ≥ 0
			}
			norm += g[k] * g[k]
		}
		if norm == 0 {
			break // h fits the pool: an arrangement meets the bound
		}
		step := (v - target + 0.5) / norm
		for k := range lam {
			lam[k] = max(0, lam[k]-step*g[k])
		}
	}
	return best, bestLam
}

// occScale is the fixed-point scale of the table of Refute.
const occScale = 64

// Refute decides whether some arrangement is worth target or more (Σ
// w[k]·h[k] ≥ target), pruning with the Lagrangian table for lam, within
// limit states a layer. It reports refuted (none is), done (decided:
// refuted, or one found), and the states it kept in all.
func (o *OccDP) Refute(ctx context.Context, w [7]int32, lam [7]float64, target int32, limit int) (refuted, done bool, states int64) {
	if !o.ok {
		return true, true, 0
	}
	if o.nf*6*occScale > math.MaxInt16 {
		// The table's values could pass int16: lowering one would
		// refute wrongly, so the pass does not decide here.
		return false, false, 0
	}
	o.size()
	// The table: suf[m][s] bounds, for the state s after step m, the
	// weight of the free cells that close after m less λ of their counts,
	// scaled up (rounded up, so it stays a bound); MinInt16: no way on.
	var gain, lc [7]int32
	for k := range gain {
		lc[k] = int32(math.Ceil(occScale * lam[k]))
		gain[k] = int32(math.Ceil(occScale * (float64(w[k]) - lam[k])))
	}
	sz := 1 << o.k
	mask := uint32(sz - 1)
	const none = math.MinInt16
	last := o.suf[(o.nf-1)*sz : o.nf*sz]
	clear(last)
	for m := o.nf - 2; m >= 0; m-- {
		row, nxt, cls := o.suf[m*sz:(m+1)*sz], o.suf[(m+1)*sz:(m+2)*sz], o.close[m+1]
		for s := uint32(0); s <= mask; s++ {
			// A way on is kept above none, however low its value
			// (raising a value keeps it a bound); none only for no way.
			best, way := int32(math.MinInt32), false
			for b := uint32(0); b < 2; b++ {
				t := (s<<1 | b) & mask
				if nxt[t] == none {
					continue
				}
				if v, ok := closeGain(cls, t, &gain, int32(nxt[t])); ok && (!way || v > best) {
					best, way = v, true
				}
			}
			row[s] = none
			if way {
				row[s] = int16(max(best, none+1))
			}
		}
		if m%8 == 0 && ctx.Err() != nil {
			return false, false, states
		}
	}

	k := uint(o.k)
	smask := uint64(mask)
	cur, nxt := append(o.layer[0][:0], 0), o.layer[1][:0]
	defer func() { o.layer[0], o.layer[1] = cur[:0], nxt[:0] }()
	goal := occScale * target
	for m := 0; m < o.nf; m++ {
		nxt = nxt[:0]
		cls, row := o.close[m], o.suf[m*sz:(m+1)*sz]
		for _, key := range cur {
			s, h := key&smask, key>>k
			for b := uint64(0); b < 2; b++ {
				t := (s<<1 | b) & smask
				if row[t] == none {
					continue
				}
				nh, good := h, true
				for _, c := range cls {
					cnt := int8(bits.OnesCount32(uint32(t)&c.nb)) + c.fixed
					if c.self < 0 {
						if cnt != c.locked {
							good = false
							break
						}
					} else if t>>uint(c.self)&1 != 0 {
						if cnt > 6 || int32(nh>>(6*uint(cnt))&63) >= o.pool[cnt] {
							good = false
							break
						}
						nh += 1 << (6 * uint(cnt))
					}
				}
				if !good {
					continue
				}
				bnd := int32(row[t])
				for j := uint(0); j < 7; j++ {
					c := int32(nh >> (6 * j) & 63)
					bnd += occScale*w[j]*c + lc[j]*(o.pool[j]-c)
				}
				if bnd < goal {
					continue
				}
				if m == o.nf-1 { // every cell closed: the value itself
					v := int32(0)
					for j := uint(0); j < 7; j++ {
						v += w[j] * int32(nh>>(6*j)&63)
					}
					if v < target {
						continue
					}
				}
				nxt = append(nxt, nh<<k|t)
			}
		}
		slices.Sort(nxt)
		nxt = slices.Compact(nxt)
		states += int64(len(nxt))
		cur, nxt = nxt, cur
		if len(cur) == 0 {
			return true, true, states
		}
		if len(cur) > limit || ctx.Err() != nil {
			return false, false, states
		}
	}
	return false, true, states // every state left meets the target
}
