package calibration

import (
	"errors"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/board"
)

// Clicks on the true centres, off by up to a pixel, give back the size and an
// area that puts every cell within a pixel of where it is.
func TestFromClicksEverySize(t *testing.T) {
	want := Area{Left: 137.5, Top: 91.25, Side: 612}
	jitter := []Point{{0.8, -0.6}, {-0.7, 0.9}, {0.5, 0.5}}
	for _, s := range board.ScreenSizes() {
		ti, bi, oi := ClickCells(s)
		top, below, bottom := want.Centre(s, ti), want.Centre(s, bi), want.Centre(s, oi)
		top.X += jitter[0].X
		top.Y += jitter[0].Y
		below.X += jitter[1].X
		below.Y += jitter[1].Y
		bottom.X += jitter[2].X
		bottom.Y += jitter[2].Y
		got, size, err := FromClicks(top, below, bottom)
		if err != nil {
			t.Fatalf("size %d: %v", s, err)
		}
		if size != s {
			t.Errorf("size %d: clicks read as size %d", s, size)
		}
		for i := 0; i < board.NumCells(s); i++ {
			if d := got.Centre(s, i).Dist(want.Centre(s, i)); d > 1.5 {
				t.Errorf("size %d cell %d: %.2f px off", s, i, d)
			}
		}
	}
}

func TestFromClicksRejectsNonsense(t *testing.T) {
	a := Area{Left: 0, Top: 0, Side: 500}
	ti, bi, oi := ClickCells(4)
	top, below, bottom := a.Centre(4, ti), a.Centre(4, bi), a.Centre(4, oi)
	for name, c := range map[string][3]Point{
		"same point":      {top, top, bottom},
		"wrong order":     {bottom, below, top},
		"not one column":  {top, below, Point{bottom.X + 100, bottom.Y}},
		"odd ratio":       {top, below, Point{bottom.X, top.Y + 3*(below.Y-top.Y)}},
		"too many cells ": {top, below, Point{bottom.X, top.Y + 14*(below.Y-top.Y)}},
	} {
		if _, _, err := FromClicks(c[0], c[1], c[2]); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	if _, err := Load(); !errors.Is(err, ErrNotCalibrated) {
		t.Fatalf("Load before Save: %v, want ErrNotCalibrated", err)
	}
	a := Area{Left: 10.5, Top: 20, Side: 480, Method: "clicks"}
	p, err := Save(a)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "hexiom", "calibration.json"); p != want {
		t.Errorf("saved to %s, want %s", p, want)
	}
	got, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if got.Left != a.Left || got.Top != a.Top || got.Side != a.Side || got.Method != a.Method {
		t.Errorf("loaded %+v, saved %+v", got, a)
	}
	os.WriteFile(p, []byte("{nope"), 0o644)
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), p) {
		t.Errorf("bad JSON: %v, want an error naming %s", err, p)
	}
	os.WriteFile(p, []byte(`{"left":1,"top":2,"side":3}`), 0o644)
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "too small") {
		t.Errorf("tiny area: %v", err)
	}
	if err := SaveFile(p, Area{Side: 0}); err == nil {
		t.Error("saved an empty area")
	}
}

// TestValidBounds: absurd numbers are refused by Valid with a short
// message; Fits checks an area against one screen.
func TestValidBounds(t *testing.T) {
	for _, a := range []Area{
		{Left: 1e300, Top: 0, Side: 400}, {Left: -1e300, Top: 0, Side: 400}, {Left: 0, Top: 1e300, Side: 400},
		{Left: 0, Top: 0, Side: 1e300}, {Left: 0, Top: 0, Side: math.Inf(1)}, {Left: math.NaN(), Side: 400},
		{Left: 0, Top: math.Inf(-1), Side: 400}, {Side: 39.9}, {Side: math.NaN()}, {Left: -400, Top: 0, Side: 400},
		{Left: 0, Top: 32767, Side: 400}, {Side: 32768},
	} {
		err := a.Valid()
		if err == nil {
			t.Errorf("%+v passed Valid", a)
		} else if len(err.Error()) > 120 {
			t.Errorf("%+v: a %d-byte message: %.200s", a, len(err.Error()), err)
		}
		dir := t.TempDir()
		if err := SaveFile(filepath.Join(dir, "c.json"), a); err == nil {
			t.Errorf("%+v saved", a)
		}
	}
	for _, a := range []Area{{Left: 0, Top: 0, Side: 40}, {Left: -100, Top: -50, Side: 400}, {Left: 32000, Top: 100, Side: 700}} {
		if err := a.Valid(); err != nil {
			t.Errorf("%+v: %v", a, err)
		}
	}
	screen := image.Rect(0, 0, 1920, 1080)
	for _, tc := range []struct {
		a  Area
		ok bool
	}{
		{Area{Left: 500, Top: 100, Side: 800}, true},
		{Area{Left: -100, Top: -100, Side: 600}, true}, // reaches past the edge; the board's middle is on it
		{Area{Left: 1800, Top: 100, Side: 400}, false}, // centre off the right edge
		{Area{Left: 100, Top: 1000, Side: 400}, false},
		{Area{Left: 0, Top: 0, Side: 2500}, false}, // larger than the screen
		{Area{Left: 30000, Top: 0, Side: 400}, false},
	} {
		if err := tc.a.Fits(screen); (err == nil) != tc.ok {
			t.Errorf("%+v on %v: %v", tc.a, screen, err)
		}
	}
}
