// Package search is the solver's hot core: a depth-first search over the free
// cells of a Hexiom board in reading order, with incremental bounds, a
// memo of exhausted frontier states, and branch-and-bound on the number of
// tiles left where they stand. Everything it needs is sized once in Reset;
// the search itself allocates nothing.
//
// The model. Holes are never occupied; locked tiles are fixed and counted
// from the start as occupied neighbours. The search decides the free cells
// one at a time in reading order, giving each either "empty" or a tile
// number v. When a free cell j is decided:
//
//   - occ[i] (settled occupied neighbours: locked tiles and decided tiles)
//     and rem[i] (undecided free neighbours) of every neighbour i change, so
//     every tile's number stays in [occ, occ+rem], and a cell that is still
//     undecided can only take a number in that interval;
//   - cnt[v] tiles of number v and cntE empty cells are still to place; for
//     every v, the undecided cells whose interval holds v must be at least
//     cnt[v] (kept incrementally in capV);
//   - the handshake: the numbers of the tiles still to place, less what the
//     settled tiles still need, is twice the number of occupied adjacent
//     pairs among undecided cells, so it is even (checked once, at the root:
//     each step changes it by an even amount) and at most twice the edges
//     among undecided free cells.
//
// The future of a node depends only on its step, the remaining counts and
// the state of the frontier (decided or locked cells that still have an
// undecided free neighbour, each empty or with how many more occupied
// neighbours it needs). The memo remembers, for such states, an upper bound
// on how many tiles the rest of the board can keep in place (-1: none fits),
// which both prunes exhausted states and serves branch-and-bound.
package search

import "context"

// Empty is the value of an empty cell in Problem and solutions.
const Empty = -1

// Problem is a board for the search: cells in reading order.
type Problem struct {
	Nbrs   [][]int // neighbours of each cell
	Hole   []bool  // never holds a tile
	Locked []int8  // locked tile number, or Empty when the cell is not locked
	Start  []int8  // movable tile standing on the cell at the start, or Empty
}

// Order says which values to try first at a cell.
type Order uint8

const (
	StartFirst Order = iota // the tile standing there, then high to low, then empty
	HighFirst               // high to low, then empty
	EmptyFirst              // empty, then high to low
)

// Options steer one search.
type Options struct {
	Order Order
	// Optimise keeps searching after the first solution for one that leaves
	// more tiles where they stand, until proven optimal or OptNodes more
	// nodes have been spent (0: no limit).
	Optimise bool
	OptNodes int64
}

// Outcome of a search.
type Outcome struct {
	Found   bool
	Optimal bool  // Found and no solution keeps more tiles (search exhausted)
	Kept    int   // movable tiles left where they stand in the solution
	Nodes   int64 // search nodes visited
	Err     error // the context's error when it stopped the search
}

const memoBits = 22

var DepthHist [400]int64

type memoEntry struct {
	a, b, c uint64
	k       int32
	ub      int32
	gen     uint32
}

// Searcher holds everything one search needs. Reuse it across problems to
// avoid allocating at all: Reset resizes only when a board is larger.
type Searcher struct {
	n, f  int     // cells, free cells
	order []int32 // free cells in reading order
	pos   []int32 // cell → step, or -1 when not free
	nb    []int16 // 6 per cell
	deg   []int8
	fixed []bool  // hole or locked
	val   []int8  // settled value: locked number, decided value, Empty otherwise
	occ   []int8  // settled occupied neighbours
	rem   []int8  // undecided free neighbours
	start []int8  // start tile on free cells

	cnt   [7]int32
	cntE  int32
	capV  [7]int32 // undecided free cells whose interval holds v
	capK  [7]int32 // … and whose start tile is v
	slack int32    // handshake: Σ numbers to place − Σ needs of settled tiles

	edgesAfter []int32 // edges among free cells with step ≥ k
	// topSum[k*(f+2)+c]: the sum of the c largest counts of undecided free
	// neighbours among the free cells of step ≥ k (c ≤ f−k).
	topSum []int32
	openIdx    []int32 // CSR: frontier cells of step k are open[openIdx[k]:openIdx[k+1]]
	open       []int16

	memo    []memoEntry
	gen     uint32
	useMemo bool

	opts     Options
	ctx      context.Context
	nodes    int64
	optStart int64
	stop     bool
	err      error
	kept     int32
	best     int32 // best kept so far, -1 before the first solution
	found    bool
	bestVal  []int8
}

// Reset loads a problem. It returns false when the problem is plainly
// impossible (a locked tile whose number cannot be met, more tiles than
// cells, an odd handshake sum, a count that cannot fit).
func (s *Searcher) Reset(p Problem) bool {
	n := len(p.Nbrs)
	s.n = n
	grow8 := func(b []int8, n int) []int8 {
		if cap(b) < n {
			return make([]int8, n)
		}
		return b[:n]
	}
	grow32 := func(b []int32, n int) []int32 {
		if cap(b) < n+1 {
			return make([]int32, n, n+1)
		}
		return b[:n]
	}
	s.val = grow8(s.val, n)
	s.occ = grow8(s.occ, n)
	s.rem = grow8(s.rem, n)
	s.start = grow8(s.start, n)
	s.deg = grow8(s.deg, n)
	s.bestVal = grow8(s.bestVal, n)
	s.pos = grow32(s.pos, n)
	s.order = grow32(s.order, n)[:0]
	if cap(s.fixed) < n {
		s.fixed = make([]bool, n)
	}
	s.fixed = s.fixed[:n]
	if cap(s.nb) < 6*n {
		s.nb = make([]int16, 6*n)
	}
	s.nb = s.nb[:6*n]

	s.cnt = [7]int32{}
	s.cntE = 0
	ok := true
	for i := 0; i < n; i++ {
		s.deg[i] = int8(len(p.Nbrs[i]))
		for k, j := range p.Nbrs[i] {
			s.nb[6*i+k] = int16(j)
		}
		s.val[i] = Empty
		s.start[i] = Empty
		s.pos[i] = -1
		s.fixed[i] = p.Hole[i] || p.Locked[i] != Empty
		switch {
		case p.Hole[i]:
		case p.Locked[i] != Empty:
			s.val[i] = p.Locked[i]
		default:
			s.pos[i] = int32(len(s.order))
			s.order = append(s.order, int32(i))
			if t := p.Start[i]; t != Empty {
				s.start[i] = t
				s.cnt[t]++
			} else {
				s.cntE++
			}
		}
	}
	s.f = len(s.order)
	for i := 0; i < n; i++ {
		var o, r int8
		for _, j := range p.Nbrs[i] {
			switch {
			case s.pos[j] >= 0:
				r++
			case s.val[j] != Empty:
				o++
			}
		}
		s.occ[i], s.rem[i] = o, r
	}
	// Intervals of the free cells; needs of the locked tiles.
	s.capV, s.capK = [7]int32{}, [7]int32{}
	s.slack = 0
	for v := int32(0); v < 7; v++ {
		s.slack += v * s.cnt[v]
	}
	for i := 0; i < n; i++ {
		if s.pos[i] >= 0 {
			for v := s.occ[i]; v <= s.occ[i]+s.rem[i] && v <= 6; v++ {
				s.capV[v]++
				if s.start[i] == v {
					s.capK[v]++
				}
			}
		} else if v := s.val[i]; v != Empty {
			need := v - s.occ[i]
			if need < 0 || need > s.rem[i] {
				ok = false
			}
			s.slack -= int32(need)
		}
	}
	if s.slack < 0 || s.slack%2 != 0 {
		ok = false
	}
	for v := 0; v < 7; v++ {
		if s.cnt[v] > s.capV[v] {
			ok = false
		}
	}

	// Edges among free cells from step k on, and the frontier of each step.
	s.edgesAfter = grow32(s.edgesAfter, s.f+1)[:s.f+1]
	s.edgesAfter[s.f] = 0
	for k := s.f - 1; k >= 0; k-- {
		i := s.order[k]
		e := s.edgesAfter[k+1]
		for _, j := range p.Nbrs[i] {
			if s.pos[j] > int32(k) {
				e++
			}
		}
		s.edgesAfter[k] = e
	}
	w := s.f + 2
	if cap(s.topSum) < (s.f+1)*w {
		s.topSum = make([]int32, (s.f+1)*w)
	}
	s.topSum = s.topSum[:(s.f+1)*w]
	var degs [8]int32 // how many cells of step ≥ k have d undecided free neighbours
	for k := s.f; k >= 0; k-- {
		degs = [8]int32{}
		for m := k; m < s.f; m++ {
			d := 0
			for _, j := range p.Nbrs[s.order[m]] {
				if s.pos[j] >= int32(k) {
					d++
				}
			}
			degs[d]++
		}
		row := s.topSum[k*w : k*w+w]
		c, sum := 0, int32(0)
		row[0] = 0
		for d := 7; d >= 0; d-- {
			for x := int32(0); x < degs[d]; x++ {
				c++
				sum += int32(d)
				row[c] = sum
			}
		}
	}
	s.openIdx = grow32(s.openIdx, s.f+1)[:s.f+1]
	s.open = s.open[:0]
	maxOpen := 0
	for k := 0; k <= s.f; k++ {
		s.openIdx[k] = int32(len(s.open))
		for i := 0; i < n; i++ {
			if s.val[i] == Empty && s.pos[i] < 0 {
				continue // hole
			}
			decided := s.pos[i] >= 0 && s.pos[i] < int32(k)
			futureNb, pastNb := false, false
			for _, j := range p.Nbrs[i] {
				if s.pos[j] >= int32(k) {
					futureNb = true
				} else if s.pos[j] >= 0 {
					pastNb = true
				}
			}
			if futureNb && (decided || (s.pos[i] < 0 && pastNb)) {
				s.open = append(s.open, int16(i))
			}
		}
		maxOpen = max(maxOpen, len(s.open)-int(s.openIdx[k]))
	}
	// Three bits per frontier cell in two words; nine bits per count.
	s.useMemo = maxOpen <= 42 && n < 512
	if s.useMemo && len(s.memo) == 0 {
		s.memo = make([]memoEntry, 1<<memoBits)
	}
	s.gen++
	if s.gen == 0 {
		clear(s.memo)
		s.gen = 1
	}
	return ok
}

// Search runs the search on the loaded problem. sol receives the solution's
// value per cell (tile number or Empty) when one is found.
func (s *Searcher) Search(ctx context.Context, opts Options, sol []int8) Outcome {
	s.opts, s.ctx = opts, ctx
	s.nodes, s.optStart, s.stop, s.err = 0, 0, false, nil
	s.kept, s.best, s.found = 0, -1, false
	if err := ctx.Err(); err != nil {
		return Outcome{Err: err}
	}
	s.dfs(0)
	out := Outcome{Found: s.found, Nodes: s.nodes, Err: s.err}
	if s.found {
		out.Kept = int(s.best)
		out.Optimal = opts.Optimise && !s.stop
		copy(sol, s.bestVal[:s.n])
	}
	return out
}

// need is how many more tiles the rest must keep in place to be worth
// searching: any solution before the first, then a better one.
func (s *Searcher) need() int32 {
	if s.best < 0 {
		return 0
	}
	return s.best + 1 - s.kept
}

func (s *Searcher) key(k int) (a, b, c uint64) {
	cells := s.open[s.openIdx[k]:s.openIdx[k+1]]
	for x, i := range cells {
		var code uint64
		if v := s.val[i]; v != Empty {
			code = uint64(1 + v - s.occ[i])
		}
		if x < 21 {
			a |= code << (3 * x)
		} else {
			b |= code << (3 * (x - 21))
		}
	}
	for v := 0; v < 7; v++ {
		c |= uint64(s.cnt[v]) << (9 * v)
	}
	return
}

func hash(a, b, c uint64, k int) uint64 {
	h := a*0x9E3779B97F4A7C15 ^ b*0xC2B2AE3D27D4EB4F ^ c*0x165667B19E3779F9 ^ uint64(k)*0xD6E8FEB86659FD93
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	return h ^ h>>32
}

func (s *Searcher) dfs(k int) {
	if k == s.f {
		s.found = true
		s.best = s.kept
		copy(s.bestVal, s.val)
		if !s.opts.Optimise {
			s.stop = true
		} else if s.optStart == 0 {
			s.optStart = s.nodes
		}
		return
	}
	s.nodes++
	DepthHist[k]++
	if s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err, s.stop = err, true
			return
		}
		if s.optStart > 0 && s.opts.OptNodes > 0 && s.nodes-s.optStart > s.opts.OptNodes {
			s.stop = true
			return
		}
	}
	var ma, mb, mc uint64
	var slot *memoEntry
	if s.useMemo {
		ma, mb, mc = s.key(k)
		h := hash(ma, mb, mc, k) & (1<<memoBits - 1)
		e := &s.memo[h]
		if e.gen == s.gen && e.a == ma && e.b == mb && e.c == mc && e.k == int32(k) {
			if e.ub < s.need() {
				return
			}
		}
		slot = e
	}

	j := int(s.order[k])
	lo, hi := s.occ[j], min(s.occ[j]+s.rem[j], 6)
	st := s.start[j]
	for v := lo; v <= hi; v++ {
		s.capV[v]--
		if st == v {
			s.capK[v]--
		}
	}

	// Try the values in the chosen order: at most 9 tries.
	var tries [9]int8
	nt := 0
	add := func(v int8) {
		for _, t := range tries[:nt] {
			if t == v {
				return
			}
		}
		tries[nt] = v
		nt++
	}
	switch s.opts.Order {
	case StartFirst:
		if st != Empty && st >= lo && st <= hi {
			add(st)
		}
		for v := hi; v >= lo; v-- {
			add(v)
		}
		add(Empty)
	case HighFirst:
		for v := hi; v >= lo; v-- {
			add(v)
		}
		add(Empty)
	case EmptyFirst:
		add(Empty)
		for v := hi; v >= lo; v-- {
			add(v)
		}
	}
	nbs := s.nb[6*j : 6*j+int(s.deg[j])]
	for _, v := range tries[:nt] {
		if s.stop {
			break
		}
		if v == Empty {
			if s.cntE == 0 {
				continue
			}
		} else if s.cnt[v] == 0 {
			continue
		}
		if !s.fits(nbs, v) {
			continue
		}
		s.place(j, nbs, v)
		if s.bounds(k + 1) {
			s.dfs(k + 1)
		}
		s.unplace(j, nbs, v)
	}

	for v := lo; v <= hi; v++ {
		s.capV[v]++
		if st == v {
			s.capK[v]++
		}
	}
	if slot != nil && !s.stop {
		ub := s.need() - 1
		if ub < -1 {
			ub = -1
		}
		*slot = memoEntry{a: ma, b: mb, c: mc, k: int32(k), ub: ub, gen: s.gen}
	}
}

// fits reports whether the settled tiles around j allow value v on j.
func (s *Searcher) fits(nbs []int16, v int8) bool {
	for _, i := range nbs {
		w := s.val[i] // a settled tile: locked, or decided earlier
		if w == Empty {
			continue
		}
		need := w - s.occ[i]
		if v == Empty {
			if need > s.rem[i]-1 {
				return false
			}
		} else if need < 1 {
			return false
		}
	}
	return true
}

func (s *Searcher) place(j int, nbs []int16, v int8) {
	if v == Empty {
		s.cntE--
		for _, i := range nbs {
			if s.pos[i] > s.pos[j] { // undecided: its interval loses its top
				hi := s.occ[i] + s.rem[i]
				s.capV[hi]--
				if s.start[i] == hi {
					s.capK[hi]--
				}
			}
			s.rem[i]--
		}
		return
	}
	s.cnt[v]--
	s.val[j] = v
	// slack: −v for the tile placed, −(v−occ) for its need, +occ for the
	// needs it meets around it.
	s.slack -= 2 * int32(v-s.occ[j])
	if s.start[j] == v {
		s.kept++
	}
	for _, i := range nbs {
		if s.pos[i] > s.pos[j] { // undecided: its interval loses its bottom
			lo := s.occ[i]
			s.capV[lo]--
			if s.start[i] == lo {
				s.capK[lo]--
			}
		}
		s.occ[i]++
		s.rem[i]--
	}
}

func (s *Searcher) unplace(j int, nbs []int16, v int8) {
	if v == Empty {
		s.cntE++
		for _, i := range nbs {
			s.rem[i]++
			if s.pos[i] > s.pos[j] {
				hi := s.occ[i] + s.rem[i]
				s.capV[hi]++
				if s.start[i] == hi {
					s.capK[hi]++
				}
			}
		}
		return
	}
	for _, i := range nbs {
		s.occ[i]--
		s.rem[i]++
		if s.pos[i] > s.pos[j] {
			lo := s.occ[i]
			s.capV[lo]++
			if s.start[i] == lo {
				s.capK[lo]++
			}
		}
	}
	if s.start[j] == v {
		s.kept--
	}
	s.slack += 2 * int32(v-s.occ[j])
	s.val[j] = Empty
	s.cnt[v]++
}

// bounds checks the counts, the handshake and the kept bound before step k.
func (s *Searcher) bounds(k int) bool {
	// slack = 2·(occupied pairs among undecided cells) = 2·(edges among them
	// − edges the cntE empties take away); those take at most the sum of
	// the cntE largest degrees and at least half the cntE smallest.
	e := s.edgesAfter[k]
	w := s.f + 2
	row := s.topSum[k*w:]
	if s.slack < 2*(e-row[s.cntE]) {
		return false
	}
	u := int32(s.f - k)
	bottom := 2*e - row[u-s.cntE]
	if s.slack > 2*e-2*((bottom+1)/2) {
		return false
	}
	var keep int32
	for v := 0; v < 7; v++ {
		c := s.cnt[v]
		if c > s.capV[v] {
			return false
		}
		keep += min(c, s.capK[v])
	}
	return s.best < 0 || s.kept+keep > s.best
}
