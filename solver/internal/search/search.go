// Package search is the solver's hot core: a depth-first search that decides
// the free cells of a Hexiom board one at a time, in a given order, as
// occupied or empty, with incremental bounds, a memo of exhausted frontier
// states, and branch-and-bound on the number of tiles left where they stand.
// Everything it needs is sized once in Reset; the search itself allocates
// nothing. With Options.Learn the search for a first solution also learns
// from its failures: backjumping and nogoods (learn.go).
// MaxSearcher (max.go) is the same search for the overconstrained
// variant, where tiles may be set aside; ZeroSets (maxzero.go) decides its
// targets that need movable 0s by the sets of cells they take;
// Unsatisfiable (maxprop.go) rules out, before any search, levels whose
// locked tiles force a contradiction; OccDP (occdp.go) decides its targets
// without a search, by a breadth-first pass over the occupied sets in
// the order of Problem.Visit (state and histogram of the numbers), pruned
// by a Lagrangian table, or by the Lagrangian bound alone
// (its λ by cutting planes in a box: occbox.go); OccDP.Find (occfind.go)
// looks depth first, by the same table, for an arrangement worth a
// target; for the tiles objective, occsplit.go splits a target by the
// histograms worth it, tells apart those outside the hull of the
// arrangements' (Separate) and prunes the pass by tables for the rest.
// Both searches embed
// one core (core.go): the board laid out (frame.go), the counts the bounds
// read with apply and undo, and the memo; each keeps only its bounds, its
// loop over a node's two values and its options.
//
// The model. Holes are never occupied; locked tiles are fixed and counted
// from the start as occupied neighbours. A tile's number is never guessed: it
// is the count of its occupied neighbours, known once its last free
// neighbour is decided (the tile "closes"). For every cell i, occ[i] counts
// its settled occupied neighbours (locked and decided tiles) and rem[i] its
// undecided free neighbours, so an open tile's number lies in
// [occ, occ+rem], and so does the number of an undecided cell if it gets a
// tile. After each decision the search checks:
//
//   - every locked tile can still reach its number, every closed tile takes
//     a number of which tiles are left, every open tile's interval still
//     holds a number of which tiles are left;
//   - for every number v, the open tiles and undecided cells whose interval
//     holds v are at least as many as the tiles of v not yet closed;
//   - for every range [a, b] of numbers, the open tiles whose numbers still
//     left all lie in [a, b] are no more than the tiles of a..b not yet
//     closed (Hall's condition for giving each open tile its own tile;
//     in the search for a first solution only);
//   - the handshake identity (the sum of the numbers is twice the number of
//     occupied adjacent pairs): the numbers still open give exactly how many
//     adjacent pairs the undecided cells must still form, so the empty cells
//     still to place must take away exactly the rest; they can take away at
//     most the sum of the largest occ+rem among undecided cells and at least
//     the sum of the smallest occ; the total is even (checked at the root,
//     each step changes it by an even amount);
//   - with branch-and-bound, that the tiles already kept plus, per number,
//     the cells that could still keep theirs beat the best solution so far.
//
// The future of a node depends only on its step, the counts of the tiles
// not yet closed, and the frontier: decided cells and locked tiles next to
// an undecided free cell, each empty or occupied with its occ. The memo
// remembers, for such states, an upper bound on how many tiles the rest of
// the board can keep in place (-1: nothing fits), which prunes states
// already exhausted and serves the branch-and-bound.
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
