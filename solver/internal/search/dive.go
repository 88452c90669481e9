package search

import "math/bits"

// Dive is one descent without a step back: the free cells in the order of
// Problem.Visit, each given a tile unless what is decided already rules it
// out, every decision followed by propagation to a fixpoint; the first
// contradiction ends it (no solution found, none ruled out). It is
// CaDiCaL's "lucky" forward phase (decide variables 1, 2, … true,
// propagating) on the level's CNF (formats.WriteCNF numbers the free cells
// first, in index order): every level CaDiCaL solves in its least time on
// that CNF (0.26-0.45 ms on the 2-core machine) is one that phase solves
// without a conflict, and where a walk takes such a level past 8,192 steps
// the tree search may need hundreds of nodes (docs/solver-tail.md, round
// eleven). The propagation infers at least what unit propagation does on
// that CNF, so Dive solves every level that phase does:
//
//   - a cell's count of occupied neighbours lies in [lo, hi] (decided
//     occupied; decided occupied or undecided);
//   - a locked tile's count must be its number: at hi, its undecided
//     neighbours get tiles; at lo, they stay empty;
//   - an occupied free cell's number is its count, one of the numbers not
//     ruled out for it (allow) within [lo, hi]: when the least of them is hi
//     its undecided neighbours get tiles, when the most is lo they stay
//     empty, when there is none it is a contradiction; an undecided cell
//     with none stays empty;
//   - of each number v the level's movable tiles are placed, no more, no
//     fewer: when the cells whose number is v (occupied, one number left)
//     are as many, v is ruled out for every other cell; when the cells that
//     may still take v are as many, each of them gets a tile of v.
//
// Everything is sized once (Reserve); Run allocates nothing.
type Dive struct {
	// nbrs: the neighbours nb was made from; nb: six a cell, a missing one
	// the cell n past the last (empty, no number: its counts move, its
	// rules never act).
	nbrs  [][]int
	nb    []int32
	state []int8  // per cell: diveOpen, diveOn (locked too), diveOff (holes too)
	lo    []int8  // occupied neighbours
	hi    []int8  // occupied or undecided neighbours
	num   []int8  // locked number, or Empty
	allow []uint8 // free cells: the numbers not ruled out (bit v)
	// mask: a free cell's numbers as counted in pos and tru: none when
	// empty, else allow within [lo, hi].
	mask []uint8
	want [7]int32 // the level's movable tiles of each number
	pos  [7]int32 // the cells whose mask holds v
	tru  [7]int32 // the occupied cells whose mask is v alone
	// stack: cells decided whose neighbours have not seen it; dirty: the
	// numbers whose counts changed since their rule last ran.
	stack []int32
	dirty uint8
	bad   bool // a contradiction
}

const (
	diveOpen int8 = iota
	diveOn
	diveOff
)

// Reserve makes room for levels of up to n cells.
func (d *Dive) Reserve(n int) {
	if cap(d.state) > n {
		return
	}
	d.state = make([]int8, n+1)
	d.lo = make([]int8, n+1)
	d.hi = make([]int8, n+1)
	d.num = make([]int8, n+1)
	d.allow = make([]uint8, n+1)
	d.mask = make([]uint8, n+1)
	d.nb = make([]int32, 6*n)
	d.stack = make([]int32, 0, n)
	d.nbrs = nil
}

// Run dives on prob; found with the solution in sol (each free cell's
// number, Empty where no tile, as Searcher.Search writes it), not when a
// decision met a contradiction; decisions counts the cells it gave a
// tile by choice (not by propagation).
func (d *Dive) Run(prob Problem, sol []int8) (found bool, decisions int) {
	n := len(prob.Nbrs)
	d.Reserve(n)
	if n == 0 || len(d.nbrs) != n || &d.nbrs[0] != &prob.Nbrs[0] {
		d.nbrs = prob.Nbrs
		for i, nb := range prob.Nbrs {
			for k := range 6 {
				d.nb[6*i+k] = int32(n)
				if k < len(nb) {
					d.nb[6*i+k] = int32(nb[k])
				}
			}
		}
	}
	state, lo, hi, num := d.state[:n+1], d.lo[:n+1], d.hi[:n+1], d.num[:n+1]
	allow, mask := d.allow[:n+1], d.mask[:n+1]
	state[n], num[n], allow[n], mask[n] = diveOff, Empty, 0, 0
	d.want, d.pos, d.tru = [7]int32{}, [7]int32{}, [7]int32{}
	d.stack, d.dirty, d.bad = d.stack[:0], 0x7f, false
	for i := range n {
		num[i], allow[i], mask[i] = Empty, 0, 0
		switch {
		case prob.Hole[i]:
			state[i] = diveOff
		case prob.Locked[i] != Empty:
			state[i], num[i] = diveOn, prob.Locked[i]
		default:
			state[i], allow[i] = diveOpen, 0x7f
		}
		if t := prob.Start[i]; t != Empty && t >= 0 && t <= 6 {
			d.want[t]++
		}
	}
	for i := range n {
		var l, h int8
		for _, j := range d.nb[6*i : 6*i+6] {
			switch state[j] {
			case diveOn:
				l++
				h++
			case diveOpen:
				h++
			}
		}
		lo[i], hi[i] = l, h
	}
	for i := range n {
		d.check(i)
	}
	d.propagate()
	for k := range n {
		if d.bad {
			return false, decisions
		}
		i := k
		if prob.Visit != nil {
			i = int(prob.Visit[k])
		}
		if state[i] == diveOpen {
			decisions++
			d.set(i, diveOn)
			d.propagate()
		}
	}
	return !d.bad && d.solution(prob, sol), decisions
}

// set decides free cell i (diveOn or diveOff); a cell decided otherwise
// already is a contradiction.
func (d *Dive) set(i int, s int8) {
	if d.state[i] != diveOpen {
		if d.state[i] != s {
			d.bad = true
		}
		return
	}
	m := d.mask[i]
	if s == diveOff {
		m = 0
	}
	d.update(i, m, s)
	d.stack = append(d.stack, int32(i))
}

// update sets free cell i's mask and state, keeping pos and tru (the
// numbers they move marked dirty).
func (d *Dive) update(i int, m uint8, s int8) {
	old, was := d.mask[i], d.state[i]
	d.mask[i], d.state[i] = m, s
	for b := old &^ m; b != 0; b &= b - 1 {
		d.pos[bits.TrailingZeros8(b)]--
	}
	for b := m &^ old; b != 0; b &= b - 1 {
		d.pos[bits.TrailingZeros8(b)]++
	}
	dirty := old ^ m
	oldTrue := was == diveOn && old != 0 && old&(old-1) == 0
	newTrue := s == diveOn && m != 0 && m&(m-1) == 0
	if oldTrue != newTrue || oldTrue && old != m {
		if oldTrue {
			d.tru[bits.TrailingZeros8(old)]--
		}
		if newTrue {
			d.tru[bits.TrailingZeros8(m)]++
		}
		dirty |= old | m
	}
	d.dirty |= dirty
}

// check applies the rules of cell i (a locked tile's, or a free cell's)
// to its counts as they are.
func (d *Dive) check(i int) {
	lo, hi := d.lo[i], d.hi[i]
	if n := d.num[i]; n != Empty { // a locked tile
		switch {
		case n < lo || n > hi:
			d.bad = true
		case lo == hi:
		case n == hi:
			d.force(i, diveOn)
		case n == lo:
			d.force(i, diveOff)
		}
		return
	}
	if d.state[i] == diveOff { // a hole, or an empty free cell
		return
	}
	m := d.allow[i] & uint8(1<<(hi+1)-1) &^ uint8(1<<lo-1)
	if m != d.mask[i] {
		d.update(i, m, d.state[i])
	}
	switch {
	case m == 0 && d.state[i] == diveOpen:
		d.set(i, diveOff)
	case d.state[i] != diveOn:
	case m == 0:
		d.bad = true
	case lo == hi:
	case int8(bits.TrailingZeros8(m)) == hi:
		d.force(i, diveOn)
	case int8(7-bits.LeadingZeros8(m)) == lo:
		d.force(i, diveOff)
	}
}

// force decides every undecided neighbour of cell i as s.
func (d *Dive) force(i int, s int8) {
	for _, j := range d.nb[6*i : 6*i+6] {
		if d.state[j] == diveOpen {
			d.set(int(j), s)
		}
	}
}

// propagate runs the rules to a fixpoint or a contradiction: each decided
// cell's neighbours see it, then each dirty number's rule runs.
func (d *Dive) propagate() {
	for !d.bad {
		if k := len(d.stack); k > 0 {
			i := int(d.stack[k-1])
			d.stack = d.stack[:k-1]
			nb := d.nb[6*i : 6*i+6 : 6*i+6]
			if d.state[i] == diveOn {
				for _, j := range nb {
					d.lo[j]++
				}
			} else {
				for _, j := range nb {
					d.hi[j]--
				}
			}
			d.check(i)
			for _, j := range nb {
				d.check(int(j))
			}
			continue
		}
		if d.dirty == 0 {
			return
		}
		v := bits.TrailingZeros8(d.dirty)
		d.dirty &^= 1 << v
		d.number(v)
	}
}

// number applies the rule of number v: no more tiles of v than the
// level's, no fewer.
func (d *Dive) number(v int) {
	want, pos, tru := d.want[v], d.pos[v], d.tru[v]
	bit := uint8(1) << v
	switch {
	case tru > want || pos < want:
		d.bad = true
	case tru == want && pos > tru:
		// v is taken: every other cell loses it.
		for i, m := range d.mask[:len(d.nbrs)] {
			if m&bit != 0 && !(d.state[i] == diveOn && m == bit) {
				d.allow[i] &^= bit
				d.check(i)
			}
		}
	case pos == want && tru < want:
		// Every cell that may take v must.
		for i, m := range d.mask[:len(d.nbrs)] {
			if m&bit != 0 && m != bit || m == bit && d.state[i] == diveOpen {
				d.allow[i] &= bit
				if d.state[i] == diveOpen {
					d.set(i, diveOn)
				}
				d.check(i)
			}
		}
	}
}

// solution checks the dive's decisions against the rule and writes them
// to sol; false (sol untouched) if they are not a solution.
func (d *Dive) solution(prob Problem, sol []int8) bool {
	var have [7]int32
	for i, nb := range prob.Nbrs {
		if d.state[i] == diveOpen {
			return false
		}
		if d.state[i] != diveOn {
			continue
		}
		c := int8(0)
		for _, j := range nb {
			if d.state[j] == diveOn {
				c++
			}
		}
		if l := prob.Locked[i]; l != Empty {
			if c != l {
				return false
			}
			continue
		}
		if c > 6 {
			return false
		}
		have[c]++
	}
	if have != d.want {
		return false
	}
	for i := range sol[:len(prob.Nbrs)] {
		sol[i] = Empty
		if d.state[i] == diveOn && prob.Locked[i] == Empty {
			sol[i] = d.lo[i]
		}
	}
	return true
}
