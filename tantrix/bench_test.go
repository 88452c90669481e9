package tantrix

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkSolve solves the boards of `hexiom tantrix gen -n N -seed 1..10`
// (one op: all ten); nodes/op is the total of their search nodes.
//
//	go test -run '^$' -bench Solve ./tantrix/
func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{20, 60, 200, 500} {
		var boards []*Board
		for seed := uint64(1); seed <= 10; seed++ {
			bd, _, err := Generate(context.Background(), n, DefaultColour(n), seed)
			if err != nil {
				b.Fatal(err)
			}
			boards = append(boards, bd)
		}
		b.Run(fmt.Sprint("n=", n), func(b *testing.B) {
			var nodes int64
			for i := 0; i < b.N; i++ {
				for _, bd := range boards {
					res, err := Solve(context.Background(), bd)
					if err != nil || !res.Solved {
						b.Fatal(err)
					}
					nodes += res.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkCount counts the free-shape solutions of challenge 10 in red.
func BenchmarkCount(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Count(context.Background(), 10, Red, 0); err != nil {
			b.Fatal(err)
		}
	}
}
