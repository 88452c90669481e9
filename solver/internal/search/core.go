package search

import "context"

// Cell states of the occupancy search.
const (
	stFuture = iota // free, undecided
	stEmpty         // free, decided empty
	stTile          // free, decided occupied
	stLocked
	stHole
)

// core is what Searcher and MaxSearcher share and embed: the board (frame),
// the tiles not yet closed and the counts the bounds read, kept up to date
// by apply and undo, the memo, and the state of one run. What differs
// stays in each: Searcher counts the tiles kept where they stand (start,
// kept, capK), MaxSearcher the weight of the tiles closed (wt, val); the
// other's fields stay zero and cost an add or a compare in close.
type core struct {
	frame

	start    []int8   // the movable tile standing on each cell at the start (Searcher), or Empty
	wt       [7]int32 // weight of a tile of each number (MaxSearcher; 0 in Searcher)
	cnt      [7]int32 // tiles of each number not yet closed
	cword    uint64   // cnt packed 9 bits a number, for the memo key
	left     int32    // Σ cnt
	wPool    int32    // Σ wt·cnt at load: the weight of the whole pool
	val      int32    // weight of the closed movable tiles (the rest's is wPool−val)
	kept     int32    // closed tiles standing on their start cell
	mask     uint8    // bit v: cnt[v] > 0
	ka       uint64   // the frontier part of the memo key, set by the bounds
	capV     [7]int32 // open tiles and undecided cells whose interval holds v
	capK     [7]int32 // … and whose start tile is v
	trackK   bool     // keep capK up to date in apply and undo
	openFree int32    // decided tiles not yet closed
	d        int32    // 2·(occupied pairs not yet fully settled), see the bounds
	occHist  [8]int32 // undecided cells by occ
	hiHist   [8]int32 // undecided cells by occ+rem
	sumOccU  int32    // Σ occ over undecided cells

	memoTable
	run
}

// memoTable is core's memo of exhausted frontier states (memoEntry).
type memoTable struct {
	memo     []memoEntry
	memoMask uint64 // the part of the memo a search uses
	gen      uint32
	useMemo  bool
}

// run is the state of one run of a search (begin): its context, the
// nodes counted, why it stopped, and the best solution found.
type run struct {
	ctx     context.Context
	nodes   int64
	stop    bool
	limited bool
	err     error
	best    int32 // the value to beat (kept, or weight placed); -1: none yet
	found   bool
	bestVal []int8
}

// load sets the counts for the board laid out (layout: its widest frontier
// maxOpen) and the pool cnt, the movable tiles of each number, with
// weights w, the tiles on s.start counting as kept; the memo gets 1<<bits
// entries. It reports false when a locked tile can never see its number.
func (s *core) load(cnt, w [7]int32, maxOpen, bits int) bool {
	n := s.n
	s.bestVal = grow8(s.bestVal, n)
	s.cnt, s.wt = cnt, w
	ok := true
	s.capV, s.capK = [7]int32{}, [7]int32{}
	s.occHist, s.hiHist = [8]int32{}, [8]int32{}
	s.openFree, s.sumOccU, s.d, s.val, s.wPool, s.kept = 0, 0, 0, 0, 0, 0
	s.cword, s.left, s.mask = 0, 0, 0
	for v := int32(0); v < 7; v++ {
		s.d += v * s.cnt[v]
		s.wPool += s.wt[v] * s.cnt[v]
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
	s.useMemo = maxOpen <= 21 && s.left < 512 && s.f < 1<<16
	s.memoMask = 1<<bits - 1 // memoRoom makes it
	s.gen++
	if s.gen == 0 {
		clear(s.memo)
		s.gen = 1
	}
	return ok
}

// memoRoom makes the memo hold the part a search uses (memoMask), what it
// holds kept where it is: the memo grows to the largest budget a search
// on the searcher has had (a search with a small NodeLimit uses a small
// part), so that a level answered by short searches never makes the whole
// of it, 768 kB for Searcher: making it woke the collector, and the first
// level of a process whose search had a budget of 1,024 nodes (round
// ten's mixed search) took 2.4-2.5 ms of CPU, 1.0 ms after (round ten in
// docs/solver-tail.md). The same
// entries at the same places as when it was made whole at once: a search
// writes only within its part.
func (s *core) memoRoom() {
	if s.useMemo && uint64(len(s.memo)) <= s.memoMask {
		m := make([]memoEntry, s.memoMask+1)
		copy(m, s.memo)
		s.memo = m
	}
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

// pick takes the cell of step k out of the undecided cells' counts before
// it is decided; unpick puts it back (apply and undo leave its occ and rem
// as they were).
func (s *core) pick(k int) int {
	j := int(s.order[k])
	oj := s.occ[j]
	s.occHist[oj]--
	s.hiHist[oj+s.rem[j]]--
	s.sumOccU -= int32(oj)
	return j
}

func (s *core) unpick(j int) {
	oj := s.occ[j]
	s.occHist[oj]++
	s.hiHist[oj+s.rem[j]]++
	s.sumOccU += int32(oj)
}

// solution writes the number on each cell, or Empty, into sol: every cell
// is decided.
func (s *core) solution(sol []int8) {
	for i := range sol[:s.n] {
		switch s.state[i] {
		case stTile:
			sol[i] = s.occ[i]
		case stLocked:
			sol[i] = s.lockv[i]
		default:
			sol[i] = Empty
		}
	}
}

// begin readies a run on the board loaded: ctx, no node yet, nothing
// found, best the value to beat.
func (s *core) begin(ctx context.Context, best int32) {
	s.ctx = ctx
	s.nodes, s.stop, s.limited, s.err = 0, false, false, nil
	s.best, s.found = best, false
}

// memoBits sizes Searcher's memo (768 kB).
const memoBits = 15

// memoMinNodes: only subtrees of at least that many nodes are remembered,
// so small ones do not push out the costly ones.
const memoMinNodes = 2

// memoEntry is one remembered frontier state: the frontier (a), the
// counts (c), and meta = gen<<32 | k<<16 | (ub+1), 24 bytes so that more
// of the table stays in cache.
type memoEntry struct {
	a, c uint64
	meta uint64
}

func memoMeta(gen uint32, k int, ub int32) uint64 {
	return uint64(gen)<<32 | uint64(k)<<16 | uint64(uint16(ub+1))
}

func hash(a, c uint64, k int) uint64 {
	h := a*0x9E3779B97F4A7C15 ^ c*0x165667B19E3779F9 ^ uint64(k)*0xD6E8FEB86659FD93
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	return h ^ h>>32
}

// memoRef is a node's place in the memo: the slot of its state and the
// state (the frontier and counts of the node, which its children change).
type memoRef struct {
	e    *memoEntry
	a, c uint64
	n0   int64 // the nodes counted before the node's subtree
}

// memoLook finds the state of the node at step k (its frontier set by the
// bounds) in the memo: its place, and the bound remembered for it (noMemo
// when there is none).
func (s *core) memoLook(k int) (r memoRef, ub int32) {
	r.n0, ub = s.nodes, noMemo
	if s.useMemo {
		a, c := s.ka, s.cword
		e := &s.memo[hash(a, c, k)&s.memoMask]
		r.e, r.a, r.c = e, a, c
		if e.a == a && e.c == c && e.meta>>16 == uint64(s.gen)<<16|uint64(k) {
			ub = int32(uint16(e.meta)) - 1
		}
	}
	return r, ub
}

// noMemo is memoLook's bound when the memo holds nothing for the state:
// above any need.
const noMemo = 1 << 30

// memoKeep remembers ub, a bound on what the rest of the board can still
// give from the node at step k (-1: nothing fits), if its subtree took
// memoMinNodes nodes or more.
func (s *core) memoKeep(r memoRef, k int, ub int32) {
	if r.e != nil && s.nodes-r.n0 >= memoMinNodes {
		*r.e = memoEntry{a: r.a, c: r.c, meta: memoMeta(s.gen, k, ub)}
	}
}

// close settles the number of tile i (its last neighbour was decided).
func (s *core) close(i int) bool {
	v := s.occ[i]
	s.capV[v]--
	if s.start[i] == v {
		s.capK[v]--
		s.kept++
	}
	s.cnt[v]--
	s.cword -= 1 << (9 * uint(v))
	s.left--
	s.val += s.wt[v]
	if s.cnt[v] <= 0 {
		s.mask &^= 1 << v
	}
	s.openFree--
	s.closeLog = append(s.closeLog, int16(i))
	return s.cnt[v] >= 0
}

func (s *core) unclose(i int) {
	v := s.occ[i]
	s.capV[v]++
	if s.start[i] == v {
		s.capK[v]++
		s.kept--
	}
	s.cnt[v]++
	s.cword += 1 << (9 * uint(v))
	s.left++
	s.val -= s.wt[v]
	if s.cnt[v] > 0 {
		s.mask |= 1 << v
	}
	s.openFree++
}

// apply decides cell j; it always applies fully (undo reverts it) and
// reports whether the result is still consistent locally.
func (s *core) apply(j int, tile bool) bool {
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

// undo reverts apply(j, tile), the tiles closed since mark (the length of
// closeLog before it) first.
func (s *core) undo(j int, tile bool, mark int) {
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
