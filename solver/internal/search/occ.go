package search

import (
	"context"
	"math/bits"
)

// Searcher searches over occupancy only: each free cell, in reading order, is
// decided occupied or empty. A tile's number is not guessed: it is the count
// of its occupied neighbours, known once its last neighbour is decided (the
// tile "closes"). Until then an occupied cell's number lies in
// [occ, occ+rem]. The frontier state is the occupancy and the partial count
// of the open cells, and the counts of the closed tiles.
type Searcher struct {
	core

	opts     Options
	optStart int64
	paused   bool
	rng      uint64

	why    uint8 // the check that failed last in bounds (learn.go)
	whyArg int32 // … its number or cell
	learner
	learnReady bool // the learner is set up for the problem of the last Reset
	sameLevel  bool // that Reset's Problem.Same
	phases
}

// phases is what Options.Phases keeps: each cell's value on the deepest
// path of the last search (phaseEmpty, phaseTile; 0: not on it), the
// step that path reached in the search under way, and in the last search
// (lastDeep, which Options.Share compares with the shared path's).
type phases struct {
	phase    []int8
	deep     int
	lastDeep int
}

const (
	phaseEmpty = 1
	phaseTile  = 2
)

// savePhase notes, on the node of step k (its bounds passed), the path to
// it as the deepest of the search when it is: the cells decided, in visit
// order, with their values; and as the shared path (Options.Share) when
// it is deeper than that. Each search pays it at most once a step, f²/2
// cells in all (twice with a share).
func (s *Searcher) savePhase(k int) {
	if k <= s.deep {
		return
	}
	s.deep = k
	for _, c := range s.order[:k] {
		s.phase[c] = phaseEmpty
		if s.state[c] == stTile {
			s.phase[c] = phaseTile
		}
	}
	if sh := s.opts.Share; sh != nil && k > sh.deep {
		sh.deep = k
		for _, c := range s.order[:k] {
			sh.phase[c] = s.phase[c]
		}
	}
}

// takeShare, at a search's start, takes the shared path's phases when it
// is deeper than the last search's (Options.Share), then ages it by one.
func (s *Searcher) takeShare() {
	sh := s.opts.Share
	if sh == nil || !s.opts.Phases || len(sh.phase) != len(s.phase) {
		return
	}
	if sh.deep > s.lastDeep {
		copy(s.phase, sh.phase)
	}
	sh.deep--
}

// Reset loads a problem; false when it is plainly impossible.
func (s *Searcher) Reset(p Problem) bool {
	maxOpen := s.layout(p)
	n := s.n
	s.start = grow8(s.start, n)
	var cnt [7]int32
	for i := 0; i < n; i++ {
		s.start[i] = Empty
		if t := p.Start[i]; t != Empty && s.state[i] == stFuture {
			s.start[i] = t
			cnt[t]++
		}
	}
	ok := s.load(cnt, [7]int32{}, maxOpen, memoBits)
	if s.d%2 != 0 {
		ok = false
	}
	for v := 0; v < 7; v++ {
		if s.cnt[v] > s.capV[v] {
			ok = false
		}
	}
	s.init = s.cnt
	s.learnReady, s.sameLevel = false, p.Same
	if !p.Same {
		clear(s.ngLen) // another level: forget its nogoods
	}
	if !p.Same || len(s.phase) != n {
		s.phase = grow8(s.phase, n) // another level: forget its phases
		clear(s.phase)
		s.lastDeep = 1 << 30 // the first search takes no share
	}
	return ok
}

// Search runs the search; sol receives the number on each cell or Empty.
func (s *Searcher) Search(ctx context.Context, opts Options, sol []int8) Outcome {
	s.opts = opts
	s.begin(ctx, opts.Best)
	s.optStart, s.kept, s.paused, s.deep = 0, 0, false, 0
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
	s.memoRoom()
	if err := ctx.Err(); err != nil {
		return Outcome{Err: err}
	}
	s.takeShare()
	if opts.Learn && !s.trackK {
		if !s.learnReady {
			s.resetLearner(s.sameLevel && len(s.ngLen) == s.f+1)
			s.learnReady = true
		}
		s.dfsLearn(0)
	} else {
		s.dfs(0)
	}
	s.lastDeep = s.deep
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
	if s.opts.Phases {
		s.savePhase(k)
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
	ref, ub := s.memoLook(k)
	if ub < s.need() {
		return
	}
	j := s.pick(k)
	first := s.firstValue(j)
	for t := 0; t < 2 && !s.stop; t++ {
		tile := first == (t == 0)
		mark := len(s.closeLog)
		if s.apply(j, tile) {
			s.dfs(k + 1)
		}
		s.undo(j, tile, mark)
	}
	s.unpick(j)
	if !s.stop {
		s.memoKeep(ref, k, max(s.need()-1, -1))
	}
}

// record keeps the solution found (every cell is decided).
func (s *Searcher) record() {
	s.found = true
	s.best = s.kept
	s.solution(s.bestVal)
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
	if s.opts.Phases && s.phase[j] != 0 {
		first = s.phase[j] == phaseTile
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
