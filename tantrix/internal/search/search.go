package search

import (
	"math"
	"math/bits"
)

// NumCombos is the number of (tile, rotation) pairs: combo c is tile c/6
// (0-based) turned (c%6)·60° clockwise.
const NumCombos = 60

// Problem is a fixed board in index form.
type Problem struct {
	// Nbr[6*p+e] is the place across edge e (0 = NE, clockwise) of place p,
	// or −1 off the board. Its length is 6 times the number of places.
	Nbr []int32
	// Tiles[t][e] is the colour (0..2) of unrotated tile t (0-based) at
	// edge e.
	Tiles [10][6]uint8
	// Count[t] is how many copies of tile t must be used; the counts sum to
	// the number of places.
	Count [10]int
	// Colour is the designated colour (0..2).
	Colour uint8
	// Domain, when not nil, restricts place p to the combos set in
	// Domain[p] (bit c for combo c).
	Domain []uint64
}

// Status of a search.
type Status int

// Results of Solve.
const (
	Solved     Status = iota // a solution was found
	NoSolution               // the search space is exhausted
	Stopped                  // the node limit or the stop function ended it
)

type dEntry struct {
	p   int32
	old uint64
}

type iEntry struct {
	i   int32
	old int32
}

// Solver holds the state of one search. It is not safe for concurrent use.
// Its state is split by concern, each part embedded (its fields read as
// the Solver's): the combo tables (comboTables), the domains with their
// trail and propagation (domains), the branching's weights (branching),
// the loop's programme (loopDP), the shaving and repair (repairState), the
// bridge check (bridgeCheck) and the run's limits (runLimits).
type Solver struct {
	// Plain, set before Solve, makes it the search from before issue 26
	// (commit 5df5c67): the place with the fewest combos, ties at random,
	// no wipe-out weights; no loop programme, no shaving, no repair; the
	// same values, restarts and propagation (the bridge check and the
	// counting rule are computed otherwise now, to the same effect), so
	// that for a seed it takes the nodes that search took. tantrix.Solve
	// runs it as a second lane beside the full search: on the boards the
	// old branching finishes in a few nodes a place, it answers before
	// the full search's machinery pays for itself.
	Plain bool

	comboTables
	domains
	branching
	loopDP
	repairState
	bridgeCheck
	runLimits

	Solution []int8 // combo per place after Solved
}

// comboTables are the board's fixed tables, set in New: the combos (tile,
// rotation) by colour, tile and designated line.
type comboTables struct {
	colMask  [6][3]uint64 // combos with colour c at edge e
	allow    [6][8]uint64 // combos whose colour at edge e is in set s
	tileMask [10]uint64
	tileOf   [NumCombos]int8
	lineEdge [NumCombos][2]int8  // the edges of the designated line
	lineMask [NumCombos]uint64   // combos with the same designated line
	colourAt [NumCombos][6]uint8 // the colour of combo c at edge e
	pairMask [6][6]uint64        // combos whose designated line joins a and b
	loopMask [6]uint64           // combos with the designated colour at edge e
	colour   uint8               // the designated colour
}

// domains are the places, their domains and the trailed integers, with the
// trail that undoes them and the propagation's queue.
type domains struct {
	n    int
	nbr  []int32
	init []uint64
	dom  []uint64
	// ints holds the trailed integers: lf (line fixed and linked), end (the
	// other end of a chain, at its ends), size (of a chain, at its ends),
	// open (a bit per place, 32 to a word: its tile not yet fixed and
	// counted; a set, so that the rules that look at those places visit
	// them alone, in the places' order), then remain per tile.
	ints                []int32
	lf, end, size, open int32 // offsets into ints
	openWords           int32 // words of open: (n+31)/32
	dpMark              int32 // ints[dpMark]: the places fixed at the last lineCheck on this path
	remain              int32
	linked              int32 // ints[linked]: the places whose line is linked
	count               [10]int32

	dtrail []dEntry
	itrail []iEntry
	queue  []int32
	inq    []bool
	tcount [10]int32 // scratch for the counting rule
}

// branching is what the choice of a place and its value reads besides the
// domains.
type branching struct {
	// wdeg[p] is 1 plus the domain wipe-outs at place p over every run of
	// the search (kept through backtracking and restarts): the branching
	// prefers places with few combos and many wipe-outs (dom/wdeg).
	wdeg  []int64
	wstep int64 // what a wipe-out adds to wdeg: 1, or 0 when Plain
	rng   uint64
}

// loopDP is the state of the loop's programme (linedp.go) over a Solve.
type loopDP struct {
	dp      lineDP // the buffers of lineFilter
	dpTries int    // lineFilter calls so far (2: no more)
	dpAt    int64  // the nodes at which to call it next
	// wide: the programme found the board too wide for it at its first
	// try; the values are then ordered by their neighbours' combos too
	// (see dfs).
	wide bool
	// dpDive: the programme ran on the start domains; the runs run it
	// again on their own domains every dpStep places fixed (lineCheck).
	dpDive   bool
	dpChecks int64 // lineCheck calls of the last Solve
	// dpWork: the states the lineCheck calls of the last Solve made;
	// allNodes: the nodes of its runs and repairs so far. diveCheck skips
	// its call while dpWork is over dpWorkPerNode·allNodes.
	dpWork, allNodes int64
	// dpLate: the board was too wide for the programme on the start
	// domains, even at its second try, but its order is built (a frontier
	// of at most dpMaxLate edges); from lateAfter·n nodes on (lateOn),
	// repair runs it on each window's first state (lineCheck), until a
	// call goes over its bounds (dpStopped; lateOff for the larger windows
	// of that state).
	dpLate, lateOn, lateOff bool
	dpStopped               bool
	// dpFailed: the last node that failed on this path failed at the
	// programme's call (diveCheck, recheck).
	dpFailed bool
}

// repairState is the shaving of the start domains and the repair.
type repairState struct {
	// start holds the domains each run starts from: init, narrowed by
	// shave once the search has taken shaveAfter·n nodes.
	start  []uint64
	shaved bool
	// deep: the domains at the node of the last run (or repair) with the
	// most tiles placed (deepest of them), recorded once the start
	// domains are shaved, for repair; saved, mark, mark2: its scratch;
	// repairNodes, repaired: what repair took and whether it found the
	// solution.
	deep, saved []uint64
	deepest     int
	mark, mark2 []bool
	repairNodes int64
	repaired    bool
	inRepair    bool
}

// bridgeCheck is the bridge check's state (bridgeless) and scratch.
type bridgeCheck struct {
	// lost: an edge the loop could cross has gone since the last bridge
	// check (which found none); without, the check is skipped.
	lost      bool
	disc, low []int32
	stk       []frame
}

// runLimits are the nodes of a Solve and what stops its runs.
type runLimits struct {
	nodes      int64
	outOfNodes bool
	maxNodes   int64
	stop       func() bool
	stopped    bool
}

// shaveAfter is the nodes per place after which Solve shaves the start
// domains (a board that needs more is seldom solved by luck). Measured on
// 61 boards (scripts/tantrixhard n = 20..58 and r18, r33, p10; gen n =
// 200, seeds 1..10), 5 s caps: never 6 caps hit, 42 s in all; after 20·n
// nodes 1 cap, 17.6 s, the gen boards at the same node counts; at once
// (0) 20.6 s, the gen boards of n = 200 at 0.24–0.58 s instead of 2–103
// ms; after 5·n 21.0 s.
const shaveAfter = 20

// stopEvery (a power of 2): the runs call stop every stopEvery nodes. Of
// two lanes (tantrix.Solve), the one that did not answer stops within
// stopEvery nodes of the other's answer, and Solve waits for it: at a few
// µs a node (up to some 20 on boards of 100 places), 64 nodes keep that
// wait under about a millisecond, for a call of stop (an atomic load)
// every 64 nodes.
const stopEvery = 64

// dpDiveStep: the runs call lineCheck each time n/dpDiveStep more places
// are fixed on their path (BENCHMARKS.md, issue 26, round five).
const dpDiveStep = 8

// dpWorkPerNode bounds the states the runs' calls of the programme
// (diveCheck) may make per search node: about half the time of a solve at
// some 150 ns a state and 10 µs a node. On a ring of issue 44
// (tantrixhard -shape curve -n 104 -seed 443, frontier 13) the calls made
// 509 states a node and took most of its 1.16 s of CPU; at 64 it took
// 0.35 s (16: 0.36 s, but another ring, n = 115, no longer solved in
// 200,000 nodes; BENCHMARKS.md, issue 44).
const dpWorkPerNode = 64

// lateAfter: the nodes per place after which repair runs the loop's
// programme on boards too wide for it at the start (dpLate). Measured on
// the 700 boards of scripts/tantrixhard seeds 1..601 (BENCHMARKS.md, issue
// 26, rounds five and six): at 320 nodes a place the 7 boards it reaches
// all took fewer nodes (the slowest, 347,707 nodes, 32,728), but 201-70
// and 101-95, solved at 38,000 to 42,000 nodes anyway, took more CPU
// than without the calls; at 680 those five are back on their paths and
// the two long ones take 74,197 and 74,981 nodes (97,307 and 347,707
// without), so no board of the 700 is slower than without the calls (on
// the 28 boards it may reach, seeds 1..4 of the tie-breaking: 2.08 M
// nodes against 1.80 M at 320 and 2.49 M without). From 80 (the second
// try) and 160, some took up to 3 times as many; 480 to 560 and 800 to
// 960 put some of the seven above their nodes without the calls, or
// left a seed far above the others.
const lateAfter = 680

// New prepares a solver for p.
func New(p Problem) *Solver {
	n := len(p.Nbr) / 6
	s := &Solver{}
	s.n, s.nbr = n, p.Nbr
	s.lf, s.end, s.size, s.open, s.remain = 0, int32(n), int32(2*n), int32(3*n), int32(4*n)
	s.openWords = int32((n + 31) / 32)
	s.dpMark = int32(4*n + 10)
	s.linked = int32(4*n + 11)
	s.ints = make([]int32, 4*n+12)
	s.dom = make([]uint64, n)
	s.init = make([]uint64, n)
	s.queue = make([]int32, 0, n)
	s.inq = make([]bool, n)
	s.dtrail = make([]dEntry, 0, 64*n+64)
	s.itrail = make([]iEntry, 0, 16*n+64)
	s.Solution = make([]int8, n)
	s.disc = make([]int32, n)
	s.low = make([]int32, n)
	s.stk = make([]frame, n+1)
	s.wdeg = make([]int64, n)
	s.start = make([]uint64, n)
	s.deep = make([]uint64, n)
	s.saved = make([]uint64, n)
	s.mark = make([]bool, n)
	s.mark2 = make([]bool, n)
	s.colour = p.Colour
	for t := 0; t < 10; t++ {
		s.count[t] = int32(p.Count[t])
	}
	s.comboTables.fill(&p.Tiles, p.Colour)
	var avail uint64
	for t := 0; t < 10; t++ {
		if p.Count[t] > 0 {
			avail |= s.tileMask[t]
		}
	}
	for i := 0; i < n; i++ {
		d := avail
		if p.Domain != nil {
			d &= p.Domain[i]
		}
		for e := 0; e < 6; e++ {
			if p.Nbr[6*i+e] < 0 {
				d &^= s.colMask[e][p.Colour]
			}
		}
		s.init[i] = d
	}
	return s
}

// fill sets the tables for the tiles (their colours at each edge,
// unrotated) with the designated colour.
func (tb *comboTables) fill(tiles *[10][6]uint8, colour uint8) {
	for c := 0; c < NumCombos; c++ {
		t, rot := c/6, c%6
		tb.tileOf[c] = int8(t)
		tb.tileMask[t] |= 1 << c
		k := 0
		for e := 0; e < 6; e++ {
			col := tiles[t][((e-rot)%6+6)%6]
			tb.colMask[e][col] |= 1 << c
			tb.colourAt[c][e] = col
			if col == colour && k < 2 {
				tb.lineEdge[c][k] = int8(e)
				k++
			}
		}
		a, b := tb.lineEdge[c][0], tb.lineEdge[c][1]
		tb.pairMask[a][b] |= 1 << c
		tb.pairMask[b][a] |= 1 << c
	}
	for c := 0; c < NumCombos; c++ {
		tb.lineMask[c] = tb.pairMask[tb.lineEdge[c][0]][tb.lineEdge[c][1]]
	}
	for e := 0; e < 6; e++ {
		tb.loopMask[e] = tb.colMask[e][colour]
	}
	for e := 0; e < 6; e++ {
		for set := 0; set < 8; set++ {
			for col := 0; col < 3; col++ {
				if set&(1<<col) != 0 {
					tb.allow[e][set] |= tb.colMask[e][col]
				}
			}
		}
	}
}

// Nodes returns the number of search nodes of the last Solve.
func (s *Solver) Nodes() int64 { return s.nodes }

// Repaired returns the nodes of the last Solve spent in repair (counted
// in Nodes too) and whether repair found its solution.
func (s *Solver) Repaired() (nodes int64, solved bool) { return s.repairNodes, s.repaired }

// LineChecks returns how many times the runs of the last Solve ran the
// loop's programme on their own domains (lineCheck).
func (s *Solver) LineChecks() int64 { return s.dpChecks }

// luby returns the i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 …
func luby(i int64) int64 {
	for k := int64(1); ; k++ {
		if i == (1<<k)-1 {
			return 1 << (k - 1)
		}
		if i < (1<<k)-1 {
			return luby(i - (1 << (k - 1)) + 1)
		}
	}
}

// Solve searches for a solution: depth-first runs with ties broken at
// random, restarted after Luby-sequence multiples of base nodes (base ≤ 0:
// no restarts), until one finds a solution or exhausts the search space
// within its limit (a proof there is none). maxNodes > 0 limits the nodes
// of all runs together; stop, when not nil, is called at the first node
// of each run and every stopEvery nodes after (and between the
// programme's places and every 64 probes of the shaving), and ends the
// search when it returns true. seed seeds the tie-breaking.
// On Solved, s.Solution holds the combo of each place.
func (s *Solver) Solve(maxNodes, base int64, seed uint64, stop func() bool) Status {
	s.resetRuns(seed)
	total := int64(0)
	for run := int64(1); ; run++ {
		limit := int64(0)
		if base > 0 {
			limit = base * luby(run)
		}
		if maxNodes > 0 && (limit == 0 || total+limit > maxNodes) {
			limit = maxNodes - total
		}
		if !s.Plain && s.dpTries < dpTries && total >= s.dpAt {
			if st, end := s.loopAlone(stop); end {
				s.nodes = total
				return st
			}
		}
		if !s.Plain && !s.shaved && total >= shaveAfter*int64(s.n) {
			s.shaved = true
			switch s.shave(stop) {
			case NoSolution:
				s.nodes = total
				return NoSolution
			case Stopped:
				s.nodes = total
				return Stopped
			}
		}
		s.deepest = -1
		s.lateOn = s.dpLate && total >= lateAfter*int64(s.n)
		st := s.solveRun(limit, stop)
		total += s.nodes
		s.nodes = total
		if st != Stopped || s.stopped {
			return st
		}
		if maxNodes > 0 && total >= maxNodes {
			return Stopped
		}
		if s.shaved && 2*s.deepest >= s.n {
			st, used := s.repair(maxNodes-total, stop)
			total += used
			s.nodes = total
			s.repairNodes += used
			if st == Solved || s.stopped {
				return st
			}
			if maxNodes > 0 && total >= maxNodes {
				return Stopped
			}
		}
	}
}

// resetRuns readies a Solve: the random source from seed, the weights,
// the programme's and the repair's state, the start domains.
func (s *Solver) resetRuns(seed uint64) {
	s.rng = seed*0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D
	for i := range s.wdeg {
		s.wdeg[i] = 1
	}
	s.wstep = 1
	if s.Plain {
		s.wstep = 0 // all weights stay 1: fewest combos first
	}
	s.shaved = false
	s.wide = false
	s.dpDive, s.dpChecks = false, 0
	s.dpWork, s.allNodes = 0, 0
	s.dpLate, s.lateOn = false, false
	s.repairNodes, s.repaired = 0, false
	s.dpTries, s.dpAt = 0, shaveAfter*int64(s.n)
	copy(s.start, s.init)
}

// loopAlone runs the loop's programme alone (linedp.go) on the start
// domains: at 20 nodes a place, then, up to dpTries tries, with dpScale
// times the bounds after dpScale times the nodes. It reports the status Solve ends with, if it
// ends it (no loop, or stopped).
func (s *Solver) loopAlone(stop func() bool) (Status, bool) {
	scale := 1
	for k := 0; k < s.dpTries; k++ {
		scale *= dpScale
	}
	s.dpTries++
	s.dpAt *= dpScale
	st, _ := s.lineFilter(stop, scale)
	if st == Stopped && scale == 1 {
		s.wide = true
	}
	s.dpDive = st == Solved
	// Too wide even at the second try: repair may still run
	// it on its windows, where most places are fixed.
	s.dpLate = st == Stopped && scale >= dpScale && s.dp.ready
	switch st {
	case NoSolution:
		return NoSolution, true
	case Solved:
		s.dpTries = dpTries // it ran; its lines are in start
	}
	if stop != nil && stop() {
		return Stopped, true
	}
	if st == Stopped && s.dp.outAt > 0 && s.dpTries < dpTries && s.nextTryNow(scale) {
		return s.loopAlone(stop)
	}
	return st, false
}

// nextTryNow judges, after a try of the programme at scale that ran out
// of its budget at place outAt of the order, the tries left by the words
// the whole programme would need (needWords): none fits (the last try's
// budget is too small) — no more tries; the next fits (with a quarter to
// spare) — true, run it now rather than after dpScale times the nodes,
// which the runs spend without the programme.
func (s *Solver) nextTryNow(scale int) bool {
	need := s.dp.needWords()
	last := int64(dpBudget)
	for k := 1; k < dpTries; k++ {
		last *= dpScale
	}
	if need > last {
		// Too wide for every try: repair may still run it on its
		// windows, as after a last try that ran out.
		s.dpTries = dpTries
		s.dpLate = s.dp.ready
		return false
	}
	return 5*need <= 4*int64(dpBudget*scale*dpScale)
}

// repair's bounds: windows of radius 1..repairRadius around the places
// the deepest state left open, repairRun nodes a place each, repairBudget
// nodes a place per call at most. Measured (BENCHMARKS.md, issue 26,
// round four) on the 14 slowest boards of scripts/tantrixhard seeds
// 1..401 (n = 53..87, all but one solvable), five seeds each, 200,000
// nodes at most: without repair 5.21 M nodes, 14 solves out of nodes;
// radius 3, 2 nodes a place a window, 6 a call, the first deepest state
// only: 3.75 M, 9; the same moving on to a deeper state: 3.12 M, 7;
// radius 5, 2 and 12: 2.78 M, 4; 5, 4 and 20: 2.60 M, 3; the same after
// the shaving only (kept, so that the boards solved before it keep their
// nodes): 3.19 M, 6. With five boards that got slower added (19 boards):
// without repair 6.10 M, 14; budget 10, 20, 40 nodes a place: 4.55 M /
// 10, 4.15 M / 7 (kept), 3.94 M / 8. A second window around a random
// place (for tiles to trade between distant places) did no better.
const (
	repairRadius = 5
	repairRun    = 4
	repairBudget = 20
)

// repair tries to finish the deepest state of the last run: it frees the
// places that state left open and those within r of them (r = 1, 2, …,
// repairRadius), the other places keeping that state's domains, and
// searches the window, with repairRun nodes a place at most. When a
// window's run gets deeper, that state is the one repaired next, from
// r = 1. It ends after repairBudget nodes a place (or left, when > 0) in
// all, or when a run finds a solution (Solved) or stop asks. used is the
// nodes it took. A window without a solution proves nothing: the runs of
// Solve go on as before, so the search stays complete.
//
// Why: on the slow solvable boards the tile counts, not the loop, make
// the runs fail, late: the last 10 to 30 places open (on bands, one end
// of the band) need tiles that went elsewhere. Freeing the tiles around
// them lets the counts come right without losing the rest.
func (s *Solver) repair(left int64, stop func() bool) (st Status, used int64) {
	copy(s.saved, s.start)
	s.inRepair, s.lateOff = true, false
	st, used = s.repairWindows(left, stop)
	s.inRepair = false
	copy(s.start, s.saved)
	return st, used
}

// repairWindows is repair's loop; s.saved holds the start domains.
func (s *Solver) repairWindows(left int64, stop func() bool) (st Status, used int64) {
	n := int32(s.n)
	budget := repairBudget * int64(s.n)
	if left > 0 && budget > left {
		budget = left
	}
	for r := 1; r <= repairRadius && used < budget; r++ {
		for p := int32(0); p < n; p++ {
			s.mark[p] = s.deep[p]&(s.deep[p]-1) != 0
		}
		for k := 0; k < r; k++ {
			for p := int32(0); p < n; p++ {
				s.mark2[p] = s.mark[p]
			}
			for p := int32(0); p < n; p++ {
				if !s.mark2[p] {
					continue
				}
				for e := int32(0); e < 6; e++ {
					if q := s.nbr[6*p+e]; q >= 0 {
						s.mark[q] = true
					}
				}
			}
		}
		for p := int32(0); p < n; p++ {
			if s.mark[p] {
				s.start[p] = s.saved[p]
			} else {
				s.start[p] = s.deep[p]
			}
		}
		limit := repairRun * int64(s.n)
		if used+limit > budget {
			limit = budget - used
		}
		before := s.deepest
		st = s.solveRun(limit, stop)
		used += s.nodes
		if st == Solved || s.stopped {
			s.repaired = st == Solved
			return st, used
		}
		if s.deepest > before {
			r = 0 // a deeper state: repair it from its own open places
			s.lateOff = false
		}
	}
	return Stopped, used
}

// solveRun is one depth-first run limited to limit nodes (0: no limit).
// It returns Stopped when the limit ran out (s.stopped is then false) or
// stop asked (s.stopped true).
func (s *Solver) solveRun(limit int64, stop func() bool) Status {
	s.nodes, s.maxNodes, s.stop, s.stopped, s.outOfNodes = 0, limit, stop, false, false
	if !s.root() {
		return NoSolution
	}
	if s.dfs() {
		for i := 0; i < s.n; i++ {
			s.Solution[i] = int8(bits.TrailingZeros64(s.dom[i]))
		}
		return Solved
	}
	if s.stopped || s.outOfNodes {
		return Stopped
	}
	return NoSolution
}

// root sets the state to the start domains, propagated (the bridge check
// included); false on a contradiction.
func (s *Solver) root() bool {
	s.dtrail, s.itrail, s.queue = s.dtrail[:0], s.itrail[:0], s.queue[:0]
	for i := range s.ints {
		s.ints[i] = 0
	}
	for p := int32(0); p < int32(s.n); p++ {
		s.ints[s.open+p>>5] |= 1 << (p & 31)
	}
	total := int32(0)
	for t := 0; t < 10; t++ {
		s.ints[s.remain+int32(t)] = s.count[t]
		total += s.count[t]
	}
	for i := 0; i < s.n; i++ {
		s.dom[i] = s.start[i]
		s.inq[i] = false
		if s.dom[i] == 0 {
			total = -1
		}
	}
	if int(total) != s.n {
		return false
	}
	for i := 0; i < s.n; i++ {
		s.inq[i] = true
		s.queue = append(s.queue, int32(i))
	}
	s.lost = true
	return s.propagate()
}

func (s *Solver) setInt(i int32, v int32) {
	if s.ints[i] != v {
		s.itrail = append(s.itrail, iEntry{i, s.ints[i]})
		s.ints[i] = v
	}
}

// tileOpen reports whether place p's tile is not yet fixed and counted.
func (s *Solver) tileOpen(p int32) bool {
	return uint32(s.ints[s.open+p>>5])>>(p&31)&1 != 0
}

// closeTile marks place p's tile fixed and counted (trailed).
func (s *Solver) closeTile(p int32) {
	i := s.open + p>>5
	s.setInt(i, int32(uint32(s.ints[i])&^(1<<(p&31))))
}

// setDom narrows place p to d; false when d is empty.
func (s *Solver) setDom(p int32, d uint64) bool {
	old := s.dom[p]
	if d == old {
		return true
	}
	if d == 0 {
		s.wdeg[p] += s.wstep
		return false
	}
	if !s.lost && s.loopEdges(d) != s.loopEdges(old) {
		s.lost = true // p may no longer show the designated colour at an edge
	}
	s.dtrail = append(s.dtrail, dEntry{p, old})
	s.dom[p] = d
	if !s.inq[p] {
		s.inq[p] = true
		s.queue = append(s.queue, p)
	}
	return true
}

func (s *Solver) undo(dmark, imark int) {
	for i := len(s.dtrail) - 1; i >= dmark; i-- {
		e := s.dtrail[i]
		s.dom[e.p] = e.old
	}
	s.dtrail = s.dtrail[:dmark]
	for i := len(s.itrail) - 1; i >= imark; i-- {
		e := s.itrail[i]
		s.ints[e.i] = e.old
	}
	s.itrail = s.itrail[:imark]
}

func (s *Solver) clearQueue() {
	for _, p := range s.queue {
		s.inq[p] = false
	}
	s.queue = s.queue[:0]
}

// propagate runs the rules to a fixpoint; false on a contradiction (the
// queue is then cleared). The bridge check runs only when an edge the loop
// could cross has gone since the last one: the state before a choice is
// always one that passed it (the root forces it, and undo only gives
// edges back).
func (s *Solver) propagate() bool {
	if !s.fixpoint() {
		s.clearQueue()
		s.lost = false
		return false
	}
	if !s.lost {
		return true
	}
	s.lost = false
	return s.bridgeless()
}

// bridgeless checks the graph of the edges the loop may still cross (both
// sides may show the designated colour there): the loop through every
// place needs it connected and without a bridge, since a loop crosses
// every cut of the board at least twice. Tarjan's bridge search, without
// recursion, on arrays sized in New, over the places whose line is not
// yet linked: a chain of linked lines (link) is a path whose places have
// their line's two edges alone, so it is passed over as one edge from the
// place before it to the place past its far end (pastChain); an edge of
// it is a bridge when that edge is. Every chain hangs between places not
// linked (two, or one twice), by edges the loop may cross: the rules keep
// only combos that show the designated colour where a line leads in. So
// the graph is connected when every place not linked is reached.
func (s *Solver) bridgeless() bool {
	n := int32(s.n)
	// The edges at which a place's domain may show the designated colour
	// are never off the board: New took those combos out.
	start := int32(-1)
	for p := int32(0); p < n; p++ {
		if s.ints[s.lf+p] == 0 {
			start = p
			break
		}
	}
	if start < 0 {
		return true // every line linked: link closed the loop through every place
	}
	clear(s.disc)
	timer := int32(1)
	s.disc[start], s.low[start] = 1, 1
	sp := 0
	s.stk[0] = frame{p: start, rest: s.usable(start, -1)}
	for sp >= 0 {
		f := &s.stk[sp]
		if f.rest == 0 {
			p := f.p
			sp--
			if sp >= 0 {
				par := s.stk[sp].p
				if s.low[p] < s.low[par] {
					s.low[par] = s.low[p]
				}
				if s.low[p] > s.disc[par] {
					return false // the edge par–p (or the chain between them) is a bridge
				}
			}
			continue
		}
		e := int32(bits.TrailingZeros8(f.rest))
		f.rest &= f.rest - 1
		p := f.p
		q, in := s.nbr[6*p+e], opposite[e]
		if s.ints[s.lf+q] != 0 {
			if q, in = s.pastChain(q, in); q < 0 {
				return false // the chain's far end is a dead end: its edges are bridges
			}
		}
		if s.disc[q] == 0 {
			timer++
			s.disc[q], s.low[q] = timer, timer
			sp++
			s.stk[sp] = frame{p: q, rest: s.usable(q, in)}
		} else if s.disc[q] < s.low[p] {
			s.low[p] = s.disc[q]
		}
	}
	return timer == n-s.ints[s.linked]
}

// pastChain follows the chain of linked lines that place c begins (entered
// by its edge in) to its far end, and returns the place past it and the
// edge of that place the chain comes in by; −1 when the loop may not cross
// that last edge (the place past it may not show the designated colour
// there: the rules never leave such a state, but then the chain's edges
// would be bridges).
func (s *Solver) pastChain(c, in int32) (q, qin int32) {
	far := s.ints[s.end+c]
	le := &s.lineEdge[bits.TrailingZeros64(s.dom[far])]
	exit := int32(le[0])
	if far == c {
		if exit == in {
			exit = int32(le[1])
		}
	} else if x := s.nbr[6*far+exit]; x >= 0 && s.ints[s.lf+x] != 0 {
		exit = int32(le[1]) // le[0] goes back into the chain
	}
	q, qin = s.nbr[6*far+exit], opposite[exit]
	if q < 0 || s.dom[q]&s.loopMask[qin] == 0 {
		return -1, 0
	}
	return q, qin
}

// opposite[e] is the edge opposite e (the neighbour's side of it).
var opposite = [6]int32{3, 4, 5, 0, 1, 2}

// loopEdges returns the edges at which a place of domain d may show the
// designated colour.
func (s *Solver) loopEdges(d uint64) uint8 {
	lm := &s.loopMask
	return nz(d&lm[0]) | nz(d&lm[1])<<1 | nz(d&lm[2])<<2 |
		nz(d&lm[3])<<3 | nz(d&lm[4])<<4 | nz(d&lm[5])<<5
}

// nz is 1 when x is not 0, else 0, without a branch.
func nz(x uint64) uint8 { return uint8((x | -x) >> 63) }

// usable returns the edges of p the loop may still cross (both sides may
// show the designated colour), but the edge from (−1: none), which the
// bridge search came by.
func (s *Solver) usable(p, from int32) uint8 {
	m := s.loopEdges(s.dom[p])
	if from >= 0 {
		m &^= 1 << from
	}
	r := uint8(0)
	for k := m; k != 0; k &= k - 1 {
		e := int32(bits.TrailingZeros8(k))
		if s.dom[s.nbr[6*p+e]]&s.loopMask[opposite[e]] != 0 {
			r |= 1 << e
		}
	}
	return r
}

type frame struct {
	p    int32
	rest uint8 // the usable edges still to look at
}

func (s *Solver) fixpoint() bool {
	for {
		for len(s.queue) > 0 {
			p := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			s.inq[p] = false
			d := s.dom[p]
			low := bits.TrailingZeros64(d)
			if s.tileOpen(p) && d&^s.tileMask[s.tileOf[low]] == 0 {
				s.closeTile(p)
				t := int32(s.tileOf[low])
				r := s.ints[s.remain+t] - 1
				if r < 0 {
					return false
				}
				s.setInt(s.remain+t, r)
				if r == 0 {
					m := s.tileMask[t]
					for w := int32(0); w < s.openWords; w++ {
						for b := uint32(s.ints[s.open+w]); b != 0; b &= b - 1 {
							q := w<<5 + int32(bits.TrailingZeros32(b))
							if s.dom[q]&m != 0 && !s.setDom(q, s.dom[q]&^m) {
								return false
							}
						}
					}
				}
			}
			if s.ints[s.lf+p] == 0 && d&^s.lineMask[low] == 0 {
				if !s.link(p, low) {
					return false
				}
			}
			d = s.dom[p]
			base := 6 * p
			for e := 0; e < 6; e++ {
				q := s.nbr[base+int32(e)]
				if q < 0 {
					continue
				}
				cm := &s.colMask[e]
				set := nz(d&cm[0]) | nz(d&cm[1])<<1 | nz(d&cm[2])<<2
				if set == 7 {
					continue
				}
				// (setDom's call only when it narrows: most do not)
				if a, dq := s.allow[opposite[e]][set], s.dom[q]; dq&^a != 0 && !s.setDom(q, dq&a) {
					return false
				}
			}
		}
		changed, ok := s.countRule()
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// tileBits has bit 6t of each tile t (combos 6t..6t+5); evenTiles those
// of the even tiles.
const (
	tileBits  = 0x041041041041041
	evenTiles = 0x001001001001001
)

// countRule: every tile must still have room for its remaining copies;
// when it has exactly that many places, they take it.
func (s *Solver) countRule() (changed, ok bool) {
	// Bit 6t of y: tile t in a domain. The even tiles' bits and the odd
	// tiles' (shifted down by 6) are summed over the open places as
	// fields of 12 bits, one a tile, emptied into tcount every 4,095
	// places so that none overflows.
	s.tcount = [10]int32{}
	var even, odd uint64
	k := 0
	for w := int32(0); w < s.openWords; w++ {
		for b := uint32(s.ints[s.open+w]); b != 0; b &= b - 1 {
			d := s.dom[w<<5+int32(bits.TrailingZeros32(b))]
			y := (d | d>>1 | d>>2 | d>>3 | d>>4 | d>>5) & tileBits
			even += y & evenTiles
			odd += y >> 6 & evenTiles
			if k++; k == 4095 {
				s.addCounts(even, odd)
				even, odd, k = 0, 0, 0
			}
		}
	}
	s.addCounts(even, odd)
	for t := int32(0); t < 10; t++ {
		r := s.ints[s.remain+t]
		if s.tcount[t] < r {
			return false, false
		}
		if r > 0 && s.tcount[t] == r {
			m := s.tileMask[t]
			for w := int32(0); w < s.openWords; w++ {
				for b := uint32(s.ints[s.open+w]); b != 0; b &= b - 1 {
					p := w<<5 + int32(bits.TrailingZeros32(b))
					if s.dom[p]&m != 0 && s.dom[p]&^m != 0 {
						if !s.setDom(p, s.dom[p]&m) {
							return false, false
						}
						changed = true
					}
				}
			}
		}
	}
	return changed, true
}

// addCounts adds to tcount the tiles' counts summed in even and odd (see
// countRule).
func (s *Solver) addCounts(even, odd uint64) {
	for k := 0; k < 5; k++ {
		s.tcount[2*k] += int32(even >> (12 * k) & 0xfff)
		s.tcount[2*k+1] += int32(odd >> (12 * k) & 0xfff)
	}
}

// link records that place p's designated line is fixed (combo low is one
// of its combos) and joins it to the chains of the neighbours its line
// reaches whose lines are fixed too. A chain may only close into a loop
// through every place; a chain whose two open ends point at the same place,
// or at two touching places, may not close early there.
func (s *Solver) link(p int32, low int) bool {
	s.setInt(s.lf+p, 1)
	s.setInt(s.linked, s.ints[s.linked]+1)
	s.setInt(s.end+p, p)
	s.setInt(s.size+p, 1)
	ex, ey := p, p
	n := int32(s.n)
	for k := 0; k < 2; k++ {
		e := int32(s.lineEdge[low][k])
		q := s.nbr[6*p+e]
		if q < 0 {
			return false
		}
		if s.ints[s.lf+q] == 0 {
			continue
		}
		// q's line must come back to p.
		ql := bits.TrailingZeros64(s.dom[q])
		a, b := int32(s.lineEdge[ql][0]), int32(s.lineEdge[ql][1])
		if back := opposite[e]; a != back && b != back {
			return false
		}
		far := s.ints[s.end+p]
		qe := s.ints[s.end+q]
		if far == q {
			if s.ints[s.size+p] != n {
				return false
			}
			return true // the loop is closed through every place
		}
		sz := s.ints[s.size+far] + s.ints[s.size+q]
		s.setInt(s.end+far, qe)
		s.setInt(s.end+qe, far)
		s.setInt(s.size+far, sz)
		s.setInt(s.size+qe, sz)
		ex, ey = far, qe
	}
	return s.guardEnds(ex, ey)
}

// openTargets returns the places the designated line of chain end x leads
// to that are not yet in a chain (one, or two for a chain of one place),
// with the edge of x it leaves by.
func (s *Solver) openTargets(x int32) (t [2]int32, te [2]int32, k int) {
	low := bits.TrailingZeros64(s.dom[x])
	for i := 0; i < 2; i++ {
		e := int32(s.lineEdge[low][i])
		q := s.nbr[6*x+e]
		if q >= 0 && s.ints[s.lf+q] == 0 {
			t[k], te[k] = q, e
			k++
		}
	}
	return
}

func (s *Solver) guardEnds(ex, ey int32) bool {
	size := s.ints[s.size+ex]
	n := int32(s.n)
	var ta, tb, ea, eb int32
	if ex == ey {
		t, te, k := s.openTargets(ex)
		if k != 2 {
			return true
		}
		ta, tb, ea, eb = t[0], t[1], te[0], te[1]
	} else {
		t1, te1, k1 := s.openTargets(ex)
		t2, te2, k2 := s.openTargets(ey)
		if k1 != 1 || k2 != 1 {
			return true
		}
		ta, tb, ea, eb = t1[0], t2[0], te1[0], te2[0]
	}
	if ta == tb {
		return size+1 == n
	}
	if size+2 >= n {
		return true
	}
	for e := int32(0); e < 6; e++ {
		if s.nbr[6*ta+e] != tb {
			continue
		}
		// ta joining the chain end and tb, and tb joining its end and ta,
		// would close a loop of size+2 < n places.
		ia := opposite[ea]
		ib := opposite[eb]
		if !s.setDom(ta, s.dom[ta]&^s.pairMask[ia][e]) {
			return false
		}
		if !s.setDom(tb, s.dom[tb]&^s.pairMask[ib][opposite[e]]) {
			return false
		}
		break
	}
	return true
}

// dfs searches depth first from the current domains: at the place choose
// picks, each combo left in valueOrder's order, propagated; true when
// every place holds one (the solution in dom).
func (s *Solver) dfs() bool {
	if !s.countNode() {
		return false
	}
	calls := s.dpChecks
	fixed, ok := s.diveCheck(s.fixedPlaces())
	if !ok {
		return false
	}
	checked := s.dpChecks != calls
	best := s.choose()
	if best < 0 {
		return true
	}
	if s.shaved {
		// The deepest state of the run, for repair.
		if int(fixed) > s.deepest {
			s.deepest = int(fixed)
			copy(s.deep, s.dom)
		}
	}
	var order [NumCombos]int8
	k := s.valueOrder(best, &order)
	for i := 0; i < k; i++ {
		c := order[i]
		if s.dom[best]&(1<<c) == 0 {
			continue // a check at this node took it out
		}
		dm, im := len(s.dtrail), len(s.itrail)
		s.dpFailed = false
		if s.setDom(best, 1<<c) && s.propagate() && s.dfs() {
			return true
		}
		s.clearQueue()
		s.undo(dm, im)
		if s.stopped || s.outOfNodes {
			return false
		}
		if s.dpFailed && !checked {
			checked = true
			if !s.recheck(fixed) {
				return false
			}
		}
	}
	if checked {
		s.dpFailed = false
	}
	return false
}

// recheck runs the loop's programme on this node's state after a child
// failed at a programme's call deeper on its path: false (dpFailed kept)
// when this state has no loop either, so the node's other values are not
// tried.
func (s *Solver) recheck(fixed int32) bool {
	if !s.dpDive || fixed >= int32(s.n) || s.dpWork > dpWorkPerNode*s.allNodes {
		s.dpFailed = false
		return true
	}
	s.setInt(s.dpMark, fixed)
	s.dpChecks++
	ok := s.lineCheck()
	s.dpWork += int64(len(s.dp.keys))
	s.dpFailed = !ok
	if s.dpStopped {
		s.dpStopped = false
		s.lateOff = s.lateOn
	}
	return ok
}

// countNode counts a node of dfs; false when the node budget is spent
// (outOfNodes) or stop says so (stopped, asked every stopEvery nodes).
func (s *Solver) countNode() bool {
	s.nodes++
	s.allNodes++
	if s.maxNodes > 0 && s.nodes > s.maxNodes {
		s.outOfNodes = true
		return false
	}
	if s.stop != nil && s.nodes&(stopEvery-1) == 1 && s.stop() {
		s.stopped = true
		return false
	}
	return true
}

// fixedPlaces is how many places hold a tile on this path (n less the
// tiles of each number left).
func (s *Solver) fixedPlaces() int32 {
	fixed := int32(s.n)
	for t := int32(0); t < 10; t++ {
		fixed -= s.ints[s.remain+t]
	}
	return fixed
}

// diveCheck runs the loop's programme again on this path's domains
// (lineCheck) when dpDive is on, or late in a repair window's first state,
// and fixed (the places fixed) has grown by n/dpDiveStep since the last
// run on this path. It returns the places fixed after, and false when the
// programme finds no loop.
func (s *Solver) diveCheck(fixed int32) (int32, bool) {
	// late: a repair window's first state (no call yet on this path).
	late := s.lateOn && s.inRepair && !s.lateOff && s.ints[s.dpMark] == 0
	if !(s.dpDive || late) || fixed >= int32(s.n) || fixed < s.ints[s.dpMark]+int32(max(1, s.n/dpDiveStep)) {
		return fixed, true
	}
	if s.dpWork > dpWorkPerNode*s.allNodes {
		return fixed, true // the calls have taken their share: not now
	}
	s.setInt(s.dpMark, fixed)
	s.dpChecks++
	ok := s.lineCheck()
	s.dpWork += int64(len(s.dp.keys))
	if !ok {
		s.dpFailed = true
		return fixed, false
	}
	if s.dpStopped {
		// Over its bounds: the larger windows of this deep state would be
		// too.
		s.dpStopped = false
		s.lateOff = s.lateOn
	}
	return s.fixedPlaces(), true
}

// valueOrder puts the combos left at place best into order, in the order
// dfs tries them, and returns how many: tiles with more copies left first
// (so that the last places still have tiles of many kinds; on wide boards
// then by support), ties in random order.
func (s *Solver) valueOrder(best int32, order *[NumCombos]int8) int {
	d := s.dom[best]
	k := 0
	for d != 0 {
		c := bits.TrailingZeros64(d)
		d &= d - 1
		order[k] = int8(c)
		k++
	}
	var key [NumCombos]uint32
	for i := 0; i < k; i++ {
		r := uint32(s.ints[s.remain+int32(s.tileOf[order[i]])])
		if s.wide {
			key[i] = r<<22 | uint32(s.support(best, order[i]))<<8 | uint32(s.rand()&0xff)
		} else {
			key[i] = r<<16 | uint32(s.rand()&0xffff)
		}
	}
	for i := 1; i < k; i++ {
		for j := i; j > 0 && key[j] > key[j-1]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
			key[j], key[j-1] = key[j-1], key[j]
		}
	}
	return k
}

// support scores combo c at place p by what it leaves its neighbours: the
// sum over them of logSupport[the combos they keep that show c's colour
// across the edge]. On wide boards (too wide for the loop's programme)
// ordering a tile's rotations, and ties between tiles, by it found
// solutions in fewer runs: on the ten polyhexes and holed polyhexes
// (n = 54..95) among the 14 slowest held-out boards of scripts/tantrixhard
// (seeds 101..400), five seeds each, 200,000 nodes at most, 19 of 50
// solves ran out of nodes before, 4 with it (BENCHMARKS.md, issue 26,
// round three). On rings and bands it did worse (a ring of 53 went from
// 4,000 nodes to over 200,000), so there, where the programme runs, the
// order stays as it was.
func (s *Solver) support(p int32, c int8) int {
	sc := 0
	for e := 0; e < 6; e++ {
		q := s.nbr[6*p+int32(e)]
		if q < 0 {
			continue
		}
		col := s.colourAt[c][e]
		sc += logSupport[bits.OnesCount64(s.dom[q]&s.colMask[opposite[e]][col])]
	}
	return sc
}

// logSupport[k] is 64·(1 + ln k) rounded down (0 for k = 0): six of them
// fit in 14 bits.
var logSupport = func() (t [NumCombos + 1]int) {
	for k := 1; k <= NumCombos; k++ {
		t[k] = int(64 * (1 + math.Log(float64(k))))
	}
	return
}()

func (s *Solver) rand() uint64 {
	x := s.rng
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	s.rng = x
	return x
}

// choose returns the open place to branch on, or −1 when every place has
// one combo left: the place with the fewest combos per wipe-out (dom/wdeg:
// combos / wdeg), ties broken at random.
func (s *Solver) choose() int32 {
	best, ties := int32(-1), 0
	var bc, bw int64 = 1, 0
	for p := int32(0); p < int32(s.n); p++ {
		d := s.dom[p]
		if d&(d-1) == 0 {
			continue
		}
		c, w := int64(bits.OnesCount64(d)), s.wdeg[p]
		// c/w < bc/bw
		if best < 0 || c*bw < bc*w {
			best, bc, bw, ties = p, c, w, 1
		} else if c*bw == bc*w {
			ties++
			if s.rand()%uint64(ties) == 0 {
				best = p
			}
		}
	}
	return best
}

// shave removes from the start domains every combo whose choice alone
// propagates to a contradiction (singleton arc consistency at the root),
// in one pass over the places: each combo is probed once, on the domains
// the removals before it left; NoSolution when a place has none left,
// Stopped when stop asks. The wipe-outs it meets count in wdeg.
//
// One pass, not passes until one removes nothing (SAC's fixpoint): the
// second pass cost as much as the first and found a combo to remove in
// few solves. On the 347 solvable boards of scripts/tantrixhard seeds
// 1..601, seeds 1..5 (BENCHMARKS.md, issue 26, round seven), 1,698 of the
// 1,735 solves took the same nodes, the shaving cost about half as much,
// and the boards without a solution were proved in the same nodes but
// for a few.
func (s *Solver) shave(stop func() bool) Status {
	if !s.root() {
		return NoSolution
	}
	probes := 0
	for p := int32(0); p < int32(s.n); p++ {
		d := s.dom[p]
		if d&(d-1) == 0 {
			continue
		}
		for d != 0 {
			c := bits.TrailingZeros64(d)
			d &= d - 1
			if s.dom[p]&(1<<c) == 0 {
				continue
			}
			probes++
			if stop != nil && probes&63 == 0 && stop() {
				s.stopped = true
				return Stopped
			}
			dm, im := len(s.dtrail), len(s.itrail)
			ok := s.setDom(p, 1<<c) && s.propagate()
			s.clearQueue()
			s.undo(dm, im)
			if ok {
				continue
			}
			if !s.setDom(p, s.dom[p]&^(1<<c)) || !s.propagate() {
				return NoSolution
			}
		}
	}
	copy(s.start, s.dom)
	return Solved
}
