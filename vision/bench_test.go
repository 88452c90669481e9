package vision_test

import (
	"sort"
	"testing"
	"time"

	"hexiom/vision"
)

// BenchmarkRead reads a size-6 board from a 1280×800 capture (already in
// memory: capture is timed apart), size detection included.
func BenchmarkRead(b *testing.B) {
	tpl := builtin(b)
	f := load(b, "random6-07-1280x800")
	b.ResetTimer()
	ds := make([]time.Duration, 0, b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		r, err := vision.Read(f.Image, f.Meta.Area, tpl)
		ds = append(ds, time.Since(t0))
		if err != nil || !r.Pos.Equal(f.Truth) {
			b.Fatalf("misread: %v", err)
		}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "ms-median")
}
