package actuate

import "hexiom/board"

// Spread returns the drags of a plan in another order that makes the same
// board: every two drags that share a cell stay in their order (so every
// drag is as legal as in the plan, and the board at the end is the same),
// and a drag comes, where the plan allows, at least lag drags after the last
// one it shares a cell with. A plan walks chains of cells, each drag moving
// into the cell the drag before it emptied; spread, the chains interleave,
// and a bot can make a drag while the drags before it are still on their
// way to the screen (play checks a drag on the screen before it makes one
// that shares a cell with it). Among the drags whose turn has come it takes
// the one that starts the longest run of drags still to come after it (so
// the longest chain does not end alone), then the plan's order.
func Spread(moves []board.Move, lag int) []board.Move {
	n := len(moves)
	if n < 3 || lag < 2 {
		return append([]board.Move(nil), moves...)
	}
	// deps[j]: the drags before j in the plan that share a cell with it
	// (only the last one per cell: the others come before that one).
	deps := make([][]int, n)
	last := map[int]int{}
	for j, m := range moves {
		for _, c := range [2]int{m.From, m.To} {
			if i, ok := last[c]; ok && (len(deps[j]) == 0 || deps[j][0] != i) {
				deps[j] = append(deps[j], i)
			}
		}
		last[m.From], last[m.To] = j, j
	}
	// height[i]: the longest run of drags that must follow i, itself
	// included.
	height := make([]int, n)
	for j := n - 1; j >= 0; j-- {
		height[j] = max(height[j], 1)
		for _, i := range deps[j] {
			height[i] = max(height[i], height[j]+1)
		}
	}
	pos := make([]int, n) // where each drag went, -1 not yet
	for i := range pos {
		pos[i] = -1
	}
	out := make([]board.Move, 0, n)
	for len(out) < n {
		best, bestGap := -1, -1
		for j := 0; j < n; j++ {
			if pos[j] >= 0 {
				continue
			}
			gap, ready := lag, true
			for _, i := range deps[j] {
				if pos[i] < 0 {
					ready = false
					break
				}
				gap = min(gap, len(out)-pos[i])
			}
			if !ready {
				continue
			}
			if gap > bestGap || gap == bestGap && height[j] > height[best] {
				best, bestGap = j, gap
			}
		}
		pos[best] = len(out)
		out = append(out, moves[best])
	}
	return out
}
