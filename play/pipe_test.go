package play

import (
	"testing"

	"hexiom/board"
)

// TestPipeFree: the next drag made is the first of those not made that
// shares a cell with no drag in flight and with no earlier one not made; a
// drag that waits does not hold up those after it.
func TestPipeFree(t *testing.T) {
	mv := func(a, b int) board.Move { return board.Move{From: a, To: b} }
	for _, tc := range []struct {
		name    string
		flights []board.Move
		moves   []board.Move
		want    int
	}{
		{"nothing in flight", nil, []board.Move{mv(1, 2), mv(3, 4)}, 0},
		{"the next waits for one in flight", []board.Move{mv(2, 9)}, []board.Move{mv(1, 2), mv(3, 4)}, 1},
		{"a later one shares a cell with the waiting one", []board.Move{mv(2, 9)}, []board.Move{mv(1, 2), mv(5, 1), mv(3, 4)}, 2},
		{"a later one waits for one in flight too", []board.Move{mv(2, 9), mv(4, 8)}, []board.Move{mv(1, 2), mv(3, 4), mv(6, 7)}, 2},
		{"none free", []board.Move{mv(2, 9)}, []board.Move{mv(1, 2), mv(9, 1)}, -1},
	} {
		pp := &pipe{}
		for _, m := range tc.flights {
			pp.flights = append(pp.flights, flight{m: m})
		}
		if got := pp.free(tc.moves, 0); got != tc.want {
			t.Errorf("%s: free = %d, want %d", tc.name, got, tc.want)
		}
	}
	// Only freeAhead drags past the next are looked at.
	pp := &pipe{flights: []flight{{m: mv(0, 1)}}}
	moves := []board.Move{}
	for k := 0; k < freeAhead; k++ {
		moves = append(moves, mv(1, 100+k))
	}
	moves = append(moves, mv(50, 51))
	if got := pp.free(moves, 0); got != -1 {
		t.Errorf("free looked %d drags ahead, past freeAhead (%d)", got, freeAhead)
	}
}
