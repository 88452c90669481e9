package search

// Empty is the value of an empty cell in Problem and solutions.
const Empty = -1

// Problem is a board for the search.
type Problem struct {
	Nbrs   [][]int // neighbours of each cell
	Hole   []bool  // never holds a tile
	Locked []int8  // locked tile number, or Empty when the cell is not locked
	Start  []int8  // movable tile standing on the cell at the start, or Empty
	// Visit is the order in which to decide the cells (a permutation of all
	// cells; holes and locked cells in it are skipped). Nil: index order.
	Visit []int32
	// Same says that the board is the one of the previous Reset (maybe in
	// another Visit order): the nogoods learnt on it (Options.Learn) are
	// kept.
	Same bool
}

// Order says which decision to try first at a cell.
type Order uint8

const (
	StartFirst Order = iota // as at the start: occupied where a tile stands
	HighFirst               // occupied first
	EmptyFirst              // empty first
)

// Options steer one search.
type Options struct {
	Order Order
	// Optimise keeps searching after the first solution for one that leaves
	// more tiles where they stand, until proven optimal or OptNodes more
	// nodes have been spent (0: no limit).
	Optimise bool
	OptNodes int64
	// NodeLimit stops the search at its NodeLimit-th node, which is counted
	// and not expanded (0: no limit); Outcome.Limited then says so. The
	// limit is exact, whatever PauseNodes is.
	NodeLimit int64
	// Best, when ≥ 0, is the number of tiles kept by a solution known
	// already: only better solutions are looked for.
	Best int32
	// Flip, when above 0, swaps the value tried first at a cell with
	// probability Flip/2³² (a pseudo-random choice from Seed): restarts with
	// other seeds then take other paths. Search does not reset the memo:
	// a restart on the same Searcher without Reset skips the states that
	// earlier runs exhausted.
	Flip uint32
	Seed uint64
	// Learn explains each failure by the decided cells it depends on,
	// jumps back over decisions that play no part in it, and keeps those
	// explanations as nogoods (learn.go). The search for a first solution
	// only (Best < 0, not Optimise); the others ignore it.
	Learn bool
	// Phases tries first at each cell the value it had on the deepest
	// path of the last search with Phases on the same board (Problem.Same;
	// in any visit order), before Flip; a cell that path did not reach
	// takes Order's value. The search keeps its own deepest path for the
	// next (phase saving, as CDCL solvers keep theirs across restarts).
	Phases bool
	// Share, with Phases, is a deepest path shared with other searches on
	// the same board (PhaseShare): the search takes its phases from it
	// when it is deeper than the search's own, and writes its own there
	// when it goes deeper.
	Share *PhaseShare
	// Pause, when set, is called every PauseNodes nodes; the search stops
	// when it returns false (Outcome.Stopped). A caller interleaves
	// several searches on one goroutine with it (a coroutine per search).
	Pause func() bool
}

// PauseNodes is how often, in nodes, a search checks its context and calls
// Options.Pause: the length of a turn in the portfolio. 512 did no better
// (random size-6 seeds 0..9999, one thread: p99 15,232 nodes against
// 15,103, max 278,126 against 279,150; the 40 official levels 26,227
// against 22,145).
const PauseNodes = 1024

// PhaseShare is a deepest path that the searches of a portfolio on one
// board share (Options.Share), as the solvers of a parallel CDCL portfolio
// share what they learn: a search that starts when the shared path is
// deeper than its own last search's deepest path takes its phases from
// the shared one, and a search that goes deeper than the shared path
// writes its path there; so does a walk (Walk) whose cost fell, its
// occupancy as a path through every free cell. The first search on a
// board (Reset without Problem.Same) takes nothing, so that each lane
// starts on its own path. The shared depth falls by one at each search's
// start, so that a path found long ago gives way to fresher ones, a
// little shallower. The variants measured (a depth that never falls, a
// first search that takes the share too) are in docs/solver-tail.md,
// round five. Not safe for concurrent use: one share a goroutine.
type PhaseShare struct {
	phase []int8 // as phases.phase
	deep  int    // the shared path's depth, less one a search since
}

// Reset empties sh for a board of n cells.
func (sh *PhaseShare) Reset(n int) {
	sh.phase = grow8(sh.phase, n)
	clear(sh.phase)
	sh.deep = 0
}

// Outcome of a search.
type Outcome struct {
	Found bool
	// Exhausted: the whole search space was explored, so no (better)
	// solution than the one found or than Options.Best exists.
	Exhausted bool
	Kept      int   // movable tiles left where they stand in the solution
	Nodes     int64 // search nodes visited
	Limited   bool  // stopped by NodeLimit or OptNodes
	Stopped   bool  // stopped by Options.Pause
	Err       error // the context's error when it stopped the search
}

// topSum returns the sum of the c largest values in a histogram.
func topSum(h *[8]int32, c int32) int32 {
	var sum int32
	for v := int32(7); v >= 0 && c > 0; v-- {
		t := min(c, h[v])
		sum += t * v
		c -= t
	}
	return sum
}

// bottomSum returns the sum of the c smallest values in a histogram.
func bottomSum(h *[8]int32, c int32) int32 {
	var sum int32
	for v := int32(0); v < 8 && c > 0; v++ {
		t := min(c, h[v])
		sum += t * v
		c -= t
	}
	return sum
}

// hallOK checks that for every range of numbers [a, b] the open tiles that
// must take a number in it (need, as scan builds it) are no more than the
// tiles of those numbers left (cnt).
func hallOK(cnt *[7]int32, need *[7]uint64) bool {
	for a := 0; a < 7; a++ {
		if need[a] == 0 {
			continue // no open tile starts at a: [a+1, b] is as tight
		}
		var supply, demand int32
		var acc uint64 // per hi, open tiles with lo in [a, b]
		for b := a; b < 7; b++ {
			supply += cnt[b]
			acc += need[b]
			demand += int32(acc >> (8 * uint(b)) & 0xff)
			if demand > supply {
				return false
			}
		}
	}
	return true
}
