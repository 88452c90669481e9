package search

import (
	"math"
	"math/bits"
	"slices"
)

// OccDP bounds the overconstrained variant by the occupancy view: an
// occupied set S of the free cells (the locked cells occupied, the holes
// not) fixes every number, a tile's number being its count of occupied
// neighbours; S is an arrangement iff the counts of the free cells of S
// (their histogram h) fit the pool (h[k] ≤ pool[k]) and every locked cell
// sees its number. Dropping h ≤ pool into the objective with weights
// λ[k] ≥ 0 leaves a dynamic programme over the free cells in index order
// whose state is the occupancy of the last K free cells (K: the widest span
// from a cell's first free neighbour to its last); its value bounds the
// objective (Lagrangian relaxation) for every λ.
type OccDP struct {
	nf    int     // free cells
	k     int     // state bits
	fixed []int32 // per cell: its locked neighbours (count offset)
	close [][]occClose
	cur   []float64
	next  []float64
	hc    []uint64 // histogram of the best S of each state (cur)
	hn    []uint64
	pool  [7]int32
	ok    bool // false: a locked cell can never see its number
}

// occClose is a cell whose count is final once the free cell of the step is
// decided: the bits of the state that are its free neighbours, its own bit
// (free cells; -1 locked), its locked neighbours, and its locked number.
type occClose struct {
	nb     uint32
	self   int8
	fixed  int8
	locked int8
}

// Reset lays out p; false when the state would be wider than maxBits.
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
	type cl struct {
		j, at, lo int
	}
	var cls []cl
	for j := 0; j < n; j++ {
		if p.Hole[j] {
			continue
		}
		lo, hi := math.MaxInt, -1
		fixed := 0
		for _, q := range append([]int{j}, p.Nbrs[j]...) {
			if fi[q] >= 0 {
				lo, hi = min(lo, fi[q]), max(hi, fi[q])
			} else if q != j && p.Locked[q] != Empty {
				fixed++
			}
		}
		if hi < 0 { // a locked cell among locked cells and holes
			if int(p.Locked[j]) != fixed {
				o.ok = false
			}
			continue
		}
		o.k = max(o.k, hi-lo+1)
		cls = append(cls, cl{j, hi, lo})
	}
	if o.k > maxBits {
		return false
	}
	for _, c := range cls {
		j := c.j
		oc := occClose{self: -1, locked: int8(Empty)}
		if fi[j] >= 0 {
			oc.self = int8(c.at - fi[j])
		} else {
			oc.locked = p.Locked[j]
		}
		for _, q := range p.Nbrs[j] {
			if fi[q] >= 0 {
				oc.nb |= 1 << (c.at - fi[q])
			} else if p.Locked[q] != Empty {
				oc.fixed++
			}
		}
		o.close[c.at] = append(o.close[c.at], oc)
	}
	sz := 1 << o.k
	if cap(o.cur) < sz {
		o.cur, o.next = make([]float64, sz), make([]float64, sz)
		o.hc, o.hn = make([]uint64, sz), make([]uint64, sz)
	}
	o.cur, o.next, o.hc, o.hn = o.cur[:sz], o.next[:sz], o.hc[:sz], o.hn[:sz]
	return true
}

// Bits is the width of the state.
func (o *OccDP) Bits() int { return o.k }

// Pool is the movable tiles of each number.
func (o *OccDP) Pool() [7]int32 { return o.pool }

// Eval returns max over S of Σ_{free c∈S} (w[count c] − lam[count c]), and
// the histogram of one S reaching it; -Inf when no S lets every locked cell
// see its number.
func (o *OccDP) Eval(w, lam *[7]float64) (float64, [7]int32) {
	var hist [7]int32
	if !o.ok {
		return math.Inf(-1), hist
	}
	ninf := math.Inf(-1)
	cur, next, hc, hn := o.cur, o.next, o.hc, o.hn
	for s := range cur {
		cur[s], hc[s] = ninf, 0
	}
	cur[0] = 0
	var gain [7]float64
	for k := range gain {
		gain[k] = w[k] - lam[k]
	}
	top := uint32(1) << (o.k - 1)
	mask := uint32(len(cur) - 1)
	for m := 0; m < o.nf; m++ {
		cls := o.close[m]
		for s := uint32(0); s <= mask; s++ {
			a, b := s>>1, s>>1|top
			v, h := cur[a], hc[a]
			if cur[b] > v {
				v, h = cur[b], hc[b]
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
					h += 1 << (8 * uint(cnt))
				}
			}
			next[s], hn[s] = v, h
		}
		cur, next, hc, hn = next, cur, hn, hc
	}
	o.cur, o.next, o.hc, o.hn = cur, next, hc, hn
	best, bh := ninf, uint64(0)
	for s, v := range cur {
		if v > best {
			best, bh = v, hc[s]
		}
	}
	for k := range hist {
		hist[k] = int32(bh >> (8 * uint(k)) & 0xff)
	}
	return best, hist
}

// Bound minimises the Lagrangian bound over λ by subgradient steps (at most
// iters DP calls), stopping once it falls below target (when target > -Inf).
// It returns the least bound seen on the objective Σ_{free c∈S} w[count c].
func (o *OccDP) Bound(w [7]float64, target float64, iters int) (float64, int) {
	b, _, it := o.BoundLam(w, target, iters)
	return b, it
}

// BoundLam is Bound, with the λ of the least bound.
func (o *OccDP) BoundLam(w [7]float64, target float64, iters int) (float64, [7]float64, int) {
	var lam, bestLam [7]float64
	best := math.Inf(1)
	it := 0
	for ; it < iters; it++ {
		v, h := o.Eval(&w, &lam)
		if math.IsInf(v, -1) {
			return v, lam, it + 1
		}
		for k := range lam {
			v += lam[k] * float64(o.pool[k])
		}
		if v < best {
			best, bestLam = v, lam
		}
		if best < target {
			return best, bestLam, it + 1
		}
		var g [7]float64
		norm := 0.0
		for k := range g {
			g[k] = float64(o.pool[k] - h[k])
			if lam[k] == 0 && g[k] > 0 {
				g[k] = 0 // the projection keeps λ ≥ 0
			}
			norm += g[k] * g[k]
		}
		if norm == 0 {
			break // h fits the pool: the bound is met by an arrangement
		}
		step := (v - target + 0.5) / norm
		if step <= 0 {
			step = 1 / norm
		}
		for k := range lam {
			lam[k] = max(0, lam[k]-step*g[k])
		}
	}
	return best, bestLam, it
}

// suffix fills suf[m][s]: the most free cells occupied among those closing
// after step m, from state s after step m (-1: none lets the locked cells
// see their numbers). Prototype.
func (o *OccDP) suffix() [][]int8 {
	sz := 1 << o.k
	mask := uint32(sz - 1)
	suf := make([][]int8, o.nf)
	for m := range suf {
		suf[m] = make([]int8, sz)
	}
	for m := o.nf - 1; m >= 0; m-- {
		row := suf[m]
		if m == o.nf-1 {
			continue // nothing after the last step
		}
		nxt := suf[m+1]
		cls := o.close[m+1]
		for s := uint32(0); s <= mask; s++ {
			best := int8(-1)
			for b := uint32(0); b < 2; b++ {
				t := (s<<1 | b) & mask
				if nxt[t] < 0 {
					continue
				}
				v, ok := o.closeCount(cls, t)
				if ok && v+nxt[t] > best {
					best = v + nxt[t]
				}
			}
			row[s] = best
		}
	}
	return suf
}

func (o *OccDP) closeCount(cls []occClose, s uint32) (int8, bool) {
	var v int8
	for _, c := range cls {
		cnt := int8(bits.OnesCount32(s&c.nb)) + c.fixed
		if c.self < 0 {
			if cnt != c.locked {
				return 0, false
			}
		} else if s>>uint(c.self)&1 != 0 {
			if cnt > 6 {
				return 0, false
			}
			v++
		}
	}
	return v, true
}

// Exact decides whether some S places at least target tiles (Σh ≥ target,
// h ≤ pool) by a breadth-first pass over (state, histogram), each layer
// without duplicates. Prototype: it reports the largest layer.
func (o *OccDP) Exact(target int, limit int, lam *[7]float64) (found bool, maxLayer int, ok bool) {
	if !o.ok {
		return false, 0, true
	}
	suf := o.suffix()
	var gain, lc [7]int32
	var sl [][]int16
	if lam != nil {
		for k := range gain {
			lc[k] = int32(math.Ceil(64 * lam[k]))
			gain[k] = int32(math.Ceil(64 * (1 - lam[k])))
		}
		sl = o.suffixLam(gain)
	}
	k := uint(o.k)
	mask := uint64(1)<<k - 1
	cur := []uint64{0}
	var nxt []uint64
	pool := o.pool
	for m := 0; m < o.nf; m++ {
		nxt = nxt[:0]
		cls := o.close[m]
		for _, key := range cur {
			s := key & mask
			h := key >> k
			for b := uint64(0); b < 2; b++ {
				t := (s<<1 | b) & mask
				nh := h
				good := true
				for _, c := range cls {
					cnt := int8(bits.OnesCount32(uint32(t)&c.nb)) + c.fixed
					if c.self < 0 {
						if cnt != c.locked {
							good = false
							break
						}
					} else if t>>uint(c.self)&1 != 0 {
						if cnt > 6 || int32(nh>>(6*uint(cnt))&63) >= pool[cnt] {
							good = false
							break
						}
						nh += 1 << (6 * uint(cnt))
					}
				}
				if !good || suf[m][t] < 0 {
					continue
				}
				sum := 0
				for j := uint(0); j < 7; j++ {
					sum += int(nh >> (6 * j) & 63)
				}
				if sum+int(suf[m][t]) < target {
					continue
				}
				if sl != nil {
					bnd := 64*int32(sum) + int32(sl[m][t])
					for j := uint(0); j < 7; j++ {
						bnd += lc[j] * (pool[j] - int32(nh>>(6*j)&63))
					}
					if bnd < 64*int32(target) {
						continue
					}
				}
				nxt = append(nxt, nh<<k|t)
			}
		}
		slices.Sort(nxt)
		nxt = slices.Compact(nxt)
		maxLayer = max(maxLayer, len(nxt))
		if len(nxt) > limit {
			return false, maxLayer, false
		}
		cur, nxt = nxt, cur
	}
	return len(cur) > 0, maxLayer, true
}

// suffixLam is suffix with gain[k] for each occupied closing free cell of
// count k (scaled); math.MinInt16: no completion.
func (o *OccDP) suffixLam(gain [7]int32) [][]int16 {
	sz := 1 << o.k
	mask := uint32(sz - 1)
	suf := make([][]int16, o.nf)
	for m := range suf {
		suf[m] = make([]int16, sz)
	}
	for m := o.nf - 2; m >= 0; m-- {
		row, nxt, cls := suf[m], suf[m+1], o.close[m+1]
		for s := uint32(0); s <= mask; s++ {
			best := int32(math.MinInt16)
			for b := uint32(0); b < 2; b++ {
				t := (s<<1 | b) & mask
				if nxt[t] == math.MinInt16 {
					continue
				}
				v, ok := int32(nxt[t]), true
				for _, c := range cls {
					cnt := int8(bits.OnesCount32(t&c.nb)) + c.fixed
					if c.self < 0 {
						if cnt != c.locked {
							ok = false
							break
						}
					} else if t>>uint(c.self)&1 != 0 {
						if cnt > 6 {
							ok = false
							break
						}
						v += gain[cnt]
					}
				}
				if ok && v > best {
					best = v
				}
			}
			row[s] = int16(max(best, math.MinInt16))
		}
	}
	return suf
}
