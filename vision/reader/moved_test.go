//go:build cgo

package reader_test

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"hexiom/calibration"
	"hexiom/internal/fixture"
	"hexiom/internal/tier"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// onScreen returns a w×h screen of the colour of f's top-left pixel (the
// page around the game) with f's picture drawn where it was captured,
// moved by d: the game window moved, or the page scrolled.
func onScreen(f *fixture.Fixture, d image.Point, w, h int) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	bg := f.Image.At(f.Image.Rect.Min.X, f.Image.Rect.Min.Y)
	draw.Draw(out, out.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	draw.Draw(out, f.Image.Rect.Add(d), f.Image, f.Image.Rect.Min, draw.Src)
	return out
}

// worstCell returns how far the cells of a board of size s in got lie from
// where want puts them, at most.
func worstCell(got, want calibration.Area, s int) float64 {
	worst := 0.0
	wc := want.Cells(s)
	for i, p := range got.Cells(s) {
		worst = max(worst, p.Dist(wc[i]))
	}
	return worst
}

// TestFindMoved (issue 41): a board moved at the same scale, by the moves
// the issue names (a window moved by (+137, +61) and (−90, +240), a page
// scrolled by 300 px) and far across the screen, is found from its old
// calibration: the board read with no doubt as the fixture's, every cell
// within 1.5 px of where a read at the old place puts them, moved; small boards, the classic, neon,
// flash and slate looks.
func TestFindMoved(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	cases := []struct {
		name string
		tpl  func(*testing.T) *vision.Templates
	}{
		{"random6-07-1280x800", func(t *testing.T) *vision.Templates { return builtin(t) }},
		{"level01-1280x800", func(t *testing.T) *vision.Templates { return builtin(t) }},
		{"level20-1280x800", func(t *testing.T) *vision.Templates { return builtin(t) }},
		{"slate/challenge6-01-z100", func(t *testing.T) *vision.Templates { return learnSlate(t, "learn-z100") }},
	}
	moves := []image.Point{{137, 61}, {-90, 240}, {0, 300}, {500, -50}}
	for _, c := range cases {
		tpl := c.tpl(t)
		f := load(t, c.name)
		r0, err := reader.Read(f.Image, f.Meta.Area, tpl)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, d := range moves {
			scr := onScreen(f, d, 1920, 1200)
			t0 := time.Now()
			a, r, err := reader.FindMoved(scr, f.Meta.Area, tpl)
			took := time.Since(t0)
			if err != nil {
				t.Errorf("%s moved by %v: %v", c.name, d, err)
				continue
			}
			want := r0.Area.Shift(float64(d.X), float64(d.Y))
			if !r.Pos.Equal(f.Truth) {
				t.Errorf("%s moved by %v: read\n%s", c.name, d, r.Pos.Format())
			}
			if w := worstCell(a, want, r.Size); w > 1.5 {
				t.Errorf("%s moved by %v: found %v, a cell %.2f px off (want %v)", c.name, d, a, w, want)
			}
			t.Logf("%s moved by %v: %v in %v", c.name, d, a, took.Round(time.Millisecond))
		}
	}
}

// TestRefindRefusesACutBoard (issue 41): a board half off the screen, or
// half covered, is refused by Refind (every scale searched), saying why:
// never a smaller board inside what shows; a board covered in its place
// is refused saying it is there.
func TestRefindRefusesACutBoard(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	for _, name := range []string{"random6-07-1280x800"} {
		f := load(t, name)
		for _, d := range []image.Point{{-700, 0}, {0, 760}, {500, 0}, {0, -420}} {
			refused(t, fmt.Sprintf("%s moved by %v", name, d), onScreen(f, d, 1280, 1024), f, tpl)
		}
		scr := onScreen(f, image.Pt(100, 50), 1280, 1024)
		covered := f.Meta.Area.Shift(100, 50).Rect()
		covered.Max.X = (covered.Min.X + covered.Max.X) / 2
		draw.Draw(scr, covered, &image.Uniform{color.RGBA{200, 200, 210, 255}}, image.Point{}, draw.Src)
		refused(t, name+" half covered", scr, f, tpl)
		// a panel over the board where it was calibrated (the game's
		// solved panel): the game did not move; refused without the
		// search at every scale
		scr = onScreen(f, image.Point{}, 1280, 1024)
		c := f.Meta.Area.Centre(6, 45).Pt()
		draw.Draw(scr, image.Rect(c.X-180, c.Y-80, c.X+180, c.Y+80), &image.Uniform{color.RGBA{24, 24, 36, 255}}, image.Point{}, draw.Src)
		if err := refused(t, name+" under a panel in place", scr, f, tpl); err != nil && !strings.Contains(err.Error(), "where it was calibrated") {
			t.Errorf("under a panel in place: %v, want it to say the board is where it was calibrated", err)
		}
	}
}

// refused fails unless Refind refuses the screen scr, f's board not
// whole on it, saying why; it returns the refusal.
func refused(t *testing.T, what string, scr *image.RGBA, f *fixture.Fixture, tpl *vision.Templates) error {
	t.Helper()
	a, r, err := reader.Refind(scr, f.Meta.Area, tpl)
	switch {
	case err == nil:
		t.Errorf("%s: found a size-%d board in %v", what, r.Size, a)
	case !strings.HasPrefix(err.Error(), "find the board") && !strings.HasPrefix(err.Error(), "find board"):
		t.Errorf("%s: refused, not saying why: %v", what, err)
	default:
		t.Logf("%s: %v", what, err)
	}
	return err
}

// BenchmarkRefindMoved is play finding the board again after the game window
// moved by (+137, +61): a size-6 classic board on a 1920×1200 screen, from
// its old calibration (FindMoved).
func BenchmarkRefindMoved(b *testing.B) {
	f := load(b, "random6-07-1280x800")
	benchRefind(b, onScreen(f, image.Pt(137, 61), 1920, 1200), f.Meta.Area, builtin(b))
}

// BenchmarkRefindResized is play finding the board again at another scale
// by its plate (findScaled): the classic size-6 board calibrated in a
// 1280×800 window, now drawn in a 1920×1080 one.
func BenchmarkRefindResized(b *testing.B) {
	old, now := load(b, "random6-07-1280x800"), load(b, "random6-07-1920x1080")
	benchRefind(b, onScreen(now, image.Point{}, 1920, 1200), old.Meta.Area, builtin(b))
}

// benchRefind times Refind of the board of the calibration old on the
// screen scr, each call alone: it reports the median (ms-median) and the
// slowest (ms-max).
func benchRefind(b *testing.B, scr *image.RGBA, old calibration.Area, tpl *vision.Templates) {
	var err error
	ds := timeEach(b, func() { _, _, err = reader.Refind(scr, old, tpl) }, func() {
		if err != nil {
			b.Fatal(err)
		}
	})
	b.ReportMetric(float64(slices.Max(ds).Microseconds())/1000, "ms-max")
}

// TestRefindZoom (issue 41): after a zoom change no board of the old scale
// is on the screen; Refind finds the board at its new scale (FindArea's
// search) and reads it with no doubt: the classic look calibrated in a
// 1280×800 window, now in 1920×1080; the flash look calibrated at 100 %
// page zoom, now at 150 %.
func TestRefindZoom(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	for _, c := range []struct {
		old, now string
		tpl      *vision.Templates
	}{
		{"random6-07-1280x800", "random6-07-1920x1080", builtin(t)},
		{"flash/random6-01-z100", "flash/random6-01-z150", flashAt100(t)},
	} {
		old, now := load(t, c.old), load(t, c.now)
		scr := onScreen(now, image.Point{}, 1920, 1200)
		t0 := time.Now()
		a, r, err := reader.Refind(scr, old.Meta.Area, c.tpl)
		took := time.Since(t0)
		if err != nil {
			t.Errorf("%s calibrated, %s now: %v", c.old, c.now, err)
			continue
		}
		if !r.Pos.Equal(now.Truth) {
			t.Errorf("%s: read\n%s", c.now, r.Pos.Format())
		}
		// (a look with its own pitch rule has the cells of the size in
		// view to check, not a side)
		if len(now.Meta.Cells) == 0 && math.Abs(a.Side-now.Meta.Area.Side) > 0.01*now.Meta.Area.Side {
			t.Errorf("%s: found %v, the page's game area is %v", c.now, a, now.Meta.Area)
		}
		if w := worstCellOf(a, r.Size, now); w > 2 {
			t.Errorf("%s: found %v, a cell %.2f px from where the page drew it", c.now, a, w)
		}
		t.Logf("%s calibrated, %s now: %v in %v", c.old, c.now, a, took.Round(time.Millisecond))
	}
}

// worstCellOf returns how far the cells of a board of size s in a lie from
// where the page drew fixture f's, at most.
func worstCellOf(a calibration.Area, s int, f *fixture.Fixture) float64 {
	truth := f.Meta.Area.Cells(s)
	if len(f.Meta.Cells) == len(truth) {
		for i, c := range f.Meta.Cells {
			truth[i] = calibration.Point{X: c[0], Y: c[1]}
		}
	}
	worst := 0.0
	for i, p := range a.Cells(s) {
		worst = max(worst, p.Dist(truth[i]))
	}
	return worst
}

// BenchmarkRefindZoom is play finding the board again after a zoom
// change where the plate does not tell the scale: the flash look
// calibrated at 100 % page zoom, now at 150 % (FindMoved and findScaled
// refuse, FindArea finds it, Read checks it).
func BenchmarkRefindZoom(b *testing.B) {
	old, now := load(b, "flash/random6-01-z100"), load(b, "flash/random6-01-z150")
	benchRefind(b, onScreen(now, image.Point{}, 1920, 1200), old.Meta.Area, flashAt100(b))
}

// FuzzRefind (issue 41): the part (x, y, w, h) of a fixture's picture
// pasted at (px, py) on a 900×700 screen, anywhere, partly off it or
// not, found again from the fixture's calibration: Refind refuses, saying
// it is its refusal, or finds the fixture's board, read with no doubt as
// the fixture's, every cell within 2 px of where it is on this screen.
// Never a board in doubt, a smaller board inside a cut one, or one
// elsewhere. Its seeds run as a test; fuzzing it (-fuzz) is slow: a
// refusal searches at every scale (FindArea), 5 to 12 s an input at load
// 5 to 11, and Go's fuzzer takes an input past 10 s for a hung worker.
func FuzzRefind(f *testing.F) {
	tier.Heavy(f, tier.OpenCV)
	tpl := builtin(f)
	fxs := make([]*fixture.Fixture, len(fuzzFixtures))
	for i, n := range fuzzFixtures {
		fxs[i] = load(f, n)
	}
	f.Add(uint8(0), uint16(0), uint16(0), uint16(800), uint16(600), int16(137), int16(61)) // moved by (+137, +61)
	f.Add(uint8(3), uint16(0), uint16(0), uint16(744), uint16(744), int16(-372), int16(0)) // half off the left edge
	f.Add(uint8(1), uint16(0), uint16(0), uint16(800), uint16(300), int16(50), int16(400)) // the top half only
	f.Add(uint8(2), uint16(0), uint16(0), uint16(800), uint16(600), int16(-90), int16(90)) // another size, moved
	f.Fuzz(func(t *testing.T, which uint8, x, y, w, h uint16, px, py int16) {
		fx := fxs[int(which)%len(fxs)]
		scr, shift, ok := fuzzScreen(fx, x, y, w, h, px, py)
		if !ok {
			return
		}
		a, rd, err := reader.Refind(scr, fx.Meta.Area, tpl)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "find the board") && !strings.HasPrefix(err.Error(), "find board") {
				t.Fatalf("an error that does not say it is Refind's: %v", err)
			}
			return
		}
		if rd.Size != fx.Truth.Size || !rd.Pos.Equal(fx.Truth) {
			t.Fatalf("found a size-%d board in %v, read\n%s; the fixture's is\n%s", rd.Size, a, rd.Pos.Format(), fx.Truth.Format())
		}
		want := fx.Meta.Area.Shift(float64(shift.X), float64(shift.Y))
		if w := worstCell(a, want, rd.Size); w > 2 {
			t.Fatalf("found %v: a cell %.1f px from where the board is (%v)", a, w, want)
		}
	})
}
