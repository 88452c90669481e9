package reader_test

import (
	"testing"

	"hexiom/calibration"
	"hexiom/internal/fixture"
	"hexiom/internal/tier"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// TestReadThroughClicksOff: a person's three clicks are not a script's.
// FromClicks takes the area's centre from the mean of two clicks and its
// side from their span, so a click 3 px from a cell's centre puts the
// area about 3 px off. Through such an area the SWF's flat and bevel
// looks, learnt once, read their boards at 100 % (sizes 2-6, the
// original's lattice) exactly or refuse them, never misread, and read at
// least 85 % of them (30 of 32 each; before the size test searched each
// size about the calibrated place, Read's sizeNearby, 3 px off: flat 9 of
// 48, bevel 26 of 48).
func TestReadThroughClicksOff(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	offs := [][2]float64{{3, 0}, {0, -3}, {-3, 3}, {2, 2}}
	for _, look := range []string{"flat", "bevel"} {
		start := load(t, "swf/"+look+"-learn-z100")
		set, err := reader.Learn(nil, start.Image, start.Meta.Area, start.Truth)
		if err != nil {
			t.Fatalf("learn the %s look: %v", look, err)
		}
		var fs []*fixture.Fixture
		for _, n := range inDir(t, "swf", look+"-level*-z100", 8) {
			fs = append(fs, load(t, n))
		}
		read, refused := readOff(t, set, fs, offs)
		t.Logf("the %s look, through areas off by %v: %d read exactly, %d refused", look, offs, read, refused)
		if read < (read+refused)*85/100 {
			t.Errorf("the %s look: %d of %d boards read through an area a few pixels off, want 85 %%", look, read, read+refused)
		}
	}
}

// readOff reads each fixture of fs with set through its area moved by
// each of offs, fails the test on a board misread with no doubt, and
// counts the boards read exactly and refused.
func readOff(t *testing.T, set *vision.Templates, fs []*fixture.Fixture, offs [][2]float64) (read, refused int) {
	t.Helper()
	for _, f := range fs {
		for _, d := range offs {
			a := f.Meta.Area
			a.Left, a.Top = a.Left+d[0], a.Top+d[1]
			r, err := reader.Read(f.Image, a, set)
			switch {
			case err != nil:
				refused++
				t.Logf("%s through %v (%v off): refused: %v", f.Name, a, calibration.Point{X: d[0], Y: d[1]}, err)
			case !r.Pos.Equal(f.Truth):
				t.Errorf("%s through an area %v px off: misread with no doubt:\n%s\ntruth\n%s", f.Name, d, r.Pos.Format(), f.Truth.Format())
			default:
				read++
			}
		}
	}
	return read, refused
}
