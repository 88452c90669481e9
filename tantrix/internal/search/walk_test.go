package search

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"hexiom/internal/tier"
)

// walkerBytes returns the bytes NewWalker allocates for n tiles.
func walkerBytes(n int) uint64 {
	var count [10]int
	for t := range count {
		count[t] = (n + 9 - t) / 10
	}
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	wk := NewWalker([10][6]uint8{}, count, 0)
	runtime.ReadMemStats(&b)
	runtime.KeepAlive(wk)
	return b.TotalAlloc - a.TotalAlloc
}

// Issue 24: the walker's grid had side n, so its memory grew as n² (n =
// 20,000: 2.8 GB, and 200,000 ran out of memory). It now grows as n.
func TestWalkerMemoryGrowsWithN(t *testing.T) {
	small := walkerBytes(5000)
	if small > 40<<20 {
		t.Fatalf("a walker of 5,000 tiles takes %d MB, want under 40 MB", small>>20)
	}
	big := walkerBytes(20000)
	if big > 5*small {
		t.Fatalf("a walker of 20,000 tiles takes %d MB, %.1f times that of 5,000: want memory growing as n (4 times)", big>>20, float64(big)/float64(small))
	}
	t.Logf("5,000 tiles: %.1f MB; 20,000: %.1f MB", float64(small)/(1<<20), float64(big)/(1<<20))
}

// pocketsKept, which spares Random most of pocketsOK's floods, says what
// the flood says every time it says anything, and it says something for
// most calls.
func TestPocketsKeptAgreesWithFlood(t *testing.T) {
	pocketsCheck.on = true
	defer func() { pocketsCheck.on = false }()
	sizes := []int{33, 82, 121}
	if testing.Short() || tier.Race {
		sizes = []int{33} // 0.1 s; under the race detector the others took 20 s
	}
	for _, n := range sizes {
		var count [10]int
		for i := range count {
			count[i] = (n + 9 - i) / 10
		}
		wk := NewWalker(testTileColours(), count, 2)
		for seed := uint64(1); seed <= 2; seed++ {
			wk.Random(rand.New(rand.NewPCG(seed, 0)), int64(2000*n+100000))
		}
	}
	c := pocketsCheck
	t.Logf("%d calls, %d told without a flood, %d differ", c.calls, c.told, c.differ)
	if c.differ > 0 {
		t.Errorf("pocketsKept differs from pocketsOK's flood %d times", c.differ)
	}
	if c.calls == 0 || c.told < c.calls*9/10 {
		t.Errorf("pocketsKept told %d of %d calls, want 90 %%", c.told, c.calls)
	}
}
