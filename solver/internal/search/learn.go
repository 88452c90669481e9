package search

import "math/bits"

// Learning (Options.Learn): conflict-directed backjumping with a bounded
// store of nogoods, for the search for a first solution.
//
// When a node fails, it is explained by a set of decided cells whose
// values alone rule out every solution (the conflict set):
//
//   - a locked tile out of reach: its decided neighbours (the occupied ones
//     if it has too many, the empty ones if it can no longer have enough);
//   - a tile that closes on a number with no tile left: every closed tile
//     of that number and its neighbours (a closed tile's number is the
//     count of its neighbours);
//   - an open tile with no number left in its interval: the tile, its
//     decided neighbours, and the closed tiles of each number in the
//     interval that the level has (a number the level lacks needs no
//     reason);
//   - too few cells for the tiles of a number v: the reason why each
//     other cell cannot take v (a cell decided empty: itself; a tile closed
//     on another number: its neighbours; an open tile or undecided cell
//     whose interval has passed v: its occupied neighbours, or its empty
//     ones when the interval ends below v);
//   - more tiles decided than the level has: the decided tiles; more cells
//     decided empty than may be: those cells;
//   - Hall's condition, the handshake bounds and the memo: they read the
//     counts of every closed tile, so every decided cell.
//
// A node whose two values both fail has for conflict set the union of its
// children's, less its own cell; when a child's conflict set does not
// hold the node's cell, the other value would fail the same way and is
// skipped (a backjump): the node fails with that child's set. A node
// that tried both values keeps its conflict set as a nogood (those cells
// with their values never occur together in a solution) unless the set
// is every cell decided so far (a depth-first search never meets that
// prefix again). Nogoods are kept by the step of their last cell in the
// visit order, nogoodSlots a step, the oldest overwritten; after each
// decision the nogoods of its step are checked, and a match fails the
// node with the nogood as its conflict set. Nogoods are facts about the
// level, so restarts in other orientations keep them (Problem.Same), filed
// again by their last cell's step in the new order.
//
// The sets are bitsets over cells, w words each, sized in Reset: the
// search allocates nothing per node.

// Why a node failed in bounds (Searcher.why).
const (
	whyCap     = iota + 1 // cnt[whyArg] > capV[whyArg]
	whyTooMany            // more tiles decided than the level has
	whyTooFew             // more cells decided empty than may be
	whyOpen               // open tile whyArg can take no number left
	whyGlobal             // Hall's condition or the handshake
)

// nogoodSlots is how many nogoods are kept per step of the visit order.
// 16 kept no fewer nodes (random size-6 seeds 0..999 in the portfolio:
// 1,096,798 nodes against 1,086,358), and a bound on a nogood's length
// lost nodes (at most 24 cells: 1,189,565; none kept, backjumping alone:
// 1,199,989; level 38 5,642 nodes against 2,393): the nogoods that match
// again are long ones, met again after a restart.
const nogoodSlots = 4

// learner is the Searcher's state for learning.
type learner struct {
	w       int      // words per cell set
	decided []uint64 // free cells decided
	asg     []uint64 // free cells decided occupied
	cs      []uint64 // the conflict set of the node at depth k: cs[k*w:(k+1)*w]
	nbm     []uint64 // the free neighbours of cell i: nbm[i*w:(i+1)*w]
	reach   []int32  // reach[k]: 1 + the last step next to a step before k
	init    [7]int32 // tiles of each number in the level

	// The nogood store: step m's slots are ng*[(m*nogoodSlots+i)*w:][:w];
	// ngLen[m] of them are used, ngNext[m] is the next to overwrite.
	ngMask, ngVal []uint64
	ngLen, ngNext []int32
	ngSpare       []uint64 // for filing the nogoods again
	ngTmp         []uint64

	Learnt, Backjumps, NogoodHits int64 // counts, for measurements
}

// resetLearner sizes the sets for the frame loaded by layout; with keep,
// the nogoods learnt on the same level stay, filed by the new order.
func (s *Searcher) resetLearner(keep bool) {
	w := (s.n + 63) / 64
	if w != s.w {
		keep = false
	}
	s.w = w
	s.decided = grow64(s.decided, w)
	s.asg = grow64(s.asg, w)
	clear(s.decided)
	clear(s.asg)
	s.cs = grow64(s.cs, (s.f+2)*w)
	s.nbm = grow64(s.nbm, s.n*w)
	clear(s.nbm)
	s.setReach()
	for i := 0; i < s.n; i++ {
		for _, j := range s.nb[6*i : 6*i+int(s.deg[i])] {
			if s.pos[j] >= 0 {
				setBit(s.nbm[i*w:(i+1)*w], int(j))
			}
		}
	}
	s.ngTmp = grow64(s.ngTmp, w)
	steps := s.f + 1
	size := steps * nogoodSlots * w
	if !keep || len(s.ngLen) == 0 {
		s.ngLen = grow32(s.ngLen, steps)
		s.ngNext = grow32(s.ngNext, steps)
		clear(s.ngLen)
		clear(s.ngNext)
		s.ngMask = grow64(s.ngMask, size)
		s.ngVal = grow64(s.ngVal, size)
		s.ngSpare = grow64(s.ngSpare, 2*size)
		return
	}
	s.refile()
}

// setReach sets reach: reach[k] is 1 + the last step next to a step
// before k.
func (s *Searcher) setReach() {
	s.reach = grow32(s.reach, s.f+1)
	s.reach[0] = 0
	for k := 1; k <= s.f; k++ {
		r := max(s.reach[k-1], int32(k))
		c := int(s.order[k-1])
		for _, j := range s.nb[6*c : 6*c+int(s.deg[c])] {
			r = max(r, s.pos[j]+1)
		}
		s.reach[k] = r
	}
}

// refile files the nogoods again: copies them out, then inserts each by
// the step of its last cell in the new order (same level, same free
// cells, same number of steps).
func (s *Searcher) refile() {
	w := s.w
	k := 0
	for m := range s.ngLen {
		for i := 0; i < int(s.ngLen[m]); i++ {
			o := (m*nogoodSlots + i) * w
			copy(s.ngSpare[2*k*w:], s.ngMask[o:o+w])
			copy(s.ngSpare[(2*k+1)*w:], s.ngVal[o:o+w])
			k++
		}
	}
	clear(s.ngLen)
	clear(s.ngNext)
	for x := 0; x < k; x++ {
		s.file(s.ngSpare[2*x*w:(2*x+1)*w], s.ngSpare[(2*x+1)*w:(2*x+2)*w])
	}
}

func grow64(b []uint64, n int) []uint64 {
	if cap(b) < n {
		return make([]uint64, n)
	}
	return b[:n]
}

// file stores the nogood (cells mask with values val) in the slots of the
// step of its last cell.
func (s *Searcher) file(mask, val []uint64) {
	m := int32(-1)
	for x, word := range mask {
		for word != 0 {
			c := x*64 + bits.TrailingZeros64(word)
			word &= word - 1
			m = max(m, s.pos[c])
		}
	}
	if m < 0 {
		return
	}
	i := s.ngNext[m]
	s.ngNext[m] = (i + 1) % nogoodSlots
	s.ngLen[m] = min(s.ngLen[m]+1, nogoodSlots)
	o := (int(m)*nogoodSlots + int(i)) * s.w
	copy(s.ngMask[o:o+s.w], mask)
	for x := range val {
		s.ngVal[o+x] = val[x] & mask[x]
	}
}

// nogoodHit checks the nogoods whose last cell is decided at step k; on a
// match it copies the nogood into dst.
func (s *Searcher) nogoodHit(k int, dst []uint64) bool {
	w := s.w
	base := k * nogoodSlots * w
	for i := 0; i < int(s.ngLen[k]); i++ {
		o := base + i*w
		hit := true
		for x := 0; x < w; x++ {
			if (s.asg[x]^s.ngVal[o+x])&s.ngMask[o+x] != 0 {
				hit = false
				break
			}
		}
		if hit {
			copy(dst, s.ngMask[o:o+w])
			s.NogoodHits++
			return true
		}
	}
	return false
}

func setBit(b []uint64, c int)      { b[c>>6] |= 1 << (c & 63) }
func hasBit(b []uint64, c int) bool { return b[c>>6]>>(c&63)&1 != 0 }

// Which decided neighbours addNbrs adds.
const (
	nbAll = iota
	nbTiles
	nbEmpty
)

// addNbrs adds cell i's decided free neighbours (all, the occupied or the
// empty ones) to dst.
func (s *Searcher) addNbrs(dst []uint64, i, which int) {
	nbm := s.nbm[i*s.w : (i+1)*s.w]
	switch which {
	case nbAll:
		for x := range dst {
			dst[x] |= nbm[x] & s.decided[x]
		}
	case nbTiles:
		for x := range dst {
			dst[x] |= nbm[x] & s.asg[x]
		}
	default:
		for x := range dst {
			dst[x] |= nbm[x] & (s.decided[x] &^ s.asg[x])
		}
	}
}

// addClosed adds the closed tiles of number v and their neighbours.
func (s *Searcher) addClosed(dst []uint64, v int8) {
	for _, c16 := range s.closeLog {
		if c := int(c16); s.occ[c] == v {
			setBit(dst, c)
			s.addNbrs(dst, c, nbAll)
		}
	}
}

// explainBounds writes into dst why bounds failed (s.why) before step k.
func (s *Searcher) explainBounds(k int, dst []uint64) {
	clear(dst)
	switch s.why {
	case whyCap:
		// The cells decided and the undecided ones next to them (the others
		// have no decided neighbour to blame), until every decided cell is
		// in dst (checked every 8 cells; a common end when v is small).
		v := int8(s.whyArg)
		for y, c := range s.order[:s.reach[k]] {
			x := int(c)
			if y&7 == 7 && covers(dst, s.decided) {
				return
			}
			switch st := s.state[x]; st {
			case stEmpty:
				setBit(dst, x)
			case stTile, stFuture:
				o, r := s.occ[x], s.rem[x]
				switch {
				case st == stTile && r == 0:
					if o != v {
						s.addNbrs(dst, x, nbAll)
					}
				case o > v:
					s.addNbrs(dst, x, nbTiles)
				case o+r < v:
					s.addNbrs(dst, x, nbEmpty)
				}
			}
		}
	case whyTooMany:
		copy(dst, s.asg)
	case whyTooFew:
		for x := range dst {
			dst[x] = s.decided[x] &^ s.asg[x]
		}
	case whyOpen:
		i := int(s.whyArg)
		setBit(dst, i)
		s.addNbrs(dst, i, nbAll)
		for v := s.occ[i]; v <= s.occ[i]+s.rem[i]; v++ {
			if s.init[v] > 0 {
				s.addClosed(dst, v)
			}
		}
	default:
		copy(dst, s.decided)
	}
}

// explainApply writes into dst why deciding cell j failed in apply.
func (s *Searcher) explainApply(j int, dst []uint64) {
	clear(dst)
	check := func(i int) bool {
		if s.state[i] != stLocked {
			return false
		}
		switch v := s.lockv[i]; {
		case v < s.occ[i]:
			s.addNbrs(dst, i, nbTiles)
		case v > s.occ[i]+s.rem[i]:
			s.addNbrs(dst, i, nbEmpty)
		default:
			return false
		}
		return true
	}
	for _, i16 := range s.nb[6*j : 6*j+int(s.deg[j])] {
		if check(int(i16)) {
			return
		}
	}
	for v := int8(0); v < 7; v++ {
		if s.cnt[v] < 0 {
			s.addClosed(dst, v)
			return
		}
	}
	copy(dst, s.decided)
}

// dfsLearn is dfs with learning: it leaves the node's conflict set in
// cs[k] when it fails.
func (s *Searcher) dfsLearn(k int) {
	w := s.w
	out := s.cs[k*w : (k+1)*w]
	if !s.bounds(k) {
		s.explainBounds(k, out)
		return
	}
	if s.opts.Phases {
		s.savePhase(k)
	}
	if k == s.f {
		s.record()
		s.stop = true
		return
	}
	if s.countNode() {
		return
	}
	ref, ub := s.memoLook(k)
	if ub < s.need() {
		copy(out, s.decided)
		return
	}
	j := s.pick(k)
	first := s.firstValue(j)
	child := s.cs[(k+1)*w : (k+2)*w]
	clear(out)
	both := true
	for t := 0; t < 2; t++ {
		tile := first == (t == 0)
		mark := len(s.closeLog)
		setBit(s.decided, j)
		if tile {
			setBit(s.asg, j)
		}
		switch {
		case !s.apply(j, tile):
			s.explainApply(j, child)
		case s.nogoodHit(k, child):
		default:
			s.dfsLearn(k + 1)
		}
		s.undo(j, tile, mark)
		s.decided[j>>6] &^= 1 << (j & 63)
		s.asg[j>>6] &^= 1 << (j & 63)
		if s.stop {
			break
		}
		if !hasBit(child, j) { // the other value fails the same way
			copy(out, child)
			s.Backjumps++
			both = false
			break
		}
		for x := range out {
			out[x] |= child[x]
		}
		out[j>>6] &^= 1 << (j & 63)
	}
	s.unpick(j)
	if s.stop {
		return
	}
	if both && !sameBits(out, s.decided) {
		s.file(out, s.asg)
		s.Learnt++
	}
	s.memoKeep(ref, k, -1)
}

// covers reports whether a holds every bit of b.
func covers(a, b []uint64) bool {
	for x := range a {
		if b[x]&^a[x] != 0 {
			return false
		}
	}
	return true
}

func sameBits(a, b []uint64) bool {
	for x := range a {
		if a[x] != b[x] {
			return false
		}
	}
	return true
}
