package game

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/internal/desktop"
)

func TestFlashPitch(t *testing.T) {
	// The flash rule is not board.Pitch at any size, its lattice is the
	// original's shape (DY/DX as board.Pitch's), and the board fits the area
	// (the outermost rims inside [0, 1]).
	for s := 2; s <= 6; s++ {
		dx, dy := FlashPitch(s)
		ox, oy := board.Pitch(s)
		if math.Abs(dx/ox-1) < 0.05 {
			t.Errorf("size %d: flash pitch %.4f is within 5%% of board.Pitch %.4f", s, dx, ox)
		}
		if math.Abs(dy/dx-oy/ox) > 1e-12 {
			t.Errorf("size %d: DY/DX %v, not the original's %v", s, dy/dx, oy/ox)
		}
		g := LookGeometry("flash", s)
		if g.Rule != RuleFill || g.DX != dx || len(g.Centres) != board.Geom(s).N() {
			t.Fatalf("size %d: LookGeometry %+v", s, g)
		}
		for i, c := range g.Centres {
			if c[0]-1.17*g.Radius < 0 || c[0]+1.17*g.Radius > 1 || c[1]-1.17*g.Radius < 0 || c[1]+1.17*g.Radius > 1 {
				t.Errorf("size %d: cell %d at %v runs off the area", s, i, c)
			}
		}
		// The classic looks keep board.Centre exactly.
		cg := LookGeometry("classic", s)
		for i := range cg.Centres {
			fx, fy := board.Centre(s, i)
			if cg.Centres[i] != [2]float64{fx, fy} || cg.Radius != board.Radius(s) {
				t.Fatalf("size %d cell %d: classic geometry %v, board.Centre (%v,%v)", s, i, cg.Centres[i], fx, fy)
			}
		}
	}
}

// The flash look's colours where checkFlash samples a cell: left of the
// centre, on a tile's flat face, a well's floor or a hole's plate.
var flash = palette{
	face:   map[string][3]uint8{"right": {250, 214, 60}, "too_few": {92, 206, 82}, "too_many": {236, 82, 66}},
	recess: [3]uint8{66, 68, 76},
	flat:   [3]uint8{92, 94, 102},
}

// flashPoint is where cell i is on the screen, from the state's geometry
// (the look's own pitch rule) and the layout, at the page's zoom.
func flashPoint(st State, i int, dx, dy float64) (float64, float64) {
	l := st.Layout
	z := l.DevicePixelRatio
	c := st.Geometry.Centres[i]
	r := st.Geometry.Radius * l.Side
	return l.ScreenX + (l.Left+l.Side*c[0]+dx*r)*z, l.ScreenY + (l.Top+l.Side*c[1]+dy*r)*z
}

// flashDrawn samples every cell of a flash render where the state's geometry
// says it is, at the page's zoom, and says which cells differ.
func flashDrawn(st State) func(*image.RGBA) error {
	return func(img *image.RGBA) error { return checkFlash(img, st) }
}

func checkFlash(img *image.RGBA, st State) error {
	var bad []string
	for i, c := range st.Cells {
		x, y := flashPoint(st, i, -0.45, -0.05)
		want := flash.face[c.Status]
		switch c.Kind {
		case "hole":
			want = flash.flat
		case "empty":
			want = flash.recess
		}
		got := img.RGBAAt(int(math.Round(x)), int(math.Round(y)))
		if !near(got, want, 4) {
			bad = append(bad, fmt.Sprintf("cell %d (%s, %s) at screen (%.0f,%.0f): %v, want %v", i, c.Kind, c.Status, x, y, got, want))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d cells not drawn where and as the state says:\n%s", len(bad), strings.Join(bad, "\n"))
	}
	return nil
}

// TestBrowserFlash: the flash look at 150 % page zoom draws every cell where
// its own pitch rule puts it, fades a new level in, lets a dropped tile glide
// and ignores a press while it glides.
func TestBrowserFlash(t *testing.T) {
	g, err := New(Config{Debug: true, Start: Spec{Mode: ModeLevel, Level: 10}, Theme: "flash"})
	if err != nil {
		t.Fatal(err)
	}
	win := image.Rect(40, 30, 40+1280, 30+800)
	s := openZoom(t, g, win, "", 1.5)
	st := s.painted()
	if st.Layout.DevicePixelRatio != 1.5 || st.Layout.Theme != "flash" || st.Geometry.Rule != RuleFill {
		t.Fatalf("layout %+v, geometry rule %q: want devicePixelRatio 1.5, theme flash, rule fill", st.Layout, st.Geometry.Rule)
	}
	if math.Abs(st.Layout.InnerWidth*1.5-float64(win.Dx())) > 1 {
		t.Fatalf("inner width %v CSS px at 150 %%, window %d px", st.Layout.InnerWidth, win.Dx())
	}
	s.ready()
	// The window's capture (s.capture) is in screen coordinates, as
	// flashPoint.
	s.captureUntil(flashDrawn(st))

	// A new level fades in: the page reports it only once it is whole.
	t0 := time.Now()
	if err := g.NewLevel(Spec{Mode: ModeLevel, Level: 27}); err != nil {
		t.Fatal(err)
	}
	st = s.painted()
	if d := time.UnixMilli(st.Layout.At).Sub(t0); d < 150*time.Millisecond {
		t.Errorf("level 27 reported painted %v after it began; the fade takes 150 ms", d)
	}
	s.captureUntil(flashDrawn(st))

	// A press while a dropped tile glides is ignored; one after it, taken.
	ignored := false
	for try := 0; try < 8 && !ignored; try++ {
		g.Restart()
		st = s.painted()
		p := g.Position()
		var mv, free []int
		for i, c := range p.Cells {
			if c.Movable() {
				mv = append(mv, i)
			}
			if c.Free() {
				free = append(free, i)
			}
		}
		since := s.lastSeq()
		pt := func(i int) image.Point { x, y := flashPoint(st, i, 0, 0); return image.Pt(int(x), int(y)) }
		s.drag(pt(mv[0]), pt(free[0]), 1)
		s.drag(pt(mv[1]), pt(free[1]), 0) // at once: the first tile still glides
		var downs, ups []PointerEvent
		err := desktop.WaitFor(patience, 10*time.Millisecond, "both drags logged", func() (bool, error) {
			downs, ups = nil, nil
			for _, e := range g.Pointer(since) {
				switch e.Type {
				case "pointerdown":
					downs = append(downs, e)
				case "pointerup":
					ups = append(ups, e)
				}
			}
			return len(ups) == 2 && len(downs) == 2, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		// Wait for the first move, and for the page to be still again.
		if err := desktop.WaitFor(patience, 10*time.Millisecond, "the first drag to take", func() (bool, error) {
			return g.State().Moves > 0, nil
		}); err != nil {
			t.Fatal(err)
		}
		st = s.painted()
		gap := downs[1].T - ups[0].T
		switch {
		case gap < 130:
			if got := g.Position().Cells[mv[1]]; got != p.Cells[mv[1]] || st.Moves != 1 {
				t.Fatalf("a press %.0f ms into the 150 ms glide moved tile %d (moves %d)", gap, mv[1], st.Moves)
			}
			ignored = true
		case gap > 170: // the glide was over: the second drag is a move
			t.Logf("second press %.0f ms after the first release, after the glide (a busy machine); again", gap)
			if err := desktop.WaitFor(patience, 10*time.Millisecond, "the second drag, after the glide, to take", func() (bool, error) {
				return g.State().Moves == 2, nil
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !ignored {
		t.Fatal("no press landed within a glide in 8 tries")
	}
}
