package actuate

import (
	"testing"

	"hexiom/board"
)

// gaps returns, for each drag, how many drags before it the last one it
// shares a cell with came (0: none).
func gaps(moves []board.Move) []int {
	last := map[int]int{}
	out := make([]int, len(moves))
	for j, m := range moves {
		for _, c := range [2]int{m.From, m.To} {
			if i, ok := last[c]; ok && (out[j] == 0 || j-i < out[j]) {
				out[j] = j - i
			}
		}
		last[m.From], last[m.To] = j, j
	}
	return out
}

// Spread keeps every drag, the order of every two that share a cell (so
// the game's rule takes each, and the board at the end is the target), and
// puts nine drags in ten or more at least lag after the drag they depend
// on (the plan: about one in four without swaps), on random size-6 levels (the bot's challenge) with both
// planners.
func TestSpread(t *testing.T) {
	lag := 4
	for _, swap := range []bool{false, true} {
		plan := Plan
		if swap {
			plan = PlanSwap
		}
		var total, farPlan, farSpread int
		for seed := uint64(0); seed < 200; seed++ {
			start, target := board.RandomWithSolution(6, seed)
			moves, err := plan(start, target)
			if err != nil {
				t.Fatal(err)
			}
			sp := Spread(moves, lag)
			if len(sp) != len(moves) {
				t.Fatalf("seed %d swap=%v: %d drags spread, %d planned", seed, swap, len(sp), len(moves))
			}
			if got := replay(t, start, sp, swap); !got.Equal(target) {
				t.Fatalf("seed %d swap=%v: the spread plan does not reach the target", seed, swap)
			}
			for c := range start.Cells {
				var a, b []board.Move
				for _, m := range moves {
					if m.From == c || m.To == c {
						a = append(a, m)
					}
				}
				for _, m := range sp {
					if m.From == c || m.To == c {
						b = append(b, m)
					}
				}
				for i := range a {
					if a[i] != b[i] {
						t.Fatalf("seed %d swap=%v: cell %d's drags in another order: %v, planned %v", seed, swap, c, b, a)
					}
				}
			}
			for _, g := range gaps(moves) {
				if g == 0 || g >= lag {
					farPlan++
				}
			}
			for _, g := range gaps(sp) {
				if g == 0 || g >= lag {
					farSpread++
				}
			}
			total += len(moves)
		}
		t.Logf("swap=%v: drags at least %d after the one they depend on: plan %d, spread %d of %d", swap, lag, farPlan, farSpread, total)
		if 10*farSpread < 9*total || farSpread <= farPlan {
			t.Errorf("swap=%v: spread puts %d of %d drags at least %d after the one they depend on (the plan %d)", swap, farSpread, total, lag, farPlan)
		}
	}
}
