package search

import (
	"context"
	"math"
	"math/bits"
	"slices"
	"sync"
	"unsafe"
)

// OccDP decides targets of the overconstrained variant by the occupancy
// view (issue 27, round five): an occupied set S of the free cells (the
// locked cells occupied, the holes not) fixes every number, a tile's number
// being its count of occupied neighbours; S is an arrangement iff the
// counts of its free cells (their histogram h) fit the pool, h[k] ≤
// pool[k], and every locked cell sees its number. Its value is Σ w[k]·h[k].
//
// The cells are taken in the order of Problem.Visit (nil: index order),
// the free ones only;
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
//     relaxed is kept only if it may still reach the target. A state's
//     histograms come from its two parents' sorted lists, merged: a layer
//     comes out ordered with no sort (issue 27, round six).
//
// What closes in each state of each step is one of a few dozen patterns,
// found once (code): a pass's gain in a state is its pattern's. The tables
// are sized once per Reset: 2^K values a step (K ≤ maxBits); at 19 bits
// and 61 free cells, 64 MB for Refute's table and two layers of up to 32
// MB each; the patterns take a few kB a step (code).
type OccDP struct {
	nf    int // free cells
	k     int // state bits
	close [][]occClose
	pool  [7]int32
	odd   bool     // the locked cells' numbers sum to an odd number (Targets)
	cap   [7]int32 // Refute's bound on the histogram: pool, or the split's (SplitTables)
	ok    bool     // false: a locked cell can never see its number
	sized bool     // the tables below fit the layout

	cur, next []float32 // Eval
	workers   int       // Eval's goroutines (SetWorkers)
	w         []int     // Eval: the state's bits after each step (widths)
	choice    []uint64  // Eval: 2 bits a state a step: the top bits its best predecessor dropped
	chOff     []int32   // where each step's choices start
	occSuf
	occLayers
	occCodes

	extra    []occTable // more tables Refute prunes by (AddTable)
	tableCap int        // the most tables AddTable keeps (Reset: occMaxTables)
	capped   bool       // SplitTables left a table out for tableCap
}

// occSuf is OccDP's Lagrangian table, the one Refute and Find prune by.
type occSuf struct {
	suf     []int16 // Refute: a row of 2^w[m] a step (sizeSuf)
	sufOff  []int
	sufGain [7]int32 // the gains suf holds the table of, when sufOK
	sufOK   bool
}

// occLayers is Refute's scratch: two layers of histograms, state after
// state.
type occLayers struct {
	layer  [2][]uint64
	part   [4][]uint64 // Refute: a state's histograms from each parent
	merged [2][]uint64
	off    [2][]int32 // Refute: where each state's histograms start in a layer
}

// occCodes is what closes in each state of each step, as one of at most
// 256 patterns (coded; see code): a row a step of 2^(the bits it reads).
type occCodes struct {
	coded bool
	gath  []occGather
	gcode []uint8
	pats  []occPat
}

// occPat is what closes in a state of a step: the histogram's increase
// (6 bits a number), or bad: some locked cell does not see its number.
type occPat struct {
	d   uint64
	bad bool
}

// occClose is a cell whose count is final once the free cell of its step is
// decided: the bits of the state that are its free neighbours, its own bit
// (-1: locked), its locked neighbours, and its locked number.
type occClose struct {
	nb     uint32
	self   int8
	fixed  int8
	locked int8
	// For the tables of closeTables: the shift of its own bit (31 when
	// locked: no bit) and where its row starts (row 0 a free cell's, row
	// 1+n a locked n's) plus its locked neighbours.
	shift uint8
	base  uint8
}

// closeTables are the gains of closing cells, a row of 16 per kind
// (closeTables' rows: 0 a free cell, 1+n a locked cell of n), indexed by
// the count (the state's bits among its neighbours plus its locked
// neighbours) plus 8 if the cell is occupied: a free cell's gain[count]
// when occupied, 0 when empty; a locked cell's 0 at its number, no way
// (neg) at any other.
type closeTables[T int32 | float32] [128]T

func (tb *closeTables[T]) set(gain *[7]T, neg T) {
	for i := range tb {
		tb[i] = neg
	}
	for c := range 7 {
		tb[c], tb[8+c] = 0, gain[c]
		tb[16*(1+c)+c] = 0
	}
}

// at is the gain of the cells of cls closing in state s (neg or less:
// some locked cell does not see its number), branch-free.
func (tb *closeTables[T]) at(cls []occClose, s uint32) T {
	var v T
	for _, c := range cls {
		i := uint(c.base) + uint(bits.OnesCount32(s&c.nb)) + uint(s>>c.shift&1)<<3
		v += tb[i&127]
	}
	return v
}

// OccMaxBits is the widest state on which SolveMax's occ runs its stages
// of passes: 2^19 states a step (far size 5 levels have 16 to 19 bits,
// size 6 19 to 22); wider, occWide.
const OccMaxBits = 19

// OccWideBits is the widest state OccDP takes. Refute's tables are a row
// of 2^w[m] int16 a step (widths): on far size 6 seed 40 (22 bits), with
// the pass's layers and two tables of AddTable, 620 MB in all (Eval's
// 2^K float32 twice and 2 bits a state a step, 77 MB).
const OccWideBits = 22

// OccBits is the width of the state Reset would lay p out with (Bits),
// without laying it out (occ tries the twelve turns of a board at the
// start of each race: 75 µs and 1,136 allocations with Reset at size 6);
// fi is scratch, one entry a cell.
func OccBits(p Problem, fi []int32) int {
	n := len(p.Nbrs)
	for i := range fi[:n] {
		fi[i] = -1
	}
	nf := int32(0)
	for v := range n {
		i := v
		if len(p.Visit) == n {
			i = int(p.Visit[v])
		}
		if !p.Hole[i] && p.Locked[i] == Empty {
			fi[i] = nf
			nf++
		}
	}
	k := int32(1)
	for j := range n {
		if p.Hole[j] {
			continue
		}
		lo, hi := fi[j], fi[j]
		if lo < 0 {
			lo = math.MaxInt32
		}
		for _, q := range p.Nbrs[j] {
			if f := fi[q]; f >= 0 {
				lo, hi = min(lo, f), max(hi, f)
			}
		}
		if hi >= 0 {
			k = max(k, hi-lo+1)
		}
	}
	return int(k)
}

// Reset lays out p (its pool: the tiles on Start), its free cells in the
// order of p.Visit (nil: index order); false when the state would be
// wider than maxBits.
func (o *OccDP) Reset(p Problem, maxBits int) bool {
	fi := o.freeIndex(p)
	o.close = make([][]occClose, o.nf)
	o.k = 1
	for j := range p.Nbrs {
		if !p.Hole[j] {
			o.addClose(p, fi, j)
		}
	}
	if o.nf == 0 || o.k > min(maxBits, OccWideBits) || slices.Max(o.pool[:]) > 63 {
		return false // (a histogram packs 6 bits a number above the state)
	}
	o.sized, o.sufOK, o.cap, o.tableCap, o.capped = false, false, o.pool, occMaxTables, false
	return true
}

// freeIndex returns each cell's index among the free cells in p's visit
// order (-1: not free), and sets nf, ok, the pool and odd.
func (o *OccDP) freeIndex(p Problem) []int {
	n := len(p.Nbrs)
	fi := make([]int, n)
	o.nf, o.ok, o.pool, o.odd = 0, true, [7]int32{}, false
	for i := range fi {
		fi[i] = -1
	}
	for v := 0; v < n; v++ {
		i := v
		if len(p.Visit) == n {
			i = int(p.Visit[v])
		}
		if !p.Hole[i] && p.Locked[i] == Empty {
			fi[i] = o.nf
			o.nf++
		}
		if t := p.Start[i]; t != Empty {
			o.pool[t]++
		}
		if t := p.Locked[i]; t != Empty && !p.Hole[i] {
			o.odd = o.odd != (t&1 == 1)
		}
	}
	return fi
}

// addClose adds cell j (not a hole) to what closes at the step of its
// last free neighbour (or itself), widening k to its span; a locked cell
// among locked cells and holes only is checked at once (ok).
func (o *OccDP) addClose(p Problem, fi []int, j int) {
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
		return
	}
	o.k = max(o.k, hi-lo+1)
	oc := occClose{self: -1, fixed: fixed, locked: p.Locked[j], shift: 31, base: uint8(16*(1+int(p.Locked[j])) + int(fixed))}
	if fi[j] >= 0 {
		oc.self = int8(hi - fi[j])
		oc.shift, oc.base = uint8(oc.self), uint8(fixed)
	}
	for _, q := range p.Nbrs[j] {
		if fi[q] >= 0 {
			oc.nb |= 1 << (hi - fi[q])
		}
	}
	o.close[hi] = append(o.close[hi], oc)
}

// Footprint is what the passes over the layout of the last Reset may
// allocate, in bytes: base, Eval's two rows and its choices, the
// patterns' codes, Refute's table, its offsets and its two layers of
// limit states (with room for a layer's growth), Find's memo; and each
// table of AddTable (a copy of Refute's). At far size 6 seed 40 (22
// bits) Refute's table alone is about 90 MB.
func (o *OccDP) Footprint(limit int) (base, perTable int64) {
	o.widths()
	var states, choice int64 // Σ 2^w[m], Σ words of choices
	for _, w := range o.w {
		states += 1 << w
		choice += int64(max(1<<w/32, 1))
	}
	widest := int64(1) << slices.Max(o.w)
	base = 2*4*widest + 8*choice + states // rows, choices, codes (a byte a state at most)
	base += 2*states + 2*4*(widest+1)     // Refute's table and offsets
	base += 3*8*int64(limit) + 16<<occFindMemoBits
	return base, 2 * states
}

// SetTableCap lowers the most tables AddTable keeps, from occMaxTables
// (Reset), to n: fewer tables prune Refute's layers less, never wrongly.
func (o *OccDP) SetTableCap(n int) { o.tableCap = max(0, min(n, occMaxTables)) }

// size makes the tables for the layout of the last Reset (Eval and
// Refute call it: a Reset alone allocates little).
func (o *OccDP) size() {
	if o.sized {
		return
	}
	o.sized = true
	o.widths()
	sz := 1 << slices.Max(o.w)
	if cap(o.cur) < sz {
		o.cur, o.next = make([]float32, sz), make([]float32, sz)
	}
	o.cur, o.next = o.cur[:sz], o.next[:sz]
	o.chOff = append(o.chOff[:0], 0)
	for _, w := range o.w {
		o.chOff = append(o.chOff, o.chOff[len(o.chOff)-1]+int32(max(1<<w/32, 1)))
	}
	words := int(o.chOff[o.nf])
	if cap(o.choice) < words {
		o.choice = make([]uint64, words)
	}
	o.choice = o.choice[:words]
	o.code()
}

// widths sets w[m], the bits of Eval's state after step m: the free
// cells from the oldest that a cell closing later reads to the cell of
// step m (at least 1), raised so that a step drops at most two bits
// (w[m] ≥ w[m-1] − 1; a step adds at most one). The state of step m
// keeps cells m, m−1, …, m−w[m]+1 (bit 0 the newest), as in Refute, whose
// state is the widest, K bits, at every step. The widths are mostly far
// below K: far size 6 seed 17 (K = 22), 20 or less at 80 of 86 steps, the
// pass 0.13 of Refute's states (issue 27, round seven).
func (o *OccDP) widths() {
	o.w = slices.Grow(o.w[:0], o.nf)[:o.nf]
	minLo := o.nf // the oldest free cell read by a cell closing after m
	for m := o.nf - 1; m >= 0; m-- {
		o.w[m] = max(1, m-minLo+1)
		for _, c := range o.close[m] {
			r := c.nb
			if c.self >= 0 {
				r |= 1 << uint(c.self)
			}
			if r != 0 {
				minLo = min(minLo, m-(31-bits.LeadingZeros32(r)))
			}
		}
	}
	for m := 1; m < o.nf; m++ {
		o.w[m] = max(o.w[m], o.w[m-1]-1)
	}
}

// sizeSuf makes Refute's table: a row of 2^w[m] int16 a step (see
// widths; the row of K bits at every step was 720 MB at 22 bits and 86
// free cells), sufOff[m] where row m starts.
func (o *OccDP) sizeSuf() {
	o.sufOff = append(o.sufOff[:0], 0)
	for _, w := range o.w {
		o.sufOff = append(o.sufOff, o.sufOff[len(o.sufOff)-1]+1<<w)
	}
	n := o.sufOff[o.nf]
	if cap(o.suf) < n {
		o.suf = nil
		o.suf = make([]int16, n)
		hugePages(unsafe.Pointer(&o.suf[0]), uintptr(len(o.suf))*2)
	}
	o.suf = o.suf[:n]
}

// sufRow is row m of Refute's table.
func (o *OccDP) sufRow(m int) []int16 { return o.suf[o.sufOff[m]:o.sufOff[m+1]] }

// code finds the pattern of what closes in each state of each step (a
// state's gain is then a lookup of its pattern's, the same for every
// state of that pattern): coded false when some step's closing cells
// read more than occGatherBits bits of the state, or the patterns are
// more than 256. Eval costs half as much (far size 5 seed 41, 18 bits: 40
// to 20 ms a pass).
//
// A step's pattern depends only on the bits its closing cells read (rel):
// the state's three bytes are each mapped by a table of 256 to their
// part of the index of those bits (their bits gathered), and the pattern
// is read from the step's row of 2^|rel| (issue 27, round seven: a row
// of 2^K a step was 360 MB at 22 bits, and as many seconds to fill).
func (o *OccDP) code() {
	o.coded = false
	if cap(o.gath) < o.nf {
		o.gath = make([]occGather, o.nf)
	}
	o.gath = o.gath[:o.nf]
	o.gcode = o.gcode[:0]
	o.pats = o.pats[:0]
	seen := map[occPat]uint8{}
	for m := 0; m < o.nf; m++ {
		cls := o.close[m]
		pos, n := readBits(cls)
		if n > occGatherBits {
			return
		}
		g := &o.gath[m]
		g.gather(pos[:n])
		g.off = int32(len(o.gcode))
		if !o.codeRow(cls, pos[:n], seen) {
			return
		}
	}
	o.coded = true
}

// readBits returns the positions of the state bits the closing cells cls
// read (their free neighbours and their own), ascending, and how many.
func readBits(cls []occClose) (pos [32]uint8, n int) {
	var rel uint32
	for _, c := range cls {
		rel |= c.nb
		if c.self >= 0 {
			rel |= 1 << uint(c.self)
		}
	}
	for r := rel; r != 0; r &= r - 1 {
		pos[n] = uint8(bits.TrailingZeros32(r))
		n++
	}
	return pos, n
}

// gather fills g's tables for the state bits pos: each byte of a state
// to its bits' part of the row's index.
func (g *occGather) gather(pos []uint8) {
	for b := range g.gt {
		for x := range g.gt[b] {
			var key uint16
			for j, q := range pos {
				if int(q)/8 == b && x>>(q%8)&1 != 0 {
					key |= 1 << j
				}
			}
			g.gt[b][x] = key
		}
	}
}

// codeRow appends to gcode the step's row: the pattern of what the cells
// cls close in each state of the bits pos, coded by seen (new ones added
// to pats); false when the patterns pass 256.
func (o *OccDP) codeRow(cls []occClose, pos []uint8, seen map[occPat]uint8) bool {
	for key := 0; key < 1<<len(pos); key++ {
		var st uint32
		for j, q := range pos {
			if key>>j&1 != 0 {
				st |= 1 << q
			}
		}
		var p occPat
		for _, c := range cls {
			cnt := int8(bits.OnesCount32(st&c.nb)) + c.fixed
			if c.self < 0 {
				p.bad = p.bad || cnt != c.locked
			} else if st>>uint(c.self)&1 != 0 {
				p.d += 1 << (6 * uint(cnt))
			}
		}
		if p.bad {
			p.d = 0
		}
		code, ok := seen[p]
		if !ok {
			if len(o.pats) == 256 {
				return false
			}
			code = uint8(len(o.pats))
			seen[p] = code
			o.pats = append(o.pats, p)
		}
		o.gcode = append(o.gcode, code)
	}
	return true
}

// occGatherBits is the most bits of the state a step's closing cells may
// read for the patterns (a step's row of patterns is 2^occGatherBits bytes
// at most).
const occGatherBits = 16

// occGather maps a state to its pattern at a step: gt[b][x] is byte b of
// the state, x, gathered to its bits of the step's index; the step's row
// of patterns starts at off in OccDP.gcode.
type occGather struct {
	gt  [3][256]uint16
	off int32
}

// key is the index of state s in the step's row.
func (g *occGather) key(s uint32) uint16 {
	return g.gt[0][s&255] | g.gt[1][s>>8&255] | g.gt[2][s>>16&255]
}

// patGains are the gains of the patterns for the gain of each number.
func patGains[T int32 | float32](pats []occPat, gain *[7]T, neg T, pg *[256]T) {
	for c, p := range pats {
		if p.bad {
			pg[c] = neg
			continue
		}
		var v T
		for j := range 7 {
			v += T(p.d>>(6*uint(j))&63) * gain[j]
		}
		pg[c] = v
	}
}

// Bits is the width of the state.
func (o *OccDP) Bits() int { return o.k }

// Pool is the movable tiles of each number.
func (o *OccDP) Pool() [7]int32 { return o.pool }

// Eval returns max over S of Σ_{free c∈S} (w[count c] − lam[count c]), and
// the histogram of one S reaching it (by the choices kept a step, one bit a
// state); -Inf when no S lets every locked cell see its number.
func (o *OccDP) Eval(w, lam *[7]float64) (float64, [7]int32) {
	v, h, _ := o.eval(context.Background(), w, lam)
	return v, h
}

// eval is Eval, checking ctx every few steps (a pass at 22 bits takes a
// third of a second): false when ctx ended first (no value then).
func (o *OccDP) eval(ctx context.Context, w, lam *[7]float64) (float64, [7]int32, bool) {
	var hist [7]int32
	ninf := float32(math.Inf(-1))
	if !o.ok {
		return math.Inf(-1), hist, true
	}
	o.size()
	cur, next := o.cur, o.next
	cur[0] = 0 // before the first step: no bits, one state
	var gain [7]float32
	for k := range gain {
		gain[k] = float32(w[k] - lam[k])
	}
	var tb closeTables[float32]
	tb.set(&gain, ninf)
	var pg [256]float32
	patGains(o.pats, &gain, ninf, &pg)
	prev := 0 // the bits of the state before the step
	for m := 0; m < o.nf; m++ {
		if m%16 == 15 && ctx.Err() != nil {
			return 0, hist, false
		}
		wn := o.w[m]
		n := uint32(1) << wn
		ch := o.choice[o.chOff[m]:o.chOff[m+1]]
		drop := prev + 1 - wn
		if o.workers > 1 && n >= 2*occParMin {
			// The second half of the states on another goroutine (a
			// block of 32 is one word of ch: the halves share none).
			mid := n / 2
			var wg sync.WaitGroup
			wg.Go(func() { o.step(m, wn, drop, mid, n, cur, next, ch, &pg, &tb) })
			o.step(m, wn, drop, 0, mid, cur, next, ch, &pg, &tb)
			wg.Wait()
		} else {
			o.step(m, wn, drop, 0, n, cur, next, ch, &pg, &tb)
		}
		cur, next = next, cur
		prev = wn
	}
	o.cur, o.next = cur, next
	best, bs := ninf, uint32(0)
	for s, v := range cur[:1<<prev] {
		if v > best {
			best, bs = v, uint32(s)
		}
	}
	if best == ninf {
		return math.Inf(-1), hist, true
	}
	return float64(best), o.traceBack(bs), true
}

// traceBack returns the histogram of the arrangement eval's choices lead
// to from the last state bs: back from it, at each step the state with the
// top bits its predecessor dropped, and the counts of the free cells
// occupied as the step closes them.
func (o *OccDP) traceBack(bs uint32) (hist [7]int32) {
	for m := o.nf - 1; m >= 0; m-- {
		ch := o.choice[o.chOff[m]:o.chOff[m+1]]
		full := bs | uint32(ch[bs>>5]>>(2*(bs&31))&3)<<uint(o.w[m])
		for _, c := range o.close[m] {
			if c.self >= 0 && full>>uint(c.self)&1 != 0 {
				hist[int8(bits.OnesCount32(full&c.nb))+c.fixed]++
			}
		}
		bs = full >> 1
	}
	return hist
}

// Lagrange minimises the Lagrangian bound on Σ w[k]·h[k] over λ by at most
// iters passes of Eval (Steps), stopping once it falls below target. It
// returns the least bound seen (-Inf: no arrangement at all) and its λ.
func (o *OccDP) Lagrange(w [7]float64, target float64, iters int) (float64, [7]float64) {
	var d Dual
	d.Start(nil)
	o.Steps(context.Background(), &d, w, target, iters)
	return d.Best, d.BestLam
}

// Dual is where Lagrange's steps stand (Steps resumes them): the least
// bound seen, Best, and its λ, BestLam, the passes taken, StepsDone, and
// the pieces the passes found (see Steps).
type Dual struct {
	Best      float64
	BestLam   [7]float64
	StepsDone int

	cuts  []boxCut
	delta float64    // the box's half-width
	next  [7]float64 // where the next pass goes
	done  bool       // the least bound is reached
}

// Start sets d at λ = from (nil: 0), no bound seen.
func (d *Dual) Start(from *[7]float64) {
	*d = Dual{Best: math.Inf(1), delta: boxDelta, cuts: d.cuts[:0]}
	if from != nil {
		d.BestLam, d.next = *from, *from
	}
}

// Steps takes at most iters more passes of Eval for d, stopping once the
// bound falls below target, once it cannot fall further (d is then done),
// or once ctx ends.
//
// The method is the box step (Marsten, Hogan and Blankenship, 1975): a
// pass of Eval at λ_i, with its histogram h_i, is an exact affine piece of
// the bound, L(λ) ≥ w·h_i + λ·(pool − h_i); the next pass goes where the
// largest of the pieces found is least within a box around the best λ
// (a linear programme of eight variables: boxLP); the box doubles after a
// pass that lowered the bound on its edge, halves after one that did not
// lower it. Where the pieces say that the bound cannot fall by boxTol
// within a box that does not bind, the least bound is reached. Against
// the subgradient's steps of round six (deflected, Polyak's, halved after
// three fails: half the passes went back to the best), from the same λ:
// far size 6 seed 14 (21 bits), tiles, 72.02 after 40 passes against below
// 72 (refuted) after 15; seed 29 below 62 after 14 against 6; size 5 seed
// 65 (17 bits) below 41 after 20, which the steps never reached; seed 18
// 45.46 after 40 (stalled), 45.418 after 24, the least (issue 27, round
// seven).
func (o *OccDP) Steps(ctx context.Context, d *Dual, w [7]float64, target float64, iters int) {
	for range iters {
		if d.Best < target || d.done {
			return
		}
		lam := d.next
		v, h, ok := o.eval(ctx, &w, &lam)
		if !ok {
			return
		}
		d.StepsDone++
		if math.IsInf(v, -1) {
			d.Best, d.BestLam, d.done = v, lam, true
			return
		}
		var c boxCut
		for k := range 7 {
			c.a += w[k] * float64(h[k])
			c.g[k] = float64(o.pool[k] - h[k])
			v += lam[k] * float64(o.pool[k])
		}
		d.cuts = append(d.cuts, c)
		if v < d.Best {
			onEdge := false
			for k := range 7 {
				onEdge = onEdge || math.Abs(math.Abs(lam[k]-d.BestLam[k])-d.delta) < 1e-9
			}
			if onEdge {
				d.delta *= 2
			}
			d.Best, d.BestLam = v, lam
		} else {
			d.delta = max(d.delta/2, boxMinDelta)
		}
		if d.Best < target {
			return
		}
		next, m, binds := d.box(1)
		if d.Best-m < boxTol && binds {
			next, m, binds = d.box(4) // a wider box before giving up
		}
		if d.Best-m < boxTol && !binds {
			d.done = true
			return
		}
		d.next = next
	}
}

// box solves boxLP around d.BestLam with the box widened by f; binds
// reports whether its λ lies on the box's edge (not at λ = 0).
func (d *Dual) box(f float64) (lam [7]float64, m float64, binds bool) {
	var lo, hi [7]float64
	for k := range 7 {
		lo[k] = max(0, d.BestLam[k]-f*d.delta)
		hi[k] = d.BestLam[k] + f*d.delta
	}
	lam, m = boxLP(d.cuts, lo, hi)
	for k := range 7 {
		binds = binds || lo[k] > 0 && lam[k] <= lo[k]+1e-9 || lam[k] >= hi[k]-1e-9
	}
	return lam, m, binds
}

// boxDelta is the box's first half-width, boxMinDelta its least; boxTol:
// see Steps. Passes to refute (or to the least bound) from the priors,
// half-width 0.02 / 0.05 / 0.1: far size 6 seed 29 12 / 10 / 17, seed 14 12
// / 22 / 15, size 5 seed 65 20 / 19 / 21, seed 18 18 / 22 / 22; far size 6
// seeds 119, 120, 127 (not the measured levels) 32, 29, 25 at 0.02, 30,
// 37, 33 at 0.1.
const (
	boxDelta    = 0.02
	boxMinDelta = 1e-3
	boxTol      = 1e-3
)

// occScale is the fixed-point scale of the table of Refute.
const occScale = 64

// occNoWay is the value of the table of Refute and Find (and of each
// table of AddTable) for a state with no way on.
const occNoWay = math.MinInt16

// Refute decides whether some arrangement is worth target or more (Σ
// w[k]·h[k] ≥ target), pruning with the Lagrangian table for lam (and
// the tables of AddTable), within limit states a layer. It reports
// refuted (none is), done (decided: refuted, or one found), the states it
// kept in all, and when some arrangement is worth target or more, best:
// the most any is worth (the pass keeps every state that may reach
// target, so the best of the last layer is the optimum; -1 otherwise).
//
// The pass: a layer holds, for each state in turn, its histograms so far
// (6 bits a number), ascending; off[s] is where state s's start. A state
// t of step m (w[m] bits) comes from t>>1 with the top bits its step
// dropped (none to two: its parents), each with what closes in t and
// them (d): a parent's histograms that stay within the pool and the bound
// with d added stay ascending, and t's are their merge, without
// duplicates.
//
// The loops over the steps, the states, their parents and the parents'
// histograms stay in this one function, the pass's hot loop; what it
// calls there is inlined (stepClose, closeCells, patClose, roomFor,
// fitsRoom, histDot), the merge stays in line, and only the setup is in
// functions of its own (refuteTable, refuteLayers, refuteCoef). Splits at
// the parent (a call per parent) or at the step measured up to 16 %
// slower, this one 1.6 to 3.5 % faster than the body before it
// (BenchmarkOccDP's levels, thread CPU time, call by call alternately;
// docs/benchmarks-history.md, issue 43 round four).
func (o *OccDP) Refute(ctx context.Context, w [7]int32, lam [7]float64, target int32, limit int) (refuted, done bool, states int64, best int32) {
	lc, ok := o.refuteTable(ctx, w, lam)
	if !ok { // no arrangement at all (refuted), or no decision
		return !o.ok, !o.ok, 0, -1
	}
	cur, nxt, cOff, nOff := o.refuteLayers()
	defer func() { o.layer[0], o.layer[1] = cur[:0], nxt[:0] }()
	goal := occScale * target
	best = -1
	coef, poolLc := o.refuteCoef(w, lc)
	// Each table of AddTable's bound, but the histogram's part.
	xs := o.extra
	var xbase [occMaxTables]int32

	prev := 0 // the bits of the states before the step
	for m := 0; m < o.nf; m++ {
		nxt = nxt[:0]
		row, wn := o.sufRow(m), o.w[m]
		drop := prev + 1 - wn
		sh := uint(wn - 1)
		cls, ga, codes := o.stepClose(m)
		final := m == o.nf-1
		for t := range uint32(len(row)) {
			nOff[t] = int32(len(nxt))
			if row[t] == occNoWay || !o.extraAlive(m, t) {
				continue
			}
			// Each parent's histograms that go on, plus d, into o.part[dd].
			parts := 0
			for dd := range uint32(1) << drop {
				ps := t>>1 | dd<<sh
				pl := cur[cOff[ps]:cOff[ps+1]]
				o.part[dd] = o.part[dd][:0]
				if len(pl) == 0 {
					continue
				}
				// What closes in the full state: d, the room it leaves, base.
				full := t | dd<<uint(wn)
				d, ok := closeCells(cls, full)
				if ga != nil {
					d, ok = o.patClose(ga, codes, full)
				}
				if !ok {
					continue
				}
				touched, room, nt, ok := roomFor(d, &o.cap)
				if !ok {
					continue
				}
				base := int32(row[t]) + poolLc + histDot(&coef, d)
				for x := range xs {
					xbase[x] = int32(xs[x].suf[o.sufOff[m]+int(t)]) + histDot(&xs[x].c, d)
				}
				for _, h := range pl {
					if !fitsRoom(h, &touched, &room, nt) || base+histDot(&coef, h) < goal || !xfits(xs, &xbase, h) {
						continue
					}
					nh := h + d
					if final { // every cell closed: the value itself
						v := histDot(&w, nh)
						if v < target {
							continue
						}
						best = max(best, v)
					}
					o.part[dd] = append(o.part[dd], nh)
				}
				if len(o.part[dd]) > 0 {
					parts++
				}
			}
			switch {
			case parts == 0:
			case drop == 0:
				nxt = append(nxt, o.part[0]...)
			case drop == 1:
				nxt = mergeUniq(nxt, o.part[0], o.part[1])
			default:
				o.merged[0] = mergeUniq(o.merged[0][:0], o.part[0], o.part[1])
				o.merged[1] = mergeUniq(o.merged[1][:0], o.part[2], o.part[3])
				nxt = mergeUniq(nxt, o.merged[0], o.merged[1])
			}
			if len(nxt) > limit {
				return false, false, states + int64(len(nxt)), -1
			}
		}
		nOff[len(row)] = int32(len(nxt))
		states += int64(len(nxt))
		cur, nxt, cOff, nOff = nxt, cur, nOff, cOff
		prev = wn
		if len(cur) == 0 {
			return true, true, states, -1
		}
		if ctx.Err() != nil {
			return false, false, states, -1
		}
	}
	return false, true, states, best // every state left meets the target
}

// refuteTable fills the table of Refute for w and lam (see table) and
// returns λ scaled up; false when there is no arrangement at all (!o.ok),
// when the table's values could pass int16 (lowering one would refute
// wrongly, so the pass does not decide), or when ctx ended first.
func (o *OccDP) refuteTable(ctx context.Context, w [7]int32, lam [7]float64) (lc [7]int32, ok bool) {
	if !o.ok || !o.fits16(w) {
		return lc, false
	}
	return o.table(ctx, w, lam)
}

// refuteLayers readies Refute's two layers and their offsets, sized for
// the widest state: the first holds the one state before the first step
// (no bits), with the empty histogram.
func (o *OccDP) refuteLayers() (cur, nxt []uint64, cOff, nOff []int32) {
	sz := 1 << slices.Max(o.w)
	if cap(o.off[0]) < sz+1 {
		o.off[0], o.off[1] = make([]int32, sz+1), make([]int32, sz+1)
	}
	cur, nxt = append(o.layer[0][:0], 0), o.layer[1][:0]
	cOff, nOff = o.off[0][:sz+1], o.off[1][:sz+1]
	cOff[0], cOff[1] = 0, 1
	return cur, nxt, cOff, nOff
}

// refuteCoef returns what a tile of each number adds to Refute's bound
// (its weight scaled up less its λ scaled up, lc) and the λ part of the
// bound for the whole pool, Σ lc[j]·pool[j].
func (o *OccDP) refuteCoef(w, lc [7]int32) (coef [7]int32, poolLc int32) {
	for j := range coef {
		coef[j] = occScale*w[j] - lc[j]
		poolLc += lc[j] * o.cap[j]
	}
	return coef, poolLc
}

// stepClose returns what says what closes at step m of Refute: the
// step's closing cells, or when the steps are coded (cls nil) the gather
// tables of its row of patterns and the row.
func (o *OccDP) stepClose(m int) (cls []occClose, ga *occGather, codes []uint8) {
	if !o.coded {
		return o.close[m], nil, nil
	}
	ga = &o.gath[m]
	return nil, ga, o.gcode[ga.off:]
}

// patClose returns what closes in the full state by the step's pattern
// (ga, codes: see stepClose): the histogram's increase, and false when a
// locked cell's count is broken.
func (o *OccDP) patClose(ga *occGather, codes []uint8, full uint32) (d uint64, ok bool) {
	p := o.pats[codes[ga.key(full)]]
	return p.d, !p.bad
}

// closeCells returns what the closing cells cls add to the histogram in
// the full state of a step (the state with the parent's dropped bits);
// false when a locked cell's count is broken.
func closeCells(cls []occClose, full uint32) (d uint64, ok bool) {
	for _, c := range cls {
		cnt := int8(bits.OnesCount32(full&c.nb)) + c.fixed
		if c.self < 0 {
			if cnt != c.locked {
				return d, false
			}
		} else if full>>uint(c.self)&1 != 0 {
			d += 1 << (6 * uint(cnt))
		}
	}
	return d, true
}

// roomFor returns, for the histogram's increase d at a parent of
// Refute's state, the numbers it touches (their shifts in a histogram,
// touched) and the most each may hold before (room, from the pool's
// counts), how many (nt), and false when d alone passes the pool.
func roomFor(d uint64, pool *[7]int32) (touched [7]uint8, room [7]int32, nt int, ok bool) {
	ok = true
	for j := range 7 {
		if dj := int32(d >> (6 * uint(j)) & 63); dj > 0 {
			touched[nt], room[nt] = uint8(6*j), pool[j]-dj
			ok = ok && room[nt] >= 0
			nt++
		}
	}
	return touched, room, nt, ok
}

// fitsRoom reports whether histogram h holds at most room[q] of each
// number touched[q] reads (q < nt).
func fitsRoom(h uint64, touched *[7]uint8, room *[7]int32, nt int) bool {
	fits := true
	for q := range nt {
		if int32(h>>touched[q]&63) > room[q] {
			fits = false
		}
	}
	return fits
}

// histDot is Σ c[j]·h[j] for histogram h (6 bits a number).
func histDot(c *[7]int32, h uint64) int32 {
	v := int32(0)
	for j := range 7 {
		v += c[j] * int32(h>>(6*uint(j))&63)
	}
	return v
}

// fits16 reports whether the tables of Refute and Find for the weights w
// stay within int16: a cell's gain is at most occScale·max(w) (λ ≥ 0; the
// tables of AddTable, occScale), so the sum of the free cells' at most
// nf times that (tiles: 86 free cells on size 6, 5,504; points, 6 a
// tile, up to 85 free cells).
func (o *OccDP) fits16(w [7]int32) bool {
	return o.nf*int(max(slices.Max(w[:]), 1))*occScale <= math.MaxInt16
}

// mergeUniq appends to dst the merge of ascending a and b, each value
// once.
func mergeUniq(dst, a, b []uint64) []uint64 {
	i, k := 0, 0
	for i < len(a) && k < len(b) {
		switch {
		case a[i] < b[k]:
			dst = append(dst, a[i])
			i++
		case b[k] < a[i]:
			dst = append(dst, b[k])
			k++
		default:
			dst = append(dst, a[i])
			i++
			k++
		}
	}
	dst = append(dst, a[i:]...)
	return append(dst, b[k:]...)
}

// step is step m of eval for the states t in [lo, hi) of wn bits (lo a
// multiple of 32): the state before was t>>1 with drop (0 to 2) top bits
// d above it, d<<(wn−1) | t>>1, and the cells closing at m read the full
// state d<<wn | t; t keeps the best of its predecessors and its d.
func (o *OccDP) step(m, wn, drop int, lo, hi uint32, cur, next []float32, ch []uint64, pg *[256]float32, tb *closeTables[float32]) {
	sh := uint(max(wn-1, 0))
	if o.coded {
		g := &o.gath[m]
		row := o.gcode[g.off:]
		var dk [4]uint16 // the key of the dropped bits d
		for d := range dk {
			dk[d] = g.key(uint32(d) << uint(wn))
		}
		for t0 := lo; t0 < hi; t0 += 32 {
			var word uint64
			kh := g.key(t0) &^ g.gt[0][t0&255] // the bytes above the lowest: the same in the block
			for t := t0; t < min(t0+32, hi); t++ {
				k := kh | g.gt[0][t&255]
				p := t >> 1
				v := cur[p] + pg[row[k]]
				arg := uint64(0)
				for d := uint32(1); d < 1<<drop; d++ {
					if u := cur[p|d<<sh] + pg[row[k|dk[d]]]; u > v {
						v, arg = u, uint64(d)
					}
				}
				next[t] = v
				word |= arg << (2 * (t & 31))
			}
			ch[t0>>5] = word
		}
		return
	}
	cls := o.close[m]
	for t0 := lo; t0 < hi; t0 += 32 {
		var word uint64
		for t := t0; t < min(t0+32, hi); t++ {
			p := t >> 1
			v := cur[p] + tb.at(cls, t)
			arg := uint64(0)
			for d := uint32(1); d < 1<<drop; d++ {
				if u := cur[p|d<<sh] + tb.at(cls, t|d<<uint(wn)); u > v {
					v, arg = u, uint64(d)
				}
			}
			next[t] = v
			word |= arg << (2 * (t & 31))
		}
		ch[t0>>5] = word
	}
}

// occParMin is the fewest states a half of a step for which eval splits
// a step between two goroutines (SetWorkers).
const occParMin = 1 << 16

// SetWorkers sets how many goroutines Eval, Lagrange's steps and the
// tables of Refute, Find and AddTable use (1 or 2; 2 only on steps of
// 2^17 states or more).
func (o *OccDP) SetWorkers(n int) { o.workers = n }

// scaledGains returns λ and the gains w − λ scaled up by occScale and
// rounded up (so that the table stays a bound). A gain below -2^20 is
// raised to it (a bound stays a bound): the sums of a step's cells then
// stay far above table's neg.
func scaledGains(w [7]int32, lam [7]float64) (lc, gain [7]int32) {
	for k := range gain {
		lc[k] = int32(math.Ceil(occScale * lam[k]))
		gain[k] = max(int32(math.Ceil(occScale*(float64(w[k])-lam[k]))), -1<<20)
	}
	return lc, gain
}

// halves runs fill over the states [0, n): the second half on another
// goroutine when the workers allow and n is large, as in eval.
func (o *OccDP) halves(n uint32, fill func(lo, hi uint32)) {
	if o.workers > 1 && n >= 2*occParMin {
		var wg sync.WaitGroup
		wg.Go(func() { fill(n/2, n) })
		fill(0, n/2)
		wg.Wait()
	} else {
		fill(0, n)
	}
}

// table sizes and fills o.suf for w and lam (Refute's and Find's): for
// the state s after step m, suf[m][s] bounds the weight of the free cells
// that close after m less λ of their counts, scaled up by occScale
// (rounded up, so it stays a bound); MinInt16: no way on. It returns λ
// scaled up (rounded up), and false when ctx ended first.
func (o *OccDP) table(ctx context.Context, w [7]int32, lam [7]float64) (lc [7]int32, ok bool) {
	o.size()
	o.sizeSuf()
	lc, gain := scaledGains(w, lam)
	if o.sufOK && o.sufGain == gain {
		return lc, true // the table is there (Find for each target, then Refute)
	}
	o.sufOK = false
	var tb closeTables[int32]
	const neg = -1 << 26 // at most 7 cells close at a step
	tb.set(&gain, neg)
	var pg [256]int32
	patGains(o.pats, &gain, neg, &pg)
	const none = math.MinInt16
	clear(o.sufRow(o.nf - 1))
	for m := o.nf - 2; m >= 0; m-- {
		row, nxt, cls := o.sufRow(m), o.sufRow(m+1), o.close[m+1]
		nmask := uint32(len(nxt) - 1)
		var ga *occGather
		var codes []uint8
		if o.coded {
			ga = &o.gath[m+1]
			codes = o.gcode[ga.off:]
		}
		// State s goes on to full = 2s or 2s+1, whose cells closing at
		// m+1 read it, and on to full's last w[m+1] bits. A way on is
		// kept above none, however low its value (raising a value keeps
		// it a bound); none only for no way.
		fill := func(lo, hi uint32) {
			for s := lo; s < hi; s++ {
				bw := int32(neg)
				for b := range uint32(2) {
					full := s<<1 | b
					t := full & nmask
					if nxt[t] == none {
						continue
					}
					var v int32
					if ga != nil {
						v = pg[codes[ga.key(full)]]
					} else {
						v = tb.at(cls, full)
					}
					bw = max(bw, v+int32(nxt[t]))
				}
				row[s] = none
				if bw > neg/2 {
					row[s] = int16(max(bw, none+1))
				}
			}
		}
		o.halves(uint32(len(row)), fill)
		if m%8 == 0 && ctx.Err() != nil {
			return lc, false
		}
	}
	o.sufGain, o.sufOK = gain, true
	return lc, true
}

// Coded reports whether the patterns are in use, and how many there are;
// with drop, they are not used (until the next Reset: for tests).
func (o *OccDP) Coded(drop bool) (bool, int) {
	o.size()
	if drop {
		o.coded = false
	}
	return o.coded, len(o.pats)
}
