package actuate

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"hexiom/board"
)

// randomPair returns a start and a target of side s that hold the same
// tiles: a few holes and locked tiles, tiles of digits 0..digits−1 (few
// digits make many interchangeable tiles, so cycles and choices abound), and
// the target a partial shuffle of the start so that some tiles stay.
func randomPair(rng *rand.Rand, s, tiles, digits int) (start, target board.Position) {
	start = board.New(s)
	n := len(start.Cells)
	perm := rng.Perm(n)
	holes, locked := rng.IntN(3), rng.IntN(3)
	k := 0
	for ; k < holes; k++ {
		start.Cells[perm[k]].Fixed = true
	}
	for ; k < holes+locked; k++ {
		start.Cells[perm[k]] = board.Cell{Tile: int8(rng.IntN(7)), Fixed: true}
	}
	free := perm[k:]
	tiles = min(tiles, len(free)-1) // keep a free cell
	for _, c := range free[:tiles] {
		start.Cells[c].Tile = int8(rng.IntN(digits))
	}
	target = start.Clone()
	// Shuffle the contents of a random subset of the non-fixed cells.
	sub := rng.Perm(len(free))[:rng.IntN(len(free)+1)]
	vals := make([]int8, len(sub))
	for i, j := range sub {
		vals[i] = start.Cells[free[j]].Tile
	}
	rng.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
	for i, j := range sub {
		target.Cells[free[j]].Tile = vals[i]
	}
	return start, target
}

// bfs returns the fewest drags from start to target by breadth-first search
// over every sequence of drags the game accepts, or −1 beyond limit. Boards
// up to size 3 (19 cells).
func bfs(start, target board.Position, swap bool, limit int) int {
	type state [19]int8
	enc := func(p board.Position) state {
		var s state
		for i, c := range p.Cells {
			s[i] = c.Tile
		}
		return s
	}
	n := len(start.Cells)
	fixed := make([]bool, n)
	for i, c := range start.Cells {
		fixed[i] = c.Fixed
	}
	goal := enc(target)
	seen := map[state]bool{enc(start): true}
	frontier := []state{enc(start)}
	for d := 0; d <= limit; d++ {
		var next []state
		for _, p := range frontier {
			if p == goal {
				return d
			}
			for a := 0; a < n; a++ {
				for b := 0; b < n; b++ {
					if !bfsLegal(p[:n], fixed, a, b, swap) {
						continue
					}
					q := p
					q[a], q[b] = p[b], p[a]
					if !seen[q] {
						seen[q] = true
						next = append(next, q)
					}
				}
			}
		}
		frontier = next
	}
	return -1
}

// bfsLegal is the brute force's own statement of the game's rule: a movable
// tile goes onto a free cell, or trades places with a movable tile when the
// game swaps.
func bfsLegal(tiles []int8, fixed []bool, a, b int, swap bool) bool {
	return a != b && !fixed[a] && tiles[a] != board.None && !fixed[b] && (tiles[b] == board.None || swap)
}

// TestBruteForceFollowsDrop keeps bfs honest: its rule is Drop's.
func TestBruteForceFollowsDrop(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 200; k++ {
		start, _ := randomPair(rng, 2, 4, 3)
		for _, swap := range []bool{false, true} {
			for a := range start.Cells {
				for b := range start.Cells {
					q := start.Clone()
					ok := Drop(&q, board.Move{From: a, To: b}, swap) == nil
					tiles := make([]int8, len(start.Cells))
					fixed := make([]bool, len(start.Cells))
					for i, c := range start.Cells {
						tiles[i], fixed[i] = c.Tile, c.Fixed
					}
					if legal := bfsLegal(tiles, fixed, a, b, swap); legal != ok {
						t.Fatalf("drag %d→%d swap=%v: Drop says legal=%v, brute force %v\n%s", a, b, swap, ok, legal, start)
					}
					if ok && start.Cells[a].Tile != start.Cells[b].Tile && bfs(start, q, swap, 1) != 1 {
						t.Fatalf("drag %d→%d swap=%v: brute force does not reach Drop's result in one drag", a, b, swap)
					}
				}
			}
		}
	}
}

// replay plays moves on start with the game's rule and reports the end.
func replay(t *testing.T, start board.Position, moves []board.Move, swap bool) board.Position {
	t.Helper()
	p := start.Clone()
	for i, m := range moves {
		if err := Drop(&p, m, swap); err != nil {
			t.Fatalf("drag %d of %d (%d→%d) refused by the game's rule: %v\nstart:\n%s", i+1, len(moves), m.From, m.To, err, start)
		}
	}
	return p
}

// lowerBound is the count no plan can beat: one drag per tile off a cell
// that wants another number.
func lowerBound(start, target board.Position) int {
	n := 0
	for i, c := range start.Cells {
		if c.Movable() && target.Cells[i].Tile != c.Tile {
			n++
		}
	}
	return n
}

// TestPlanIsMinimalAgainstBruteForce proves the plans' drag counts optimal:
// on small random boards, breadth-first search over every sequence of legal
// drags finds no shorter way, with and without swapping.
func TestPlanIsMinimalAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		size, tiles, digits, n int
	}{
		{2, 6, 2, 300}, // full but one: cycles need the one free cell
		{2, 4, 2, 300},
		{2, 5, 3, 300},
		{2, 6, 5, 400}, // many labels: the swap plan's cycle search matters
		{2, 5, 7, 400},
		{3, 5, 2, 15},
		{3, 6, 3, 6},
	}
	// -short (the fast tier) tries a quarter of the boards of each kind.
	part, minCycles := 1, 50
	if testing.Short() {
		part, minCycles = 4, 12
	}
	cycles := 0 // instances that needed a drag beyond the lower bound
	for _, tc := range cases {
		for k := 0; k < (tc.n+part-1)/part; k++ {
			start, target := randomPair(rng, tc.size, tc.tiles, tc.digits)
			for _, swap := range []bool{false, true} {
				plan := Plan
				if swap {
					plan = PlanSwap
				}
				moves, err := plan(start, target)
				if err != nil {
					t.Fatalf("swap=%v: %v\nstart:\n%s\ntarget:\n%s", swap, err, start, target)
				}
				if got := replay(t, start, moves, swap); !got.Equal(target) {
					t.Fatalf("swap=%v: plan ends at\n%s\nwant\n%s", swap, got, target)
				}
				want := bfs(start, target, swap, len(moves))
				if want != len(moves) {
					t.Fatalf("swap=%v: plan makes %d drags, brute force finds %d\nstart:\n%s\ntarget:\n%s\nplan: %v",
						swap, len(moves), want, start, target, moves)
				}
				if !swap && len(moves) > lowerBound(start, target) {
					cycles++
				}
			}
		}
	}
	// The instances must exercise the hard part, not only chains.
	if cycles < minCycles {
		t.Errorf("only %d instances needed a cycle broken; the test does not exercise cycles", cycles)
	}
	t.Logf("%d instances needed a cycle broken", cycles)
}

// TestPlanKeepsRightTilesAndMovesEachOnce checks the plan's shape on the
// official levels against a solution: tiles on a cell that wants their number
// never move, and the count is the lower bound plus one per cycle of tiles.
func TestPlanOnOfficialLevels(t *testing.T) {
	files, err := filepath.Glob("../levels/level*.txt")
	if err != nil || len(files) < 40 {
		t.Fatalf("official levels: %d files, %v", len(files), err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		start, err := board.Parse(f, data)
		if err != nil {
			t.Fatal(err)
		}
		// A target with the same tiles: the start's movable contents shuffled.
		target := start.Clone()
		var free []int
		for i, c := range start.Cells {
			if !c.Fixed {
				free = append(free, i)
			}
		}
		perm := rng.Perm(len(free))
		for i, j := range perm {
			target.Cells[free[i]].Tile = start.Cells[free[j]].Tile
		}
		for _, swap := range []bool{false, true} {
			plan := Plan
			if swap {
				plan = PlanSwap
			}
			moves, err := plan(start, target)
			if err != nil {
				if errors.Is(err, ErrNoFreeCell) {
					continue // a board full of tiles cannot be rearranged
				}
				t.Fatalf("%s swap=%v: %v", f, swap, err)
			}
			if got := replay(t, start, moves, swap); !got.Equal(target) {
				t.Fatalf("%s swap=%v: plan does not reach the target", f, swap)
			}
			for _, m := range moves {
				if c := start.Cells[m.From]; c.Tile != board.None && target.Cells[m.From].Tile == c.Tile && !touchedBefore(moves, m) {
					t.Fatalf("%s swap=%v: drag %v moves a tile that was already right", f, swap, m)
				}
			}
			if lb := lowerBound(start, target); len(moves) < lb/2 || (!swap && len(moves) < lb) {
				t.Fatalf("%s swap=%v: %d drags, below the lower bound %d", f, swap, len(moves), lb)
			}
		}
	}
}

// touchedBefore reports whether an earlier move than m put something on
// m.From, so that the tile m moves is not the one that started there.
func touchedBefore(moves []board.Move, m board.Move) bool {
	for _, o := range moves {
		if o == m {
			return false
		}
		if o.To == m.From || o.From == m.From {
			return true
		}
	}
	return false
}

func TestPlanRejectsIncompatibleTarget(t *testing.T) {
	start := board.New(2)
	start.Cells[0].Tile = 1
	start.Cells[3] = board.Cell{Tile: board.None, Fixed: true}
	for _, tc := range []struct {
		name   string
		change func(p *board.Position)
	}{
		{"other tiles", func(p *board.Position) { p.Cells[0].Tile = 2 }},
		{"hole moved", func(p *board.Position) { p.Cells[3].Fixed = false; p.Cells[4].Fixed = true }},
		{"size", func(p *board.Position) { *p = board.New(3) }},
	} {
		target := start.Clone()
		tc.change(&target)
		if _, err := Plan(start, target); err == nil {
			t.Errorf("%s: Plan accepted an unreachable target", tc.name)
		}
		if _, err := PlanSwap(start, target); err == nil {
			t.Errorf("%s: PlanSwap accepted an unreachable target", tc.name)
		}
	}
}

func TestPlanNoFreeCell(t *testing.T) {
	start := board.New(2)
	for i := range start.Cells {
		start.Cells[i].Tile = int8(i % 2)
	}
	target := start.Clone()
	target.Cells[0].Tile, target.Cells[1].Tile = start.Cells[1].Tile, start.Cells[0].Tile
	if _, err := Plan(start, target); !errors.Is(err, ErrNoFreeCell) {
		t.Errorf("Plan on a full board with a cycle: %v, want no free cell", err)
	}
	moves, err := PlanSwap(start, target)
	if err != nil || len(moves) != 1 {
		t.Errorf("PlanSwap on a full board with a 2-cycle: %v %v, want one swap", moves, err)
	}
}

func BenchmarkPlanSize6(b *testing.B) {
	var pairs [][2]board.Position
	for seed := uint64(0); seed < 50; seed++ {
		lvl, sol := board.RandomWithSolution(6, seed)
		pairs = append(pairs, [2]board.Position{lvl, sol})
	}
	for _, swap := range []bool{false, true} {
		name := "free"
		plan := Plan
		if swap {
			name, plan = "swap", PlanSwap
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				p := pairs[i%len(pairs)]
				if _, err := plan(p[0], p[1]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// naiveMaxCycles is the most cycles the edges of cnt split into, by trying
// every simple cycle through every edge (no memo, no shortcut).
func naiveMaxCycles(cnt *counts) int {
	a, b := -1, -1
	for i := 0; i < labels && a < 0; i++ {
		for j := 0; j < labels; j++ {
			if cnt[i][j] > 0 {
				a, b = i, j
				break
			}
		}
	}
	if a < 0 {
		return 0
	}
	best := -1
	var path []int
	var on [labels]bool
	var walk func(v int)
	walk = func(v int) {
		for w := 0; w < labels; w++ {
			if cnt[v][w] == 0 {
				continue
			}
			if w == a {
				cyc := append([]int(nil), path...)
				cnt.add(cyc, -1)
				best = max(best, 1+naiveMaxCycles(cnt))
				cnt.add(cyc, +1)
				continue
			}
			if !on[w] {
				on[w] = true
				path = append(path, w)
				walk(w)
				path = path[:len(path)-1]
				on[w] = false
			}
		}
	}
	on[a], on[b] = true, true
	path = []int{a, b}
	walk(b)
	return best
}

// TestCycleSearchExact checks the swap plan's cycle search against an
// exhaustive one on random balanced label graphs made of random cycles, and
// that a greedy first choice would sometimes lose a cycle (so the search is
// needed).
func TestCycleSearchExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	greedyLost := 0
	for k := 0; k < 400; k++ {
		var cnt counts
		for c := 0; c < 2+rng.IntN(3); c++ {
			cyc := rng.Perm(labels)[:3+rng.IntN(3)]
			cnt.add(cyc, +1)
		}
		want := naiveMaxCycles(&cnt)
		c1 := cnt
		got := (&cycleSearch{memo: map[counts]searchResult{}, budget: 1 << 30}).best(&c1)
		if len(got.cycles) != want {
			t.Fatalf("search finds %d cycles, exhaustive %d: %v", len(got.cycles), want, cnt)
		}
		var sum counts
		for _, cyc := range got.cycles {
			sum.add(cyc, +1)
		}
		if sum != cnt {
			t.Fatalf("cycles %v do not cover the edges %v exactly", got.cycles, cnt)
		}
		c2 := cnt
		if g := (&cycleSearch{memo: map[counts]searchResult{}, budget: 0}).best(&c2); len(g.cycles) < want {
			greedyLost++
		}
	}
	if greedyLost == 0 {
		t.Errorf("greedy never lost a cycle: the instances do not test the search")
	}
	t.Logf("greedy lost a cycle in %d of 400 graphs", greedyLost)
}

// depth is the longest run of drags in moves each sharing a cell with the
// one before it: how many times a bot that overlaps its drags must wait for
// the screen to show one before it makes the next.
func depth(moves []board.Move) int {
	last := map[int]int{}
	h := make([]int, len(moves))
	best := 0
	for j, m := range moves {
		h[j] = 1
		for _, c := range [2]int{m.From, m.To} {
			if i, ok := last[c]; ok {
				h[j] = max(h[j], h[i]+1)
			}
		}
		last[m.From], last[m.To] = j, j
		best = max(best, h[j])
	}
	return best
}

// TestPlanChainsShort: the chains of a plan are short and even. Over 200
// random size-6 plans the longest run of drags each waiting for the one
// before is about the drags shared evenly among the chains (one per cell
// empty now that must take a tile), never far above; one Euler circuit
// walked in cell order gave 11.2 on average against that bound's 4.3.
func TestPlanChainsShort(t *testing.T) {
	sum, far := 0, 0
	const n = 200
	for seed := uint64(0); seed < n; seed++ {
		start, target := board.RandomWithSolution(6, seed)
		moves, err := Plan(start, target)
		if err != nil {
			t.Fatal(err)
		}
		chains := 0
		for c := range start.Cells {
			if start.Cells[c].Tile == board.None && target.Cells[c].Tile != board.None {
				chains++
			}
		}
		even := (len(moves) + chains - 1) / max(chains, 1)
		d := depth(moves)
		sum += d
		if d > even+2 {
			far++
		}
		if d > even+5 {
			t.Errorf("seed %d: %d drags in %d chains, the longest run %d (even: %d)", seed, len(moves), chains, d, even)
		}
	}
	if mean := float64(sum) / n; mean > 6 || far > n/10 {
		t.Errorf("longest runs: mean %.2f (want at most 6), %d plans more than 2 above even (want at most %d)", mean, far, n/10)
	}
}
