//go:build cgo

package reader_test

import (
	"errors"
	"image"
	"image/color"
	"testing"
	"time"

	"hexiom/internal/stats"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// BenchmarkRead reads a size-6 board from a 1280×800 capture (already in
// memory: capture is timed apart), size detection included.
func BenchmarkRead(b *testing.B) {
	tpl := builtin(b)
	f := load(b, "random6-07-1280x800")
	var r vision.Reading
	var err error
	timeEach(b, func() { r, err = reader.Read(f.Image, f.Meta.Area, tpl) }, func() {
		if err != nil || !r.Pos.Equal(f.Truth) {
			b.Fatalf("misread: %v", err)
		}
	})
}

// timeEach runs call in b's loop, timing each call alone, runs check after
// each (untimed), reports the median as ms-median and returns the times.
func timeEach(b *testing.B, call, check func()) []time.Duration {
	var ds []time.Duration
	for b.Loop() {
		t0 := time.Now()
		call()
		ds = append(ds, time.Since(t0))
		check()
	}
	b.ReportMetric(float64(stats.Median(ds).Microseconds())/1000, "ms-median")
	return ds
}

// BenchmarkReadInDoubt reads a board with one smeared cell: the refusal,
// debug picture included.
func BenchmarkReadInDoubt(b *testing.B) {
	tpl := builtin(b)
	f := load(b, "random6-07-1280x800")
	img := image.NewRGBA(f.Image.Rect)
	copy(img.Pix, f.Image.Pix)
	p := f.Meta.Area.Centre(6, 40)
	R := f.Meta.Area.Radius(6)
	for y := int(p.Y - 0.15*R); y < int(p.Y+0.15*R); y++ {
		for x := int(p.X - 0.8*R); x < int(p.X+0.8*R); x++ {
			img.Set(x, y, color.RGBA{140, 140, 140, 255})
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := reader.Read(img, f.Meta.Area, tpl); err == nil {
			b.Fatal("read a smeared cell without doubt")
		}
	}
}

// BenchmarkReadSize is Read when the size is known (hexiom play after its
// first look): no size test.
func BenchmarkReadSize(b *testing.B) {
	tpl := builtin(b)
	f := load(b, "random6-07-1280x800")
	var r vision.Reading
	var err error
	timeEach(b, func() { r, err = reader.ReadSize(f.Image, f.Meta.Area, 6, tpl) }, func() {
		if err != nil || !r.Pos.Equal(f.Truth) {
			b.Fatalf("misread: %v", err)
		}
	})
}

// BenchmarkReadFlash reads a size-6 board of the flash look (at 150 % page
// zoom) with a set learnt at 100 %: the calibration's pitch does not fit,
// so the reader measures it (searchPitch) before reading.
func BenchmarkReadFlash(b *testing.B) {
	tpl := flashAt100(b)
	f := load(b, "flash/random6-01-z150")
	var r vision.Reading
	var err error
	timeEach(b, func() { r, err = reader.Read(f.Image, f.Meta.Area, tpl) }, func() {
		if err != nil || !r.Pos.Equal(f.Truth) {
			b.Fatalf("misread: %v", err)
		}
	})
}

// BenchmarkFindArea is calibrate -auto's search on a flash-look size-6
// board at 75 % page zoom, with a set learnt at 100 %: the plate's outline,
// the cell lattice measured with no template, the candidate areas read
// with the pitch fixed, the best confirmed.
func BenchmarkFindArea(b *testing.B) {
	tpl := flashAt100(b)
	f := load(b, "flash/random6-02-z75")
	var r vision.Reading
	var err error
	timeEach(b, func() { _, r, err = reader.FindArea(f.Image, tpl) }, func() {
		if de := (*vision.DoubtError)(nil); err != nil && !errors.As(err, &de) || r.Size != f.Truth.Size {
			b.Fatalf("not found: %v", err)
		}
	})
}

// flashAt100 is the flash look learnt from one start at 100 % page zoom.
func flashAt100(b testing.TB) *vision.Templates {
	b.Helper()
	lf := load(b, "flash/random6-01-z100")
	tpl, err := reader.Learn(nil, lf.Image, lf.Meta.Area, lf.Truth)
	if err != nil {
		b.Fatal(err)
	}
	return tpl
}
