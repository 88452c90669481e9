package search

import (
	"context"
	"math/bits"
)

// Cell states of the occupancy search.
const (
	stFuture = iota // free, undecided
	stEmpty         // free, decided empty
	stTile          // free, decided occupied
	stLocked
	stHole
)

// Searcher searches over occupancy only: each free cell, in reading order, is
// decided occupied or empty. A tile's number is not guessed: it is the count
// of its occupied neighbours, known once its last neighbour is decided (the
// tile "closes"). Until then an occupied cell's number lies in
// [occ, occ+rem]. The frontier state is the occupancy and the partial count
// of the open cells, and the counts of the closed tiles.
type Searcher struct {
	frame
	start []int8

	cnt      [7]int32 // tiles of each number not yet closed
	cword    uint64   // cnt packed 9 bits a number, for the memo key
	left     int32    // Σ cnt
	mask     uint8    // bit v: cnt[v] > 0
	ka       uint64   // the frontier part of the memo key, set by bounds
	capV     [7]int32 // open tiles and undecided cells whose interval holds v
	capK     [7]int32 // … and whose start tile is v
	openFree int32    // decided tiles not yet closed
	d        int32    // 2·(occupied pairs not yet fully settled), see bounds
	occHist  [8]int32 // undecided cells by occ
	hiHist   [8]int32 // undecided cells by occ+rem
	sumOccU  int32    // Σ occ over undecided cells

	memo     []memoEntry
	memoMask uint64 // the part of the memo this search uses, see Search
	trackK   bool   // keep capK up to date: only the branch-and-bound reads it
	gen      uint32
	useMemo  bool

	opts     Options
	ctx      context.Context
	nodes    int64
	optStart int64
	stop     bool
	limited  bool
	paused   bool
	rng      uint64
	err      error
	kept     int32
	best     int32
	found    bool
	bestVal  []int8

	why    uint8 // the check that failed last in bounds (learn.go)
	whyArg int32 // … its number or cell
	learner
	learnReady bool // the learner is set up for the problem of the last Reset
	sameLevel  bool // that Reset's Problem.Same
}

func grow8(b []int8, n int) []int8 {
	if cap(b) < n {
		return make([]int8, n)
	}
	return b[:n]
}

func grow32(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n)
	}
	return b[:n]
}

// Reset loads a problem; false when it is plainly impossible.
func (s *Searcher) Reset(p Problem) bool {
	maxOpen := s.layout(p)
	n := s.n
	s.start = grow8(s.start, n)
	s.bestVal = grow8(s.bestVal, n)
	s.cnt = [7]int32{}
	var tiles int32
	for i := 0; i < n; i++ {
		s.start[i] = Empty
		if t := p.Start[i]; t != Empty && s.state[i] == stFuture {
			s.start[i] = t
			s.cnt[t]++
			tiles++
		}
	}
	ok := true
	s.capV, s.capK = [7]int32{}, [7]int32{}
	s.occHist, s.hiHist = [8]int32{}, [8]int32{}
	s.openFree, s.sumOccU = 0, 0
	s.d = 0
	s.cword, s.left, s.mask = 0, 0, 0
	for v := int32(0); v < 7; v++ {
		s.d += v * s.cnt[v]
		s.cword |= uint64(s.cnt[v]) << (9 * v)
		s.left += s.cnt[v]
		if s.cnt[v] > 0 {
			s.mask |= 1 << v
		}
	}
	for i := 0; i < n; i++ {
		switch s.state[i] {
		case stFuture:
			s.occHist[s.occ[i]]++
			s.hiHist[s.occ[i]+s.rem[i]]++
			s.sumOccU += int32(s.occ[i])
			for v := s.occ[i]; v <= s.occ[i]+s.rem[i]; v++ {
				s.capV[v]++
				if s.start[i] == v {
					s.capK[v]++
				}
			}
		case stLocked:
			v := s.lockv[i]
			if v < s.occ[i] || v > s.occ[i]+s.rem[i] {
				ok = false
			}
			s.d += int32(v - s.occ[i])
		}
	}
	if s.d%2 != 0 {
		ok = false
	}
	for v := 0; v < 7; v++ {
		if s.cnt[v] > s.capV[v] {
			ok = false
		}
	}
	s.useMemo = maxOpen <= 21 && tiles < 512 && s.f < 1<<16
	if s.useMemo && len(s.memo) == 0 {
		s.memo = make([]memoEntry, 1<<memoBits)
	}
	s.gen++
	if s.gen == 0 {
		clear(s.memo)
		s.gen = 1
	}
	s.init = s.cnt
	s.learnReady, s.sameLevel = false, p.Same
	if !p.Same {
		clear(s.ngLen) // another level: forget its nogoods
	}
	return ok
}

// Search runs the search; sol receives the number on each cell or Empty.
func (s *Searcher) Search(ctx context.Context, opts Options, sol []int8) Outcome {
	s.opts, s.ctx = opts, ctx
	s.nodes, s.optStart, s.stop, s.err = 0, 0, false, nil
	s.kept, s.best, s.found = 0, opts.Best, false
	s.limited, s.paused = false, false
	s.rng = opts.Seed*0x9E3779B97F4A7C15 | 1
	if opts.Best >= 0 {
		s.optStart = 1
	}
	// A search with a small budget uses a small part of the memo, one to
	// two entries per node of budget, so that the part stays in the
	// processor's cache: lookups in the whole table missed it often enough
	// to take a quarter of the time of the portfolio's short restarts.
	// Smaller parts lose nodes on some levels (a quarter of an entry per
	// node: altered seed 625 took 263,487 nodes against 132,585), a single
	// entry costs the 40 official levels 0.5 % more nodes.
	// capK is the same after a search as before it (every step is undone),
	// so a search that never reads it can leave it as Reset set it.
	s.trackK = opts.Best >= 0 || opts.Optimise
	s.memoMask = 1<<memoBits - 1
	if opts.NodeLimit > 0 {
		if b := max(bits.Len64(uint64(opts.NodeLimit-1)), 8); b < memoBits {
			s.memoMask = 1<<b - 1
		}
	}
	if err := ctx.Err(); err != nil {
		return Outcome{Err: err}
	}
	if opts.Learn && !s.trackK {
		if !s.learnReady {
			s.resetLearner(s.sameLevel && len(s.ngLen) == s.f+1)
			s.learnReady = true
		}
		s.dfsLearn(0)
	} else {
		s.dfs(0)
	}
	out := Outcome{Found: s.found, Nodes: s.nodes, Err: s.err, Limited: s.limited, Stopped: s.paused}
	out.Exhausted = !s.stop
	if s.found {
		out.Kept = int(s.best)
		copy(sol, s.bestVal[:s.n])
	}
	return out
}

func (s *Searcher) need() int32 {
	if s.best < 0 {
		return 0
	}
	return s.best + 1 - s.kept
}

func (s *Searcher) dfs(k int) {
	if !s.bounds(k) {
		return
	}
	if k == s.f {
		s.record()
		if !s.opts.Optimise {
			s.stop = true
		} else if s.optStart == 0 {
			s.optStart = max(s.nodes, 1)
		}
		return
	}
	if s.countNode() {
		return
	}
	var ma, mc uint64
	var slot *memoEntry
	n0 := s.nodes
	if s.useMemo {
		ma, mc = s.ka, s.cword
		h := hash(ma, 0, mc, k) & s.memoMask
		e := &s.memo[h]
		if e.a == ma && e.c == mc && e.meta>>16 == uint64(s.gen)<<16|uint64(k) &&
			int32(uint16(e.meta))-1 < s.need() {
			return
		}
		slot = e
	}

	j := int(s.order[k])
	oj, hj := s.occ[j], s.occ[j]+s.rem[j]
	s.occHist[oj]--
	s.hiHist[hj]--
	s.sumOccU -= int32(oj)

	first := s.firstValue(j)
	for t := 0; t < 2 && !s.stop; t++ {
		tile := first == (t == 0)
		mark := len(s.closeLog)
		if s.apply(j, tile) {
			s.dfs(k + 1)
		}
		s.undo(j, tile, mark)
	}

	s.occHist[oj]++
	s.hiHist[hj]++
	s.sumOccU += int32(oj)
	if slot != nil && !s.stop {
		ub := max(s.need()-1, -1)
		if s.nodes-n0 >= memoMinNodes {
			*slot = memoEntry{a: ma, c: mc, meta: memoMeta(s.gen, k, ub)}
		}
	}
}

// record keeps the solution found (every cell is decided).
func (s *Searcher) record() {
	s.found = true
	s.best = s.kept
	for i := range s.bestVal[:s.n] {
		switch s.state[i] {
		case stTile:
			s.bestVal[i] = s.occ[i]
		case stLocked:
			s.bestVal[i] = s.lockv[i]
		default:
			s.bestVal[i] = Empty
		}
	}
}

// countNode counts a node; it reports whether the search must stop there
// (the node limit, and every PauseNodes nodes the context, Pause and
// OptNodes).
func (s *Searcher) countNode() bool {
	s.nodes++
	if s.nodes == s.opts.NodeLimit {
		s.stop, s.limited = true, true
		return true
	}
	return s.nodes&(PauseNodes-1) == 0 && s.checkIn()
}

func (s *Searcher) checkIn() bool {
	if err := s.ctx.Err(); err != nil {
		s.err, s.stop = err, true
		return true
	}
	if s.opts.Pause != nil && !s.opts.Pause() {
		s.paused, s.stop = true, true
		return true
	}
	if s.optStart > 0 && s.opts.OptNodes > 0 && s.nodes-s.optStart > s.opts.OptNodes {
		s.stop, s.limited = true, true
		return true
	}
	return false
}

// firstValue says whether to try "occupied" first at cell j.
func (s *Searcher) firstValue(j int) bool {
	first := true // occupied first
	switch s.opts.Order {
	case StartFirst:
		first = s.start[j] != Empty
	case EmptyFirst:
		first = false
	}
	if s.opts.Flip > 0 {
		s.rng ^= s.rng << 13
		s.rng ^= s.rng >> 7
		s.rng ^= s.rng << 17
		if uint32(s.rng>>32) < s.opts.Flip {
			first = !first
		}
	}
	return first
}

// memoMinNodes: only subtrees of at least that many nodes are remembered,
// so small ones do not push out the costly ones.
const memoMinNodes = 2

// close settles the number of tile i (its last neighbour was decided).
func (s *Searcher) close(i int) bool {
	v := s.occ[i]
	s.capV[v]--
	if s.start[i] == v {
		s.capK[v]--
		s.kept++
	}
	s.cnt[v]--
	s.cword -= 1 << (9 * uint(v))
	s.left--
	if s.cnt[v] <= 0 {
		s.mask &^= 1 << v
	}
	s.openFree--
	s.closeLog = append(s.closeLog, int16(i))
	return s.cnt[v] >= 0
}

func (s *Searcher) unclose(i int) {
	v := s.occ[i]
	s.capV[v]++
	if s.start[i] == v {
		s.capK[v]++
		s.kept--
	}
	s.cnt[v]++
	s.cword += 1 << (9 * uint(v))
	s.left++
	if s.cnt[v] > 0 {
		s.mask |= 1 << v
	}
	s.openFree++
}

// apply decides cell j; it always applies fully (undo reverts it) and
// reports whether the result is still consistent locally.
func (s *Searcher) apply(j int, tile bool) bool {
	ok := true
	oj := s.occ[j]
	if tile {
		s.state[j] = stTile
		s.openFree++
		s.d -= 2 * int32(oj)
	} else {
		s.state[j] = stEmpty
		for v := oj; v <= oj+s.rem[j]; v++ {
			s.capV[v]--
			if s.trackK && s.start[j] == v {
				s.capK[v]--
			}
		}
	}
	for _, i16 := range s.nb[6*j : 6*j+int(s.deg[j])] {
		i := int(i16)
		st := s.state[i]
		if st == stHole || st == stEmpty {
			s.rem[i]-- // keep rem exact for every cell
			continue
		}
		o, h := s.occ[i], s.occ[i]+s.rem[i]
		s.rem[i]--
		if tile {
			s.occ[i]++
		}
		switch st {
		case stFuture, stTile:
			lost := h // the top of the interval, or its bottom
			if tile {
				lost = o
			}
			s.capV[lost]--
			if s.trackK && s.start[i] == lost {
				s.capK[lost]--
			}
			if st == stFuture {
				if tile {
					s.occHist[o]--
					s.occHist[o+1]++
					s.sumOccU++
				} else {
					s.hiHist[h]--
					s.hiHist[h-1]++
				}
			} else if s.rem[i] == 0 && !s.close(i) {
				ok = false
			}
		case stLocked:
			if v := s.lockv[i]; v < s.occ[i] || v > s.occ[i]+s.rem[i] {
				ok = false
			}
		}
	}
	if tile && s.rem[j] == 0 && !s.close(j) {
		ok = false
	}
	return ok
}

func (s *Searcher) undo(j int, tile bool, mark int) {
	// Unclose what this step closed, newest first.
	for len(s.closeLog) > mark {
		i := int(s.closeLog[len(s.closeLog)-1])
		s.closeLog = s.closeLog[:len(s.closeLog)-1]
		s.unclose(i)
	}
	oj := s.occ[j]
	for _, i16 := range s.nb[6*j : 6*j+int(s.deg[j])] {
		i := int(i16)
		st := s.state[i]
		if st == stHole || st == stEmpty {
			s.rem[i]++
			continue
		}
		if tile {
			s.occ[i]--
		}
		s.rem[i]++
		o, h := s.occ[i], s.occ[i]+s.rem[i]
		switch st {
		case stFuture, stTile:
			lost := h
			if tile {
				lost = o
			}
			s.capV[lost]++
			if s.trackK && s.start[i] == lost {
				s.capK[lost]++
			}
			if st == stFuture {
				if tile {
					s.occHist[o]++
					s.occHist[o+1]--
					s.sumOccU--
				} else {
					s.hiHist[h]++
					s.hiHist[h-1]--
				}
			}
		}
	}
	if tile {
		s.openFree--
		s.d += 2 * int32(oj)
	} else {
		for v := oj; v <= oj+s.rem[j]; v++ {
			s.capV[v]++
			if s.trackK && s.start[j] == v {
				s.capK[v]++
			}
		}
	}
	s.state[j] = stFuture
}

// bounds checks, before step k, that the rest can still be completed.
func (s *Searcher) bounds(k int) bool {
	u := int32(s.f - k)
	for v := 0; v < 7; v++ {
		if s.cnt[v] > s.capV[v] {
			s.why, s.whyArg = whyCap, int32(v)
			return false
		}
	}
	mask, sum := s.mask, s.left
	future := sum - s.openFree // tiles still to put on undecided cells
	cE := u - future
	if future < 0 || cE < 0 {
		s.why = whyTooMany
		if future >= 0 {
			s.why = whyTooFew
		}
		return false
	}
	// Every open tile must still be able to take a number that is left,
	// and the empties still to place must be next to qLo..qHi settled
	// tiles in all (scan, shared with MaxSearcher, which also packs the
	// frontier into the memo key).
	var sc openScan
	if bad := s.scan(k, mask, &sc); bad >= 0 {
		s.why, s.whyArg = whyOpen, int32(bad)
		return false
	}
	s.ka = sc.ka
	qLo, qHi := sc.qLo, sc.qHi
	// Hall's condition prunes the search for a first solution; in the
	// branch-and-bound, whose budget is in nodes, it cost more time than
	// it saved (random size 6, fewest moves: median 5.1 ms against 4.5).
	// What fails from here reads every decision.
	s.why = whyGlobal
	if s.best < 0 && sc.n > 1 && sc.n < 256 && !hallOK(&s.cnt, &sc.need) { // 8 bits a count
		return false
	}
	lowTake := bottomSum(&s.occHist, cE)
	if qLo > topSum(&s.occHist, cE) || qHi < lowTake {
		return false
	}
	// The handshake: d = 2·(pairs of occupied cells with one undecided), so
	// d/2 = W − (what the cE empties take away: Σ(occ+rem) less the pairs
	// among themselves), where W counts every pair that could still be.
	if s.d < 0 {
		return false
	}
	w := s.sumOccU + s.edgesAfter[k]
	take := w - s.d/2
	if take < qLo || take < lowTake || take > topSum(&s.hiHist, cE) {
		return false
	}
	if s.best < 0 {
		return true
	}
	var keep int32
	for v := 0; v < 7; v++ {
		keep += min(s.cnt[v], s.capK[v])
	}
	return s.kept+keep > s.best
}
