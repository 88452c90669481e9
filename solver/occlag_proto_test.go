package solver

import (
	"context"
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
	}{{5, 41}, {5, 51}, {4, 9}, {5, 18}}
	for _, c := range cases {
		p := board.FarLevel(c.size, c.seed)
		prob, _ := problemOf(p)
		var o search.OccDP
		t0 := time.Now()
		if !o.Reset(prob, 19) {
			continue
		}
		pool := o.Pool()
		tot := int32(0)
		for _, v := range pool {
			tot += v
		}
		var w [7]float64
		var wi [7]int32
		for k := range w {
			w[k], wi[k] = 1, 1
		}
		for d := int32(1); d <= 2; d++ {
			lb, lam := o.Lagrange(w, float64(tot-d), 20)
			t1 := time.Now()
			ref, done, st := o.Refute(context.Background(), wi, lam, tot-d, 4_000_000)
			fmt.Printf("size %d seed %d bits %d movable %d target %d: lagrange %.2f %v refuted %v done %v states %d (%v)\n", c.size, c.seed, o.Bits(), tot, tot-d, lb, t1.Sub(t0), ref, done, st, time.Since(t1))
			if !ref {
				break
			}
		}
	}
}
