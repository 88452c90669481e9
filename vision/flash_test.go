package vision_test

import (
	"path/filepath"
	"testing"

	"hexiom/internal/tier"
	"hexiom/vision"
	"hexiom/vision/internal/fixture"
)

// flash lists the fixtures of the flash look (vision/testdata/flash) whose
// name matches pattern, as names load takes.
func flash(t testing.TB, pattern string, want int) []string {
	t.Helper()
	ns, err := fixture.Names(filepath.Join(testdata, "flash"), pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(ns) < want {
		t.Fatalf("%d flash fixtures match %s, want at least %d", len(ns), pattern, want)
	}
	for i := range ns {
		ns[i] = filepath.Join("flash", ns[i])
	}
	return ns
}

// The flash look (another font, bevels, clamps, wells, its own pitch
// rule), learnt from one board at one zoom: every flash fixture, at the
// three zooms, is read exactly or refused; none is misread with no error.
// The built-in classic set never misreads one either. Boards whose kinds
// and digits the set has learnt are read at every zoom.
func TestFlashGolden(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	vision.DebugDir = ""
	classic := builtin(t)
	all := flash(t, "*", 24)
	for _, c := range []struct {
		learn    string
		mustRead []string // read exactly at every zoom
	}{
		{"flash/level27-z100", []string{"level01", "level27"}},
		{"flash/random6-01-z100", []string{"level01", "level27"}},
		{"flash/level40-z75", []string{"level40"}},
	} {
		lf := load(t, c.learn)
		tpl, err := vision.Learn(nil, lf.Image, lf.Meta.Area, lf.Truth)
		if err != nil {
			t.Errorf("learn %s: %v", c.learn, err)
			continue
		}
		read, refused := readAll(t, tpl, "flash/*")
		t.Logf("learnt from %s (lacks %v): %d of %d flash fixtures read exactly, %d refused", c.learn, tpl.Missing(), read, len(all), refused)
		for _, b := range c.mustRead {
			for _, z := range []string{"z75", "z100", "z150"} {
				f := load(t, "flash/"+b+"-"+z)
				r, err := vision.Read(f.Image, f.Meta.Area, tpl)
				if err != nil || !r.Pos.Equal(f.Truth) {
					t.Errorf("learnt from %s, %s: %v", c.learn, f.Name, err)
				}
			}
		}
	}
	read, refused := readAll(t, classic, "flash/*")
	t.Logf("built-in classic set: %d flash fixtures read exactly, %d refused", read, refused)
}
