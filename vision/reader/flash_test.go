//go:build cgo

package reader_test

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"hexiom/calibration"

	"hexiom/internal/fixture"
	"hexiom/internal/tier"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// flash lists the fixtures of the flash look (vision/testdata/flash) whose
// name matches pattern, as names load takes.
func flash(t testing.TB, pattern string, want int) []string {
	t.Helper()
	return inDir(t, "flash", pattern, want)
}

// inDir lists the fixtures in vision/testdata/dir whose name matches
// pattern, as names load takes (dir/NAME), and fails unless there are at
// least want.
func inDir(t testing.TB, dir, pattern string, want int) []string {
	t.Helper()
	ns, err := fixture.Names(filepath.Join(testdata, dir), pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(ns) < want {
		t.Fatalf("%d %s fixtures match %s, want at least %d", len(ns), dir, pattern, want)
	}
	for i := range ns {
		ns[i] = filepath.Join(dir, ns[i])
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
	classic := builtin(t)
	all := flash(t, "*", 24)
	for _, c := range []struct {
		learn    string
		mustRead []string // read exactly at every zoom
	}{
		{"flash/level27-z100", []string{"level01", "level27"}},
		{"flash/random6-01-z100", []string{"level01", "level27", "level39", "level40", "random6-01"}},
		{"flash/level40-z75", []string{"level40"}},
	} {
		lf := load(t, c.learn)
		tpl, err := reader.Learn(nil, lf.Image, lf.Meta.Area, lf.Truth)
		if err != nil {
			t.Errorf("learn %s: %v", c.learn, err)
			continue
		}
		read, refused := readAll(t, tpl, "flash/*")
		t.Logf("learnt from %s (lacks %v): %d of %d flash fixtures read exactly, %d refused", c.learn, tpl.Missing(), read, len(all), refused)
		for _, b := range c.mustRead {
			for _, z := range []string{"z75", "z100", "z150"} {
				f := load(t, "flash/"+b+"-"+z)
				r, err := readFixture(f, tpl) // (readAll read it)
				if err != nil || !r.Pos.Equal(f.Truth) {
					t.Errorf("learnt from %s, %s: %v", c.learn, f.Name, err)
				}
			}
		}
	}
	read, refused := readAll(t, classic, "flash/*")
	t.Logf("built-in classic set: %d flash fixtures read exactly, %d refused", read, refused)
}

// flashCells returns where the flash look drew every cell of fixture name
// (its JSON's "cells", screen pixels).
func flashCells(t testing.TB, name string) [][2]float64 {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdata, name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Cells [][2]float64 `json:"cells"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m.Cells
}

// Measured geometry: the flash look does not place its cells by
// board.Pitch; read with the page's area, every cell is found within 2 px
// of where the page drew it, at every size and zoom. FindArea (calibrate
// -auto) finds flash boards with a set learnt on that look.
func TestFlashGeometry(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	lf := load(t, "flash/random6-01-z100")
	tpl, err := reader.Learn(nil, lf.Image, lf.Meta.Area, lf.Truth)
	if err != nil {
		t.Fatal(err)
	}
	worst := func(r vision.Reading, n string) float64 {
		cells := flashCells(t, n)
		if len(cells) != len(r.Pos.Cells) {
			t.Fatalf("%s: %d cells drawn, %d read", n, len(cells), len(r.Pos.Cells))
		}
		w := 0.0
		for i, p := range r.Centres(calibration.Area{}) {
			w = max(w, math.Hypot(p.X-cells[i][0], p.Y-cells[i][1]))
		}
		return w
	}
	for _, n := range flash(t, "*", 24) {
		f := load(t, n)
		r, err := reader.Read(f.Image, f.Meta.Area, tpl)
		var de *vision.DoubtError
		if err != nil && !errors.As(err, &de) {
			t.Errorf("%s: %v", n, err)
			continue
		}
		if r.Size != f.Truth.Size {
			t.Errorf("%s: size %d, truth %d", n, r.Size, f.Truth.Size)
			continue
		}
		if w := worst(r, n); w > 2 {
			t.Errorf("%s: a cell centre %.2f px from where the page drew it", n, w)
		}
	}
	// FindArea (calibrate -auto) with a set learnt on this look: most
	// flash boards, at every zoom, are found with every cell within 2 px;
	// the others are refused saying why (then hexiom calibrate suggests
	// the three clicks); never an area further off.
	lf2 := load(t, "flash/level10-z100") // the 0s random6-01 lacks
	if tpl, err = reader.Learn(tpl, lf2.Image, lf2.Meta.Area, lf2.Truth); err != nil {
		t.Fatal(err)
	}
	all := flash(t, "*", 24)
	found := findAll(t, tpl, all)
	t.Logf("FindArea found %d of the %d flash boards", found, len(all))
	// (level 39 at 100 % is refused: its lattice is measured at the right
	// pitch, but half a cell off; BENCHMARKS.md has the history)
	if found < 23 {
		t.Errorf("FindArea found %d of %d flash boards, want at least 23", found, len(all))
	}
}
