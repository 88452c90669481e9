//go:build cgo

package reader_test

import (
	"errors"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"strings"
	"testing"

	"hexiom/calibration"
	"hexiom/internal/fixture"
	"hexiom/internal/tier"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// pasted returns a w×h screen of one colour with the part r (the PNG's
// pixels) of fixture name's picture drawn at at: a game window moved partly off the screen.
func pasted(t testing.TB, name string, r image.Rectangle, at image.Point, w, h int) *image.RGBA {
	t.Helper()
	f := load(t, name)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(out, out.Bounds(), &image.Uniform{color.RGBA{40, 44, 52, 255}}, image.Point{}, draw.Src)
	// r in the PNG's pixels; the fixture's Bounds are screen coordinates
	draw.Draw(out, image.Rectangle{at, at.Add(r.Size())}, f.Image, r.Min.Add(f.Image.Bounds().Min), draw.Src)
	return out
}

// TestFindAreaRefusesACutBoard (issue 42): a board cut by the screen's edge
// is no board to play. FindArea once found a smaller board inside what was
// visible (a window of the real board under a smaller lattice of the same
// pitch: a phantom that a solvable position would have had played), and
// panicked on a strip of board at the edge. Each must be refused, saying
// why, with no area.
func TestFindAreaRefusesACutBoard(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	cases := []struct {
		name string
		img  *image.RGBA
		edge bool // the refusal says the board is cut by the edge
	}{
		{"board cut at x = 290", pasted(t, "random6-02-1280x800", image.Rect(290, 0, 1280, 800), image.Pt(0, 0), 1280, 900), true},
		{"strip x 480..744 at the left edge", pasted(t, "random6-01-1280x800", image.Rect(480, 0, 744, 800), image.Pt(0, 100), 1280, 900), false},
	}
	for _, c := range cases {
		a, r, err := reader.FindArea(c.img, tpl)
		var de *vision.DoubtError
		if err == nil || errors.As(err, &de) {
			t.Errorf("%s: FindArea found a size-%d board in %v (%v), want a refusal", c.name, r.Size, a, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), "find board: ") || c.edge && !strings.Contains(err.Error(), "screen's edge") {
			t.Errorf("%s: %v", c.name, err)
		}
		t.Logf("%s: %v", c.name, err)
	}
}

// fuzzFixtures are the boards FuzzFindArea cuts and moves: sizes 3 to 6.
var fuzzFixtures = []string{"level10-800x600", "level22-800x600", "level38-800x600", "random6-02-800x600"}

// FuzzFindArea: the part (x, y, w, h) of a fixture's picture pasted at
// (px, py) on a 900×700 screen, anywhere, partly off it or not: FindArea
// either refuses, saying why, or finds the fixture's own board, its size and
// every cell within 2 px of where the page drew it, never a phantom (a
// smaller board inside a cut one) and never a panic (issue 42: a strip of
// board at the screen's edge panicked in measureHoneycomb).
func FuzzFindArea(f *testing.F) {
	tier.Heavy(f, tier.OpenCV)
	tpl := builtin(f)
	fxs := make([]*fixture.Fixture, len(fuzzFixtures))
	for i, n := range fuzzFixtures {
		fxs[i] = load(f, n)
	}
	f.Add(uint8(3), uint16(180), uint16(0), uint16(620), uint16(600), int16(0), int16(0))   // a phantom's cut
	f.Add(uint8(3), uint16(300), uint16(0), uint16(165), uint16(600), int16(0), int16(-60)) // a strip
	f.Add(uint8(1), uint16(0), uint16(0), uint16(800), uint16(600), int16(50), int16(50))   // whole
	f.Add(uint8(2), uint16(100), uint16(0), uint16(700), uint16(600), int16(-120), int16(40))
	// and crops drawn at random, the same each run: the test command runs
	// the seeds only (go test), as a FindArea takes seconds, more than the
	// 10 s Go's fuzzer gives an input on a loaded machine (-fuzz hung at
	// load 8); `go test -fuzz FuzzFindArea` on an idle machine goes on
	rng := rand.New(rand.NewPCG(42, 42))
	for range 4 {
		f.Add(uint8(rng.IntN(4)), uint16(rng.IntN(500)), uint16(rng.IntN(300)), uint16(100+rng.IntN(700)), uint16(100+rng.IntN(500)),
			int16(rng.IntN(1200)-300), int16(rng.IntN(900)-200))
	}
	f.Fuzz(func(t *testing.T, which uint8, x, y, w, h uint16, px, py int16) {
		fx := fxs[int(which)%len(fxs)]
		img, shift, ok := fuzzScreen(fx, x, y, w, h, px, py)
		if !ok {
			return
		}
		a, rd, err := reader.FindArea(img, tpl)
		var de *vision.DoubtError
		if err != nil && !errors.As(err, &de) {
			if !strings.HasPrefix(err.Error(), "find board: ") {
				t.Fatalf("an error that does not say it is FindArea's: %v", err)
			}
			return
		}
		// The fixture's cells, where they are on this screen.
		truth := fx.Meta.Area.Cells(fx.Truth.Size)
		if len(fx.Meta.Cells) == len(truth) {
			for i, c := range fx.Meta.Cells {
				truth[i] = calibration.Point{X: c[0], Y: c[1]}
			}
		}
		if rd.Size != fx.Truth.Size {
			t.Fatalf("found a size-%d board in %v; the fixture's is size %d (%v)", rd.Size, a, fx.Truth.Size, err)
		}
		for i, p := range a.Cells(rd.Size) {
			want := calibration.Point{X: truth[i].X + float64(shift.X), Y: truth[i].Y + float64(shift.Y)}
			if d := p.Dist(want); d > 2 {
				t.Fatalf("found %v: cell %d %.1f px from where the board is", a, i, d)
			}
		}
	})
}

// fuzzScreen is the 900×700 screen a fuzzer of finding the board looks at:
// the part (x, y, w, h) of fixture fx's picture (its PNG's pixels) pasted
// at (px, py) (modulo the screen), anywhere, partly off it or not; shift is
// how far the fixture's screen coordinates moved. ok is false when the part
// is under 16 px either way.
func fuzzScreen(fx *fixture.Fixture, x, y, w, h uint16, px, py int16) (img *image.RGBA, shift image.Point, ok bool) {
	b := fx.Image.Bounds()
	r := image.Rect(int(x), int(y), int(x)+int(w), int(y)+int(h)).Intersect(image.Rect(0, 0, b.Dx(), b.Dy()))
	if r.Dx() < 16 || r.Dy() < 16 {
		return nil, image.Point{}, false
	}
	at := image.Pt(int(px)%900, int(py)%700)
	img = image.NewRGBA(image.Rect(0, 0, 900, 700))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{40, 44, 52, 255}}, image.Point{}, draw.Src)
	draw.Draw(img, image.Rectangle{at, at.Add(r.Size())}, fx.Image, r.Min.Add(b.Min), draw.Src)
	return img, at.Sub(r.Min.Add(b.Min)), true
}

// TestFindAnother (issue 42): two games side by side. FindArea finds one of
// them; FindAnother finds the other, so calibrate -auto can say there are
// two; alone on the screen, a board has no other.
func TestFindAnother(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	two := image.NewRGBA(image.Rect(0, 0, 1600, 640))
	draw.Draw(two, two.Bounds(), &image.Uniform{color.RGBA{40, 44, 52, 255}}, image.Point{}, draw.Src)
	left, right := load(t, "level22-800x600"), load(t, "level38-800x600")
	draw.Draw(two, image.Rect(0, 20, 800, 620), left.Image, left.Image.Bounds().Min, draw.Src)
	draw.Draw(two, image.Rect(800, 20, 1600, 620), right.Image, right.Image.Bounds().Min, draw.Src)
	a, r, err := reader.FindArea(two, tpl)
	if err != nil {
		t.Fatalf("FindArea on two boards: %v", err)
	}
	other, ok := reader.FindAnother(two, a, r.Size, tpl)
	if !ok {
		t.Fatalf("found the size-%d board in %v, and no other", r.Size, a)
	}
	c1, c2 := a.Centre(r.Size, 0), other.Centre(r.Size, 0)
	if (c1.X < 800) == (c2.X < 800) {
		t.Errorf("the two boards found are on the same side: %v and %v", a, other)
	}
	t.Logf("found %v, and another in %v", a, other)

	alone := pasted(t, "level38-800x600", image.Rect(0, 0, 800, 600), image.Pt(100, 20), 1000, 640)
	a, r, err = reader.FindArea(alone, tpl)
	if err != nil {
		t.Fatalf("FindArea on one board: %v", err)
	}
	if other, ok := reader.FindAnother(alone, a, r.Size, tpl); ok {
		t.Errorf("one board on the screen, found %v and another in %v", a, other)
	}
}
