package search

import "math/bits"

// frame is the board part of core, which both searches (Searcher and
// MaxSearcher) embed: the cells, their neighbours and states, the visit
// order, the settled and undecided neighbours of each cell, and the
// frontier of each step.
type frame struct {
	n, f  int
	order []int32 // the free cells in the order they are decided
	pos   []int32 // each cell's step in order, -1 when not free
	nb    []int16 // neighbours, 6 a cell
	deg   []int8
	state []int8
	lockv []int8 // locked number
	occ   []int8 // settled occupied neighbours (locked and decided tiles)
	rem   []int8 // undecided free neighbours

	edgesAfter []int32 // adjacent pairs of cells both decided after step k
	openIdx    []int32 // step k's frontier is open[openIdx[k]:openIdx[k+1]]
	openLo     []int32 // the steps at which cell i is on the frontier: openLo..openHi
	openHi     []int32
	cur        []int32 // layout's scratch
	open       []int16
	lockQ      []int32 // Σ occ+rem−number of the locked tiles not yet touched, by step
	closeLog   []int16 // tiles closed, newest last, for undo
}

// layout loads the board of p into the frame: states, neighbours, the
// visit order (p.Visit, or index order), occ and rem with nothing decided,
// the pairs after each step and the frontier of each step. It returns the
// size of the widest frontier.
func (fr *frame) layout(p Problem) (maxOpen int) {
	fr.size(len(p.Nbrs))
	fr.loadCells(p)
	fr.countNeighbours(p)
	fr.countEdgesAfter(p)
	fr.openIntervals(p)
	return fr.listFrontiers()
}

// size makes the per-cell slices of fr hold n cells, order empty.
func (fr *frame) size(n int) {
	fr.n = n
	fr.state = grow8(fr.state, n)
	fr.lockv = grow8(fr.lockv, n)
	fr.occ = grow8(fr.occ, n)
	fr.rem = grow8(fr.rem, n)
	fr.deg = grow8(fr.deg, n)
	fr.pos = grow32(fr.pos, n)
	fr.order = grow32(fr.order, n)[:0]
	if cap(fr.nb) < 6*n {
		fr.nb = make([]int16, 6*n)
	}
	fr.nb = fr.nb[:6*n]
	if cap(fr.closeLog) < n+8 {
		fr.closeLog = make([]int16, 0, n+8)
	}
	fr.closeLog = fr.closeLog[:0]
}

// loadCells sets each cell's neighbours, state and locked number, and the
// visit order (p.Visit, or index order) with each free cell's step.
func (fr *frame) loadCells(p Problem) {
	for i := 0; i < fr.n; i++ {
		fr.deg[i] = int8(len(p.Nbrs[i]))
		for k, j := range p.Nbrs[i] {
			fr.nb[6*i+k] = int16(j)
		}
		fr.lockv[i] = Empty
		fr.pos[i] = -1
		switch {
		case p.Hole[i]:
			fr.state[i] = stHole
		case p.Locked[i] != Empty:
			fr.state[i] = stLocked
			fr.lockv[i] = p.Locked[i]
		default:
			fr.state[i] = stFuture
			if p.Visit == nil {
				fr.pos[i] = int32(len(fr.order))
				fr.order = append(fr.order, int32(i))
			}
		}
	}
	for _, i := range p.Visit {
		if fr.state[i] == stFuture {
			fr.pos[i] = int32(len(fr.order))
			fr.order = append(fr.order, i)
		}
	}
	fr.f = len(fr.order)
}

// countNeighbours sets occ and rem with nothing decided: each cell's
// locked neighbours and free ones.
func (fr *frame) countNeighbours(p Problem) {
	for i := 0; i < fr.n; i++ {
		var o, r int8
		for _, j := range p.Nbrs[i] {
			switch fr.state[j] {
			case stFuture:
				r++
			case stLocked:
				o++
			}
		}
		fr.occ[i], fr.rem[i] = o, r
	}
}

// countEdgesAfter sets edgesAfter: the adjacent pairs of cells both
// decided after each step.
func (fr *frame) countEdgesAfter(p Problem) {
	fr.edgesAfter = grow32(fr.edgesAfter, fr.f+1)
	fr.edgesAfter[fr.f] = 0
	for k := fr.f - 1; k >= 0; k-- {
		e := fr.edgesAfter[k+1]
		for _, j := range p.Nbrs[fr.order[k]] {
			if fr.pos[j] > int32(k) {
				e++
			}
		}
		fr.edgesAfter[k] = e
	}
}

// openIntervals sets the steps at which each cell is on the frontier,
// openLo..openHi. The frontier of step k: decided cells and locked tiles
// next to both a decided and an undecided free cell… or only decided ones
// for the decided cells themselves. A cell is on it for an interval of
// steps: from the step after it (or, for a locked tile, its first free
// neighbour) is decided, to its last free neighbour's step; a locked tile
// before that interval counts in lockQ.
func (fr *frame) openIntervals(p Problem) {
	fr.openIdx = grow32(fr.openIdx, fr.f+2)
	fr.lockQ = grow32(fr.lockQ, fr.f+1)
	fr.openLo = grow32(fr.openLo, fr.n)
	fr.openHi = grow32(fr.openHi, fr.n)
	for i := 0; i < fr.n; i++ {
		lo, hi := int32(fr.f), int32(-1) // the first and last step of a free neighbour
		for _, j := range p.Nbrs[i] {
			if q := fr.pos[j]; q >= 0 {
				lo, hi = min(lo, q), max(hi, q)
			}
		}
		switch fr.state[i] {
		case stFuture:
			fr.openLo[i], fr.openHi[i] = fr.pos[i]+1, hi
		case stLocked:
			fr.openLo[i], fr.openHi[i] = lo+1, hi
		default:
			fr.openLo[i], fr.openHi[i] = 1, 0
		}
	}
}

// listFrontiers puts the lists of all steps in open (step k's at
// openIdx[k]), each in cell order, by counting: cur[k] first counts step
// k's cells (from differences), then is where its next cell goes. lockQ
// likewise from differences. It returns the size of the widest.
func (fr *frame) listFrontiers() (maxOpen int) {
	fr.cur = grow32(fr.cur, fr.f+2)
	clear(fr.cur)
	clear(fr.lockQ)
	for i := 0; i < fr.n; i++ {
		lo, hi := fr.openLo[i], fr.openHi[i]
		if lo <= hi {
			fr.cur[lo]++
			fr.cur[hi+1]--
		}
		if m := min(hi, lo-1); m >= 0 && fr.state[i] == stLocked {
			q := int32(fr.occ[i] + fr.rem[i] - fr.lockv[i])
			fr.lockQ[0] += q
			if m+1 <= int32(fr.f) {
				fr.lockQ[m+1] -= q
			}
		}
	}
	total, count := int32(0), int32(0)
	for k := 0; k <= fr.f+1; k++ {
		count += fr.cur[k]
		if k > 0 && k <= fr.f {
			fr.lockQ[k] += fr.lockQ[k-1]
		}
		fr.openIdx[k] = total
		fr.cur[k] = total
		if k <= fr.f {
			total += count
			maxOpen = max(maxOpen, int(count))
		}
	}
	if cap(fr.open) < int(total) {
		fr.open = make([]int16, total)
	}
	fr.open = fr.open[:total]
	for i := 0; i < fr.n; i++ {
		for k := fr.openLo[i]; k <= fr.openHi[i]; k++ {
			fr.open[fr.cur[k]] = int16(i)
			fr.cur[k]++
		}
	}
	return maxOpen
}

// openScan is what both searches' bounds read of a step's frontier, in one
// pass (scan).
type openScan struct {
	// qLo ≤ Σ occ over the empties still to place ≤ qHi: every open tile
	// takes a number left, its smallest and largest such number bound how
	// many of its undecided neighbours stay empty; the locked tiles'
	// exactly.
	qLo, qHi int32
	ka       uint64    // the frontier packed for the memo: 3 bits a cell, 0 empty, 1+occ a tile
	need     [7]uint64 // need[lo]: 8 bits per hi, open tiles whose numbers left lie in [lo, hi]
	lo, hi   [8]int32  // open tiles by the smallest and by the largest number left
	n        int32     // open tiles
}

// scan reads step k's frontier into o, with mask the numbers of which
// tiles are left (bit v); it returns an open tile that can take none of
// them, or -1.
func (fr *frame) scan(k int, mask uint8, o *openScan) int {
	o.qLo, o.qHi = fr.lockQ[k], fr.lockQ[k]
	for x, i := range fr.open[fr.openIdx[k]:fr.openIdx[k+1]] {
		var code uint64
		switch fr.state[i] {
		case stTile:
			oc, r := fr.occ[i], fr.rem[i]
			m := mask >> oc & (1<<(r+1) - 1)
			if m == 0 {
				return int(i)
			}
			hiB, loB := bits.Len8(m)-1, bits.TrailingZeros8(m)
			o.qLo += int32(r) - int32(hiB)
			o.qHi += int32(r) - int32(loB)
			o.need[int(oc)+loB] += 1 << (8 * uint(int(oc)+hiB))
			o.lo[int(oc)+loB]++
			o.hi[int(oc)+hiB]++
			o.n++
			code = uint64(1 + oc)
		case stLocked:
			q := int32(fr.occ[i] + fr.rem[i] - fr.lockv[i])
			o.qLo += q
			o.qHi += q
			code = uint64(1 + fr.occ[i])
		}
		o.ka |= code << (3 * uint(x)) // 0 beyond 21 cells, where the memo is off
	}
	return -1
}
