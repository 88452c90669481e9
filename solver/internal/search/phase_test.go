package search

import (
	"context"
	"testing"

	"hexiom/board"
)

// A search that saves phases with a share writes its deepest path there
// when it goes deeper than the shared one; a later search on the same
// board takes the shared path only when it is deeper than its own last
// search's, and never at its first search on a board; each search's
// start ages the shared depth by one.
func TestPhaseShare(t *testing.T) {
	prob := walkProblem(board.Random(6, 11050849)) // a level that resists: no search below ends in 300 nodes
	n := len(prob.Nbrs)
	sol := make([]int8, n)
	var sh PhaseShare
	sh.Reset(n)

	var a Searcher
	if !a.Reset(prob) {
		t.Fatal("Reset: plainly impossible")
	}
	out := a.Search(context.Background(), Options{Order: HighFirst, NodeLimit: 300, Best: -1, Phases: true, Share: &sh}, sol)
	if out.Found || !out.Limited {
		t.Fatalf("the first search: %+v, want it cut by its budget", out)
	}
	if a.lastDeep <= 0 || sh.deep != a.lastDeep {
		t.Fatalf("after the first search: shared depth %d, the search's deepest step %d", sh.deep, a.lastDeep)
	}
	for _, c := range a.order[:a.lastDeep] {
		if sh.phase[c] == 0 || sh.phase[c] != a.phase[c] {
			t.Fatalf("cell %d: shared phase %d, the search's %d", c, sh.phase[c], a.phase[c])
		}
	}

	// Another searcher, its first search on the board: it takes nothing.
	var b Searcher
	b.Reset(prob)
	b.opts = Options{Phases: true, Share: &sh}
	deep := sh.deep
	b.takeShare()
	for c, v := range b.phase {
		if v != 0 {
			t.Fatalf("a first search took the share: cell %d phase %d", c, v)
		}
	}
	if sh.deep != deep-1 {
		t.Fatalf("shared depth %d after a search's start, want %d", sh.deep, deep-1)
	}
	// Its next search went less deep than the share: it takes the share.
	b.lastDeep = sh.deep - 1
	b.takeShare()
	for c := range b.phase {
		if b.phase[c] != sh.phase[c] {
			t.Fatalf("cell %d: phase %d after taking the share, shared %d", c, b.phase[c], sh.phase[c])
		}
	}
	// A search that went deeper than the share keeps its own phases.
	clear(b.phase)
	b.lastDeep = sh.deep + 1
	b.takeShare()
	for c, v := range b.phase {
		if v != 0 {
			t.Fatalf("a search deeper than the share took it: cell %d phase %d", c, v)
		}
	}
}
