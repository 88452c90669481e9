//go:build cgo

package reader_test

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"hexiom/internal/fixture"
	"hexiom/internal/tier"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// ReadCells reads what the picture shows in the cells asked, as Read does,
// at the geometry of a reading: of the board in the picture, and of another
// board of the same size on the same screen (every cell as the picture shows
// it, not as the reading says); in the flash look too, whose cells follow
// their own pitch (a reading with a measured scale).
func TestReadCells(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	classic := builtin(t)
	var flash *vision.Templates
	for _, n := range []string{"flash/random6-01-z100", "flash/random6-02-z100"} {
		lf := load(t, n)
		var err error
		if flash, err = reader.Learn(flash, lf.Image, lf.Meta.Area, lf.Truth); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		pic, other string
		tpl        *vision.Templates
	}{
		{"random6-01-1280x800", "random6-02-1280x800", classic},
		{"random6-03-800x600", "random6-04-800x600", classic},
		{"random6-05-1920x1080", "random6-06-1920x1080", classic},
		{"level38-1280x800", "level38-1280x800", classic},
		{"flash/random6-02-z150", "flash/random6-01-z150", flash},
		{"flash/random6-02-z75", "flash/random6-01-z75", flash},
	} {
		f, o := load(t, c.pic), load(t, c.other)
		r, err := reader.Read(o.Image, o.Meta.Area, c.tpl)
		if err != nil {
			t.Fatalf("%s: %v", c.other, err)
		}
		all := make([]int, len(r.Cells))
		for i := range all {
			all[i] = len(all) - 1 - i // any order
		}
		cells, err := reader.ReadCells(f.Image, r, all, c.tpl)
		if err != nil {
			t.Fatalf("%s at %s's reading: %v", c.pic, c.other, err)
		}
		if len(cells) != len(all) {
			t.Fatalf("%s: %d cells back for %d asked", c.pic, len(cells), len(all))
		}
		for j, i := range all {
			cr := cells[j]
			if cr.Doubt != "" {
				t.Errorf("%s at %s's reading: cell %d in doubt: %s", c.pic, c.other, i, cr.Doubt)
			}
			if want := f.Truth.Cells[i]; cr.Digit != want.Tile || (cr.Kind == vision.Hole || cr.Kind == vision.Locked) != want.Fixed {
				t.Errorf("%s at %s's reading: cell %d read %q, truth %+v", c.pic, c.other, i, cr.Label(), want)
			}
		}
	}
}

// A smeared cell among those asked is in doubt; the others are read.
func TestReadCellsDoubt(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	f := load(t, "random6-07-1280x800")
	r, err := reader.Read(f.Image, f.Meta.Area, tpl)
	if err != nil {
		t.Fatal(err)
	}
	const bad = 40
	img := smear(f, bad)
	cells, err := reader.ReadCells(img, r, []int{3, bad, 77}, tpl)
	if err != nil {
		t.Fatal(err)
	}
	if cells[1].Doubt == "" {
		t.Errorf("smeared cell %d read %q without doubt", bad, cells[1].Label())
	}
	for _, j := range []int{0, 2} {
		if cells[j].Doubt != "" {
			t.Errorf("cell %d in doubt: %s", []int{3, bad, 77}[j], cells[j].Doubt)
		}
	}
	if _, err := reader.ReadCells(img, r, []int{91}, tpl); err == nil {
		t.Error("cell 91 of a size-6 board read")
	}
	if _, err := reader.ReadCells(img, vision.Reading{}, []int{1}, tpl); err == nil {
		t.Error("cells read without a reading of the board")
	}
}

// smear paints a grey bar across cell i of fixture f's board.
func smear(f *fixture.Fixture, i int) *image.RGBA {
	img := image.NewRGBA(f.Image.Rect)
	copy(img.Pix, f.Image.Pix)
	p := f.Meta.Area.Centre(6, i)
	R := f.Meta.Area.Radius(6)
	for y := int(p.Y - 0.15*R); y < int(p.Y+0.15*R); y++ {
		for x := int(p.X - 0.8*R); x < int(p.X+0.8*R); x++ {
			img.Set(x, y, color.RGBA{140, 140, 140, 255})
		}
	}
	return img
}

// BenchmarkReadCells reads the cells a drag changes on a size-6 board (the
// two it touches and their neighbours: 14), what hexiom play checks after a
// drag instead of a whole read (BenchmarkReadSize).
func BenchmarkReadCells(b *testing.B) {
	tpl := builtin(b)
	f := load(b, "random6-07-1280x800")
	r, err := reader.ReadSize(f.Image, f.Meta.Area, 6, tpl)
	if err != nil {
		b.Fatal(err)
	}
	cells := []int{30, 31, 22, 23, 38, 39, 40, 60, 61, 51, 52, 69, 70, 62}
	var got []vision.CellReading
	timeEach(b, func() { got, err = reader.ReadCells(f.Image, r, cells, tpl) }, func() {
		if err != nil || len(got) != len(cells) {
			b.Fatal(err)
		}
	})
}

// BenchmarkReadCellsFar reads two cells at opposite corners of a size-6
// board (a drag across it, no neighbour recoloured): the picture between
// them is featured too.
func BenchmarkReadCellsFar(b *testing.B) {
	tpl := builtin(b)
	f := load(b, "random6-07-1280x800")
	r, err := reader.ReadSize(f.Image, f.Meta.Area, 6, tpl)
	if err != nil {
		b.Fatal(err)
	}
	cells := []int{0, 90}
	var got []vision.CellReading
	timeEach(b, func() { got, err = reader.ReadCells(f.Image, r, cells, tpl) }, func() {
		if err != nil || len(got) != len(cells) {
			b.Fatal(err)
		}
	})
}

// A picture of only the part CellsBox names (a grab of it alone, as hexiom
// play takes one to check a cell) reads each cell as the whole picture does.
func TestReadCellsOfAPart(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	for _, n := range []string{"random6-01-1280x800", "random6-03-800x600", "level38-1280x800"} {
		f := load(t, n)
		r, err := reader.Read(f.Image, f.Meta.Area, tpl)
		if err != nil {
			t.Fatal(err)
		}
		for i := range r.Cells {
			box := vision.CellsBox(r, []int{i}).Intersect(f.Meta.Area.Rect())
			part := image.NewRGBA(box)
			draw.Draw(part, box, f.Image, box.Min, draw.Src)
			whole, err := reader.ReadCells(f.Image, r, []int{i}, tpl)
			if err != nil {
				t.Fatal(err)
			}
			alone, err := reader.ReadCells(part, r, []int{i}, tpl)
			if err != nil {
				t.Fatalf("%s cell %d in a picture of %v alone: %v", n, i, box, err)
			}
			a, b := whole[0], alone[0]
			if a.Digit != b.Digit || a.Kind != b.Kind || a.Doubt != b.Doubt || a.KindScore != b.KindScore || a.DigitScore != b.DigitScore {
				t.Errorf("%s cell %d: the whole picture reads %q (%.3f, %.3f, %q), the part alone %q (%.3f, %.3f, %q)", n, i,
					a.Label(), a.KindScore, a.DigitScore, a.Doubt, b.Label(), b.KindScore, b.DigitScore, b.Doubt)
			}
		}
	}
}
