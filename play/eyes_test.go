//go:build cgo

package play

import (
	"testing"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/internal/fixture"
	"hexiom/internal/tier"
	"hexiom/vision/reader"
)

// flashFixture loads a fixture of the flash look: its picture as a capture
// source, the game area the page laid out, and the truth.
func flashFixture(t *testing.T, name string) (*capture.File, calibration.Area, board.Position) {
	t.Helper()
	f, err := fixture.Load("../vision/testdata/flash", name)
	if err != nil {
		t.Fatal(err)
	}
	return f.File, f.Meta.Area, f.Truth
}

// Screen keeps the cell scale vision measured on a look whose cells do not
// follow board.Pitch, so that later reads of that size need not measure it.
func TestScreenKeepsMeasuredScale(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	lf, la, lt := flashFixture(t, "random6-01-z100")
	tpl, err := reader.Learn(nil, lf.Image(), la, lt)
	if err != nil {
		t.Fatal(err)
	}
	f, area, truth := flashFixture(t, "level40-z150")
	s := &Screen{Source: f, Area: area, Templates: tpl}
	for i := 0; i < 2; i++ {
		img, err := s.Grab()
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Read(img, 0)
		if err != nil || !r.Pos.Equal(truth) {
			t.Fatalf("read %d: %v", i+1, err)
		}
		if k := s.Area.ScaleOf(6); k < 1.1 || k > 1.3 {
			t.Fatalf("after read %d the screen's cell scale for size 6 is %.3f; the flash look draws them about 1.14 times board.Pitch's rows (1.19 times its columns)", i+1, k)
		}
	}
}
