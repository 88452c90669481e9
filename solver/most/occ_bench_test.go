package most

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// occBenchLevels are far levels whose proof the occupancy view makes
// (issue 27, rounds five and six), with the optimum that Solve proved
// (less the locked tiles' weight in the benchmark): Refute refutes the
// optimum plus one.
var occBenchLevels = []struct {
	file string
	obj  Objective
	opt  int
}{
	{"far-s5-41.txt", Tiles, 41},
	{"far-s5-51.txt", Tiles, 45},
	{"far-s5-51.txt", Points, 162},
}

// BenchmarkOccDP times the parts of the occupancy view on the far levels
// it proves: one pass of Eval, Lagrange's 20 steps, and Refute of the
// optimum plus one with their λ:
//
//	go test -run '^$' -bench OccDP -benchtime 3x ./solver/most/
func BenchmarkOccDP(b *testing.B) {
	for _, c := range occBenchLevels {
		level := readLevel(b, filepath.Join("../testdata/far", c.file))
		prob, _ := solver.ProblemOf(level)
		mp := maxProblemOf(level, prob, c.obj)
		var od search.OccDP
		if !od.Reset(mp.prob, search.OccMaxBits) {
			b.Fatalf("%s: state wider than %d bits", c.file, search.OccMaxBits)
		}
		w, wf := occWeights(c.obj == Points)
		lockedW, _ := weights(level, c.obj)
		t := int32(c.opt - lockedW + 1)
		if c.obj == Points {
			t++
		}
		name := c.file[:len(c.file)-4] + "-" + c.obj.String()
		var zero [7]float64
		b.Run(name+"/Eval", func(b *testing.B) {
			for b.Loop() {
				od.Eval(&wf, &zero)
			}
		})
		b.Run(name+"/Lagrange", func(b *testing.B) {
			for b.Loop() {
				od.Lagrange(wf, float64(t), 20)
			}
		})
		_, lam := od.Lagrange(wf, float64(t), 20)
		b.Run(name+"/Refute", func(b *testing.B) {
			var states int64
			for b.Loop() {
				r, done, n, _ := od.Refute(context.Background(), w, lam, t, occMaxLayer)
				if !r || !done {
					b.Fatalf("target %d: refuted %v done %v", t, r, done)
				}
				states = n
			}
			b.ReportMetric(float64(states), "states")
		})
		coded, pats := od.Coded(false)
		b.Logf("%s: K = %d, patterns %v %d", name, od.Bits(), coded, pats)
	}
}

// BenchmarkOccDPWide times a pass of Eval on a far size-6 board in its
// narrowest turn (21 bits; occWide's steps), on one goroutine and two:
//
//	go test -run '^$' -bench OccDPWide -benchtime 5x ./solver/most/
func BenchmarkOccDPWide(b *testing.B) {
	level := readLevel(b, "../testdata/far/far-s6-29.txt")
	prob, _ := solver.ProblemOf(level)
	mp := maxProblemOf(level, prob, Tiles)
	var od search.OccDP
	if !od.Reset(occOrder(mp.prob, solver.Orientations(level.Size)), search.OccWideBits) {
		b.Fatalf("far-s6-29: state wider than %d bits", search.OccWideBits)
	}
	_, wf := occWeights(false)
	lam := occWidePrior(false)
	for _, workers := range []int{1, 2} {
		od.SetWorkers(workers)
		b.Run(fmt.Sprintf("bits-%d/workers-%d", od.Bits(), workers), func(b *testing.B) {
			for b.Loop() {
				od.Eval(&wf, &lam)
			}
		})
	}
}
