package solver

import (
	"testing"

	"hexiom/board"
)

// The orders from the middle out (midOrders) visit every cell once, each
// after the first next to one visited before it (the frontier stays
// narrow), and the middle-out lane's restarts take all 36 in turn.
func TestMidOrders(t *testing.T) {
	for s := 1; s <= board.MaxSize; s++ {
		g := board.Geom(s)
		n := g.N()
		visits := firstVisits(s)
		if len(visits) != 24+36 {
			t.Fatalf("size %d: %d orders, want 60", s, len(visits))
		}
		for x, ord := range visits[24:] {
			if len(ord) != n {
				t.Fatalf("size %d order %d: %d cells, want %d", s, x, len(ord), n)
			}
			seen := make([]bool, n)
			for k, c := range ord {
				if seen[c] {
					t.Fatalf("size %d order %d: cell %d twice", s, x, c)
				}
				seen[c] = true
				if k == 0 {
					continue
				}
				next := false
				for _, j := range g.Nbrs[c] {
					next = next || seen[j] && j != int(c)
				}
				if !next && n > 1 {
					t.Fatalf("size %d order %d: cell %d (step %d) next to none before it", s, x, c, k)
				}
			}
		}
	}
	got := map[int]bool{}
	for r := 1; r <= 36; r++ {
		v := restartVisit(solveLanes[len(solveLanes)-1].seq[0], r)
		if v < 24 || v >= 60 {
			t.Fatalf("restart %d of the middle-out lane: order %d", r, v)
		}
		got[v] = true
	}
	if len(got) != 36 {
		t.Fatalf("36 restarts of the middle-out lane took %d of the 36 orders", len(got))
	}
}
