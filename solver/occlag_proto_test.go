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
		aim  float64 // movable tiles target to refute
	}{{5, 0, 0}, {5, 18, 0}, {5, 41, 0}}
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
		aim := c.aim
		if aim == 0 {
			aim = float64(tot - 1)
		}
		b, it := o.Bound(w, aim, 60)
		fmt.Printf("size %d seed %d: bits %d pool %v movable %d tiles bound %.3f aim %v (%d iters, %v)\n", c.size, c.seed, o.Bits(), pool, tot, b, aim, it, time.Since(t0))
	}
}
