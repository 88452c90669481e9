package search

import "context"

// WalkTurn is how many steps the walk takes at a turn of the portfolio:
// a step (a swap tried, ~80 ns) costs about a quarter of a search node
// (~300 ns), so a turn of the walk takes about as long as another lane's
// PauseNodes nodes, and counts as that many nodes.
const WalkTurn = 4 * PauseNodes

// Walker is a local search over occupancy, the walk lane of package
// solver's portfolio (issue 44, docs/solver-tail.md, round three): the free cells
// hold exactly as many tiles as the level has movable ones, each tile's
// number being the count of its occupied neighbours; the cost (cost) is 0
// on a solution. A step swaps a random occupied free cell with a random
// empty one and keeps the swap when the cost does not rise (a walk on the
// plateaus, which needs no restarts: throwing the tiles again every 20
// turns changed nothing on the hardest seeds).
type Walker struct {
	nbrs    [][]int
	locked  []int8
	free    []int  // the free cells (not holes, not locked)
	occ     []bool // the occupancy walked
	cnt     []int8 // each cell's occupied neighbours
	need    [7]int32
	have    [7]int32 // the free tiles of each number
	lockOff int32    // Σ |cnt − number| over the locked tiles
	tiles   int
	cur     int32 // the cost
	rng     uint64
}

// Init sets w up on prob, the tiles on random free cells (seed), in the
// slices that Alloc made.
func (w *Walker) Init(prob Problem, seed uint64) {
	n := len(prob.Nbrs)
	occ, cnt := w.occ[:n], w.cnt[:n]
	clear(occ)
	clear(cnt)
	*w = Walker{nbrs: prob.Nbrs, locked: prob.Locked, occ: occ, cnt: cnt, free: w.free[:0],
		rng: seed*0x9E3779B97F4A7C15 | 1}
	for i := 0; i < n; i++ {
		if t := prob.Start[i]; t != Empty {
			w.need[t]++
			w.tiles++
		}
		if !prob.Hole[i] && prob.Locked[i] == Empty {
			w.free = append(w.free, i)
		}
	}
	for i := 0; i < n; i++ {
		if prob.Locked[i] != Empty {
			w.toggle(i)
		}
	}
	w.shuffle()
}

// Alloc makes w's slices for n cells, so that Init allocates nothing.
func (w *Walker) Alloc(n int) {
	w.occ, w.cnt, w.free = make([]bool, n), make([]int8, n), make([]int, 0, n)
}

// shuffle puts the tiles on a random set of free cells.
func (w *Walker) shuffle() {
	for _, i := range w.free {
		if w.occ[i] {
			w.toggle(i)
		}
	}
	nf := len(w.free)
	for k := 0; k < w.tiles; k++ {
		j := k + int(w.next()%uint64(nf-k))
		w.free[k], w.free[j] = w.free[j], w.free[k]
		w.toggle(w.free[k])
	}
	w.cur = w.cost()
}

// Run takes up to steps steps; true when the occupancy is a solution.
func (w *Walker) Run(steps int) bool {
	nf := uint64(len(w.free))
	if w.cur == 0 || w.tiles == 0 || w.tiles == len(w.free) {
		return w.cur == 0
	}
	for range steps {
		a, b := w.free[w.next()%nf], w.free[w.next()%nf]
		for !w.occ[a] {
			a = w.free[w.next()%nf]
		}
		for w.occ[b] {
			b = w.free[w.next()%nf]
		}
		w.toggle(a)
		w.toggle(b)
		if c := w.cost(); c <= w.cur {
			w.cur = c
			if c == 0 {
				return true
			}
		} else {
			w.toggle(b)
			w.toggle(a)
		}
	}
	return false
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
func (w *Walker) cost() int32 {
	c := w.lockOff
	var cum int32
	for v := range w.have {
		cum += w.have[v] - w.need[v]
		c += max(cum, -cum)
	}
	return c
}

// contrib adds sign times what cell i adds to have or lockOff.
func (w *Walker) contrib(i int, sign int32) {
	switch {
	case !w.occ[i]:
	case w.locked[i] != Empty:
		d := int32(w.cnt[i]) - int32(w.locked[i])
		w.lockOff += sign * max(d, -d)
	case w.cnt[i] <= 6:
		w.have[w.cnt[i]] += sign
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
	f.Alloc(len(w.occ))
	f.Init(prob, 1)
	for i, o := range w.occ {
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
// that there is none: the tree searches do.
func Walk(ctx context.Context, prob Problem, seed uint64, wait int, sol []int8, pause func() bool) (found bool, nodes int64, err error) {
	var w Walker
	w.Alloc(len(prob.Nbrs)) // at the lane's first turn, walking or not
	for range wait {
		if pause == nil || !pause() {
			return false, 0, nil
		}
	}
	w.Init(prob, seed)
	for {
		found := w.Run(WalkTurn)
		nodes += PauseNodes
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
