//go:build cgo

package reader_test

import (
	"errors"
	"image"
	"strings"
	"testing"

	"hexiom/internal/tier"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// readAll reads every fixture matching the patterns with tpl and fails on
// any cell read wrong with no error: every board must be read exactly or
// refused. It returns how many were read and how many refused.
func readAll(t *testing.T, tpl *vision.Templates, patterns ...string) (read, refused int) {
	t.Helper()
	for _, p := range patterns {
		var ns []string
		if dir, pat, ok := strings.Cut(p, "/"); ok {
			ns = inDir(t, dir, pat, 1)
		} else {
			ns = names(t, p, 1)
		}
		for _, n := range ns {
			f := load(t, n)
			r, err := readFixture(f, tpl)
			if err != nil {
				refused++
				continue
			}
			if !r.Pos.Equal(f.Truth) {
				wrong := 0
				for i := range r.Pos.Cells {
					if r.Pos.Cells[i] != f.Truth.Cells[i] {
						wrong++
					}
				}
				t.Errorf("%s: %d cells misread with no error:\n%s\ntruth\n%s", n, wrong, r.Pos.Format(), f.Truth.Format())
				continue
			}
			read++
		}
	}
	return read, refused
}

// Sets learnt from one board that lacks holes, locked tiles or some digits
// never misread a board with what they have not learnt: every fixture of
// the look is read exactly or refused (the issue: after learning a start
// with no holes, locks, 0s or 1s, 1 was read as 4, locked as movable, hole
// as empty, 0 as 6, with exit 0).
func TestPartialSetsNeverMisread(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	classic := []string{"level[0-9][0-9]-*", "random6-*"}
	for _, c := range []struct {
		learn    string
		patterns []string
		lacks    []string // some of what the set must say it lacks
	}{
		{"level12-1280x800", classic, []string{"hole", "locked", "digit 0", "digit 2"}},
		{"level40-800x600", classic, []string{"hole", "locked", "digit 0", "digit 1"}},
		{"level33-1920x1080", classic, []string{"hole", "digit 0"}},
		{"level23-1280x800", classic, []string{"locked", "digit 3"}},
		{"neon-level40-1280x800", []string{"neon-*"}, []string{"hole", "locked", "digit 0", "digit 1"}},
		{"neon-level27-800x600", []string{"neon-*"}, []string{"hole", "digit 0"}},
		{"neon-level10-1920x1080", []string{"neon-*"}, []string{"digit 3", "digit 6"}},
	} {
		t.Run(c.learn, func(t *testing.T) {
			f := load(t, c.learn)
			tpl, err := reader.Learn(nil, f.Image, f.Meta.Area, f.Truth)
			if err != nil {
				t.Fatal(err)
			}
			m := strings.Join(tpl.Missing(), ", ")
			for _, l := range c.lacks {
				if !strings.Contains(m, l) {
					t.Errorf("the set says it lacks %q, not %s", m, l)
				}
			}
			read, refused := readAll(t, tpl, c.patterns...)
			t.Logf("learnt from %s (lacks %s): %d boards read exactly, %d refused", c.learn, m, read, refused)
		})
	}
}

// A set learnt from two boards holds what each lacks, and reads what
// neither alone could.
func TestSecondLearnAdds(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	a := load(t, "level12-1280x800") // no hole, no lock, digits 1 3 4
	b := load(t, "level39-800x600")  // holes, locks, digits 2–6
	t1, err := reader.Learn(nil, a.Image, a.Meta.Area, a.Truth)
	if err != nil {
		t.Fatal(err)
	}
	f := load(t, "random6-03-1280x800") // holes, locks, every digit but 0? see truth
	if _, err := reader.Read(f.Image, f.Meta.Area, t1); err == nil {
		t.Fatalf("a set with no hole, lock or digit 2 read %s", f.Name)
	}
	t2, err := reader.Learn(t1, b.Image, b.Meta.Area, b.Truth)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"hole", "locked", "digit 2", "digit 5"} {
		if strings.Contains(strings.Join(t2.Missing(), ","), k) {
			t.Errorf("after the second board the set still lacks %s", k)
		}
	}
	r, err := reader.Read(f.Image, f.Meta.Area, t2)
	var de *vision.DoubtError
	if err != nil && !errors.As(err, &de) {
		t.Fatal(err)
	}
	if err == nil && !r.Pos.Equal(f.Truth) {
		t.Fatalf("misread with no error:\n%s", r.Pos.Format())
	}
}

// Only the board need be on the picture: a calibration whose square area
// reaches past the picture's edge (large cells, a board near the top of the
// screen) still reads the board exactly.
func TestAreaPastTheEdge(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	for _, c := range []struct {
		n         string
		left, top int // px of the area cut off: the board stays whole
	}{{"random6-07-1280x800", 30, 40}, {"level40-1920x1080", 30, 40}, {"flash/level40-z100", 15, 20}} {
		n := c.n
		f := load(t, n)
		a := f.Meta.Area
		cut := image.Rect(int(a.Left)+c.left, int(a.Top)+c.top, f.Image.Rect.Max.X, f.Image.Rect.Max.Y)
		img := f.Image.SubImage(cut).(*image.RGBA)
		if a.Rect().In(img.Bounds()) {
			t.Fatalf("%s: the area %v lies inside the picture %v", n, a.Rect(), img.Bounds())
		}
		var tpl *vision.Templates
		if strings.HasPrefix(n, "flash/") {
			lf := load(t, "flash/random6-01-z100")
			var err error
			if tpl, err = reader.Learn(nil, lf.Image, lf.Meta.Area, lf.Truth); err != nil {
				t.Fatal(err)
			}
		} else {
			tpl = builtin(t)
		}
		r, err := reader.Read(img, a, tpl)
		if err != nil {
			t.Fatalf("%s, area past the picture's edge: %v", n, err)
		}
		if !r.Pos.Equal(f.Truth) {
			t.Fatalf("%s: read\n%s", n, r.Pos.Format())
		}
	}
}
