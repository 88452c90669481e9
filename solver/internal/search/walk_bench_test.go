package search

import (
	"testing"

	"hexiom/board"
)

// BenchmarkWalkStep: the walk's steps on random size-6 levels that the
// tree searches find hard (the slowest of seeds 17,000,000..17,099,999,
// round five), a turn (WalkTurn steps) at a time, the tiles thrown again
// once a walk solves its level. ns/op is one step.
func BenchmarkWalkStep(b *testing.B) {
	var probs []Problem
	for _, seed := range []uint64{17098790, 17023421, 17073045, 17027455, 17023669, 17083136} {
		probs = append(probs, walkProblem(board.Random(6, seed)))
	}
	w := NewWalker(len(probs[0].Nbrs))
	b.ResetTimer()
	for i, k := 0, 0; i < b.N; i += WalkTurn {
		if i%(16*WalkTurn) == 0 || w.cur == 0 {
			k++
			w.Init(probs[k%len(probs)], uint64(k))
		}
		w.Run(min(WalkTurn, b.N-i))
	}
}
