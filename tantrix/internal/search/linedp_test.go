package search

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The tiles 1..10 (package tantrix's Tiles), edges NE..NW, R=0 B=1 Y=2.
var testTiles = [10]string{"BRYYBR", "RBYYBR", "YRRBBY", "RBRYBY", "YRBBRY", "BYBRYR", "YRBBYR", "RYBBRY", "BRBYRY", "RBYYRB"}

// testTileColours is testTiles as NewWalker takes them.
func testTileColours() (tc [10][6]uint8) {
	for t := range tc {
		for e := 0; e < 6; e++ {
			tc[t][e] = map[byte]uint8{'R': 0, 'B': 1, 'Y': 2}[testTiles[t][e]]
		}
	}
	return
}

// testProblem is challenge n in colour col on the given places.
func testProblem(places [][2]int32, n int, col uint8) Problem {
	p := Problem{Colour: col, Nbr: make([]int32, 6*len(places))}
	at := map[[2]int32]int32{}
	for i, pl := range places {
		at[pl] = int32(i)
	}
	for i, pl := range places {
		for e := 0; e < 6; e++ {
			j, ok := at[[2]int32{pl[0] + dirQR[e][0], pl[1] + dirQR[e][1]}]
			if !ok {
				j = -1
			}
			p.Nbr[6*i+e] = j
		}
	}
	p.Tiles = testTileColours()
	for t := 0; t < 10; t++ {
		if t < n {
			p.Count[t] = (n - t + 9) / 10
		}
	}
	return p
}

// randomShape grows n places from (0, 0), each beside one already taken:
// of three free places drawn at random, the one with most taken
// neighbours (compact shapes have more loops).
func randomShape(n int, rng *rand.Rand) [][2]int32 {
	ps := [][2]int32{{0, 0}}
	in := map[[2]int32]bool{{0, 0}: true}
	around := func(x [2]int32) int {
		k := 0
		for e := 0; e < 6; e++ {
			if in[[2]int32{x[0] + dirQR[e][0], x[1] + dirQR[e][1]}] {
				k++
			}
		}
		return k
	}
	for len(ps) < n {
		var best [2]int32
		bestK := -1
		for try := 0; try < 3; try++ {
			b := ps[rng.IntN(len(ps))]
			e := rng.IntN(6)
			x := [2]int32{b[0] + dirQR[e][0], b[1] + dirQR[e][1]}
			if !in[x] && around(x) > bestK {
				best, bestK = x, around(x)
			}
		}
		if bestK >= 0 {
			in[best] = true
			ps = append(ps, best)
		}
	}
	return ps
}

// bruteLines walks every loop through all the places (a Hamiltonian
// cycle of the board) whose lines the start domains allow and whose
// sharp, wide and straight lines number what the tiles bring; it returns
// whether one exists and, per place, the pairs of edges such loops use.
func bruteLines(s *Solver) (bool, []uint16) {
	n := s.n
	var need [3]int
	for t := 0; t < 10; t++ {
		if s.count[t] > 0 {
			need[lineKind(s.lineEdge[6*t][0], s.lineEdge[6*t][1])] += int(s.count[t])
		}
	}
	alive := make([]uint16, n)
	path := []int32{0}
	inPath := make([]bool, n)
	inPath[0] = true
	edgeTo := func(p, q int32) int8 {
		for e := int8(0); e < 6; e++ {
			if s.nbr[6*p+int32(e)] == q {
				return e
			}
		}
		return -1
	}
	found := false
	var rec func()
	rec = func() {
		p := path[len(path)-1]
		if len(path) == n {
			if edgeTo(p, 0) < 0 {
				return
			}
			var cnt [3]int
			pairs := make([]int, n)
			for i := range path {
				a := edgeTo(path[i], path[(i+n-1)%n])
				b := edgeTo(path[i], path[(i+1)%n])
				a, b = min(a, b), max(a, b)
				if s.start[path[i]]&s.pairMask[a][b] == 0 {
					return
				}
				cnt[lineKind(a, b)]++
				pairs[i] = int(a)*6 + int(b)
			}
			if cnt != need {
				return
			}
			found = true
			for i, pl := range path {
				k := 0
				for a := 0; a < 6; a++ {
					for b := a + 1; b < 6; b++ {
						if a*6+b == pairs[i] {
							alive[pl] |= 1 << k
						}
						k++
					}
				}
			}
			return
		}
		for e := 0; e < 6; e++ {
			q := s.nbr[6*p+int32(e)]
			if q >= 0 && !inPath[q] {
				inPath[q] = true
				path = append(path, q)
				rec()
				path = path[:len(path)-1]
				inPath[q] = false
			}
		}
	}
	if n >= 3 {
		rec()
	}
	return found, alive
}

// lineFilter against a walk of every loop, on random small boards: the
// same verdict, and the start domains keep exactly the lines of the loops
// with the tiles' counts.
func TestLineFilterAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	some, none := 0, 0
	for trial := 0; trial < 400; trial++ {
		n := 4 + rng.IntN(9)
		shape := randomShape(n, rng)
		s := New(testProblem(shape, n, uint8(rng.IntN(3))))
		copy(s.start, s.init)
		want, alive := bruteLines(s)
		st, _ := s.lineFilter(nil, 1)
		if st == Stopped {
			t.Fatalf("trial %d: stopped on %d places", trial, n)
		}
		if (st == Solved) != want {
			t.Fatalf("trial %d (%v, colour %d): lineFilter %v, a walk of every loop finds one: %v", trial, shape, s.colour, st, want)
		}
		if !want {
			none++
			continue
		}
		some++
		for p := range s.start {
			var m uint64
			for k := 0; k < 15; k++ {
				if alive[p]&(1<<k) != 0 {
					m |= s.pairMask[s.dp.pairA[k]][s.dp.pairB[k]]
				}
			}
			if s.start[p] != s.init[p]&m {
				t.Fatalf("trial %d (%v): place %d keeps %d combos, the loops use %d of %d (pairs %015b)", trial, shape, p,
					bits.OnesCount64(s.start[p]), bits.OnesCount64(s.init[p]&m), bits.OnesCount64(s.init[p]), alive[p])
			}
		}
	}
	t.Logf("%d boards with such a loop, %d without", some, none)
	if some < 20 || none < 20 {
		t.Errorf("want both kinds of board, got %d with a loop, %d without", some, none)
	}
}

// lineKeep (the programme the runs call on their own domains, with the
// order of the lineFilter call before) against a walk of every loop, on
// random small boards whose domains are then narrowed at random (up to
// half the places keep the combos of one line, as the places a run fixed): the
// same verdict, and the domains keep exactly the lines of the loops with
// the tiles' counts.
func TestLineKeepAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 5))
	some, none := 0, 0
	for trial := 0; trial < 2000; trial++ {
		n := 4 + rng.IntN(9)
		shape := randomShape(n, rng)
		s := New(testProblem(shape, n, uint8(rng.IntN(3))))
		copy(s.start, s.init)
		if st, _ := s.lineFilter(nil, 1); st != Solved {
			continue
		}
		// Narrow: 1..n/2 places keep one line (if their domain has it).
		dom := append([]uint64(nil), s.start...)
		for k := 1 + rng.IntN(n/2); k > 0; k-- {
			p := rng.IntN(n)
			d := s.init[p] // lines the first programme took out too
			var cs []int
			for c := 0; c < NumCombos; c++ {
				if d&(1<<c) != 0 {
					cs = append(cs, c)
				}
			}
			dom[p] &= s.lineMask[cs[rng.IntN(len(cs))]]
		}
		copy(s.start, dom)
		want, alive := bruteLines(s)
		copy(s.dom, dom)
		s.dtrail, s.queue = s.dtrail[:0], s.queue[:0]
		got := s.lineKeep() == Solved
		s.clearQueue()
		if got != want {
			t.Fatalf("trial %d (%v, colour %d): lineKeep %v, a walk of every loop finds one: %v", trial, shape, s.colour, got, want)
		}
		if !want {
			none++
			continue
		}
		some++
		for p := range s.dom {
			var m uint64
			for k := 0; k < 15; k++ {
				if alive[p]&(1<<k) != 0 {
					m |= s.pairMask[s.dp.pairA[k]][s.dp.pairB[k]]
				}
			}
			if s.dom[p] != dom[p]&m {
				t.Fatalf("trial %d (%v): place %d keeps %d combos, the loops use %d of %d", trial, shape, p,
					bits.OnesCount64(s.dom[p]), bits.OnesCount64(dom[p]&m), bits.OnesCount64(dom[p]))
			}
		}
	}
	t.Logf("%d narrowed boards with such a loop, %d without", some, none)
	if some < 20 || none < 20 {
		t.Errorf("want both kinds of board, got %d with a loop, %d without", some, none)
	}
}

// lineKeep on boards wider than the programme on the start domains takes
// (a frontier over 16 edges, so states of more than 64 bits), with the
// places fixed on the lines of a known loop but for a window of 7 places
// (one and its neighbours): the verdict and the lines kept in the window are
// those of a walk of every way to fill the window (a single loop through
// every place with the loop's own counts of sharp, wide and straight
// lines).
func TestLineKeepWideBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 7))
	const w, h = 12, 12 // a parallelogram; h even
	var places [][2]int32
	for r := int32(0); r < h; r++ {
		for q := int32(0); q < w; q++ {
			places = append(places, [2]int32{q, r})
		}
	}
	idx := func(q, r int32) int32 { return r*w + q }
	// The loop: along row 0 east from q = 0, back and forth over the rows
	// for q ≥ 1, then north up column 0.
	var cyc []int32
	for r := int32(0); r < h; r++ {
		if r%2 == 0 {
			for q := int32(1); q < w; q++ {
				cyc = append(cyc, idx(q, r))
			}
		} else {
			for q := int32(w - 1); q >= 1; q-- {
				cyc = append(cyc, idx(q, r))
			}
		}
	}
	for r := int32(h - 1); r >= 0; r-- {
		cyc = append(cyc, idx(0, r))
	}
	s := New(testProblem(places, 100, 0))
	n := int32(len(places))
	edgeTo := func(p, q int32) int8 {
		for e := int8(0); e < 6; e++ {
			if s.nbr[6*p+int32(e)] == q {
				return e
			}
		}
		t.Fatalf("places %d and %d do not touch", p, q)
		return -1
	}
	line := make([][2]int8, n) // the loop's pair of edges per place
	var full [3]int
	for i, p := range cyc {
		a := edgeTo(p, cyc[(i+len(cyc)-1)%len(cyc)])
		b := edgeTo(p, cyc[(i+1)%len(cyc)])
		line[p] = [2]int8{min(a, b), max(a, b)}
		full[lineKind(min(a, b), max(a, b))]++
	}
	copy(s.start, s.init)
	if st, _ := s.lineFilter(nil, 1); st != Stopped || !s.dp.ready || s.dp.frontier <= 16 {
		t.Fatalf("lineFilter %v, ready %v, frontier %d: want a board too wide for it, with its order built", st, s.dp.ready, s.dp.frontier)
	}
	s.lateOn = true // its budget
	some, none := 0, 0
	for trial := 0; trial < 60; trial++ {
		// The window: a place and its neighbours.
		c := int32(rng.IntN(int(n)))
		in := map[int32]bool{c: true}
		for e := 0; e < 6; e++ {
			if q := s.nbr[6*c+int32(e)]; q >= 0 {
				in[q] = true
			}
		}
		var win []int32
		for p := int32(0); p < n; p++ {
			if in[p] {
				win = append(win, p)
			}
		}
		// The counts: the loop's own, or one sharp line traded for a
		// wide one (then mostly no loop).
		s.dp.full = full
		if trial%3 == 2 {
			s.dp.full[0]--
			s.dp.full[1]++
		}
		dom := make([]uint64, n)
		for p := int32(0); p < n; p++ {
			dom[p] = s.init[p]
			if !in[p] {
				dom[p] &= s.pairMask[line[p][0]][line[p][1]]
			}
		}
		want, alive := bruteWindow(s, dom, win, s.dp.full)
		copy(s.dom, dom)
		s.dtrail, s.queue = s.dtrail[:0], s.queue[:0]
		got := s.lineKeep()
		s.clearQueue()
		if got == Stopped {
			t.Fatalf("trial %d: lineKeep stopped on a window of %d places", trial, len(win))
		}
		if (got == Solved) != want {
			t.Fatalf("trial %d (window %v): lineKeep %v, a walk of the window finds a loop: %v", trial, win, got, want)
		}
		if !want {
			none++
			continue
		}
		some++
		for _, p := range win {
			var m uint64
			for k := 0; k < 15; k++ {
				if alive[p]&(1<<k) != 0 {
					m |= s.pairMask[s.dp.pairA[k]][s.dp.pairB[k]]
				}
			}
			if s.dom[p] != dom[p]&m {
				t.Fatalf("trial %d: place %d keeps %d combos, the loops use %d of %d", trial, p,
					bits.OnesCount64(s.dom[p]), bits.OnesCount64(dom[p]&m), bits.OnesCount64(dom[p]))
			}
		}
	}
	t.Logf("frontier %d: %d windows with a loop, %d without", s.dp.frontier, some, none)
	if some < 10 || none < 10 {
		t.Errorf("want both kinds of window, got %d with a loop, %d without", some, none)
	}
}

// bruteWindow tries every line (pair of edges) of the domains dom on the
// places of win, the other places keeping their one line: whether the
// lines then form one loop through every place with the counts need of
// sharp, wide and straight lines, and per place of win the pairs (as bits
// of lineFilter's pair numbering) such loops use.
func bruteWindow(s *Solver, dom []uint64, win []int32, need [3]int) (bool, []uint16) {
	n := s.n
	pair := make([]int8, n) // pair number (0..14) of each place's line
	kOf := func(a, b int8) int8 {
		k := int8(0)
		for x := int8(0); x < 6; x++ {
			for y := x + 1; y < 6; y++ {
				if x == a && y == b {
					return k
				}
				k++
			}
		}
		return -1
	}
	onlyPair := func(d uint64) int8 {
		for a := int8(0); a < 6; a++ {
			for b := a + 1; b < 6; b++ {
				if d&s.pairMask[a][b] != 0 {
					return kOf(a, b)
				}
			}
		}
		return -1
	}
	inWin := make([]bool, n)
	for _, p := range win {
		inWin[p] = true
	}
	for p := 0; p < n; p++ {
		if !inWin[p] {
			pair[p] = onlyPair(dom[p])
		}
	}
	ends := func(k int8) (int8, int8) {
		i := int8(0)
		for a := int8(0); a < 6; a++ {
			for b := a + 1; b < 6; b++ {
				if i == k {
					return a, b
				}
				i++
			}
		}
		return -1, -1
	}
	uses := func(p int32, e int8) bool {
		a, b := ends(pair[p])
		return a == e || b == e
	}
	alive := make([]uint16, n)
	found := false
	// consistent: every edge of p to a place decided (not in win, or in
	// win before position upto) is used by both or neither.
	pos := make([]int, n)
	for i, p := range win {
		pos[p] = i
	}
	consistent := func(p int32, upto int) bool {
		for e := int8(0); e < 6; e++ {
			q := s.nbr[6*p+int32(e)]
			if q < 0 {
				if uses(p, e) {
					return false
				}
				continue
			}
			if inWin[q] && pos[q] >= upto {
				continue
			}
			if uses(p, e) != uses(q, (e+3)%6) {
				return false
			}
		}
		return true
	}
	var rec func(i int)
	rec = func(i int) {
		if i == len(win) {
			// one loop through every place, with the counts
			var cnt [3]int
			for p := 0; p < n; p++ {
				a, b := ends(pair[p])
				cnt[lineKind(a, b)]++
			}
			if cnt != need {
				return
			}
			prev, cur, steps := int32(-1), int32(0), 0
			for {
				a, b := ends(pair[cur])
				next := s.nbr[6*cur+int32(a)]
				if next == prev {
					next = s.nbr[6*cur+int32(b)]
				}
				prev, cur = cur, next
				steps++
				if cur == 0 {
					break
				}
			}
			if steps != n {
				return
			}
			found = true
			for _, p := range win {
				alive[p] |= 1 << pair[p]
			}
			return
		}
		p := win[i]
		for a := int8(0); a < 6; a++ {
			for b := a + 1; b < 6; b++ {
				if dom[p]&s.pairMask[a][b] == 0 {
					continue
				}
				pair[p] = kOf(a, b)
				if consistent(p, i) {
					rec(i + 1)
				}
			}
		}
	}
	rec(0)
	return found, alive
}

// transByEntries is trans written entry by entry (the next frontier's
// entry j from src[j]): trans builds the same state from word shifts.
func transByEntries(d *lineDP, i int, c dpKey, lab *[6]uint8, in uint8, k int8) (next dpKey, ok, overflow bool) {
	st := &d.steps[i]
	pm := d.pairMask[k]
	var from, to, give uint8
	switch bits.OnesCount8(in) {
	case 2:
		x, y := lab[d.pairA[k]], lab[d.pairB[k]]
		if x == y {
			return dpKey{}, i == d.n-1, false
		}
		from, to = y, x
	case 1:
		give = lab[d.pairA[k]] | lab[d.pairB[k]]
	default:
		give = 15
	}
	var remap [16]uint8
	nextLab := uint8(1)
	for j, sj := range st.src {
		var v uint8
		if sj >= 0 {
			v = c.get(int(sj))
			if v == from {
				v = to
			}
		} else if pm&(1<<(-1-sj)) != 0 {
			v = give
		}
		if v != 0 {
			if remap[v] == 0 {
				if nextLab == 15 {
					return dpKey{}, false, true
				}
				remap[v] = nextLab
				nextLab++
			}
			next.set(j, remap[v])
		}
	}
	return next, true, false
}

// trans against transByEntries: on the states of the programme on boards
// of up to 144 places (frontiers of up to 23 edges), and on random labels
// of every step's frontier (up to 14 pieces of line, some over: the
// overflow), every pair of every step.
func TestTransByEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 6))
	var boards [][][2]int32
	for trial := 0; trial < 40; trial++ {
		n := 4 + rng.IntN(40)
		boards = append(boards, randomShape(n, rng))
	}
	for _, wh := range [][2]int32{{12, 12}, {9, 5}, {20, 3}} {
		var places [][2]int32
		for r := int32(0); r < wh[1]; r++ {
			for q := int32(0); q < wh[0]; q++ {
				places = append(places, [2]int32{q, r})
			}
		}
		boards = append(boards, places)
	}
	checked, overflows, wide := 0, 0, 0
	for bi, shape := range boards {
		n := len(shape)
		s := New(testProblem(shape, min(n, 100), uint8(bi%3)))
		copy(s.start, s.init)
		s.lineFilter(nil, 1)
		d := &s.dp
		if !d.ready {
			continue
		}
		d.setPairs(s, s.init)
		d.off = make([]int, n+2)
		for i := range d.off {
			d.off[i] = -1 // layers forward does not reach
		}
		d.forward(nil) // states to try (as far as its bounds let it go)
		for i := 0; i < n; i++ {
			st := &d.steps[i]
			var keys []dpKey
			if d.off[i] >= 0 && d.off[i+1] >= d.off[i] && d.off[i+1] <= len(d.keys) {
				keys = append(keys, d.keys[d.off[i]:d.off[i+1]]...)
			}
			for r := 0; r < 200; r++ {
				// Random labels 1..14 on the frontier's entries (15 a
				// fresh piece, as trans's give).
				var c dpKey
				size := len(st.src) - st.nIns + st.head
				for j := 0; j < size; j++ {
					if r%4 == 0 && j >= st.head {
						c.set(j, uint8(1+(j-st.head)%14)) // all 14 labels
					} else if rng.IntN(3) > 0 {
						c.set(j, uint8(1+rng.IntN(14)))
					}
				}
				keys = append(keys, c)
			}
			for _, c := range keys {
				lab, in := d.heads(i, c)
				for k := int8(0); k < 15; k++ {
					if d.pairMask[k]&^(st.done|st.out) != 0 || d.pairMask[k]&st.done != in {
						continue
					}
					d.overflow = false
					got, ok := d.trans(i, d.base(i, c), &lab, in, k)
					want, wok, wover := transByEntries(d, i, c, &lab, in, k)
					if got != want || ok != wok || d.overflow != wover {
						t.Fatalf("board %d step %d state %x/%x pair %d: trans %x/%x %v (overflow %v), entry by entry %x/%x %v (%v)",
							bi, i, c.hi, c.lo, k, got.hi, got.lo, ok, d.overflow, want.hi, want.lo, wok, wover)
					}
					checked++
					if wover {
						overflows++
					}
					if want.hi != 0 {
						wide++
					}
				}
			}
		}
	}
	t.Logf("%d transitions, %d over 14 labels, %d with entries past 16", checked, overflows, wide)
	if overflows == 0 || wide == 0 {
		t.Errorf("want overflows and wide states, got %d and %d", overflows, wide)
	}
}

// boardPlaces reads the places, the challenge and its colour of a board
// file (package tantrix's format: "tantrix N COLOUR", then "q r" a line).
func boardPlaces(t *testing.T, f string) (places [][2]int32, n int, col uint8) {
	t.Helper()
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, ln := range strings.Split(string(data), "\n") {
		ln, _, _ = strings.Cut(ln, "#")
		fs := strings.Fields(ln)
		if len(fs) == 3 && fs[0] == "tantrix" {
			n, _ = strconv.Atoi(fs[1])
			col = map[string]uint8{"R": 0, "B": 1, "Y": 2}[fs[2]]
		} else if len(fs) == 2 {
			q, errQ := strconv.Atoi(fs[0])
			r, errR := strconv.Atoi(fs[1])
			if errQ != nil || errR != nil {
				t.Fatalf("%s: bad line %q", f, ln)
			}
			places = append(places, [2]int32{int32(q), int32(r)})
		}
	}
	if n != len(places) || n == 0 {
		t.Fatalf("%s: challenge %d on %d places", f, n, len(places))
	}
	return places, n, col
}

// The greedy orders are orders of every place (on random shapes, where
// they may be wider than the others, too); on a ring with two bands
// across it (scripts/tantrixhard gen -shape holes -n 112 -seed 2106) the
// narrowest of them is narrower than the narrowest breadth-first, swept
// or angular order (14 edges against 19: those cut the bands and both
// walls), and chooseOrder takes the narrowest of all.
func TestGreedyOrders(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 5))
	ring, n, col := boardPlaces(t, "testdata/holes-112-2106.txt")
	probs := []Problem{testProblem(ring, n, col)}
	for k := 0; k < 20; k++ {
		shape := randomShape(20+rng.IntN(80), rng)
		probs = append(probs, testProblem(shape, len(shape), 2))
	}
	for si, p := range probs {
		s := New(p)
		d := &s.dp
		d.n = s.n
		d.maxSum = dpMaxSum
		if _, ok := d.chooseOrder(s); !ok {
			t.Fatalf("shape %d: chooseOrder found no order", si)
		}
		half := len(d.cands) / 2
		best := [2]int{1 << 30, 1 << 30}
		for ci, o := range d.cands {
			seen := make([]bool, s.n)
			for _, p := range o {
				if seen[p] {
					t.Fatalf("shape %d, order %d: place %d twice", si, ci, p)
				}
				seen[p] = true
			}
			mx, _ := d.frontierOf(s, o)
			best[ci/half] = min(best[ci/half], mx)
		}
		if si == 0 && best[1] >= best[0] {
			t.Errorf("the ring: greedy orders' frontier %d, the others' %d", best[1], best[0])
		}
		if d.frontier != min(best[0], best[1]) {
			t.Errorf("shape %d: chose a frontier of %d, the narrowest is %d", si, d.frontier, min(best[0], best[1]))
		}
	}
}

// needWords, after forward ran out of a budget part-way along its order,
// guesses the words the whole programme takes by the frontier's widths
// along the order: with a half, a quarter and an eighth of the words the
// whole takes, within a factor of 2 of them on every board of package
// tantrix's testdata/hard where the programme (test tiles) finds a loop:
// a band and two rings with a hole, where the words so far times n/outAt
// guessed a third of them at an eighth (the frontier of a ring is widest
// part-way along its order).
func TestNeedWordsGuess(t *testing.T) {
	files, err := filepath.Glob("../../testdata/hard/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no boards: %v", err)
	}
	runs, linearOff := 0, 0
	for _, f := range files {
		ring, n, col := boardPlaces(t, f)
		s := New(testProblem(ring, n, col))
		d := &s.dp
		copy(s.start, s.init)
		if st, _ := s.lineFilter(nil, 4); st != Solved {
			continue // no loop (forward may stop part-way), or too wide
		}
		// The same again on the same domains, with less room.
		copy(s.start, s.init)
		if !d.setPairs(s, s.start) || d.forward(nil) != Solved {
			t.Fatalf("%s: the programme did not run again", f)
		}
		runs++
		whole := float64(len(d.sets))
		for _, part := range []int{2, 4, 8} {
			d.budget = int(whole) / part
			if st := d.forward(nil); st != Stopped || d.outAt == 0 {
				t.Fatalf("%s, 1/%d of the words: status %v at place %d, want out of its budget", f, part, st, d.outAt)
			}
			guess := float64(d.needWords())
			linear := float64(len(d.sets)) * float64(n) / float64(d.outAt)
			off := func(g float64) float64 { return math.Abs(math.Log(g / whole)) }
			t.Logf("%s, 1/%d: out at place %d of %d; whole %.0f words, guessed %.0f (by n/outAt %.0f)", f, part, d.outAt, n, whole, guess, linear)
			if off(guess) > math.Log(2) {
				t.Errorf("%s, 1/%d: guessed %.0f words, the whole takes %.0f", f, part, guess, whole)
			}
			if off(linear) > math.Log(2) {
				linearOff++
			}
		}
	}
	if runs < 3 || linearOff == 0 {
		t.Errorf("%d boards with a loop, %d guesses by n/outAt off by over 2: want 3 and one", runs, linearOff)
	}
}
