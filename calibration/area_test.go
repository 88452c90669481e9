package calibration

import (
	"errors"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
		{Left: 0, Top: math.Inf(-1), Side: 400}, {Side: 39.9}, {Side: math.NaN()}, {Left: -33167, Top: 0, Side: 400}, {Left: 0, Top: -40000, Side: 400},
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
	// negative: a monitor left of or above Windows' primary (issue 41)
	for _, a := range []Area{{Left: 0, Top: 0, Side: 40}, {Left: -100, Top: -50, Side: 400}, {Left: 32000, Top: 100, Side: 700},
		{Left: -1100, Top: 250, Side: 732}, {Left: -3500, Top: -2000, Side: 400}, {Left: -33000, Top: 0, Side: 400}} {
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
	// Wine's virtual screen of two monitors, the primary at (0, 0) and the
	// other left of it, 200 px lower (docs/windows.md)
	virtual := image.Rect(-1280, 0, 1280, 1000)
	if err := (Area{Left: -1100, Top: 250, Side: 732}).Fits(virtual); err != nil {
		t.Errorf("an area on the monitor left of the primary: %v", err)
	}
	if err := (Area{Left: -1800, Top: 250, Side: 732}).Fits(virtual); err == nil {
		t.Error("an area whose centre is left of the virtual screen fits")
	}
}

// TestLoadFileLimits: a file saved before the version field loads as
// version 1; another version is refused naming it; an unknown field is
// refused; a file over MaxFileSize is refused before it is decoded.
func TestLoadFileLimits(t *testing.T) {
	dir := t.TempDir()
	huge := `{"left":0,"top":0,"side":400,"scale":[` + strings.Repeat("1,", 5_000_000) + `1]}`
	padded := `{"left":0,"top":0,"side":400}` + strings.Repeat(" ", MaxFileSize)
	for _, tc := range []struct {
		name, data string
		want       string // in the error; "" to load
	}{
		{"testdata/saved-before-version.json", "", ""},
		{"version1.json", `{"version":1,"left":0,"top":0,"side":400}`, ""},
		{"version99.json", `{"version":99,"left":0,"top":0,"side":400}`, "version 99"},
		{"version0.json", `{"version":0,"left":0,"top":0,"side":400}`, "version 0"},
		{"version-string.json", `{"version":"x","left":0,"top":0,"side":400}`, "not a calibration"},
		{"unknown.json", `{"left":0,"top":0,"side":400,"colour":"red"}`, `unknown field "colour"`},
		{"trailing.json", `{"left":0,"top":0,"side":400}]`, "not a calibration"},
		{"huge-scale.json", huge, "over the limit of 1 MB"},
		{"padded.json", padded, "over the limit of 1 MB"},
		// an unknown field's name, as long as the file: the message quotes
		// a few dozen of its characters (the fuzzer found a 3,232-byte one)
		{"long-field.json", `{"` + strings.Repeat("\xeb", 5000) + `":1}`, "not a calibration"},
	} {
		p := tc.name
		if tc.data != "" {
			p = filepath.Join(dir, tc.name)
			if err := os.WriteFile(p, []byte(tc.data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		a, err := LoadFile(p)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), p)):
			t.Errorf("%s: %v (%+v); want an error naming the file and saying %q", tc.name, err, a, tc.want)
		case err != nil && len(err.Error()) > len(p)+300:
			t.Errorf("%s: a %d-byte message: %.300s…", tc.name, len(err.Error()), err)
		}
	}
	a, err := LoadFile("testdata/saved-before-version.json")
	dx, dy := a.Pitch(6)
	if err != nil || a.Side != 846 || math.Abs(dx-846*25.0/400*1.08) > 1e-9 || math.Abs(dy-dx/math.Sqrt(3)) > 1e-9 {
		t.Errorf("the file saved before the version field: %+v (size 6 at %v, %v), %v", a, dx, dy, err)
	}
	// A saved file says its version, and loads back.
	p := filepath.Join(dir, "saved.json")
	if err := SaveFile(p, a); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	if !strings.Contains(string(data), `"version": 2`) {
		t.Errorf("saved without its version:\n%s", data)
	}
	if b, err := LoadFile(p); err != nil || b.Side != a.Side {
		t.Errorf("saved and loaded back: %+v, %v", b, err)
	}
}

// TestSaveRemovesOrphan: the temporary file a save killed before its
// rename left beside the calibration (kill -9) is removed by the next save.
func TestSaveRemovesOrphan(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "calibration.json")
	orphan := p + ".2718281828.tmp"
	if err := os.WriteFile(orphan, []byte(`{"left":`), 0o600); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(orphan, old, old); err != nil {
		t.Fatal(err)
	}
	if err := SaveFile(p, Area{Left: 1, Top: 2, Side: 400}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(orphan); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the orphan is still there: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("in the folder after the save: %v", ents)
	}
}

// literal is where the original draws cell i of a board of size s in a game
// area of side px at (left, top): GAME.md's formula and table as given,
// (X0 + DX·(x−y), Y0 + DY·(x+y)), the board's centre cell at the area's.
func literal(left, top, px float64, s, i int) Point {
	dx := [...]float64{2: 48, 3: 48, 4: 40, 5: 31, 6: 25}[s] / 400 * px
	dy := [...]float64{2: 28, 3: 28, 4: 23, 5: 18, 6: 15}[s] / 400 * px
	c := board.Geom(s).Coords[i]
	x0, y0 := left+px/2, top+px/2-2*dy*float64(s-1)
	return Point{x0 + dx*float64(c.X-c.Y), y0 + dy*float64(c.X+c.Y)}
}

// TestFromClicksOnTheOriginalsLattice: three clicks on the true centres of
// a board of any size drawn on the original's lattice (GAME.md: DX/DY from
// 1.67 to 1.74) give the true area (600 px, not the 623.5 px a regular
// lattice's DY made of size 6) and put every cell of every size within
// 2 px of where the original draws it.
func TestFromClicksOnTheOriginalsLattice(t *testing.T) {
	const left, top, side = 211.0, 87.0, 600.0
	for _, s := range board.ScreenSizes() {
		ti, bi, oi := ClickCells(s)
		got, size, err := FromClicks(literal(left, top, side, s, ti), literal(left, top, side, s, bi), literal(left, top, side, s, oi))
		if err != nil || size != s {
			t.Fatalf("clicks on size %d: size %d, %v", s, size, err)
		}
		if math.Abs(got.Side-side) > 0.5 || math.Abs(got.Left-left) > 0.5 || math.Abs(got.Top-top) > 0.5 {
			t.Errorf("clicks on size %d: %v, want %.0f px square at (%.0f, %.0f)", s, got, side, left, top)
		}
		for _, n := range board.ScreenSizes() {
			for i := range board.NumCells(n) {
				if d := got.Centre(n, i).Dist(literal(left, top, side, n, i)); d > 2 {
					t.Errorf("clicks on size %d: size %d cell %d %.2f px off", s, n, i, d)
				}
			}
		}
	}
}

// TestAspect: an area's aspect widens the lattice of its size (and of the
// size sharing its pitch) about the board's centre, leaving the rows where
// they are; WithPitch sets the pitch asked for; Valid bounds the aspect.
func TestAspect(t *testing.T) {
	a := Area{Left: 100, Top: 50, Side: 400}
	for _, tc := range []struct {
		s      int
		dx, dy float64 // px, wanted
	}{{6, 25, 25 / math.Sqrt(3)}, {6, 27, 15}, {4, 38, 24}, {2, 48 * 1.1, 28}, {5, 31, 18}} {
		b := a.WithPitch(tc.s, tc.dx, tc.dy)
		if dx, dy := b.Pitch(tc.s); math.Abs(dx-tc.dx) > 1e-9 || math.Abs(dy-tc.dy) > 1e-9 {
			t.Errorf("size %d: WithPitch(%v, %v).Pitch = %v, %v", tc.s, tc.dx, tc.dy, dx, dy)
		}
		if r := b.Radius(tc.s); math.Abs(r-tc.dx/1.5) > 1e-9 {
			t.Errorf("size %d: radius %v, want DX/1.5 = %v", tc.s, r, tc.dx/1.5)
		}
		g := board.Geom(tc.s)
		c := b.Centre(tc.s, g.Index(tc.s-1, tc.s-1))
		if c.Dist(Point{300, 250}) > 1e-9 {
			t.Errorf("size %d: centre cell at %v, want the area's centre", tc.s, c)
		}
		p, q := b.Centre(tc.s, g.Index(0, 0)), b.Centre(tc.s, g.Index(1, 0))
		if math.Abs(q.X-p.X-tc.dx) > 1e-9 || math.Abs(q.Y-p.Y-tc.dy) > 1e-9 {
			t.Errorf("size %d: neighbours %v → %v, want (%v, %v) apart", tc.s, p, q, tc.dx, tc.dy)
		}
		if err := b.Valid(); err != nil {
			t.Errorf("size %d: %v", tc.s, err)
		}
	}
	if a.WithAspect(3, 1.1).AspectOf(2) != 1.1 || a.WithAspect(4, 1.1).AspectOf(5) != 1 {
		t.Error("sizes 2 and 3 do not share their aspect, or others do")
	}
	for _, k := range []float64{0.79, 1.26, math.NaN(), -1} {
		if err := a.WithAspect(6, k).Valid(); err == nil {
			t.Errorf("aspect %v passed Valid", k)
		}
	}
}

// TestAspectFile: an aspect is saved and loaded; a file of version 2
// without one draws board.Pitch's lattice; a file of version 1 (saved
// before issue 40, when board.Pitch drew regular hexagons) loads with the
// regular lattice it was calibrated on, every size, and is saved again so.
func TestAspectFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "c.json")
	a := Area{Left: 10, Top: 20, Side: 600}.WithAspect(6, 1.04)
	if err := SaveFile(p, a); err != nil {
		t.Fatal(err)
	}
	got, err := LoadFile(p)
	if err != nil || got.AspectOf(6) != 1.04 || got.AspectOf(5) != 1 {
		t.Fatalf("loaded %+v, %v", got, err)
	}
	v2 := filepath.Join(dir, "v2.json")
	os.WriteFile(v2, []byte(`{"version":2,"left":10,"top":20,"side":600,"method":"clicks"}`), 0o644)
	if got, err = LoadFile(v2); err != nil || got.Aspect != nil || got.Scale != nil {
		t.Fatalf("version 2 with no aspect: %+v, %v", got, err)
	}
	old := filepath.Join(dir, "old.json")
	os.WriteFile(old, []byte(`{"version":1,"left":10,"top":20,"side":600,"method":"clicks","scale":[0,0,0,0,0,0,1.1]}`), 0o644)
	got, err = LoadFile(old)
	if err != nil {
		t.Fatal(err)
	}
	regular := func(b Area) {
		t.Helper()
		for _, s := range board.ScreenSizes() {
			k := 1.0
			if s == 6 {
				k = 1.1
			}
			bx, _ := board.Pitch(s)
			dx, dy := b.Pitch(s)
			if math.Abs(dx-600*bx*k) > 1e-9 || math.Abs(dy-dx/math.Sqrt(3)) > 1e-9 {
				t.Errorf("size %d at %v, %v; want %v, %v", s, dx, dy, 600*bx*k, 600*bx*k/math.Sqrt(3))
			}
			if c := b.Centre(s, board.Geom(s).Index(s-1, s-1)); c.Dist(Point{310, 320}) > 1e-9 {
				t.Errorf("size %d: centre cell at %v", s, c)
			}
		}
	}
	regular(got)
	if err := SaveFile(p, got); err != nil {
		t.Fatal(err)
	}
	if got, err = LoadFile(p); err != nil {
		t.Fatal(err)
	}
	regular(got)
}

// TestFromClicksAPersonsClicks: the three clicks of issue 40's HEXCOUNT
// session, a person's, each up to 3 px from a cell's centre on a size-5
// board of the original's lattice (the stage at (47, 79), 400 px): the
// short step, 36 px, then carries a few per cent of error. Each gives size
// 5 and an area within 4 px; clicks whose ratio lies as near one size as
// the next are still refused.
func TestFromClicksAPersonsClicks(t *testing.T) {
	truth := Area{Left: 47, Top: 79, Side: 400}
	for _, c := range [][3]Point{
		{{248, 136}, {246, 170}, {248, 425}}, // ratio 8.49
		{{250, 134}, {247, 172}, {245, 424}}, // ratio 7.61
		{{247, 135}, {247, 171}, {247, 423}}, // the centres
	} {
		a, s, err := FromClicks(c[0], c[1], c[2])
		if err != nil || s != 5 {
			t.Errorf("clicks %v: size %d, %v; want size 5", c, s, err)
			continue
		}
		worst := 0.0
		want := truth.Cells(5)
		for i, p := range a.Cells(5) {
			worst = math.Max(worst, p.Dist(want[i]))
		}
		if worst > 4 {
			t.Errorf("clicks %v: %v puts a cell %.1f px from the game's", c, a, worst)
		}
	}
	if _, _, err := FromClicks(Point{249, 137}, Point{245, 169}, Point{249, 426}); err == nil {
		t.Error("clicks whose ratio is 8.96, as near 8 as 10: no error")
	}
}
