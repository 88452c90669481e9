package tantrix

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"
)

// BenchmarkSolve solves the boards of `hexiom tantrix gen -n N -seed 1..10`
// (one op: all ten) with one thread (the full search alone) and with two
// (its two lanes); nodes/op is the total of their search nodes (both
// lanes').
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
		for _, th := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/threads=%d", n, th), func(b *testing.B) {
				var nodes int64
				for i := 0; i < b.N; i++ {
					for _, bd := range boards {
						res, err := Solve(context.Background(), bd, Threads(th))
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
}

// BenchmarkCount counts the free-shape solutions of challenge 10 in red.
func BenchmarkCount(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Count(context.Background(), 10, Red, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerate makes the boards of every n from 3 to 200, seeds 1..10
// (one op: all 1,980), and reports the slowest board's wall time and the
// process's CPU time over it (max_ms, max_cpu_ms; issue 26 asks each
// under 1 s) and its n and seed.
//
//	go test -run '^$' -bench Generate -benchtime 1x ./tantrix/
func BenchmarkGenerate(b *testing.B) {
	for i := 0; i < b.N; i++ {
		var worst, worstCPU time.Duration
		wn, ws := 0, uint64(0)
		for n := 3; n <= 200; n++ {
			for seed := uint64(1); seed <= 10; seed++ {
				c0, t0 := processCPU(), time.Now()
				if _, _, err := Generate(context.Background(), n, DefaultColour(n), seed); err != nil {
					b.Fatal(err)
				}
				d, dc := time.Since(t0), processCPU()-c0
				if d > worst {
					worst, wn, ws = d, n, seed
				}
				worstCPU = max(worstCPU, dc)
			}
		}
		b.ReportMetric(float64(worst)/1e6, "max_ms")
		b.ReportMetric(float64(worstCPU)/1e6, "max_cpu_ms")
		b.ReportMetric(float64(wn), "max_n")
		b.ReportMetric(float64(ws), "max_seed")
	}
}

// processCPU returns the CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
