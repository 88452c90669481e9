package search

import (
	"context"
	"sync/atomic"
)

// MaxSearcher searches the overconstrained variant: place a subset of the
// movable tiles (Problem.Start gives only their numbers) so that every
// placed tile, locked ones included, has its number of occupied neighbours,
// maximising the tiles placed or the sum of their numbers. It decides the
// free cells as Searcher does, occupied or empty, a tile's number being its
// count of occupied neighbours once they are all decided; the tiles of the
// numbers no cell takes are set aside.
//
// With weight w(v) per number v (1 for tiles, v for points), the value of
// an arrangement is the weight of the movable tiles placed, and its loss the
// weight of those set aside. Branch-and-bound looks only for arrangements
// whose loss is at most a slack (what a better arrangement may still lose),
// and after each decision checks, besides the local rules (a locked tile can
// reach its number, a closed tile takes a number of which a tile is left, an
// open tile's interval holds such a number):
//
//   - counts: the tiles of a number v beyond the open tiles and undecided
//     cells whose interval holds v must be set aside; so must the 5s and 6s
//     beyond the joint cap of HighCaps (SetHighCap);
//   - Hall's condition: for every range of numbers, the open tiles that can
//     only take a number in it are no more than the tiles of those numbers
//     left;
//   - the handshake identity: the numbers placed sum to twice the occupied
//     adjacent pairs. Set aside a tiles of sum s: then the undecided cells
//     get exactly left−a−(open tiles) tiles, and the empty ones must take
//     away exactly W−(d−s)/2 of the W pairs still possible, within what so
//     many empties can take away (the same sums of smallest and largest
//     values as the exact search). For each a the reachable s form a range
//     (the sums of the a smallest and a largest tiles left, with the forced
//     ones); the node is kept only if some a and s of the right parity fit
//     and lose no more than the slack.
//
// With points, the numbers placed sum to twice the occupied pairs, so the
// value of every arrangement has the parity of the locked tiles' sum: a
// target of the other parity is raised by one (need, Round).
//
// The memo remembers, per frontier state (as in Searcher), an upper bound on
// the weight the rest of the board can still place: not merely "less than
// the target" but the largest of the bounds that closed its subtree (dfs
// returns it). It holds across Search calls on one Reset, so a search for a
// lower target prunes with what a higher one proved (random size 4 seed 53
// raised, points, searched down from the root bound alone: 5.3 million
// nodes before, 1.8 million with the parity and these bounds).
type MaxSearcher struct {
	core

	points bool  // w(v) = v, else 1
	par    int32 // with points, the parity of every arrangement's value; else -1

	highCap int32 // 1 + the most tiles of 5 and 6 placed together (0: no limit)

	fixedPool bool // Reset takes the pool from pool, not Problem.Start (ZeroSets)
	pool      [7]int32
	hiOut     int32 // so many of the pool's 5s and 6s are set aside in any arrangement

	opts MaxOptions
	val0 int32 // value of bestVal, when found
}

// MaxOptions steer one MaxSearcher.Search.
type MaxOptions struct {
	// Best: only arrangements of a value above Best are looked for (-1:
	// any arrangement).
	Best int32
	// Optimise keeps searching after an arrangement for better ones until
	// the space is exhausted; otherwise the search stops at the first.
	Optimise bool
	// EmptyFirst tries each cell empty before occupied.
	EmptyFirst bool
	// NodeLimit stops the search after about that many nodes (0: none).
	NodeLimit int64
	// Floor, when set, is the value of the best arrangement another search
	// has found: read at the start and every 1,024 nodes, it raises Best.
	// Exhausted then means nothing better than the larger of the two.
	Floor *atomic.Int32
	// OnFound, when set, is called with each better arrangement found
	// (its value and the number on each cell, valid during the call).
	OnFound func(value int32, sol []int8)
}

// MaxOutcome is what one MaxSearcher.Search found.
type MaxOutcome struct {
	Found     bool
	Exhausted bool  // nothing better than Value (or Options.Best) exists
	Value     int32 // weight of the movable tiles placed, when Found
	Nodes     int64
	Limited   bool
	Err       error
}

// maxMemoBits sizes the memo of the variant: its proofs are longer than a
// first solution, so the table is larger than Searcher's (6 MB).
const maxMemoBits = 18

// Reset loads a problem with weights 1 per tile (points false) or the
// tile's number (points true); false when it is plainly impossible (a
// locked tile that can never see its number). The memo is cleared.
func (s *MaxSearcher) Reset(p Problem, points bool) bool {
	maxOpen := s.layout(p)
	n := s.n
	s.start = grow8(s.start, n)
	s.points = points
	var w, cnt [7]int32
	for v := range w {
		w[v] = 1
		if points {
			w[v] = int32(v)
		}
	}
	s.par = -1
	if points {
		s.par = 0
	}
	for i := 0; i < n; i++ {
		s.start[i] = Empty // no tile is kept where it stands: only the pool counts
		switch s.state[i] {
		case stLocked:
			if points {
				// The numbers placed sum to twice the occupied pairs: the
				// movable ones have the parity of the locked ones.
				s.par ^= int32(s.lockv[i]) & 1
			}
		case stFuture:
			if t := p.Start[i]; t != Empty && !s.fixedPool {
				cnt[t]++
			}
		}
	}
	if s.fixedPool {
		cnt = s.pool
	}
	ok := s.load(cnt, w, maxOpen, maxMemoBits)
	s.memoRoom()
	s.hiOut = 0
	if s.highCap > 0 {
		s.hiOut = max(s.cnt[5]+s.cnt[6]-(s.highCap-1), 0)
	}
	return ok
}

// SetHighCap says that no arrangement places more than n tiles of 5 and 6
// together (HighCaps' joint; -1: no limit). It holds for the following
// Resets, whose pool it counts from.
func (s *MaxSearcher) SetHighCap(n int32) { s.highCap = max(n+1, 0) }

// Total is the weight of all the movable tiles: the value of an
// arrangement that places them all.
func (s *MaxSearcher) Total() int32 { return s.wPool }

// RootBound returns an upper bound on the value of any arrangement, from
// the bounds at the root (the counts and the handshake), or -1 when they
// already rule every arrangement out.
func (s *MaxSearcher) RootBound() int32 {
	loss := s.lossBound(0, -1)
	if loss == noLoss {
		return -1
	}
	return s.Round(s.wPool - s.val - loss)
}

// Round returns the largest value at most v that an arrangement can have:
// with points, the sum of the numbers placed is even (twice the occupied
// pairs), so the movable tiles' value has the parity of the locked ones.
func (s *MaxSearcher) Round(v int32) int32 {
	if s.par >= 0 && (v-s.par)&1 != 0 {
		v--
	}
	return v
}

// Search runs a search on the loaded problem; sol receives the number on
// each cell or Empty for the best arrangement found.
func (s *MaxSearcher) Search(ctx context.Context, opts MaxOptions, sol []int8) MaxOutcome {
	s.opts = opts
	s.begin(ctx, opts.Best)
	s.raiseFloor()
	if err := ctx.Err(); err != nil {
		return MaxOutcome{Err: err}
	}
	s.dfs(0)
	out := MaxOutcome{Found: s.found, Nodes: s.nodes, Err: s.err, Limited: s.limited}
	out.Exhausted = !s.stop
	if s.found {
		out.Value = s.val0
		copy(sol, s.bestVal[:s.n])
	}
	return out
}

// raiseFloor raises best to what another search found.
func (s *MaxSearcher) raiseFloor() {
	if s.opts.Floor != nil {
		if f := s.opts.Floor.Load(); f > s.best {
			s.best = f
		}
	}
}

// need is the weight the undecided part must still place to beat best.
func (s *MaxSearcher) need() int32 {
	if s.best < 0 {
		return 0
	}
	t := s.best + 1
	if s.par >= 0 && (t-s.par)&1 != 0 {
		t++ // the next value of the right parity
	}
	return t - s.val
}

// dfs searches from step k and returns an upper bound on the weight the
// undecided part can still place (what the tiles not yet closed can add to
// val), or -1 when nothing fits: the largest of its children's, each from
// the bounds that pruned it or from its own children. The memo keeps it,
// so a search for a lower target prunes with what a higher one proved.
func (s *MaxSearcher) dfs(k int) int32 {
	remW := s.wPool - s.val // the weight of the tiles not yet closed
	slack := remW - s.need()
	if slack < 0 {
		return remW
	}
	if loss := s.lossBound(k, slack); loss > slack {
		if loss == noLoss {
			return -1
		}
		return remW - loss
	}
	if k == s.f {
		s.found = true
		s.best, s.val0 = s.val, s.val
		s.solution(s.bestVal)
		if s.opts.OnFound != nil {
			s.opts.OnFound(s.val, s.bestVal[:s.n])
		}
		if !s.opts.Optimise {
			s.stop = true
		}
		return 0
	}
	s.nodes++
	if s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err, s.stop = err, true
			return remW
		}
		if s.opts.NodeLimit > 0 && s.nodes > s.opts.NodeLimit {
			s.stop, s.limited = true, true
			return remW
		}
		s.raiseFloor()
	}
	ref, ub := s.memoLook(k)
	if ub < s.need() {
		return ub
	}
	j := s.pick(k)
	first := !s.opts.EmptyFirst
	ub, val := -1, s.val
	for t := 0; t < 2 && !s.stop; t++ {
		tile := first == (t == 0)
		mark := len(s.closeLog)
		if s.apply(j, tile) {
			if r := s.dfs(k + 1); r >= 0 {
				ub = max(ub, r+s.val-val)
			}
		}
		s.undo(j, tile, mark)
	}
	s.unpick(j)
	if s.stop {
		return remW
	}
	s.memoKeep(ref, k, ub)
	return ub
}

// noLoss is lossBound's answer when nothing fits.
const noLoss = 1 << 30

// lossBound returns a lower bound on the weight the tiles left must lose
// (be set aside) to complete the board from step k, or noLoss when the
// board cannot be completed; with limit ≥ 0 it may stop at the first bound
// ≤ limit it finds (enough to keep the node). It also packs the frontier
// into s.ka for the memo.
func (s *MaxSearcher) lossBound(k int, limit int32) int32 {
	u := int32(s.f - k)
	var sc openScan
	if s.scan(k, s.mask, &sc) >= 0 {
		return noLoss
	}
	s.ka = sc.ka
	nOpen := sc.n
	if nOpen > 1 && nOpen < 256 && !hallOK(&s.cnt, &sc.need) {
		return noLoss
	}
	var lc lossCounts
	if !s.countLoss(&lc) {
		return noLoss // more 5s and 6s placed already than the cap
	}
	if limit >= 0 && lc.lMin > limit {
		return lc.lMin
	}
	lRange, aRange := s.rangeLoss(&sc, u+nOpen)
	if limit >= 0 && lRange > limit {
		return lRange
	}
	return s.handshakeLoss(k, &sc, &lc, lRange, aRange, limit)
}

// lossCounts is what lossBound tells from the counts alone: the tiles of v
// beyond the cells that can take v are set aside (forced: aMin tiles of
// sum sMin and weight lMin); rest may be (nRest of them). Of the 5s and
// 6s, extra more are set aside (SetHighCap), of sum at least sExtra;
// restX is rest without the cheapest of them.
type lossCounts struct {
	rest, restX             [8]int32
	aMin, sMin, lMin, nRest int32
	extra, sExtra           int32
}

// countLoss fills lc from the counts; false when more 5s and 6s are placed
// already than the cap allows.
func (s *MaxSearcher) countLoss(lc *lossCounts) bool {
	for v := int32(0); v < 7; v++ {
		ex := max(s.cnt[v]-s.capV[v], 0)
		lc.aMin += ex
		lc.sMin += ex * v
		lc.lMin += ex * s.wt[v]
		lc.rest[v] = s.cnt[v] - ex
		lc.nRest += lc.rest[v]
	}
	// 5s and 6s: at least hiOut are set aside (SetHighCap), ex[5]+ex[6]
	// of them above; the others, extra, are not known: the cheapest for the
	// smallest sum (restX is rest without them), any for the largest.
	rest := &lc.rest
	extra := s.hiOut - (s.cnt[5] - rest[5]) - (s.cnt[6] - rest[6])
	lc.restX = lc.rest
	if extra <= 0 {
		return true
	}
	if extra > rest[5]+rest[6] {
		return false
	}
	t := min(extra, lc.restX[5])
	lc.restX[5] -= t
	lc.restX[6] -= extra - t
	lc.extra, lc.sExtra = extra, 5*t+6*(extra-t)
	if s.points {
		lc.lMin += lc.sExtra
	} else {
		lc.lMin += extra
	}
	return true
}

// rangeLoss bounds the loss by counts over ranges of numbers, slots being
// the cells left and the open ones: the cells that can take a number in
// [a, b] are those whose interval meets it; the tiles of a..b beyond them
// are set aside, the cheapest first. Over disjoint ranges the losses add
// up (dp[b]: the best sum over ranges within 0..b-1; dpA the same for the
// number of tiles). It returns the loss and the number of tiles.
func (s *MaxSearcher) rangeLoss(sc *openScan, slots int32) (lRange, aRange int32) {
	var below, above [8]int32 // slots with hi < a, with lo > b
	for v := 1; v < 8; v++ {
		below[v] = below[v-1] + s.hiHist[v-1] + sc.hi[v-1]
	}
	for v := 6; v >= 0; v-- {
		above[v] = above[v+1] + s.occHist[v+1] + sc.lo[v+1]
	}
	var dp, dpA [8]int32
	for b := 0; b < 7; b++ {
		dp[b+1], dpA[b+1] = dp[b], dpA[b]
		var items int32
		for a := b; a >= 0; a-- {
			items += s.cnt[a]
			e := items - (slots - below[a] - above[b])
			if e <= 0 {
				continue
			}
			var l int32
			if s.points {
				for v, c := a, e; c > 0; v++ {
					t := min(c, s.cnt[v])
					l += t * int32(v)
					c -= t
				}
			} else {
				l = e
			}
			dp[b+1] = max(dp[b+1], dp[a]+l)
			dpA[b+1] = max(dpA[b+1], dpA[a]+e)
		}
	}
	return dp[7], dpA[7]
}

// handshakeLoss is lossBound's last bound: the handshake, for each number
// a = aMin+x of tiles set aside.
func (s *MaxSearcher) handshakeLoss(k int, sc *openScan, lc *lossCounts, lRange, aRange, limit int32) int32 {
	u := int32(s.f - k)
	qLo, qHi := sc.qLo, sc.qHi
	aMin, extra := lc.aMin, lc.extra
	w := s.sumOccU + s.edgesAfter[k]
	base := s.d - 2*w // s = base + 2·take
	bestLoss := int32(noLoss)
	for x := max(aRange-aMin, extra, 0); x <= lc.nRest; x++ {
		a := aMin + x
		fut := s.left - a - s.openFree // tiles on the undecided cells
		if fut > u {
			continue
		}
		if fut < 0 {
			break
		}
		sLo := lc.sMin + lc.sExtra + bottomSum(&lc.restX, x-extra)
		sHi := lc.sMin + topSum(&lc.rest, x)
		lossLo := a
		if s.points { // the loss is the sum set aside
			lossLo = max(sLo, lRange)
		}
		if lossLo >= bestLoss {
			break
		}
		if limit >= 0 && lossLo > limit {
			// Every a from here loses at least lossLo: a valid bound.
			return lossLo
		}
		cE := u - fut
		o1, o2 := bottomSum(&s.occHist, cE), topSum(&s.occHist, cE)
		if qLo > o2 || qHi < o1 {
			continue
		}
		takeLo, takeHi := max(qLo, o1), topSum(&s.hiHist, cE)
		lo := max(sLo, base+2*takeLo)
		hi := min(sHi, base+2*takeHi, s.d)
		if (lo-s.d)&1 != 0 {
			lo++
		}
		if lo > hi {
			continue
		}
		loss := a
		if s.points {
			loss = max(lo, lRange)
		}
		bestLoss = min(bestLoss, loss)
		if limit >= 0 && bestLoss <= limit {
			return bestLoss
		}
	}
	return bestLoss
}
