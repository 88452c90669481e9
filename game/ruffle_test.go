package game

// The Flash build in Ruffle (issue 40): the SWF compiled from game/flash's
// Haxe source, served with Ruffle's web build by the game's server, played
// in Chromium (WebGL through SwiftShader) on Xvfb with real XTest drags.

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kbinani/screenshot"
	flashbuild "hexiom/game/flash"

	"hexiom/internal/desktop"
	"hexiom/internal/tier"
)

// openRuffle builds the SWF, serves g's level with it (runtime ruffle) and
// opens the page in a Chromium window with WebGL.
func openRuffle(t *testing.T, spec Spec, win image.Rectangle) *session {
	t.Helper()
	x := display(t)
	tier.Heavy(t, tier.Xvfb, tier.Chromium, "haxe", "Ruffle "+flashbuild.RuffleVersion)
	began := time.Now()
	swf, err := flashbuild.Build(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("SWF built by haxe in %v", time.Since(began).Round(time.Millisecond))
	ruffle, err := flashbuild.RuffleDir()
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Config{Start: spec, Debug: true, Runtime: RuntimeRuffle, SWF: swf, Ruffle: ruffle})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := desktop.Serve(g.HTTPServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	began = time.Now()
	b, err := desktop.StartChromiumWebGL(x, srv.URL, win)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	s := &session{t: t, g: g, win: win, b: b}
	t.Cleanup(func() {
		if t.Failed() {
			s.failShot()
		}
	})
	st := s.painted()
	t.Logf("Ruffle reported the board drawn %v after Chromium started", time.Since(began).Round(time.Millisecond))
	s.captureUntil(ruffleDrawn(st))
	t.Logf("the board on screen %v after Chromium started", time.Since(began).Round(time.Millisecond))
	return s
}

// ruffleCentre returns the client point of cell i's centre, from the
// layout the page reported and the state's geometry.
func ruffleCentre(st State, i int) (x, y float64) {
	l := st.Layout
	c := st.Geometry.Centres[i]
	return l.Left + l.Side*c[0], l.Top + l.Side*c[1]
}

// ruffleDrawn checks that the screen shows st's cells where the layout
// says: a tile's face colour by its status, an empty cell's recess, a
// hole's plate, sampled on the face below and right of the digit.
func ruffleDrawn(st State) func(*image.RGBA) error {
	return func(img *image.RGBA) error {
		r := st.Layout.Side * st.Geometry.Radius
		for i, c := range st.Cells {
			x, y := ruffleCentre(st, i)
			got := at(img, x+0.45*r, y+0.3*r)
			if err := cellColour(c, got); err != nil {
				return fmt.Errorf("cell %d (%s) at (%.0f,%.0f): %w", i, c.Kind, x, y, err)
			}
		}
		return nil
	}
}

func cellColour(c CellView, got color.RGBA) error {
	want, tol := classic.flat, 3
	switch {
	case c.Kind == "empty":
		want = classic.recess
	case c.Tile >= 0:
		want, tol = classic.face[c.Status], 16
	}
	if !near(got, want, tol) {
		return fmt.Errorf("shows %v, want %v ±%d", got, want, tol)
	}
	return nil
}

// focus makes the focus click Ruffle wants before the game gets the mouse:
// on the HUD, between the clock and the buttons, where a click does
// nothing, again each second until the SWF logs a press (the first click
// on a fresh player is Ruffle's alone). It returns the clicks made.
func (s *session) focus(st State) int {
	s.t.Helper()
	l := st.Layout
	p := image.Pt(int(l.ScreenX+l.Left+l.Side*0.6), int(l.ScreenY+l.Top-20))
	pressed := func() (bool, error) {
		for _, e := range s.g.Pointer(0) {
			if e.Type == "mousedown" {
				return true, nil
			}
		}
		return false, nil
	}
	deadline := time.Now().Add(patience)
	for clicks := 1; ; clicks++ {
		s.must(s.click1(p))
		if desktop.WaitFor(time.Second, 20*time.Millisecond, "the SWF to see a press", pressed) == nil {
			return clicks
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the SWF saw no press after %d clicks on %v in %v", clicks, p, patience)
		}
	}
}

// click1 presses and releases at p, at a hand's pace.
func (s *session) click1(p image.Point) error {
	if err := mouse.Move(p); err != nil {
		return err
	}
	time.Sleep(15 * time.Millisecond)
	if err := mouse.Press(); err != nil {
		return err
	}
	time.Sleep(15 * time.Millisecond)
	return mouse.Release()
}

func TestRuffleDrag(t *testing.T) {
	s := openRuffle(t, Spec{Mode: ModeLevel, Level: 10}, image.Rect(100, 40, 1380, 940))
	st := s.g.State()
	n := s.focus(st)
	t.Logf("the SWF saw a press after %d focus click(s)", n)
	if n > 3 {
		t.Errorf("the SWF saw a press only after %d focus clicks", n)
	}
	if st.Moves != 0 || s.g.State().Version != st.Version {
		t.Fatalf("the focus click changed the game: %+v", s.g.State())
	}
	from, _, to, _, _ := findCells(s.g.Position())
	fx, fy := ruffleCentre(st, from)
	tx, ty := ruffleCentre(st, to)
	l := st.Layout
	a := image.Pt(int(math.Round(l.ScreenX+fx)), int(math.Round(l.ScreenY+fy)))
	b := image.Pt(int(math.Round(l.ScreenX+tx)), int(math.Round(l.ScreenY+ty)))
	began := time.Now()
	s.drag(a, b, 5)
	var now State
	err := desktop.WaitFor(patience, 10*time.Millisecond, fmt.Sprintf("the move %d→%d", from, to), func() (bool, error) {
		now = s.g.State()
		return now.Moves > 0, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the server had the move %v after the release", time.Since(began).Round(time.Millisecond))
	if now.Moves != 1 || now.LastMove == nil || now.LastMove.From != from || now.LastMove.To != to || now.LastMove.Swap {
		t.Fatalf("after dragging %d→%d: %d moves, the last %+v", from, to, now.Moves, now.LastMove)
	}
	if now.Cells[to].Tile != st.Cells[from].Tile || now.Cells[from].Kind != "empty" {
		t.Fatalf("after %d→%d: cell %d holds %+v, cell %d %+v", from, to, to, now.Cells[to], from, now.Cells[from])
	}
	now = s.painted()
	img := s.captureUntil(ruffleDrawn(now))
	if name := os.Getenv("HEXIOM_RUFFLE_SHOT"); name != "" {
		writePNG(t, img, name)
	}
}

// writePNG writes img to the file name (a look at what Ruffle drew).
func writePNG(t *testing.T, img image.Image, name string) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// failShot saves the window as a failed test left it, and Chromium's log.
func (s *session) failShot() {
	img, err := screenshot.CaptureRect(s.win)
	if err != nil {
		s.t.Logf("no screenshot: %v", err)
		return
	}
	name := filepath.Join(os.TempDir(), "hexiom-"+s.t.Name()+".png")
	writePNG(s.t, img, name)
	s.t.Logf("the window when the test failed: %s; Chromium's log:\n%.3000s", name, s.b.Log.String())
}
