package solver

import (
	"fmt"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/solver/internal/search"
)

func TestOccLagProto(t *testing.T) {
	cases := []struct {
		size int
		seed uint64
		drop int // target = movable - drop
	}{{5, 0, 1}, {5, 41, 1}, {5, 18, 1}, {5, 51, 1}, {5, 65, 1}}
	for _, c := range cases {
		p := board.FarLevel(c.size, c.seed)
		prob, _ := problemOf(p)
		var o search.OccDP
		t0 := time.Now()
		o.Reset(prob, 22)
		pool := o.Pool()
		tot := 0
		for _, v := range pool {
			tot += int(v)
		}
		var w [7]float64
		for k := range w {
			w[k] = 1
		}
		lb, lam, _ := o.BoundLam(w, float64(tot-1), 15)
		fmt.Printf("lam %.3f bound %.3f %v\n", lam, lb, time.Since(t0))
		for d := 1; d <= 2; d++ {
			f, ml, ok := o.Exact(tot-d, 30_000_000, &lam)
			fmt.Printf("size %d seed %d bits %d movable %d target %d: found %v maxLayer %d ok %v (%v)\n", c.size, c.seed, o.Bits(), tot, tot-d, f, ml, ok, time.Since(t0))
			if f || !ok {
				break
			}
		}
	}
}
