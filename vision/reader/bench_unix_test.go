//go:build unix && cgo

package reader_test

import (
	"syscall"
	"testing"
	"time"

	"hexiom/calibration"
	"hexiom/internal/fixture"
	"hexiom/internal/stats"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// cpuTime is the CPU time (user and system) the process has used: under
// load, wall times stretch with the other jobs; CPU time much less.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// size6 loads the fixtures named whose board is of size 6.
func size6(b *testing.B, names ...[]string) []*fixture.Fixture {
	var fs []*fixture.Fixture
	for _, ns := range names {
		for _, n := range ns {
			if f := load(b, n); f.Truth.Size == 6 {
				fs = append(fs, f)
			}
		}
	}
	return fs
}

// benchReads reads the fixtures in turn, each with its area (areas[i]),
// fails on any misread, and reports the median and 90th percentile wall
// time and the CPU time per read.
func benchReads(b *testing.B, fs []*fixture.Fixture, areas []calibration.Area, tpl *vision.Templates) {
	var r vision.Reading
	var err error
	i := 0
	c0 := cpuTime(b)
	ds := timeEach(b, func() { r, err = reader.Read(fs[i%len(fs)].Image, areas[i%len(fs)], tpl) }, func() {
		if f := fs[i%len(fs)]; err != nil || !r.Pos.Equal(f.Truth) {
			b.Fatalf("%s: misread: %v", f.Name, err)
		}
		i++
	})
	cpu := cpuTime(b) - c0
	b.StopTimer()
	b.ReportMetric(float64(stats.Percentile(ds, 90).Microseconds())/1000, "ms-p90")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/read")
}

// BenchmarkReadClassic6 reads every classic size-6 fixture in turn (the
// starts of the size-6 official levels and the random size-6 boards, at
// 800×600, 1280×800 and 1920×1080) with the built-in set, size test
// included: the limit is 30 ms a read.
func BenchmarkReadClassic6(b *testing.B) {
	fs := size6(b, names(b, "level[0-9][0-9]-*", 120), names(b, "random6-*", 60))
	areas := make([]calibration.Area, len(fs))
	for i, f := range fs {
		areas[i] = f.Meta.Area
	}
	b.Logf("%d classic size-6 fixtures", len(fs))
	benchReads(b, fs, areas, builtin(b))
}

// BenchmarkReadFlash6 reads every size-6 fixture of the flash look (75,
// 100 and 150 % zoom) with a set learnt from two flash boards at 100 %, as
// hexiom play reads after its first look: with the area that look measured
// (Reading.Area, which carries the look's pitch), so no pitch search.
func BenchmarkReadFlash6(b *testing.B) {
	var tpl *vision.Templates
	for _, n := range []string{"flash/random6-01-z100", "flash/level10-z100"} {
		lf := load(b, n)
		var err error
		if tpl, err = reader.Learn(tpl, lf.Image, lf.Meta.Area, lf.Truth); err != nil {
			b.Fatal(err)
		}
	}
	fs := size6(b, flash(b, "*", 24))
	areas := make([]calibration.Area, len(fs))
	for i, f := range fs {
		r, err := reader.Read(f.Image, f.Meta.Area, tpl)
		if err != nil {
			b.Fatalf("%s: %v", f.Name, err)
		}
		areas[i] = r.Area
	}
	b.Logf("%d flash size-6 fixtures", len(fs))
	benchReads(b, fs, areas, tpl)
}
