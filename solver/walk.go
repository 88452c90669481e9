package solver

import (
	"context"

	"hexiom/solver/internal/search"
)

// walkTurn is how many steps the walk takes at a turn of the portfolio:
// a step (a swap tried, ~80 ns) costs about a quarter of a search node
// (~300 ns), so a turn of the walk takes about as long as another lane's
// search.PauseNodes nodes, and counts as that many nodes.
const walkTurn = 4 * search.PauseNodes

// walker is a local search over occupancy, the walk lane of Solve's
// portfolio (issue 44, docs/solver-tail.md, round three): the free cells
// hold exactly as many tiles as the level has movable ones, each tile's
// number being the count of its occupied neighbours; the cost (cost) is 0
// on a solution. A step swaps a random occupied free cell with a random
// empty one and keeps the swap when the cost does not rise (a walk on the
// plateaus, which needs no restarts: throwing the tiles again every 20
// turns changed nothing on the hardest seeds).
type walker struct {
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

// init sets w up on prob, the tiles on random free cells (seed), in the
// slices that alloc made.
func (w *walker) init(prob search.Problem, seed uint64) {
	n := len(prob.Nbrs)
	*w = walker{nbrs: prob.Nbrs, locked: prob.Locked, occ: w.occ[:0], cnt: w.cnt[:0], free: w.free[:0],
		rng: seed*0x9E3779B97F4A7C15 | 1}
	w.occ, w.cnt = append(w.occ, make([]bool, n)...), append(w.cnt, make([]int8, n)...)
	for i := 0; i < n; i++ {
		if t := prob.Start[i]; t != search.Empty {
			w.need[t]++
			w.tiles++
		}
		if !prob.Hole[i] && prob.Locked[i] == search.Empty {
			w.free = append(w.free, i)
		}
	}
	for i := 0; i < n; i++ {
		if prob.Locked[i] != search.Empty {
			w.toggle(i)
		}
	}
	w.shuffle()
}

// alloc makes w's slices for n cells, so that init allocates nothing.
func (w *walker) alloc(n int) {
	w.occ, w.cnt, w.free = make([]bool, 0, n), make([]int8, 0, n), make([]int, 0, n)
}

// shuffle puts the tiles on a random set of free cells.
func (w *walker) shuffle() {
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

// run takes up to steps steps; true when the occupancy is a solution.
func (w *walker) run(steps int) bool {
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

// solution writes the occupancy's numbers to sol (Empty where no tile).
func (w *walker) solution(sol []int8) {
	for i := range sol {
		sol[i] = search.Empty
		if w.occ[i] && w.locked[i] == search.Empty {
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
func (w *walker) cost() int32 {
	c := w.lockOff
	var cum int32
	for v := range w.have {
		cum += w.have[v] - w.need[v]
		c += max(cum, -cum)
	}
	return c
}

// contrib adds sign times what cell i adds to have or lockOff.
func (w *walker) contrib(i int, sign int32) {
	switch {
	case !w.occ[i]:
	case w.locked[i] != search.Empty:
		d := int32(w.cnt[i]) - int32(w.locked[i])
		w.lockOff += sign * max(d, -d)
	case w.cnt[i] <= 6:
		w.have[w.cnt[i]] += sign
	}
}

// toggle turns cell i occupied or empty, keeping the counts.
func (w *walker) toggle(i int) {
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

func (w *walker) next() uint64 {
	w.rng ^= w.rng << 13
	w.rng ^= w.rng >> 7
	w.rng ^= w.rng << 17
	return w.rng
}

// walkLane is the walk lane (step.walk; findFirst runs it as a lane's only
// step): after st.wait turns sat out,
// turns of walkTurn steps from tiles thrown at random (st.seed), until the
// walk finds a solution (into sol) or pause ends it. It cannot prove that
// there is none: the other lanes do.
func walkLane(ctx context.Context, prob search.Problem, st step, sol []int8, pause func() bool, at *Attempt) {
	var w walker
	w.alloc(len(prob.Nbrs)) // at the lane's first turn, walking or not
	for range st.wait {
		if pause == nil || !pause() {
			return
		}
	}
	w.init(prob, st.seed+1)
	for {
		found := w.run(walkTurn)
		at.Nodes += search.PauseNodes
		switch {
		case found:
			w.solution(sol)
			at.Found, at.Sol = true, sol
			return
		case ctx.Err() != nil:
			at.Err = ctx.Err()
			return
		case pause == nil || !pause():
			return
		}
	}
}
