//go:build cgo

package picture_test

import (
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/internal/tier"
	"hexiom/picture"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// fixture opens one of vision's fixtures: its picture (screen
// coordinates) and calibration.
func fixture(t *testing.T, name string) (*image.RGBA, calibration.Area) {
	t.Helper()
	meta := readMeta(t, "../vision/testdata/"+name)
	f, err := capture.OpenFile("../vision/testdata/"+name+".png", image.Pt(meta.Offset[0], meta.Offset[1]))
	if err != nil {
		t.Fatal(err)
	}
	return f.Image(), meta.Area
}

// A refusal's picture: a smeared cell read in doubt is outlined in red, the
// cells read sure in green; Debug writes it into the folder given, named
// for what it shows.
func TestReadingAndDebug(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	img, area := fixture(t, "random6-03-1280x800")
	p, R := area.Centre(6, 40), area.Radius(6)
	for y := int(p.Y - 0.15*R); y < int(p.Y+0.15*R); y++ {
		for x := int(p.X - 0.8*R); x < int(p.X+0.8*R); x++ {
			img.Set(x, y, color.RGBA{140, 140, 140, 255})
		}
	}
	tpl, err := vision.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	_, err = reader.Read(img, area, tpl)
	var de *vision.DoubtError
	if !errors.As(err, &de) {
		t.Fatalf("smeared cell: %v, want a DoubtError", err)
	}
	r := de.Reading
	dir := t.TempDir()
	// Another user's symbolic link under the name a debug picture had
	// before (hexiom-<what>-<when>.png), aimed at a file of the bot's.
	when := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	victim := filepath.Join(t.TempDir(), "precious.txt")
	if err := os.WriteFile(victim, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(dir, "hexiom-doubt-20240506-070809.000.png")); err != nil {
		t.Fatal(err)
	}
	path, err := picture.Debug(dir, "doubt", when, img, area, r)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(path) != dir || !strings.HasPrefix(filepath.Base(path), "hexiom-doubt-20240506-070809") {
		t.Fatalf("debug picture at %s", path)
	}
	if got, _ := os.ReadFile(victim); string(got) != "keep me" {
		t.Errorf("the debug picture went through the planted link: the file it aims at now holds %d bytes", len(got))
	}
	if st, err := os.Lstat(path); err != nil || !st.Mode().IsRegular() || st.Mode().Perm() != 0o600 {
		t.Errorf("debug picture %s: %v, %v; want a new file only its owner reads", path, st.Mode(), err)
	}
	// The same moment again: another new file, under another name.
	again, err := picture.Debug(dir, "doubt", when, img, area, r)
	if err != nil || again == path {
		t.Errorf("a second picture at the same moment: %s, %v (the first: %s)", again, err, path)
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	pic, err := png.Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	origin := area.Rect().Inset(-picture.Margin).Intersect(img.Bounds()).Min
	// the colour of cell i's outline, on its right-hand corner
	outline := func(i int) string {
		c := r.Centres(area)[i]
		rr := r.Area.Radius(6)
		x, y := int(math.Round(c.X+0.97*rr))-origin.X, int(math.Round(c.Y))-origin.Y
		for dx := -1; dx <= 1; dx++ {
			cr, cg, cb, _ := pic.At(x+dx, y).RGBA()
			switch {
			case cr>>8 > 200 && cg>>8 < 60 && cb>>8 < 60:
				return "red"
			case cg>>8 > 200 && cr>>8 < 60 && cb>>8 < 60:
				return "green"
			}
		}
		return "none"
	}
	for i, c := range r.Cells {
		want := "green"
		if c.Doubt != "" {
			want = "red"
		}
		if got := outline(i); got != want {
			t.Errorf("cell %d (doubt %q) outlined %s, want %s", i, c.Doubt, got, want)
		}
	}
	if outline(40) != "red" {
		t.Error("the smeared cell is not outlined in red")
	}
	// No board read: the calibrated area is outlined instead.
	pic2, err := picture.Reading(img, area, vision.Reading{})
	if err != nil {
		t.Fatal(err)
	}
	a := area.Rect().Sub(origin)
	if c := pic2.RGBAAt(a.Min.X+a.Dx()/2, a.Min.Y); c.R < 200 || c.G > 60 {
		t.Errorf("no board: the area's top edge is %v, want red", c)
	}
	if _, err := picture.Debug("", "doubt", time.Now(), img, area, r); err == nil {
		t.Error("Debug with no folder: no error")
	}
}
