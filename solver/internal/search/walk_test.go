package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"hexiom/board"
)

// walkProblem is the search problem of a board position (as package
// solver's ProblemOf makes it).
func walkProblem(p board.Position) Problem {
	n := len(p.Cells)
	prob := Problem{Nbrs: p.Geom().Nbrs, Hole: make([]bool, n), Locked: make([]int8, n), Start: make([]int8, n)}
	for i, c := range p.Cells {
		prob.Hole[i] = c.Hole()
		prob.Locked[i], prob.Start[i] = Empty, Empty
		switch {
		case c.Locked():
			prob.Locked[i] = c.Tile
		case c.Movable():
			prob.Start[i] = c.Tile
		}
	}
	return prob
}

// swapCost is the cost once the occupied free cell a and the empty free
// cell b have swapped, counted without swapping them (a step that is
// not kept, most of them, writes nothing): a's own tile leaves, its
// neighbours' counts fall by one; b's tile comes with b's count less
// a if a is next to it, and b's neighbours' counts, less a's share,
// rise by one. It was the walk's step until round seven (walk.go); kept
// here as the reference stepCost, from the deltas, is checked against
// (TestStepCost).
func (w *Walker) swapCost(a, b int) int32 {
	have, lockOff := w.have-bit(w.cnt[a]), w.lockOff
	for _, j := range w.nb[6*a : 6*a+6 : 6*a+6] {
		c := w.cnt[j]
		if l := w.locked[j]; l != Empty {
			lockOff += absDiff(c-1, l) - absDiff(c, l)
		} else {
			have += (bit(c-1) - bit(c)) & mask(w.occ[j])
		}
	}
	row := w.adj[a*w.words : a*w.words+w.words]
	have += bit(w.cnt[b] - int8(row[b/64]>>(b%64)&1))
	for _, j := range w.nb[6*b : 6*b+6 : 6*b+6] {
		if int(j) == a {
			continue
		}
		c := w.cnt[j] - int8(row[j/64]>>(j%64)&1)
		if l := w.locked[j]; l != Empty {
			lockOff += absDiff(c+1, l) - absDiff(c, l)
		} else {
			have += (bit(c+1) - bit(c)) & mask(w.occ[j])
		}
	}
	return w.costOf(have, lockOff)
}

// The walk's swapCost, which counts a swap's cost without making it, is
// the cost the swap leaves, on random levels of sizes 2 to 12 (locked
// tiles, holes, and boards of more than 64 cells whose neighbours span
// words of Walker.adj), over pairs next to each other and apart, each
// swap kept or undone at random; and the cost kept is the one counted
// afresh.
func TestSwapCost(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 44))
	for size := 2; size <= board.MaxSize; size++ {
		for seed := range uint64(4) {
			prob := walkProblem(board.Random(size, seed))
			var w Walker
			w.Alloc(len(prob.Nbrs))
			w.Init(prob, seed+1)
			if w.tiles == 0 || w.tiles == len(w.free) {
				continue
			}
			for range 2000 {
				a, b := w.free[rng.IntN(len(w.free))], w.free[rng.IntN(len(w.free))]
				if !w.occ[a] || w.occ[b] {
					continue
				}
				want := w.swapCost(a, b)
				w.flip(a)
				w.flip(b)
				if got := w.cost(); got != want {
					t.Fatalf("size %d seed %d: swap %d→%d: swapCost %d, the swap made %d", size, seed, a, b, want, got)
				}
				if rng.IntN(2) == 0 {
					w.flip(b)
					w.flip(a)
				}
				w.cur = w.cost()
			}
			if got := w.Recount(prob); got != w.cost() {
				t.Fatalf("size %d seed %d: cost kept %d, counted afresh %d", size, seed, w.cost(), got)
			}
		}
	}
}

// randomWalker is a walker on the random level of size and seed, its
// tiles thrown from throw; nil when there is nothing to walk (no movable
// tile, or no empty free cell).
func randomWalker(size int, seed, throw uint64) (*Walker, Problem) {
	prob := walkProblem(board.Random(size, seed))
	w := NewWalker(len(prob.Nbrs))
	w.Init(prob, throw)
	if w.tiles == 0 || w.tiles == len(w.free) {
		return nil, prob
	}
	return w, prob
}

// stepCost, which adds the two cells' deltas when they are not near
// each other, is swapCost for every pair of an occupied and an empty free
// cell, and the deltas kept through the swaps a walk keeps are the ones
// counted afresh, on random levels of sizes 2 to 12 (locked tiles, holes,
// boards of more than 64 cells whose near sets span words), turn after
// turn.
func TestStepCost(t *testing.T) {
	for size := 2; size <= board.MaxSize; size++ {
		for seed := range uint64(3) {
			w, _ := randomWalker(size, seed, seed+3)
			if w == nil {
				continue
			}
			var pairs, apart int
			for turn := range 6 {
				solved := w.Run(200)
				for _, i := range w.free {
					h, l := w.dh[i], w.dl[i]
					if w.delta(i); w.dh[i] != h || w.dl[i] != l {
						t.Fatalf("size %d seed %d turn %d: cell %d kept deltas %#x %d, counted afresh %#x %d", size, seed, turn, i, h, l, w.dh[i], w.dl[i])
					}
				}
				for i := range w.sh { // every cell, holes, locked and n too
					h, l := w.sh[i], w.sl[i]
					if w.shared(i); w.sh[i] != h || w.sl[i] != l {
						t.Fatalf("size %d seed %d turn %d: cell %d kept shared terms %#x %d, counted afresh %#x %d", size, seed, turn, i, h, l, w.sh[i], w.sl[i])
					}
				}
				for _, a := range w.free[:w.tiles] {
					for _, b := range w.free[w.tiles:] {
						pairs++
						if w.near[a*w.words+b/64]>>(b%64)&1 == 0 {
							apart++
						}
						if got, want := w.stepCost(a, b), w.swapCost(a, b); got != want {
							t.Fatalf("size %d seed %d turn %d: swap %d→%d: stepCost %d, swapCost %d", size, seed, turn, a, b, got, want)
						}
					}
				}
				if solved {
					break
				}
			}
			if size >= 4 && (apart == 0 || apart == pairs) {
				t.Fatalf("size %d seed %d: %d of %d pairs apart: want some near, some apart", size, seed, apart, pairs)
			}
		}
	}
}

// costOf, which sums the eight bytes of have at once, is the earth
// mover's distance counted number by number, on the counts of tiles of
// random boards (any split of up to 91 tiles into numbers 0..6, against
// a level's of as many).
func TestCostOfBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 44))
	for range 100000 {
		var w Walker
		tiles := rng.IntN(92)
		var have uint64
		for range tiles {
			w.need[rng.IntN(7)]++
			have += bit(int8(rng.IntN(7)))
		}
		if rng.IntN(4) == 0 { // all of one number
			w.need, have = [7]int32{}, uint64(tiles)<<(8*rng.IntN(7))
			w.need[rng.IntN(7)] = int32(tiles)
		}
		var sum uint64
		for v := range 8 {
			if v < 7 {
				sum += uint64(w.need[v])
			}
			w.needSum |= sum << (8 * v)
		}
		lock := int32(rng.IntN(10))
		if got, want := w.costOf(have, lock), emd(have, w.need, lock); got != want {
			t.Fatalf("have %#x need %v lockOff %d: costOf %d, number by number %d", have, w.need, lock, got, want)
		}
	}
}

// Walk does not walk a level of more than 255 movable tiles, whose
// counts of one number could leave their byte of have; a level of 128 to
// 255 (costOf number by number) it walks, its cost the one counted number
// by number, to a solution on a level that is not nearly full.
func TestWalkWideLevels(t *testing.T) {
	for _, tc := range []struct {
		size, tiles   int
		walks, solves bool
	}{{7, 100, true, true}, {8, 150, true, true}, {10, 255, true, false}, {10, 256, false, false}, {12, 390, false, false}} {
		prob := walkProblem(board.Random(tc.size, 1))
		n := len(prob.Nbrs)
		// A solution of tc.tiles tiles, no hole, no lock: the first cells
		// in reading order occupied, each tile the count of its occupied
		// neighbours.
		occ := make([]bool, n)
		for i := range n {
			prob.Hole[i], prob.Locked[i], prob.Start[i] = false, Empty, Empty
			occ[i] = i < tc.tiles
		}
		for i := range tc.tiles {
			c := int8(0)
			for _, j := range prob.Nbrs[i] {
				if occ[j] {
					c++
				}
			}
			prob.Start[i] = c
		}
		w := NewWalker(n)
		sol := make([]int8, n)
		turns := 0
		found, nodes, err := Walk(context.Background(), prob, w, 3, 0, sol, func() bool { turns++; return turns < 400 }, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !tc.walks {
			if found || nodes != 0 {
				t.Errorf("size %d, %d tiles: walked %d nodes (found %v), want none", tc.size, tc.tiles, nodes, found)
			}
			continue
		}
		if nodes == 0 || tc.solves && !found {
			t.Errorf("size %d, %d tiles (wide %v): %d nodes, no solution in %d turns, cost %d", tc.size, tc.tiles, w.wide, nodes, turns, w.cur)
		}
		if want := emd(w.have, w.need, w.lockOff); w.cur != want || w.wide != (tc.tiles > 127) {
			t.Errorf("size %d, %d tiles (wide %v): cost %d, number by number %d", tc.size, tc.tiles, w.wide, w.cur, want)
		}
	}
}

// emd is Walker.costOf number by number: lockOff plus the sum over v of
// |have's tiles of numbers 0..v − need's|.
func emd(have uint64, need [7]int32, lockOff int32) int32 {
	c, cum := lockOff, int32(0)
	for v := range need {
		cum += int32(have>>(8*v)&0xff) - need[v]
		c += max(cum, -cum)
	}
	return c
}

// The walk keeps its occupied free cells first (free[:tiles], which Run
// picks from without a draw per cell) through the swaps it keeps, and the
// cost it keeps is the one counted afresh, on random levels of sizes 3 to
// 8, turn after turn.
func TestWalkKeepsTilesFirst(t *testing.T) {
	for size := 3; size <= 8; size++ {
		for seed := range uint64(3) {
			prob := walkProblem(board.Random(size, seed))
			w := NewWalker(len(prob.Nbrs))
			w.Init(prob, seed+7)
			kept := 0
			for turn := range 20 {
				before := w.cur
				solved := w.Run(300)
				for k, i := range w.free {
					if w.occ[i] != (k < w.tiles) {
						t.Fatalf("size %d seed %d turn %d: free[%d] = cell %d occupied %v, tiles %d", size, seed, turn, k, i, w.occ[i], w.tiles)
					}
				}
				if got := w.Recount(prob); got != w.cur {
					t.Fatalf("size %d seed %d turn %d: cost kept %d, counted afresh %d", size, seed, turn, w.cur, got)
				}
				if want := emd(w.have, w.need, w.lockOff); w.cur != want {
					t.Fatalf("size %d seed %d turn %d: cost %d, number by number %d", size, seed, turn, w.cur, want)
				}
				if w.cur != before {
					kept++
				}
				if solved {
					break
				}
			}
			if kept == 0 && w.cur != 0 {
				t.Errorf("size %d seed %d: the cost never moved from %d in 20 turns", size, seed, w.cur)
			}
		}
	}
}

// Each turn of the walk that lowers its cost writes its occupancy into
// the share, as a path through every free cell; a turn that does not
// lower it leaves the share alone.
func TestWalkShares(t *testing.T) {
	prob := walkProblem(board.Random(6, 13038081)) // the slowest of 13,000,000..13,099,999 (round five)
	n := len(prob.Nbrs)
	var sh PhaseShare
	sh.Reset(n)
	w := NewWalker(n)
	sol := make([]int8, n)
	lowest := int32(1 << 30)
	var turns, wrote, kept int
	pause := func() bool {
		turns++
		if w.cur < lowest {
			lowest = w.cur
			if sh.deep != len(w.free) {
				t.Fatalf("turn %d lowered the cost to %d: shared depth %d, want %d", turns, w.cur, sh.deep, len(w.free))
			}
			for _, i := range w.free {
				if want := map[bool]int8{false: phaseEmpty, true: phaseTile}[w.occ[i]]; sh.phase[i] != want {
					t.Fatalf("turn %d: cell %d shared %d, the walk's occupancy %d", turns, i, sh.phase[i], want)
				}
			}
			wrote++
		} else {
			for i, v := range sh.phase {
				if v != 0 || sh.deep != -7 {
					t.Fatalf("turn %d did not lower the cost (%d) but wrote the share: cell %d %d, depth %d", turns, w.cur, i, v, sh.deep)
				}
			}
			kept++
		}
		clear(sh.phase)
		sh.deep = -7
		return turns < 40
	}
	for seed := uint64(1); seed <= 4; seed++ {
		lowest = 1 << 30
		Walk(context.Background(), prob, w, seed, 0, sol, pause, &sh)
	}
	t.Logf("%d turns wrote, %d kept", wrote, kept)
	if wrote == 0 || kept == 0 {
		t.Fatalf("%d turns wrote the share, %d did not: want both", wrote, kept)
	}
}

// exit finds a swap to a solution whenever one of two cells not near each
// other exists (the deltas sum to it), and every swap it makes is one:
// walks on random levels of sizes 3 to 8 stopped each time a kept step
// leaves the cost at 2, every pair counted by stepCost against exit's
// answer, the occupancy it leaves counted afresh (Recount).
func TestWalkExit(t *testing.T) {
	var states, found, nearOnly int
	for size := 3; size <= 8; size++ {
		for seed := range uint64(40) {
			w, prob := randomWalker(size, seed, seed+7)
			if w == nil {
				continue
			}
			for turn := 0; turn < 2000 && w.cur != 0; turn++ {
				// One step at a time, with exit left out: copy the walker's
				// choice of a kept step by hand.
				free := w.free
				ia, ib := pick(w.next(), uint64(w.tiles)), w.tiles+pick(w.next(), uint64(len(free)-w.tiles))
				a, b := free[ia], free[ib]
				c := w.stepCost(a, b)
				if c > w.cur {
					continue
				}
				w.move(a)
				w.move(b)
				free[ia], free[ib] = b, a
				w.cur = c
				if c != exitCost {
					continue
				}
				states++
				apart, any := false, false
				for _, a := range free[:w.tiles] {
					for _, b := range free[w.tiles:] {
						if w.stepCost(a, b) == 0 {
							any = true
							apart = apart || w.near[a*w.words+b/64]>>(b%64)&1 == 0
						}
					}
				}
				got := w.exit()
				switch {
				case apart && !got:
					t.Fatalf("size %d seed %d: a swap of two cells apart solves the level; exit found none", size, seed)
				case got && (w.cur != 0 || w.Recount(prob) != 0):
					t.Fatalf("size %d seed %d: exit made a swap: cost kept %d, counted afresh %d", size, seed, w.cur, w.Recount(prob))
				case !got && any:
					nearOnly++
				case got:
					found++
				}
				if got {
					break
				}
			}
		}
	}
	t.Logf("%d states of cost %d: exit made %d swaps to a solution; %d had one of near cells only", states, exitCost, found, nearOnly)
	if found == 0 || states < 100 {
		t.Fatalf("%d states, %d solved by exit: too few to say anything", states, found)
	}
}

// Luby is the Luby sequence, and Run throws the tiles again after
// throwSteps·Luby(k) steps from the k-th throw: on a level with no
// solution (a 5 with four other tiles), the throws over a long run are
// the ones the sequence gives, and the same on every run.
func TestWalkThrows(t *testing.T) {
	want := []int{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, v := range want {
		if got := Luby(i + 1); got != v {
			t.Fatalf("Luby(%d) = %d, want %d", i+1, got, v)
		}
	}
	p, err := board.Parse("five", []byte("3\n   5 1 1\n  1 1 . .\n . . . . .\n  . . . .\n   . . .\n"))
	if err != nil {
		t.Fatal(err)
	}
	prob := walkProblem(p)
	steps := throwSteps * (1 + 1 + 2 + 1 + 1 + 2 + 4) // seven throws' steps: the eighth throw is made
	var first []bool
	for run := range 2 {
		w := NewWalker(len(prob.Nbrs))
		w.Init(prob, 3)
		var occ []bool
		if w.Run(steps+1) || w.Taken() != steps+1 {
			t.Fatalf("a level with no solution: Run solved it, or took %d steps of %d", w.Taken(), steps+1)
		}
		if w.throws != 8 || w.since != 1 {
			t.Fatalf("after %d steps: throw %d, %d steps since; want throw 8, 1 step since", steps+1, w.throws, w.since)
		}
		occ = append(occ, w.occ...)
		if run == 1 && !slices.Equal(occ, first) {
			t.Fatal("the same seed walked to another occupancy")
		}
		first = occ
	}
}

// A walker kept for reuse (package solver's walkers) walks as a new one:
// Init lays out the neighbours again only for other ones, and Reserve
// makes the slices again for another size. Levels of sizes 6, 6, 5, 6 in
// turn on one walker, each against a new walker from the same throw: the
// same steps to the same occupancy.
func TestWalkerReuse(t *testing.T) {
	var kept Walker
	for k, c := range []struct {
		size int
		seed uint64
	}{{6, 11}, {6, 12}, {5, 13}, {6, 14}} {
		prob := walkProblem(board.Random(c.size, c.seed))
		kept.Reserve(len(prob.Nbrs))
		kept.Init(prob, 5)
		fresh := NewWalker(len(prob.Nbrs))
		fresh.Init(prob, 5)
		a, b := kept.Run(20000), fresh.Run(20000)
		if a != b || kept.Taken() != fresh.Taken() || !slices.Equal(kept.occ, fresh.occ) || kept.Recount(prob) != kept.Cost() {
			t.Fatalf("level %d (size %d): the kept walker took %d steps (%v), a new one %d (%v), or another occupancy", k, c.size, kept.Taken(), a, fresh.Taken(), b)
		}
	}
}
