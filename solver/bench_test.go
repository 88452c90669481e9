package solver

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/board"
)

// BenchmarkLevels solves each official level, to the first solution and
// with the default search for fewer moves:
//
//	go test -run '^$' -bench Levels ./solver/
func BenchmarkLevels(b *testing.B) {
	for _, f := range levelFiles(b) {
		level := readLevel(b, f)
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		for _, mode := range []struct {
			name string
			opts []Option
		}{{"first", []Option{FirstSolution()}}, {"first1", []Option{FirstSolution(), Threads(1)}}, {"fewest", nil}} {
			b.Run(name+"/"+mode.name, func(b *testing.B) {
				b.ReportAllocs()
				var nodes int64
				for b.Loop() {
					res, err := Solve(context.Background(), level, mode.opts...)
					if err != nil {
						b.Fatal(err)
					}
					nodes = res.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes")
			})
		}
	}
}

// BenchmarkRandom6 solves random size-6 levels, a different seed each
// iteration (the time per op is the mean over seeds; `hexiom bench` gives
// the median and p99).
func BenchmarkRandom6(b *testing.B) {
	for _, mode := range []struct {
		name string
		opts []Option
	}{{"first", []Option{FirstSolution()}}, {"first1", []Option{FirstSolution(), Threads(1)}}, {"fewest", nil}} {
		b.Run(mode.name, func(b *testing.B) {
			b.ReportAllocs()
			seed := uint64(0)
			var nodes int64
			for b.Loop() {
				res, err := Solve(context.Background(), board.Random(6, seed), mode.opts...)
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Nodes
				seed++
			}
			b.ReportMetric(float64(nodes)/float64(seed), "nodes/op")
		})
	}
}
