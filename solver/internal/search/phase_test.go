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

// Options.PauseEvery: Pause is called every PauseEvery nodes (with and
// without learning), every PauseNodes without it or when it is not a
// power of two, and the node count is then a multiple of it; a Pause that
// returns false stops the search there.
func TestPauseEvery(t *testing.T) {
	prob := walkProblem(board.Random(6, 11050849)) // resists: no search below ends in 300 nodes
	sol := make([]int8, len(prob.Nbrs))
	var s Searcher
	for _, c := range []struct {
		every, limit, want int64
		learn              bool
	}{{16, 300, 300 / 16, false}, {16, 300, 300 / 16, true}, {64, 300, 300 / 64, true}, {0, 3000, 3000 / PauseNodes, false}, {48, 3000, 3000 / PauseNodes, false}} {
		if !s.Reset(prob) {
			t.Fatal("Reset: plainly impossible")
		}
		var calls int64
		pause := func() bool {
			calls++
			every := c.every
			if every == 0 || every == 48 { // 48: not a power of two
				every = PauseNodes
			}
			if got := s.nodes; got != calls*every {
				t.Fatalf("every %d: call %d at node %d, want %d", c.every, calls, got, calls*every)
			}
			return true
		}
		out := s.Search(context.Background(), Options{Order: HighFirst, NodeLimit: c.limit, Best: -1, Pause: pause, PauseEvery: c.every, Learn: c.learn}, sol)
		if out.Found || !out.Limited || calls != c.want {
			t.Errorf("every %d (learn %v): %d calls in %d nodes (%+v), want %d", c.every, c.learn, calls, out.Nodes, out, c.want)
		}
	}
	if !s.Reset(prob) {
		t.Fatal("Reset: plainly impossible")
	}
	out := s.Search(context.Background(), Options{Order: HighFirst, NodeLimit: 300, Best: -1, PauseEvery: 16, Pause: func() bool { return s.nodes < 48 }}, sol)
	if !out.Stopped || out.Nodes != 48 {
		t.Errorf("a pause that says stop at node 48: %+v, want stopped there", out)
	}
}
