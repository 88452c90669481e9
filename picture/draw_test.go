package picture_test

import (
	"context"
	"image"
	"math"
	"testing"

	"hexiom/actuate"
	"hexiom/board"
	fx "hexiom/internal/fixture"
	"hexiom/picture"
	"hexiom/solver"
	"hexiom/vision"
)

// truthReading is what a sure read of the fixture would give: its truth,
// every cell sure but cell doubt (−1: none).
func truthReading(f *fx.Fixture, doubt int) vision.Reading {
	p := f.Truth
	r := vision.Reading{Size: p.Size, Pos: p, Area: f.Meta.Area, Conf: make([]float64, len(p.Cells)), Cells: make([]vision.CellReading, len(p.Cells))}
	for i, c := range p.Cells {
		k := vision.Movable
		switch {
		case c.Hole():
			k = vision.Hole
		case c.Locked():
			k = vision.Locked
		case c.Tile == board.None:
			k = vision.Empty
		}
		r.Cells[i] = vision.CellReading{Kind: k, KindScore: 0.97, Digit: c.Tile, DigitScore: 0.95}
		r.Conf[i] = 0.95
		if i == doubt {
			r.Cells[i].Doubt = "smeared"
			r.Conf[i] = 0.4
		}
	}
	return r
}

// The pictures are drawn with the standard library alone (no cgo): over a
// real capture, every cell's outline is green or red as its doubt says,
// each cell's label and confidence are written in white (red in doubt)
// over a black outline, and the plan's arrows run along every drag.
func TestDrawnWithoutOpenCV(t *testing.T) {
	f, err := fx.Load("../vision/testdata", "random6-03-1280x800")
	if err != nil {
		t.Fatal(err)
	}
	img, area := f.Image, f.Meta.Area
	const doubt = 40
	r := truthReading(f, doubt)
	pic, err := picture.Reading(img, area, r)
	if err != nil {
		t.Fatal(err)
	}
	origin := area.Rect().Inset(-picture.Margin).Intersect(img.Bounds()).Min
	if want := area.Rect().Inset(-picture.Margin).Intersect(img.Bounds()).Sub(origin); pic.Bounds() != want {
		t.Fatalf("picture %v, want %v", pic.Bounds(), want)
	}
	R := area.Radius(r.Size)
	for i, p := range area.Cells(r.Size) {
		// the outline at the cell's right-hand corner
		x, y := int(math.Round(p.X+0.97*R))-origin.X, int(math.Round(p.Y))-origin.Y
		got := "none"
		for dx := -1; dx <= 1; dx++ {
			c := pic.RGBAAt(x+dx, y)
			switch {
			case c.R > 200 && c.G < 60 && c.B < 60:
				got = "red"
			case c.G > 200 && c.R < 60 && c.B < 60:
				got = "green"
			}
		}
		want := "green"
		if i == doubt {
			want = "red"
		}
		if got != want {
			t.Errorf("cell %d outlined %s, want %s", i, got, want)
		}
		// the confidence, written about (0.42 R, 0.55 R) from the centre:
		// ink of its colour and the black outline around it
		ink, dark := 0, 0
		box := image.Rect(int(p.X+0.2*R), int(p.Y+0.4*R), int(p.X+0.65*R), int(p.Y+0.7*R)).Sub(origin)
		for y := box.Min.Y; y < box.Max.Y; y++ {
			for x := box.Min.X; x < box.Max.X; x++ {
				c := pic.RGBAAt(x, y)
				switch {
				case i != doubt && c.R > 240 && c.G > 240 && c.B > 240, i == doubt && c.R > 240 && c.G < 90 && c.B < 90:
					ink++
				case c.R < 10 && c.G < 10 && c.B < 10:
					dark++
				}
			}
		}
		if ink < 5 || dark < 5 {
			t.Errorf("cell %d: its confidence's box has %d pixels of ink and %d of outline", i, ink, dark)
		}
	}
	// No board read: the calibrated area outlined in red.
	none, err := picture.Reading(img, area, vision.Reading{})
	if err != nil {
		t.Fatal(err)
	}
	a := area.Rect().Sub(origin)
	for _, p := range []image.Point{{a.Min.X + a.Dx()/2, a.Min.Y}, {a.Min.X, a.Min.Y + a.Dy()/2}, {a.Max.X - 1, a.Min.Y + a.Dy()/2}, {a.Min.X + a.Dx()/2, a.Max.Y - 1}} {
		if c := none.RGBAAt(p.X, p.Y); c.R < 200 || c.G > 60 {
			t.Errorf("no board: the area's edge at %v is %v, want red", p, c)
		}
	}
	// The plan: blue along the second half of every drag.
	res, err := solver.Solve(context.Background(), r.Pos)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := actuate.Plan(r.Pos, res.Solution)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) == 0 {
		t.Fatal("no drag to draw")
	}
	plan, err := picture.Plan(img, area, r, moves)
	if err != nil {
		t.Fatal(err)
	}
	for k, m := range moves {
		a, b := area.Centre(r.Size, m.From), area.Centre(r.Size, m.To)
		found := false
		for f := 0.45; f <= 0.8 && !found; f += 0.05 {
			p := image.Pt(int(a.X+(b.X-a.X)*f)-origin.X, int(a.Y+(b.Y-a.Y)*f)-origin.Y)
			for dy := -2; dy <= 2 && !found; dy++ {
				for dx := -2; dx <= 2 && !found; dx++ {
					c := plan.RGBAAt(p.X+dx, p.Y+dy)
					found = c.B > 200 && c.R < 90 && c.G > 80 && c.G < 170
				}
			}
		}
		if !found {
			t.Errorf("drag %d (%d→%d): no arrow on its way", k+1, m.From, m.To)
		}
	}
}
