package most

import (
	"context"
	"path/filepath"
	"runtime/metrics"
	"testing"
	"time"

	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// With a budget no table fits (1 byte), Solve on far size 5 seed 18,
// tiles (18 bits; its proof takes the occupancy view's pass, about 1.8 s
// with it), makes none of the view's tables: it allocates less than they
// would take, and at the deadline answers the best found, unproved, with
// OverBudget.
func TestMemBudgetSkipsTables(t *testing.T) {
	level := readLevel(t, filepath.Join("../testdata/far", "far-s5-18.txt"))
	prob, _ := solver.ProblemOf(level)
	var od search.OccDP
	if !od.Reset(occOrder(maxProblemOf(level, prob, Tiles).prob, solver.Orientations(level.Size)), search.OccWideBits) {
		t.Fatal("far s5-18: no occupancy layout")
	}
	tables, _ := od.Footprint(occMaxLayer)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	a0 := allocated()
	res, err := Solve(ctx, level, Tiles, Threads(2), MemBudget(1))
	got := allocated() - a0
	if err != nil || !res.OverBudget || res.Optimal || res.Objective >= res.Bound {
		t.Fatalf("%v: objective %d bound %d optimal %v over budget %v; want the best found, unproved, over budget", err, res.Objective, res.Bound, res.Optimal, res.OverBudget)
	}
	if got >= tables {
		t.Errorf("allocated %d MB, the tables alone %d MB: they were made", got>>20, tables>>20)
	}
	t.Logf("objective %d, bound %d; allocated %d MB (the tables %d MB)", res.Objective, res.Bound, got>>20, tables>>20)
}

// allocated is the bytes the process has allocated on the heap so far.
func allocated() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}
