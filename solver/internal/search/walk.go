package search

import (
	"context"
	"math/bits"
)

// WalkTurn is how many steps the walk takes at a turn of the portfolio,
// counted as PauseNodes nodes. A step (a swap tried: stepCost) cost 150-180
// ns while each step made its swap and undid it, 70-100 ns since (round
// four), 49 ns since a step picks its two cells without drawing until
// one is occupied and one empty, and shifts with no check of the count
// (round six, docs/solver-tail.md; BenchmarkWalkStep), 18 ns since most
// steps add two cells' kept deltas (stepCost) and costOf sums bytes at
// once, 15 ns since the steps of two near cells do too (round seven),
// 13 ns since their shared neighbours add kept terms with no branch
// (round eight): a search node costs about 330 ns. A turn was
// 4·PauseNodes steps, about the CPU of a tree lane's turn at 85 ns a
// step; at 49 ns, turns of 8, 12 and 16 did better than 4 and 6 (the CPU
// of the 400 slowest of 100,000 seeds, on three ranges, 4-12 % less than
// 4's; 12 the least in all); at 18 ns, 20, 28 and 40 did no better than
// 12 (the same three ranges: within 1 % for 20 and 28, 4 % more for 40).
const WalkTurn = 12 * PauseNodes

// Walker is a local search over occupancy, the walk lane of package
// solver's portfolio (issue 44, docs/solver-tail.md, round three): the free cells
// hold exactly as many tiles as the level has movable ones, each tile's
// number being the count of its occupied neighbours; the cost (cost) is 0
// on a solution. A step swaps a random occupied free cell with a random
// empty one and keeps the swap when the cost does not rise (a walk on the
// plateaus). On the least plateau, cost 2, every swap is looked at for
// one to a solution each time the occupancy changes (exit), and the tiles
// are thrown again after throwSteps steps times the Luby sequence (round
// eight, docs/solver-tail.md).
type Walker struct {
	// nbrs: the level's neighbours, the ones nb, adj and near were made
	// from (nil after Alloc): Init makes those again only for others
	// (package solver keeps walkers for reuse, and every level of a size
	// has the same neighbours, board.Geom's). cells: the cells Alloc made
	// room for.
	nbrs  [][]int
	cells int
	// nb: each cell's neighbours, six a cell, the missing ones the cell
	// n past the last (never occupied: occ, cnt and locked have n+1).
	nb []int32
	// adj: cell j is a neighbour of cell i when bit j%64 of adj[i·words
	// + j/64] is set.
	adj   []uint64
	words int
	// near: cell j is within two steps of cell i (a neighbour, or one
	// that shares a neighbour with it), in the layout of adj.
	near []uint64
	// dh, dl: what emptying an occupied free cell, or filling an empty
	// one, adds to have and to lockOff (delta), kept swap by swap (move):
	// a swap of two cells not near each other adds both cells' (stepCost).
	dh []uint64
	dl []int32
	// sh, sl: what each cell adds to have and to lockOff when it is a
	// neighbour both cells of a step share (shared), kept as counts
	// change (move); 0 for an empty free cell, a hole and n.
	sh []uint64
	sl []int32
	// tabKey, tabAt: the empty free cells by their delta dh (exit), an
	// open-addressing table (tabAt: place in free + 1; 0: no entry) whose
	// length is a power of two, at least twice the cells.
	tabKey []uint64
	tabAt  []int32
	locked []int8 // the locked number of each cell (Empty: none)
	free   []int  // the free cells (not holes, not locked), the occupied ones first (Run)
	occ    []bool // the occupancy walked
	cnt    []int8 // each cell's occupied neighbours
	need   [7]int32
	// needVec: the level's movable tiles of number v, in byte v (have on
	// a solution); needSum: the level's movable tiles of numbers 0..v, in byte v
	// (v = 0..7), as costOf subtracts them; wide: more than 127 movable
	// tiles, too many for its bytes (boards of size 7 and more).
	needVec, needSum uint64
	wide             bool
	// have: the free tiles of each number v, in bits 8v..8v+7 (a count
	// never leaves its byte: Walk does not walk a level of more than 255
	// movable tiles), so that a tile whose number changes is one addition.
	have    uint64
	lockOff int32 // Σ |cnt − number| over the locked tiles
	tiles   int
	cur     int32 // the cost
	rng     uint64
	taken   int // the steps the last Run took
	// since: steps since the tiles were last thrown; throws: how many
	// times they were; limit: throwSteps·Luby(throws), the steps after
	// which Run throws them again.
	since, throws, limit int
}

// Init sets w up on prob, the tiles on random free cells (seed), in the
// slices that Alloc made.
func (w *Walker) Init(prob Problem, seed uint64) {
	n := len(prob.Nbrs)
	occ, cnt, locked, nb := w.occ[:n+1], w.cnt[:n+1], w.locked[:n+1], w.nb[:6*n]
	words := n/64 + 1
	adj, near := w.adj[:n*words], w.near[:n*words]
	clear(occ)
	clear(cnt)
	copy(locked, prob.Locked)
	locked[n] = Empty
	if n == 0 || w.cells != n || len(w.nbrs) != n || &w.nbrs[0] != &prob.Nbrs[0] {
		layOut(prob.Nbrs, nb, adj, near, words)
	}
	*w = Walker{nbrs: prob.Nbrs, cells: w.cells, nb: nb, adj: adj, words: words, near: near, dh: w.dh[:n+1], dl: w.dl[:n+1],
		sh: w.sh[:n+1], sl: w.sl[:n+1], tabKey: w.tabKey, tabAt: w.tabAt,
		locked: locked, occ: occ, cnt: cnt, free: w.free[:0], rng: seed*0x9E3779B97F4A7C15 | 1}
	for i := 0; i < n; i++ {
		if t := prob.Start[i]; t != Empty {
			w.need[t]++
			w.tiles++
		}
		if !prob.Hole[i] && prob.Locked[i] == Empty {
			w.free = append(w.free, i)
		}
	}
	w.wide = w.tiles > 127
	var sum uint64
	for v := range 8 {
		if v < len(w.need) {
			sum += uint64(w.need[v])
		}
		w.needSum |= sum << (8 * v)
		if v < len(w.need) {
			w.needVec |= uint64(w.need[v]) << (8 * v)
		}
	}
	for i := 0; i < n; i++ {
		occ[i] = prob.Locked[i] != Empty // shuffle counts them with the tiles it throws
	}
	w.shuffle()
}

// layOut makes nb, adj and near (Walker) for the neighbours nbrs, words
// words a row.
func layOut(nbrs [][]int, nb []int32, adj, near []uint64, words int) {
	n := len(nbrs)
	clear(adj)
	clear(near)
	for i, ns := range nbrs {
		for k := range 6 {
			nb[6*i+k] = int32(n)
			if k < len(ns) {
				nb[6*i+k] = int32(ns[k])
				adj[i*words+ns[k]/64] |= 1 << (ns[k] % 64)
			}
		}
	}
	for i, ns := range nbrs { // near: i's neighbours and theirs, but i
		row := near[i*words : i*words+words]
		copy(row, adj[i*words:i*words+words])
		for _, j := range ns {
			for k, a := range adj[j*words : j*words+words] {
				row[k] |= a
			}
		}
		row[i/64] &^= 1 << (i % 64)
	}
}

// NewWalker is a walker for n cells, its slices made (Alloc).
func NewWalker(n int) *Walker {
	w := new(Walker)
	w.Alloc(n)
	return w
}

// Reserve makes w's slices for n cells (Alloc) unless they are made.
func (w *Walker) Reserve(n int) {
	if w.cells != n || w.occ == nil {
		w.Alloc(n)
	}
}

// Alloc makes w's slices for n cells, so that Init allocates nothing.
func (w *Walker) Alloc(n int) {
	w.cells, w.nbrs = n, nil
	w.occ, w.free = make([]bool, n+1), make([]int, 0, n)
	words := n/64 + 1
	u := make([]uint64, 2*n*words+2*(n+1))
	w.adj, w.near, w.dh, w.sh = u[:n*words], u[n*words:2*n*words], u[2*n*words:2*n*words+n+1], u[2*n*words+n+1:]
	i32 := make([]int32, 8*n+2)
	w.nb, w.dl, w.sl = i32[:6*n], i32[6*n:7*n+1], i32[7*n+1:]
	size := 1
	for size < 2*n {
		size *= 2
	}
	w.tabKey, w.tabAt = make([]uint64, size), make([]int32, size)
	b := make([]int8, 2*(n+1))
	w.cnt, w.locked = b[:n+1], b[n+1:]
}

// shuffle puts the tiles on a random set of free cells, free[:tiles],
// and counts everything afresh: each cell's occupied neighbours, have and
// lockOff (toggling the cells one by one, seven cells counted out and in
// a toggle, took a fifth of the CPU of a median solve).
func (w *Walker) shuffle() {
	free, occ, cnt := w.free, w.occ, w.cnt
	for _, i := range free {
		occ[i] = false
	}
	nf := len(free)
	for k := 0; k < w.tiles; k++ {
		j := k + int(w.next()%uint64(nf-k))
		free[k], free[j] = free[j], free[k]
		occ[free[k]] = true
	}
	n := len(w.nbrs)
	w.have, w.lockOff = 0, 0
	for i := range n {
		c := int8(0)
		for _, j := range w.nb[6*i : 6*i+6 : 6*i+6] {
			if occ[j] {
				c++
			}
		}
		cnt[i] = c
		switch l := w.locked[i]; {
		case !occ[i]:
		case l != Empty:
			w.lockOff += absDiff(c, l)
		default:
			w.have += bit(c)
		}
	}
	cnt[n] = 0 // the missing cell: counted by flip, never read
	w.cur = w.cost()
	w.since = 0
	w.throws++
	w.limit = throwSteps * Luby(w.throws)
	for _, i := range w.free {
		w.delta(i)
	}
	for i := range w.sh {
		w.shared(i)
	}
}

// Run takes up to steps steps; true when the occupancy is a solution.
// The occupied free cells are free[:tiles], the empty ones the rest
// (shuffle puts them so, a kept swap swaps them there too): a step picks
// one of each at once, where it drew free cells until one was occupied
// and one empty (some five draws a step, each a 64-bit division, on a
// size-6 board whose free cells are three quarters occupied).
func (w *Walker) Run(steps int) bool {
	w.taken = 0
	if w.cur == 0 || w.tiles == 0 || w.tiles == len(w.free) || w.tiles > 255 {
		return w.cur == 0 && w.tiles <= 255 // more: a count could leave its byte of have
	}
	free := w.free
	occupied, empty := uint64(w.tiles), uint64(len(free)-w.tiles)
	for k := range steps {
		if w.since == w.limit { // throwSteps·Luby(throws) steps from this throw
			w.shuffle()
			if w.cur == 0 {
				w.taken = k
				return true
			}
		}
		w.since++
		ia, ib := pick(w.next(), occupied), w.tiles+pick(w.next(), empty)
		a, b := free[ia], free[ib]
		if c := w.stepCost(a, b); c <= w.cur { // most are not (98 % on hard levels)
			w.move(a)
			w.move(b)
			free[ia], free[ib] = b, a
			w.cur = c
			if c == 0 || c <= exitCost && w.exit() {
				w.taken = k + 1
				return true
			}
		}
	}
	w.taken = steps
	return false
}

// exitCost: Run looks at every swap for one to a solution (exit) when a
// step it keeps leaves the cost at this or less: 2, the least above 0
// (a cost moves by even steps). Random walks spend nearly all their
// steps there (29,013,128: 47,153 of 47,601 steps from the tiles Solve
// threw first), where most swaps raise the cost and the few to a
// solution are found by chance (a random pair of some 1,200 a step).
const exitCost = 2

// throwSteps: Run throws the tiles again after throwSteps·Luby(k) steps
// from its k-th throw. With exit, where a walk stands on the plateau of
// cost 2 decides how soon it ends (29,013,128: 270 to 2,013 steps from
// three throws, 47,601 from another), and throwing again cuts that tail;
// without exit it did not (rounds three and seven). 2,048, 4,096 and
// 8,192 steps compared on seeds 1,000,000.. and 4,000,000.. (Solve, one
// thread, docs/solver-tail.md, round eight): 4,096 the lightest top.
const throwSteps = 4096

// Luby returns the i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1,
// 2, 4, 1, 1, 2, …, the restart budgets that waste at most a logarithmic
// factor against the best fixed budget (package solver's restarts; the
// walk's throws).
func Luby(i int) int {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return Luby(i - (1<<(k-1) - 1))
		}
	}
}

// exit looks for a swap to a solution among all pairs of an occupied and
// an empty free cell at once, and makes it (true) when there is one: the
// empty cells by their delta dh in a table, each occupied cell a looks up
// the one delta that takes have to the level's with its own (needVec −
// have − dh[a]); stepCost checks each it finds (a near pair's cost is not
// the sum of the deltas, and lockOff must fall to 0 too). A near pair to
// a solution whose deltas do not sum to it is missed (a step finds it).
// Some 0.3-0.5 µs, the work of 25-40 steps, where the steps drawing pairs
// at random would take some 1,200 to look at them all.
func (w *Walker) exit() bool {
	free, mask := w.free, uint64(len(w.tabAt)-1)
	shift := uint(64 - bits.Len64(mask))
	clear(w.tabAt)
	for ib := w.tiles; ib < len(free); ib++ {
		key := w.dh[free[ib]]
		h := key * 0x9E3779B97F4A7C15 >> shift
		for w.tabAt[h] != 0 {
			h = (h + 1) & mask
		}
		w.tabKey[h], w.tabAt[h] = key, int32(ib+1)
	}
	base := w.needVec - w.have
	for ia, a := range free[:w.tiles] {
		want := base - w.dh[a]
		for h := want * 0x9E3779B97F4A7C15 >> shift; w.tabAt[h] != 0; h = (h + 1) & mask {
			if w.tabKey[h] != want {
				continue
			}
			ib := int(w.tabAt[h] - 1)
			b := free[ib]
			if w.stepCost(a, b) == 0 {
				w.move(a)
				w.move(b)
				free[ia], free[ib] = b, a
				w.cur = 0
				return true
			}
		}
	}
	return false
}

// Taken is how many steps the last Run took: all it was given, or those
// to the solution it found.
func (w *Walker) Taken() int { return w.taken }

// pick maps x, uniform over 64 bits, to [0, n): the high word of x·n
// (Lemire's reduction), no division.
func pick(x, n uint64) int {
	hi, _ := bits.Mul64(x, n)
	return int(hi)
}

// Solution writes the occupancy's numbers to sol (Empty where no tile).
func (w *Walker) Solution(sol []int8) {
	for i := range sol {
		sol[i] = Empty
		if w.occ[i] && w.locked[i] == Empty {
			sol[i] = w.cnt[i]
		}
	}
}

// cost is the walk's cost: how far the free tiles' numbers are from the
// level's, as the earth mover's distance between the two counts along the
// numbers 0..6 (a tile with a 3 where a 4 is missing is 1 off, where a 6
// is, 3), plus how far each locked tile is off its number. Counting only
// the tiles in surplus (a 3 for a 4 as far off as a 3 for a 6) left the
// walk on wide plateaus: on the 40 hardest of seeds 6,000,000..6,099,999
// it took a median of 28,672 steps and 2 of 40 not solved in 2 million;
// with this, 8,192 and none.
func (w *Walker) cost() int32 { return w.costOf(w.have, w.lockOff) }

// costOf is cost with have and lockOff as given: the sum over v of
// |free tiles of numbers 0..v − the level's|, the eight bytes at once
// (a loop over the numbers was a sixth of a step). The product sums
// have's bytes 0..v into byte v (at most 91 tiles: no carry); each byte
// less needSum's, 128 up, is 37..219 (no borrow); the byte's distance
// from 128 is its bits below the top one when the top one is set, 128
// less it when not; the bytes are summed in four 16-bit lanes (their sum
// can pass 255). Bytes 6 and 7 are 0: every tile is on the board. On a
// level of more than 127 tiles (wide) the sums may pass 127: number by
// number.
func (w *Walker) costOf(have uint64, lockOff int32) int32 {
	if w.wide {
		c, cum := lockOff, int32(0)
		for v := range w.need {
			cum += int32(have>>(8*v)&0xff) - w.need[v]
			c += max(cum, -cum)
		}
		return c
	}
	const ones, highs, low7 = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	d := (have*ones | highs) - w.needSum
	up := (d & highs) >> 7 * 0xff // 0xff in the bytes at 128 or more
	dist := d&up&low7 + (highs&^up - d&^up)
	const lanes = 0x00ff00ff00ff00ff
	sum := dist&lanes + dist>>8&lanes
	return lockOff + int32(sum*0x0001000100010001>>48)
}

// stepCost is the cost once the occupied free cell a and the empty free
// cell b have swapped, from the two cells' deltas (dh, dl): when they
// are not near each other no neighbour's count moves twice and neither
// cell counts the other, so the swap adds what emptying a and filling b
// each add alone (about three pairs in four of a size-6 board's); when
// they are near, the neighbours they share (one or two) and their own
// counts if they are neighbours correct that sum, where counting the
// swap out (swapCost, now the tests' reference) cost a third of the
// walk's time on the slowest levels.
func (w *Walker) stepCost(a, b int) int32 {
	have, lockOff := w.have+w.dh[a]+w.dh[b], w.lockOff+w.dl[a]+w.dl[b]
	if w.near[a*w.words+b/64]>>(b%64)&1 == 0 {
		return w.costOf(have, lockOff)
	}
	// Near: b's delta counted a's tile, which leaves first. Each
	// neighbour j they share keeps its count, where the two deltas moved
	// it down then up (sh, sl); and when a is next to b, b's own count is
	// one less and a's term in b's delta goes. No branch: which of a's
	// neighbours b shares follows no pattern the predictor learns.
	row := w.adj[b*w.words : b*w.words+w.words]
	for _, j := range w.nb[6*a : 6*a+6 : 6*a+6] {
		m := row[uint32(j)/64] >> (uint32(j) % 64) & 1
		have += w.sh[j] & -m
		lockOff += w.sl[j] & -int32(m)
	}
	cb, ca := w.cnt[b], w.cnt[a]
	have += (bit(cb-1) - bit(cb) - bit(ca+1) + bit(ca)) & -(row[a/64] >> (a % 64) & 1)
	return w.costOf(have, lockOff)
}

// shared sets sh[j] and sl[j]: what a neighbour j shared by the two
// cells of a step adds to have or lockOff (stepCost), its count kept
// where the two cells' deltas moved it down and up.
func (w *Walker) shared(j int) {
	c, l := w.cnt[j], w.locked[j]
	w.sh[j], w.sl[j] = 0, 0
	switch {
	case l != Empty:
		w.sl[j] = 2*absDiff(c, l) - absDiff(c-1, l) - absDiff(c+1, l)
	case w.occ[j]:
		w.sh[j] = 2*bit(c) - bit(c-1) - bit(c+1)
	}
}

// delta sets dh[i] and dl[i], free cell i's deltas: what emptying it
// (occupied) or filling it (empty) adds to have and lockOff, its own
// tile's number and its neighbours' counts moving by one.
func (w *Walker) delta(i int) {
	c, d := w.cnt[i], int8(1)
	h := bit(c)
	if w.occ[i] {
		h, d = -h, -1
	}
	var l32 int32
	for _, j := range w.nb[6*i : 6*i+6 : 6*i+6] {
		c := w.cnt[j]
		if l := w.locked[j]; l != Empty {
			l32 += absDiff(c+d, l) - absDiff(c, l)
		} else {
			h += (bit(c+d) - bit(c)) & mask(w.occ[j])
		}
	}
	w.dh[i], w.dl[i] = h, l32
}

// move is flip keeping the deltas, term by term rather than counting
// again the 19 cells within two steps of i (which cost a step of the
// walk a third of its time): i's own delta changes sign (filling it
// then emptying it again is no change); each neighbour j's own count
// moved by one (its own term), and so did i's occupancy (its term for
// i); and each occupied neighbour j's count moved in the term it has in
// the deltas of its own neighbours m. An empty j, a hole, a missing
// cell (n) is in no cell's delta; a locked j's own delta is never read,
// nor are a hole's, a locked cell's or n's, which are written anyway.
func (w *Walker) move(i int) {
	hi, li := w.dh[i], w.dl[i]
	w.flip(i)
	on, ci, d := w.occ[i], w.cnt[i], int8(1)
	if !on {
		d = -1
	}
	for _, j := range w.nb[6*i : 6*i+6 : 6*i+6] {
		c, l := w.cnt[j]-d, w.locked[j] // c: j's count before
		if l != Empty {
			// j's term in the delta of a neighbour m that is empty (up) or
			// occupied (down) moves by this much.
			up := absDiff(c+d+1, l) - absDiff(c+d, l) - absDiff(c+1, l) + absDiff(c, l)
			down := absDiff(c+d-1, l) - absDiff(c+d, l) - absDiff(c-1, l) + absDiff(c, l)
			for _, m := range w.nb[6*j : 6*j+6 : 6*j+6] {
				dl := up
				if w.occ[m] {
					dl = down
				}
				w.dl[m] += dl
			}
			w.sl[j] -= up + down // its shared term, from c to c+d
			continue
		}
		dj, own := int8(1), bit(c+d)-bit(c)
		if w.occ[j] {
			dj, own = -1, -own
		}
		ti := bit(ci+dj) - bit(ci)
		if !on {
			ti = -ti
		}
		w.dh[j] += own + ti
		if !w.occ[j] {
			continue
		}
		// Which of the two is right for an occupied m is never out of
		// range: an occupied neighbour of j counts in c and in c+d.
		up := bit(c+d+1) - bit(c+d) - bit(c+1) + bit(c)
		x := up ^ (bit(c+d-1) - bit(c+d) - bit(c-1) + bit(c))
		for _, m := range w.nb[6*j : 6*j+6 : 6*j+6] {
			w.dh[m] += up ^ x&mask(w.occ[m])
		}
		w.sh[j] -= up + (up ^ x) // its shared term, from c to c+d
	}
	// i's own delta changes sign; what the loops added to it (i is a
	// neighbour of each j) is dropped.
	w.dh[i], w.dl[i] = -hi, -li
	w.sh[i] = (2*bit(ci) - bit(ci-1) - bit(ci+1)) & mask(on)
}

// mask is all ones when on, else 0.
func mask(on bool) uint64 {
	var m uint64
	if on {
		m = ^uint64(0)
	}
	return m
}

// bit is one tile of number c (0 to 7) in Walker.have. The shift is
// masked to 6 bits so that the compiler checks no count of 64 or more: c
// out of range (a count past 7, or −1, as stepCost and move compute for
// cells they then mask out) gives some bit, never 0.
func bit(c int8) uint64 { return 1 << (8 * uint(uint8(c)) & 63) }

// absDiff is |c − l|.
func absDiff(c, l int8) int32 { d := int32(c) - int32(l); return max(d, -d) }

// contrib adds sign times what cell i adds to have or lockOff.
func (w *Walker) contrib(i int, sign int32) {
	switch {
	case !w.occ[i]:
	case w.locked[i] != Empty:
		d := int32(w.cnt[i]) - int32(w.locked[i])
		w.lockOff += sign * max(d, -d)
	case w.cnt[i] <= 6:
		w.have += uint64(sign) << (8 * uint8(w.cnt[i]))
	}
}

// toggle turns cell i occupied or empty, keeping the counts.
func (w *Walker) toggle(i int) {
	w.contrib(i, -1)
	for _, j := range w.nbrs[i] {
		w.contrib(j, -1)
	}
	w.occ[i] = !w.occ[i]
	d := int8(1)
	if !w.occ[i] {
		d = -1
	}
	for _, j := range w.nbrs[i] {
		w.cnt[j] += d
	}
	w.contrib(i, 1)
	for _, j := range w.nbrs[i] {
		w.contrib(j, 1)
	}
}

// flip is toggle for a free cell (not a hole, not locked), a step kept:
// what i adds to have follows from its own count, which toggling i
// leaves as it is, and each neighbour's share moves by one number (or,
// locked, its distance by one); the same counts as toggle, without
// counting the cell and its six neighbours out and in again.
func (w *Walker) flip(i int) {
	on := !w.occ[i]
	w.occ[i] = on
	d := int8(1)
	if own := uint64(1) << (8 * uint8(w.cnt[i])); on {
		w.have += own
	} else {
		w.have -= own
		d = -1
	}
	for _, j := range w.nb[6*i : 6*i+6 : 6*i+6] {
		c := w.cnt[j]
		w.cnt[j] = c + d
		if l := w.locked[j]; l != Empty {
			before, after := int32(c-l), int32(c+d-l)
			w.lockOff += max(after, -after) - max(before, -before)
		} else if w.occ[j] {
			w.have += uint64(1)<<(8*uint8(c+d)) - uint64(1)<<(8*uint8(c))
		}
	}
}

// next is the walk's xorshift generator.
func (w *Walker) next() uint64 {
	w.rng ^= w.rng << 13
	w.rng ^= w.rng >> 7
	w.rng ^= w.rng << 17
	return w.rng
}

// Cost is the cost the walk keeps step by step (0 on a solution).
func (w *Walker) Cost() int32 { return w.cur }

// Recount is the cost of w's occupancy counted afresh on prob (the
// problem w walks), from no kept count: equal to Cost, or the counts
// kept step by step went wrong.
func (w *Walker) Recount(prob Problem) int32 {
	var f Walker
	f.Alloc(len(prob.Nbrs))
	f.Init(prob, 1)
	for i, o := range w.occ[:len(prob.Nbrs)] {
		if o != f.occ[i] {
			f.toggle(i)
		}
	}
	return f.cost()
}

// Walk is the walk lane: after wait turns sat out (each a call of pause),
// turns of WalkTurn steps from tiles thrown at random (seed), until the
// walk finds a solution (written into sol: found), ctx ends (err) or
// pause ends it. nodes counts PauseNodes a turn walked. It cannot prove
// that there is none: the tree searches do. w is made by Alloc for
// prob's cells (its caller makes it, so that it is made whether the lane
// walks or not). With share (not nil), each turn that lowered the walk's
// cost writes its occupancy there (shareWalk). A level of more than 255
// movable tiles (a board of size 10 or more, nearly full) it does not
// walk: one number's count could leave its byte of Walker.have.
func Walk(ctx context.Context, prob Problem, w *Walker, seed uint64, wait int, sol []int8, pause func() bool, share *PhaseShare) (found bool, nodes int64, err error) {
	if !SitOut(wait, pause) {
		return false, 0, nil
	}
	w.Init(prob, seed)
	return WalkOn(ctx, prob, w, sol, pause, share)
}

// SitOut sits out turns turns of a lane, each a call of pause: false when
// pause (or none) ended the lane first.
func SitOut(turns int, pause func() bool) bool {
	for range turns {
		if pause == nil || !pause() {
			return false
		}
	}
	return true
}

// WalkOn is Walk from where w stands (Init, and maybe turns walked since):
// turns of WalkTurn steps, each followed by a call of pause, until a
// solution, ctx's end or pause's. Package solver's portfolio walks on
// the walker its first walk left (Solve).
func WalkOn(ctx context.Context, prob Problem, w *Walker, sol []int8, pause func() bool, share *PhaseShare) (found bool, nodes int64, err error) {
	if w.tiles > 255 {
		return false, 0, nil // a count of one number could leave its byte of have
	}
	shared := int32(-1) // the cost last written into share (-1: none)
	for {
		found := w.Run(WalkTurn)
		nodes += PauseNodes
		if share != nil && (shared < 0 || w.cur < shared) && len(share.phase) == len(prob.Nbrs) {
			w.shareWalk(share)
			shared = w.cur
		}
		switch {
		case found:
			w.Solution(sol)
			return true, nodes, nil
		case ctx.Err() != nil:
			return false, nodes, ctx.Err()
		case pause == nil || !pause():
			return false, nodes, nil
		}
	}
}

// shareWalk writes the walk's occupancy into sh as a path through every
// free cell (its depth their number, deeper than any tree search's path
// short of a solution): the phase lanes' next restarts start from the
// walk's best occupancy, as CaDiCaL rephases from its local search's best
// assignment, until their own paths go deeper than the shared depth,
// which falls at each restart (PhaseShare). Seeds 1,000,000..,
// 4,000,000.., 7,000,000.. and 15,000,000.. (100,000 each): the 400
// slowest 2.5-7.4 % fewer nodes, the p99 of the CPU per solve 2-7 %
// lower (docs/solver-tail.md, round five).
func (w *Walker) shareWalk(sh *PhaseShare) {
	for _, i := range w.free {
		sh.phase[i] = phaseEmpty
		if w.occ[i] {
			sh.phase[i] = phaseTile
		}
	}
	sh.deep = len(w.free)
}
