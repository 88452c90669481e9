package search

import (
	"math"
	"math/bits"
	"slices"
)

// The loop of the designated colour alone: a line through every place that
// closes once, each place's line joining two of its edges. A tile's
// designated line is a sharp curve (two touching edges), a wide one (one
// edge between) or straight, whatever its rotation, so the challenge fixes
// how many lines of each shape the loop has. lineFilter decides whether
// such a loop exists on the domains the runs start from (the other colours
// left out), by dynamic programming over the places in an order that keeps
// the frontier small (the edges between the places done and the places to
// do): a state is, per frontier edge, whether the loop crosses it and
// which crossings are the two ends of one piece of line, with the set of
// (sharp, wide) counts that reach it. A backward pass keeps the lines of
// each place that lie on some whole loop with the right counts; the others
// leave the start domains. On thin boards (bands, rings) the frontier is a
// few edges; CaDiCaL proves many of them impossible on this part of the
// encoding alone, and so does the programme, in milliseconds.

const (
	// dpMaxFrontier bounds the frontier of the programme on the start
	// domains at its first try (two more edges at each later try); the
	// runs' own domains (lineCheck on boards too wide for it) may have up
	// to dpMaxLate edges (4 bits each in a 128-bit state).
	dpMaxFrontier = 16
	dpMaxLate     = 32
	// dpMaxSum bounds the sum over the places of 2^(frontier edges), a
	// guess at the states, at the first try (the later ones have only the
	// budget): on the 100 boards of scripts/tantrixhard
	// (n = 20..100) every programme that ran out of its budget had a sum
	// over 120,000, and those that proved a board impossible after the
	// search had failed to (rings, bands) under 10,000 (wide boards of
	// 25,000 to 80,000 took 4 to 50 ms).
	dpMaxSum = 1 << 16
	// dpBudget bounds the words of count sets kept over all layers (8
	// bytes each): a board that needs more is left to the search.
	dpBudget = 1 << 19
	// dpScale: when the search goes on for dpScale times as many nodes as
	// when the programme was last tried, it is tried once more with
	// dpScale times its bounds, up to dpTries tries (the third: 64 MB of
	// count sets at most). On the rings of issue 44 (scripts/tantrixhard
	// -shape curve and holes, n = 75..117) whose frontier (13 to 17
	// edges, angularOrders) the first try's sum bound turned away, the
	// second or third try proved four of them impossible in 45-155 ms
	// and put a fifth on its solution's path (BENCHMARKS.md, issue 44).
	dpScale = 4
	dpTries = 3
	// dpLateBudget bounds the count sets of repair's calls on boards too
	// wide for the programme at the start (512 KB): on the 18 slowest wide
	// boards of the 700, four seeds each (the calls then from the second
	// try on), the solves took 16.1, 14.6 and 17.7 s in all with 2^15, 2^16
	// and 2^17 words (2^19 words: 49.8 s, most of it calls over their
	// bounds).
	dpLateBudget = 1 << 16
)

type dpEdge struct {
	u int32 // the place still to do
	e int8  // its edge towards a place done
}

// dpStep is what processing place order[i] needs.
type dpStep struct {
	head  int     // frontier entries of this place (the first ones)
	headE [6]int8 // their edges
	done  uint8   // edges towards places done
	out   uint8   // edges towards places to do
	fixed bool    // one line left: not counted (setPairs)
	// src[j] for the next frontier's entry j: ≥ 0 an entry of this
	// frontier, else −1−e for the place's own edge e.
	src []int16
	// The next frontier is this one without its first head entries,
	// with entries for this place's edges to places to do inserted at
	// insJ (increasing), of edges insE: trans builds it so.
	nIns  int
	insJ  [6]int8
	insE  [6]int8
	pairs []int8 // pairs of the domain whose edges lead to places
	lo    int    // count sets need s+w ≥ lo after this place
}

// dpKey is a state: 4 bits per frontier edge (0: the loop does not cross
// it, else the label its piece of line has at both its ends), entry j in
// bits 4j..4j+3 of lo for j < 16, of hi for the others.
type dpKey struct{ lo, hi uint64 }

func (k dpKey) get(j int) uint8 {
	if j < 16 {
		return uint8(k.lo>>(4*j)) & 15
	}
	return uint8(k.hi>>(4*(j-16))) & 15
}

func (k *dpKey) set(j int, v uint8) {
	if j < 16 {
		k.lo |= uint64(v) << (4 * j)
	} else {
		k.hi |= uint64(v) << (4 * (j - 16))
	}
}

// drop removes the first h entries (h ≤ 15), moving the others down.
func (k dpKey) drop(h int) dpKey {
	if h == 0 {
		return k
	}
	sh := uint(4 * h)
	return dpKey{k.lo>>sh | k.hi<<(64-sh), k.hi >> sh}
}

// insert puts an entry v at j, moving entries j and up one place up (the
// last of 32 drops off).
func (k dpKey) insert(j int, v uint8) dpKey {
	if j >= 16 {
		sh := uint(4 * (j - 16))
		m := uint64(1)<<sh - 1
		k.hi = k.hi&m | (k.hi&^m)<<4 | uint64(v)<<sh
		return k
	}
	sh := uint(4 * j)
	m := uint64(1)<<sh - 1
	k.hi = k.hi<<4 | k.lo>>60
	k.lo = k.lo&m | (k.lo&^m)<<4 | uint64(v)<<sh
	return k
}

type dpSlot struct {
	key   dpKey
	idx   int32
	stamp uint32
}

// lineDP holds the programme's buffers, kept by the Solver from one call
// to the next (grown when a board needs more, never shrunk), so a solve
// allocates nothing once they have grown.
type lineDP struct {
	dpBounds
	dpCounts
	dpOrder
	dpStates
}

// dpBounds is set by lineFilter: board size, tiles' line shapes, bounds, the 15 edge pairs.
type dpBounds struct {
	n        int
	full     [3]int // sharp, wide, straight lines of the tiles
	maxSum   int    // of 2^frontier over the order (dpMaxSum·scale)
	budget   int    // words of count sets (dpBudget·scale)
	pairA    [15]int8
	pairB    [15]int8
	pairKind [15]int8
	pairMask [15]uint8
}

// dpCounts is the count sets' shape (setPairs), masks and scratch, and backward's sets.
type dpCounts struct {
	need      [3]int // those of the places not fixed (setPairs)
	w1, words int
	nA, nB    []uint64 // backward count sets, two layers
	tmp, m    []uint64
	low       []uint64
	notTop    []uint64 // w below its largest
	notZero   []uint64 // w above 0
	valid     []uint64 // s ≤ S, w ≤ W
	alive     []uint16
}

// dpOrder is the places' order and its steps (kept for lineKeep), with their scratch.
type dpOrder struct {
	q, r, pos []int32
	seen      []bool
	cands     [2 * (8 + dpCuts)][]int32
	ang       []float64 // angularOrders' scratch: each place's angle
	doneNb    []int8    // greedyOrders' scratch: neighbours done
	wait      []int32   // greedyOrders' scratch: places next to those done
	order     []int32
	steps     []dpStep
	width     []int32 // width[i]: the frontier's edges after place order[i]
	cur, next []dpEdge
	nextSrc   []int16
	ready     bool // order and steps are built (lineKeep may run)
	frontier  int  // the order's largest frontier
}

// dpStates is forward's layers of states, their count sets and the layer's hash table.
type dpStates struct {
	off      []int // off[i]: first state of layer i
	keys     []dpKey
	overflow bool // a state needed more labels than 4 bits hold
	outAt    int  // the place (> 0) of the order at which forward ran out of its budget
	sets     []uint64
	table    []dpSlot
	stamp    uint32
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// extend lengthens s by k, doubling its capacity when it must grow (the
// count sets of a wide board reach hundreds of thousands of words in one
// call: append's smaller steps copied them and took fresh memory some
// thirty times, most of a first such call's time).
func extend[T any](s []T, k int) []T {
	n := len(s) + k
	if n > cap(s) {
		t := make([]T, n, max(n, 2*cap(s), 256))
		copy(t, s)
		return t
	}
	return s[:n]
}

func lineKind(a, b int8) int8 {
	switch (b - a + 6) % 6 {
	case 1, 5:
		return 0
	case 2, 4:
		return 1
	}
	return 2
}

// lineFilter runs the programme on s.start. NoSolution: no loop with the
// tiles' line shapes exists; Solved: it ran, and start keeps only combos
// whose line lies on such a loop (changed: some combo left); Stopped: the
// frontier or the states were too many (nothing changed), or stop asked.
func (s *Solver) lineFilter(stop func() bool, scale int) (st Status, changed bool) {
	d := &s.dp
	d.n, d.outAt = s.n, 0
	d.maxSum, d.budget = dpMaxSum*scale, dpBudget*scale
	if scale > 1 && cap(d.sets) < d.budget {
		// A later try (the earlier ones were over their bounds): room
		// for its count sets in one piece at once, not grown by
		// doubling, whose copies, each into fresh pages, took a third
		// of such a try's CPU (holes+1 -n 112 -seed 2005's third try,
		// 6.8 M words: 0.61 s, 0.43 s with the room made at once, the
		// mean of four each, load 6-8).
		d.sets = make([]uint64, 0, d.budget)
	}
	d.full = [3]int{}
	k := 0
	for a := int8(0); a < 6; a++ {
		for b := a + 1; b < 6; b++ {
			d.pairA[k], d.pairB[k] = a, b
			d.pairKind[k] = lineKind(a, b)
			d.pairMask[k] = 1<<a | 1<<b
			k++
		}
	}
	for t := 0; t < 10; t++ {
		if s.count[t] > 0 {
			c := 6 * t
			d.full[lineKind(s.lineEdge[c][0], s.lineEdge[c][1])] += int(s.count[t])
		}
	}
	d.ready = false
	fits, ok := d.chooseOrder(s)
	if !ok {
		return Stopped, false
	}
	d.buildSteps(s)
	d.ready = true
	if !fits {
		return Stopped, false
	}
	if !d.setPairs(s, s.start) {
		return NoSolution, false
	}
	switch d.forward(stop) {
	case NoSolution:
		return NoSolution, false
	case Stopped:
		return Stopped, false
	}
	d.backward()
	for i, p := range d.order {
		m := d.kept(s, i)
		if nd := s.start[p] & m; nd != s.start[p] {
			if nd == 0 {
				return NoSolution, false
			}
			s.start[p] = nd
			changed = true
		}
	}
	return Solved, changed
}

var dirQR = [6][2]int32{{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}}

// sweeps are the directions the board is swept along (a place's key is
// f·(q, r)).
var sweeps = [6][2]int32{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}, {1, -1}}

// chooseOrder picks, among breadth-first orders from two far places,
// sweeps along six directions, angular orders around the centre and the
// greedy orders grown from the first place of each of those, the
// order with the smallest largest frontier (then the smallest sum of
// 2^frontier); ok false when even that is over dpMaxLate or the board is
// not connected, fits false when it is over dpMaxFrontier (plus two a
// later try) or, at the first try, its sum over maxSum (the programme on
// the start domains is then not run).
func (d *lineDP) chooseOrder(s *Solver) (fits, ok bool) {
	n := d.n
	d.q, d.r, d.pos, d.seen = grow(d.q, n), grow(d.r, n), grow(d.pos, n), grow(d.seen, n)
	for i := range d.cands {
		d.cands[i] = grow(d.cands[i], n)
	}
	d.q[0], d.r[0] = 0, 0
	far := d.bfs(s, 0, d.cands[0])
	if far < 0 {
		return false, false
	}
	far2 := d.bfs(s, far, d.cands[0])
	d.bfs(s, far2, d.cands[1])
	d.sweepOrders()
	d.angularOrders()
	d.greedyOrders(s)
	best, bestMax, bestSum := -1, 0, 0
	for ci, o := range d.cands {
		mx, sum := d.frontierOf(s, o)
		if best < 0 || mx < bestMax || mx == bestMax && sum < bestSum {
			best, bestMax, bestSum = ci, mx, sum
		}
	}
	if bestMax > dpMaxLate {
		return false, false
	}
	d.order = grow(d.order, n)
	copy(d.order, d.cands[best])
	for i, p := range d.order {
		d.pos[p] = int32(i)
	}
	d.frontier = bestMax
	// The later tries (scale > 1): two more edges a try, and no bound on
	// the sum but the count sets' budget.
	wider := bits.Len(uint(d.maxSum/dpMaxSum)) - 1
	return bestMax <= dpMaxFrontier+wider && (bestSum <= d.maxSum || wider > 0), true
}

// bfs puts in out the places in breadth-first order from from, setting
// each one's axial coordinates q and r from from's; it returns the last
// one (the farthest), or -1 when the board is not connected.
func (d *lineDP) bfs(s *Solver, from int32, out []int32) int32 {
	n := d.n
	for i := range d.seen {
		d.seen[i] = false
	}
	out[0] = from
	d.seen[from] = true
	m := 1
	for h := 0; h < m; h++ {
		p := out[h]
		for e := 0; e < 6; e++ {
			x := s.nbr[6*p+int32(e)]
			if x >= 0 && !d.seen[x] {
				d.seen[x] = true
				d.q[x], d.r[x] = d.q[p]+dirQR[e][0], d.r[p]+dirQR[e][1]
				out[m] = x
				m++
			}
		}
	}
	if m != n {
		return -1
	}
	return out[n-1]
}

// sweepOrders puts in the candidates after the first two the places
// sorted along each direction of sweeps (then across it, then by index).
func (d *lineDP) sweepOrders() {
	for si, f := range sweeps {
		o := d.cands[2+si]
		for i := range o {
			o[i] = int32(i)
		}
		q, r := d.q, d.r
		slices.SortFunc(o, func(a, b int32) int {
			ka, kb := f[0]*q[a]+f[1]*r[a], f[0]*q[b]+f[1]*r[b]
			if ka != kb {
				return int(ka - kb)
			}
			ja, jb := f[1]*q[a]-f[0]*r[a], f[1]*q[b]-f[0]*r[b]
			if ja != jb {
				return int(ja - jb)
			}
			return int(a - b)
		})
	}
}

// dpCuts is how many angular orders chooseOrder tries: the places sorted
// by their angle around the board's centre, from dpCuts cuts evenly
// spread. On a ring, such an order runs around it from the cut, so that
// its frontier is two cross-sections of the wall (at the cut and where
// the order is), where a sweep across the ring has four.
const dpCuts = 12

// angularOrders puts in the candidates after the sweeps the places sorted
// by angle around their centre (of the coordinates bfs set), from each of
// dpCuts cuts.
func (d *lineDP) angularOrders() {
	n := d.n
	d.ang = grow(d.ang, n)
	var cx, cy float64
	for p := 0; p < n; p++ {
		cx += math.Sqrt(3) * (float64(d.q[p]) + float64(d.r[p])/2)
		cy += 1.5 * float64(d.r[p])
	}
	cx, cy = cx/float64(n), cy/float64(n)
	for p := 0; p < n; p++ {
		x := math.Sqrt(3)*(float64(d.q[p])+float64(d.r[p])/2) - cx
		d.ang[p] = math.Atan2(1.5*float64(d.r[p])-cy, x)
	}
	for k := 0; k < dpCuts; k++ {
		o := d.cands[8+k]
		for i := range o {
			o[i] = int32(i)
		}
		cut := 2*math.Pi*float64(k)/dpCuts - math.Pi
		key := func(p int32) float64 {
			a := d.ang[p] - cut
			if a < 0 {
				a += 2 * math.Pi
			}
			return a
		}
		slices.SortFunc(o, func(a, b int32) int {
			ka, kb := key(a), key(b)
			if ka != kb {
				if ka < kb {
					return -1
				}
				return 1
			}
			return int(a - b)
		})
	}
}

// greedyOrders puts in the last half of the candidates an order grown
// from the first place of each of the first half: at each step, of the
// places next to those done, the one that widens the frontier least
// (its edges to places to do less those to places done), the one reached
// first on ties. Sweeps and angular orders cut a board along straight
// lines; a ring with bands across it or a bend has places where a cut
// that follows the walls is narrower.
func (d *lineDP) greedyOrders(s *Solver) {
	n := d.n
	half := len(d.cands) / 2
	d.doneNb = grow(d.doneNb, n)
	for ci := 0; ci < half; ci++ {
		src, o := d.cands[ci], d.cands[half+ci]
		for i := range d.seen {
			d.seen[i] = false
			d.doneNb[i] = 0
		}
		wait := append(d.wait[:0], src[0])
		d.seen[src[0]] = true
		for i := 0; i < n; i++ {
			bj, bd := 0, 7
			for j, p := range wait {
				deg := int8(0)
				for e := 0; e < 6; e++ {
					if s.nbr[6*p+int32(e)] >= 0 {
						deg++
					}
				}
				if dl := int(deg - 2*d.doneNb[p]); dl < bd {
					bj, bd = j, dl
				}
			}
			p := wait[bj]
			wait = append(wait[:bj], wait[bj+1:]...)
			o[i] = p
			for e := 0; e < 6; e++ {
				x := s.nbr[6*p+int32(e)]
				if x < 0 {
					continue
				}
				d.doneNb[x]++
				if !d.seen[x] {
					d.seen[x] = true
					wait = append(wait, x)
				}
			}
		}
		d.wait = wait
	}
}

// frontierOf returns the widest frontier of the order o (the edges
// between the places done and those to do) and the sum of 2^width over
// its steps.
func (d *lineDP) frontierOf(s *Solver, o []int32) (mx, sum int) {
	for i, p := range o {
		d.pos[p] = int32(i)
	}
	cur := 0
	for i, p := range o {
		for e := 0; e < 6; e++ {
			x := s.nbr[6*p+int32(e)]
			if x < 0 {
				continue
			}
			if d.pos[x] < int32(i) {
				cur--
			} else {
				cur++
			}
		}
		mx = max(mx, cur)
		sum += 1 << min(cur, 30)
	}
	return mx, sum
}

// before orders frontier entries by the position of the place to do, then
// by edge.
// kept is the combos of the i-th place in the order whose lines lie on a
// loop the programme found (the pairs of edges alive there, after
// backward).
func (d *lineDP) kept(s *Solver, i int) uint64 {
	var m uint64
	for k := 0; k < 15; k++ {
		if d.alive[i]&(1<<k) != 0 {
			m |= s.pairMask[d.pairA[k]][d.pairB[k]]
		}
	}
	return m
}

func (d *lineDP) before(a, b dpEdge) bool {
	return d.pos[a.u] < d.pos[b.u] || d.pos[a.u] == d.pos[b.u] && a.e < b.e
}

func (d *lineDP) buildSteps(s *Solver) {
	n := d.n
	d.steps = grow(d.steps, n)
	d.width = grow(d.width, n)
	d.cur = d.cur[:0]
	for i, p := range d.order {
		st := &d.steps[i]
		*st = dpStep{src: st.src[:0], pairs: st.pairs[:0]}
		for st.head < len(d.cur) && d.cur[st.head].u == p {
			st.headE[st.head] = d.cur[st.head].e
			st.done |= 1 << d.cur[st.head].e
			st.head++
		}
		// The next frontier: the rest of this one, with this place's edges
		// to places to do merged in by (position, edge).
		d.next, d.nextSrc = d.next[:0], d.nextSrc[:0]
		var out uint8
		var nw [6]dpEdge
		var ne [6]int8
		k := 0
		for e := 0; e < 6; e++ {
			x := s.nbr[6*p+int32(e)]
			if x < 0 || d.pos[x] < int32(i) {
				continue
			}
			out |= 1 << e
			fe := dpEdge{x, int8((e + 3) % 6)}
			j := k
			for ; j > 0 && d.before(fe, nw[j-1]); j-- {
				nw[j], ne[j] = nw[j-1], ne[j-1]
			}
			nw[j], ne[j] = fe, int8(e)
			k++
		}
		rest := st.head
		for j := 0; j < k; j++ {
			for rest < len(d.cur) && d.before(d.cur[rest], nw[j]) {
				d.next = append(d.next, d.cur[rest])
				d.nextSrc = append(d.nextSrc, int16(rest))
				rest++
			}
			d.next = append(d.next, nw[j])
			d.nextSrc = append(d.nextSrc, int16(-1-ne[j]))
		}
		for ; rest < len(d.cur); rest++ {
			d.next = append(d.next, d.cur[rest])
			d.nextSrc = append(d.nextSrc, int16(rest))
		}
		st.src = append(st.src, d.nextSrc...)
		for j, sj := range st.src {
			if sj < 0 {
				st.insJ[st.nIns], st.insE[st.nIns] = int8(j), int8(-1-sj)
				st.nIns++
			}
		}
		st.out = out
		d.cur, d.next = d.next, d.cur
		d.width[i] = int32(len(d.cur))
	}
}

// needWords extrapolates, after forward ran out of its budget at place
// outAt of the order, the words of count sets the whole programme would
// take: the words so far times the sum over the order of 2^(frontier
// edges after each place), a guess at each layer's states as dpMaxSum's,
// over that sum up to outAt. On rings and bands the frontier is widest
// part-way along the order, where the words so far times n/outAt guessed
// too few: on five of the slowest boards of issue 44's set (holes, n =
// 107–118), whose second try ran out at 2^21 words, that guessed 2.8–6.7
// M words where the whole programme takes 6.6 M to 25 M, this 4.4–15.8 M;
// the two boards over the third try's 2^23 words no longer run that try
// (on holes+1 -n 107 -seed 2064 it ran out after 0.5–0.8 s of CPU).
func (d *lineDP) needWords() int64 {
	var all, done float64
	for i, w := range d.width[:d.n] {
		v := math.Ldexp(1, int(w))
		all += v
		if i <= d.outAt {
			done += v
		}
	}
	return int64(float64(len(d.sets)) * all / done)
}

// setPairs sets each step's pairs: the lines of its place's domain in dom
// whose edges lead to places. A place with one line left is fixed: its
// line's shape is taken off the counts needed (need), and the count sets
// count the other places' lines only (smaller sets when most places are
// fixed, the same loops). False when the fixed lines of a shape are more
// than the tiles have.
func (d *lineDP) setPairs(s *Solver, dom []uint64) bool {
	d.need = d.full
	for i, p := range d.order {
		st := &d.steps[i]
		st.pairs = st.pairs[:0]
		dm := dom[p]
		for k := int8(0); k < 15; k++ {
			if d.pairMask[k]&^(st.done|st.out) == 0 && dm&s.pairMask[d.pairA[k]][d.pairB[k]] != 0 {
				st.pairs = append(st.pairs, k)
			}
		}
		st.fixed = len(st.pairs) == 1
		if st.fixed {
			d.need[d.pairKind[st.pairs[0]]]--
		}
	}
	if d.need[0] < 0 || d.need[1] < 0 || d.need[2] < 0 {
		return false
	}
	open := 0
	for i := range d.order {
		if !d.steps[i].fixed {
			open++
		}
		d.steps[i].lo = open - d.need[2]
	}
	d.w1 = d.need[1] + 1
	d.words = ((d.need[0]+1)*d.w1 + 63) / 64
	return true
}

// lineCheck runs the programme on the current domains, with the order and
// bounds of the lineFilter call that last ran (s.dpDive): false when no
// loop with the tiles' line shapes lies on them; else the domains keep
// only the lines on such loops (trailed), and the rules run to a fixpoint
// again (false on a contradiction). A programme over its bounds leaves
// the state as it was.
func (s *Solver) lineCheck() bool {
	switch s.lineKeep() {
	case NoSolution:
		s.clearQueue()
		return false
	case Stopped:
		s.dpStopped = true
		return true
	}
	return s.propagate()
}

// lineKeep is lineCheck without the fixpoint after: the programme on the
// current domains, which keep only the lines on its loops (setDom).
// Stopped: over its bounds (nothing changed).
func (s *Solver) lineKeep() Status {
	d := &s.dp
	if !d.setPairs(s, s.dom) {
		return NoSolution
	}
	keep := d.budget
	d.budget = min(d.budget, dpBudget)
	if s.lateOn {
		d.budget = dpLateBudget
	}
	st := d.forward(nil)
	d.budget = keep
	if st != Solved {
		return st
	}
	d.backward()
	for i, p := range d.order {
		m := d.kept(s, i)
		if !s.setDom(p, s.dom[p]&m) {
			return NoSolution
		}
	}
	return Solved
}

// trans gives the state after place order[i] takes pair k from a state
// whose entries for this place are lab (by edge) with crossings in and
// whose other entries, with 0 inserted for this place's edges to places
// still to do, are base (the same for every pair: see moves); ok false
// when it may not (a loop closing before the last place).
func (d *lineDP) trans(i int, base dpKey, lab *[6]uint8, in uint8, k int8) (next dpKey, ok bool) {
	st := &d.steps[i]
	pm := d.pairMask[k]
	var from, to, give uint8 // relabel from → to; give: label of new crossings
	switch bits.OnesCount8(in) {
	case 2:
		x, y := lab[d.pairA[k]], lab[d.pairB[k]]
		if x == y {
			// the loop closes: only through every place
			return dpKey{}, i == d.n-1
		}
		from, to = y, x
	case 1:
		give = lab[d.pairA[k]] | lab[d.pairB[k]]
	default:
		give = 15
	}
	// The entries after this place's, with its new crossings (labels as
	// in c), then relabelled from → to and renumbered by first occurrence
	// (a state's one spelling).
	raw := base
	for t := 0; t < st.nIns; t++ {
		if pm&(1<<st.insE[t]) != 0 {
			raw.set(int(st.insJ[t]), give)
		}
	}
	var remap [16]uint8
	nextLab := uint8(1)
	for h, w := range [2]uint64{raw.lo, raw.hi} {
		var out uint64
		nz := w | w>>1
		nz = (nz | nz>>2) & 0x1111111111111111 // bit 4j: entry j not 0
		for nz != 0 {
			b := bits.TrailingZeros64(nz)
			nz &= nz - 1
			v := uint8(w>>b) & 15
			if v == from {
				v = to
			}
			if remap[v] == 0 {
				if nextLab == 15 {
					// 15 pieces of line cross the frontier: more
					// than the labels hold (forward stops).
					d.overflow = true
					return dpKey{}, false
				}
				remap[v] = nextLab
				nextLab++
			}
			out |= uint64(remap[v]) << b
		}
		if h == 0 {
			next.lo = out
		} else {
			next.hi = out
		}
	}
	return next, true
}

// dpMove is a line place order[i] may take from a state: its pair of
// edges and the state after it.
type dpMove struct {
	k    int8
	next dpKey
}

// moves lists in out the lines place order[i] may take from state c (the
// pairs of its domain that continue the crossings c has into it, without
// closing a loop early) and returns how many; forward and backward walk
// the same moves.
func (d *lineDP) moves(i int, c dpKey, out *[15]dpMove) int {
	lab, in := d.heads(i, c)
	st := &d.steps[i]
	base := d.base(i, c)
	m := 0
	for _, k := range st.pairs {
		if d.pairMask[k]&st.done != in {
			continue
		}
		if nk, ok := d.trans(i, base, &lab, in, k); ok {
			out[m] = dpMove{k, nk}
			m++
		}
	}
	return m
}

// base is state c without the entries of place order[i], with 0 inserted
// for its edges to places still to do: what every pair's next state is
// made from (trans).
func (d *lineDP) base(i int, c dpKey) dpKey {
	st := &d.steps[i]
	b := c.drop(st.head)
	for t := 0; t < st.nIns; t++ {
		b = b.insert(int(st.insJ[t]), 0)
	}
	return b
}

// heads reads this place's entries of state c: labels by edge and the
// edges the loop crosses.
func (d *lineDP) heads(i int, c dpKey) (lab [6]uint8, in uint8) {
	st := &d.steps[i]
	for j := 0; j < st.head; j++ {
		if v := c.get(j); v != 0 {
			e := st.headE[j]
			in |= 1 << e
			lab[e] = v
		}
	}
	return
}

// shiftOr: dst |= src shifted up by sh bits (dropping bits past the end).
func shiftOr(dst, src []uint64, sh int) {
	ws, bs := sh/64, uint(sh%64)
	for j := len(dst) - 1; j >= ws; j-- {
		v := src[j-ws] << bs
		if bs != 0 && j-ws-1 >= 0 {
			v |= src[j-ws-1] >> (64 - bs)
		}
		dst[j] |= v
	}
}

// shiftDownOr: dst |= src shifted down by sh bits.
func shiftDownOr(dst, src []uint64, sh int) {
	ws, bs := sh/64, uint(sh%64)
	for j := 0; j+ws < len(src); j++ {
		v := src[j+ws] >> bs
		if bs != 0 && j+ws+1 < len(src) {
			v |= src[j+ws+1] << (64 - bs)
		}
		dst[j] |= v
	}
}

func (d *lineDP) masks() {
	w := d.words
	d.notTop, d.notZero, d.valid = grow(d.notTop, w), grow(d.notZero, w), grow(d.valid, w)
	d.low, d.tmp, d.m = grow(d.low, w), grow(d.tmp, w), grow(d.m, w)
	clear(d.notTop)
	clear(d.notZero)
	clear(d.valid)
	for s := 0; s <= d.need[0]; s++ {
		for w := 0; w <= d.need[1]; w++ {
			b := s*d.w1 + w
			d.valid[b/64] |= 1 << (b % 64)
			if w < d.need[1] {
				d.notTop[b/64] |= 1 << (b % 64)
			}
			if w > 0 {
				d.notZero[b/64] |= 1 << (b % 64)
			}
		}
	}
}

// shiftOf is how far a line of pair k at step i moves a count set: a sharp
// line adds one to s (a row of w1 bits), a wide one to w; a fixed place's
// line is not counted (as a straight one).
func (d *lineDP) shiftOf(i int, k int8) (sh int, kind int8) {
	if d.steps[i].fixed {
		return 0, 2
	}
	switch kind = d.pairKind[k]; kind {
	case 0:
		return d.w1, kind
	case 1:
		return 1, kind
	}
	return 0, kind
}

// lookup finds key in the table (of the current stamp); −1 when absent.
func (d *lineDP) lookup(key dpKey) (slot int, idx int32) {
	mask := len(d.table) - 1
	h := int((key.lo*0x9E3779B97F4A7C15 ^ key.hi*0xC2B2AE3D27D4EB4F) >> 32)
	for j := h & mask; ; j = (j + 1) & mask {
		sl := &d.table[j]
		if sl.stamp != d.stamp {
			return j, -1
		}
		if sl.key == key {
			return j, sl.idx
		}
	}
}

// index puts the states keys[from:to] in a fresh table.
func (d *lineDP) index(from, to int) {
	need := 2 * (to - from)
	if need < 64 {
		need = 64
	}
	if len(d.table) < need {
		size := 64
		for size < need {
			size *= 2
		}
		d.table = make([]dpSlot, size)
		d.stamp = 0
	}
	d.stamp++
	if d.stamp == 0 {
		clear(d.table)
		d.stamp = 1
	}
	for i := from; i < to; i++ {
		j, _ := d.lookup(d.keys[i])
		d.table[j] = dpSlot{d.keys[i], int32(i - from), d.stamp}
	}
}

// forward runs the programme forwards from the empty frontier, place by
// place in d.order: layer i+1 holds each frontier state reached after
// place i (d.keys, d.off[i+1] where it starts) with its set of counts
// (d.sets, words a state); counts that can no longer meet a place's lower
// bound are dropped, and states left with none. Solved when the last
// layer holds the closed loop with the counts needed, NoSolution when no
// state is left or that one is missing, Stopped when stop says so or the
// sets pass the budget.
func (d *lineDP) forward(stop func() bool) Status {
	n, words := d.n, d.words
	d.forwardStart()
	for i := 0; i < n; i++ {
		if stop != nil && stop() {
			return Stopped
		}
		d.lowMask(i)
		start, end := d.off[i], d.off[i+1]
		d.index(end, end) // an empty table for layer i+1
		var moves [15]dpMove
		for ci := start; ci < end; ci++ {
			for _, mv := range moves[:d.moves(i, d.keys[ci], &moves)] {
				k, nk := mv.k, mv.next
				sh, kind := d.shiftOf(i, k)
				src := d.sets[ci*words : (ci+1)*words]
				if kind == 1 {
					for j := range d.tmp {
						d.tmp[j] = src[j] & d.notTop[j]
					}
					src = d.tmp
				}
				if 2*(len(d.keys)-end+1) > len(d.table) {
					d.index(end, len(d.keys))
				}
				slot, ni := d.lookup(nk)
				if ni < 0 {
					if len(d.sets)+words > d.budget {
						d.outAt = i
						return Stopped
					}
					ni = int32(len(d.keys) - end)
					d.table[slot] = dpSlot{nk, ni, d.stamp}
					d.keys = extend(d.keys, 1)
					d.keys[len(d.keys)-1] = nk
					d.sets = extend(d.sets, words)
					clear(d.sets[len(d.sets)-words:])
				}
				at := end + int(ni)
				shiftOr(d.sets[at*words:(at+1)*words], src, sh)
			}
		}
		if d.overflow {
			return Stopped
		}
		if d.dropDead(i, end) == end {
			return NoSolution
		}
	}
	b := d.need[0]*d.w1 + d.need[1]
	if d.off[n+1]-d.off[n] != 1 || d.sets[d.off[n]*words+b/64]&(1<<(b%64)) == 0 {
		return NoSolution
	}
	return Solved
}

// forwardStart readies forward's layers: layer 0, the empty frontier with
// the empty counts, and no overflow.
func (d *lineDP) forwardStart() {
	d.masks()
	d.off = grow(d.off, d.n+2)
	d.keys = append(d.keys[:0], dpKey{})
	d.overflow, d.outAt = false, 0
	d.sets = grow(d.sets, d.words)
	clear(d.sets)
	d.sets[0] = 1
	d.off[0], d.off[1] = 0, 1
}

// lowMask sets d.low to the valid counts that stay alive after place i:
// those with s+w below the place's lower bound lo are dead.
func (d *lineDP) lowMask(i int) {
	copy(d.low, d.valid)
	if lo := d.steps[i].lo; lo > 0 {
		for s := 0; s <= d.need[0] && s < lo; s++ {
			for w := 0; w <= d.need[1] && s+w < lo; w++ {
				b := s*d.w1 + w
				d.low[b/64] &^= 1 << (b % 64)
			}
		}
	}
}

// dropDead drops from layer i+1 (its states from end on) the dead counts
// (d.low) and the states left with none, sets where layer i+2 starts, and
// returns it (end: the layer is empty).
func (d *lineDP) dropDead(i, end int) int {
	words := d.words
	w := end
	for ci := end; ci < len(d.keys); ci++ {
		set := d.sets[ci*words : (ci+1)*words]
		any := uint64(0)
		for j := range set {
			set[j] &= d.low[j]
			any |= set[j]
		}
		if any == 0 {
			continue
		}
		if w != ci {
			d.keys[w] = d.keys[ci]
			copy(d.sets[w*words:(w+1)*words], set)
		}
		w++
	}
	d.keys, d.sets = d.keys[:w], d.sets[:w*words]
	d.off[i+2] = w
	return w
}

// backward sets alive[i] to the pairs of place order[i] that lie on some
// whole loop with the tiles' counts: from a state with counts F, a pair
// leads to a state from which the counts still missing can be made.
func (d *lineDP) backward() {
	n, words := d.n, d.words
	d.alive = grow(d.alive, n)
	clear(d.alive)
	// nB: for each state of layer i+1, the counts from which the rest can
	// reach the tiles' counts; at layer n exactly those.
	most := 1
	for i := 0; i < n; i++ {
		most = max(most, d.off[i+1]-d.off[i])
	}
	d.nA, d.nB = grow(d.nA, most*words), grow(d.nB, most*words)
	clear(d.nB)
	b := d.need[0]*d.w1 + d.need[1]
	d.nB[b/64] = 1 << (b % 64)
	for i := n - 1; i >= 0; i-- {
		start, end := d.off[i], d.off[i+1]
		d.index(end, d.off[i+2])
		clear(d.nA[:(end-start)*words])
		var moves [15]dpMove
		for ci := start; ci < end; ci++ {
			set := d.sets[ci*words : (ci+1)*words]
			for _, mv := range moves[:d.moves(i, d.keys[ci], &moves)] {
				k, nk := mv.k, mv.next
				_, ni := d.lookup(nk)
				if ni < 0 {
					continue
				}
				nn := d.nB[int(ni)*words : (int(ni)+1)*words]
				sh, kind := d.shiftOf(i, k)
				if kind == 1 {
					// counts at w = 0 cannot follow a wide line
					for j := range d.m {
						d.m[j] = nn[j] & d.notZero[j]
					}
					nn = d.m
				}
				clear(d.tmp)
				shiftDownOr(d.tmp, nn, sh)
				hit := false
				for j := range d.tmp {
					if d.tmp[j]&set[j] != 0 {
						hit = true
						break
					}
				}
				if hit {
					d.alive[i] |= 1 << k
					dst := d.nA[(ci-start)*words : (ci-start+1)*words]
					for j := range d.tmp {
						dst[j] |= d.tmp[j]
					}
				}
			}
		}
		d.nA, d.nB = d.nB, d.nA
	}
}
