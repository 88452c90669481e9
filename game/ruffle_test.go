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
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"
	"github.com/kbinani/screenshot"

	"hexiom/board"
	flashbuild "hexiom/game/flash"
	"hexiom/internal/desktop"
	"hexiom/internal/tier"
	"hexiom/internal/xconn"
)

// openRuffle builds the SWF, serves g's level with it (runtime ruffle),
// opens the page in a Chromium window and waits until the SWF reports the
// board drawn. Ruffle's "Click to unmute" overlay still covers the board
// (Chromium lets no page start sound before a click): the first click is
// Ruffle's. Ruffle draws with its 2D canvas renderer here, Chromium's GPU
// off: under WebGL, drawn by SwiftShader, these tests took 75 s of CPU,
// with it 27 s (load 5-7), asserting the same; play's TestE2ERuffleFlat
// and hexiom play's scroll test (cmd/hexiom) keep WebGL, as players'
// browsers draw it.
func openRuffle(t *testing.T, spec Spec, win image.Rectangle) *session {
	t.Helper()
	return openRuffleAt(t, spec, win, 0)
}

// openRuffleAt is openRuffle with Ruffle running the SWF at fps frames a
// second (Config.RuffleFrameRate; 0: the SWF's own 30).
func openRuffleAt(t *testing.T, spec Spec, win image.Rectangle, fps float64) *session {
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
	g, err := New(Config{Start: spec, Debug: true, Runtime: RuntimeRuffle, SWF: swf, Ruffle: ruffle, RuffleRenderer: "canvas", RuffleFrameRate: fps})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := desktop.Serve(g.HTTPServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	began = time.Now()
	b, err := desktop.StartChromium(x, srv.URL, win)
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
	s.painted()
	t.Logf("Ruffle reported the board drawn %v after Chromium started", time.Since(began).Round(time.Millisecond))
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
// hole's plate, sampled on the face below and right of the digit, well inside
// the rounded face at every size.
func ruffleDrawn(st State) func(*image.RGBA) error {
	return func(img *image.RGBA) error {
		r := st.Layout.Side * st.Geometry.Radius
		for i, c := range st.Cells {
			x, y := ruffleCentre(st, i)
			got := at(img, x+0.3*r, y+0.4*r)
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

// focus makes the focus click Ruffle wants before the game gets the mouse
// (the first click on a fresh player goes to its "Click to unmute"
// overlay, which dims the game): on the HUD, between the clock and the
// buttons, where a click does nothing. Once the board shows undimmed it
// clicks there again, waits until the SWF has logged that press and its
// release, and until the SWF has reported every release it logged: the
// board at rest, the release count in the layout exact.
//
// The click focuses the player, and a browser scrolls the page to bring a
// focused element into view: in a window shorter than the page the game
// moves (the page reports it), so every step uses the newest layout.
func (s *session) focus() {
	s.t.Helper()
	hud := func() image.Point {
		l := s.g.State().Layout
		return image.Pt(int(l.ScreenX+l.Left+l.Side*0.6), int(l.ScreenY+l.Top-20))
	}
	s.must(s.click1(hud()))
	s.captureUntil(func(img *image.RGBA) error { return ruffleDrawn(s.g.State())(img) })
	s.must(s.click1(hud()))
	ups := 0
	err := desktop.WaitFor(patience, 20*time.Millisecond, "the SWF to log a press and its release", func() (bool, error) {
		down := false
		ups = 0
		for _, e := range s.g.Pointer(0) {
			down = down || e.Type == "mousedown"
			if e.Type == "mouseup" {
				ups++
			}
		}
		return down && ups > 0, nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
	err = desktop.WaitFor(patience, 20*time.Millisecond, "the SWF to report its releases", func() (bool, error) {
		st := s.g.State()
		return st.Layout.Releases >= int64(ups) && st.Layout.Version == st.Version, nil
	})
	if err != nil {
		s.t.Fatal(err)
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

// TestRuffleDrag plays the Flash build with real XTest drags: drops the
// game must not take (onto a hole, onto a locked tile, a locked tile
// dragged, a tile dropped off the board), then one move onto a free cell,
// which the server must record exactly, then a swap.
func TestRuffleDrag(t *testing.T) {
	s := openRuffle(t, Spec{Mode: ModeLevel, Level: 10}, image.Rect(100, 40, 1380, 940))
	st := s.g.State()
	s.focus()
	mv, mv2, free, hole, locked := findCells(s.g.Position())
	l := st.Layout
	sky := image.Pt(int(l.ScreenX+l.Left+8), int(l.ScreenY+l.Top+l.Side-8))
	for _, d := range [][2]image.Point{
		{s.cellScreen(st, mv), s.cellScreen(st, hole)},
		{s.cellScreen(st, mv), s.cellScreen(st, locked)},
		{s.cellScreen(st, locked), s.cellScreen(st, free)},
		{s.cellScreen(st, mv), sky},
	} {
		began := time.Now()
		s.dragRested(d[0], d[1])
		t.Logf("drag %v→%v not taken, the board at rest %v after the press", d[0], d[1], time.Since(began).Round(time.Millisecond))
	}
	s.holdAway(st, mv, sky)
	// A drag made while a tile goes home (a 6-frame tween, 200 ms or
	// more) is ignored: the press comes right after the release.
	before := s.g.State().Layout.Releases
	s.drag(s.cellScreen(st, mv), s.cellScreen(st, hole), 1)
	s.drag(s.cellScreen(st, mv2), s.cellScreen(st, free), 0)
	s.rested(before + 2)
	if now := s.g.State(); now.Moves != 0 || now.Version != st.Version || now.Board != st.Board {
		t.Fatalf("drops the game must not take changed it: %d moves\n%s", now.Moves, now.Board)
	}
	began := time.Now()
	now := s.dragMove(st, mv, free, 1)
	t.Logf("the server had the move %v after the release", time.Since(began).Round(time.Millisecond))
	if now.LastMove.Swap || now.Cells[free].Tile != st.Cells[mv].Tile || now.Cells[mv].Kind != "empty" {
		t.Fatalf("after %d→%d: %+v, cell %d holds %+v, cell %d %+v", mv, free, now.LastMove, free, now.Cells[free], mv, now.Cells[mv])
	}
	st = s.painted()
	s.captureUntil(ruffleDrawn(st))
	t.Logf("the board redrawn from the server's answer, on screen, %v after the release", time.Since(began).Round(time.Millisecond))
	now = s.dragMove(st, mv2, free, 2)
	if !now.LastMove.Swap || now.Cells[mv2].Tile != st.Cells[free].Tile || now.Cells[free].Tile != st.Cells[mv2].Tile {
		t.Fatalf("the swap %d↔%d: %+v\n%s", mv2, free, now.LastMove, now.Board)
	}
	s.painted()
	now = s.clickControl("undo", func(st State) bool { return st.Moves == 1 })
	if now.LastMove == nil || now.LastMove.From != mv || now.LastMove.To != free {
		t.Fatalf("undo of the swap left %d moves, the last %+v", now.Moves, now.LastMove)
	}
	img := s.captureUntil(ruffleDrawn(s.painted()))
	save(t, img, "game-ruffle-1280x900.png") // with -update
}

// TestRufflePressDrawsANewState: a press that comes after a state came
// from the server and before the frame that would draw it is taken, on
// the state that came, as the canvas page takes a state as it comes. The
// SWF ignored it: Ruffle on a busy machine runs a frame a second and
// less, and each move's answer, and each of the long poll's answers,
// opened that long a window (TestE2ERuffleBevel at load 6: 7 of 52 drags
// lost, all so). Ruffle runs the SWF at one frame a second here; a move
// made through the game's API (another hand) changes the state, and a drag
// of another tile onto another free cell made at once must be taken. A
// new board (the level begun again through the API) is no such state: a
// press in its window is ignored, and moves nothing. The SWF's notes
// (PointerEvent.Note) say whether the press came in the window (the state
// came, not drawn yet): the test presses once the SWF polls for a newer
// state than the one that came (it has taken that one in), and each part
// tries until a press comes before the frame, three times at most.
func TestRufflePressDrawsANewState(t *testing.T) {
	spec := Spec{Mode: ModeLevel, Level: 22}
	s := openRuffleAt(t, spec, image.Rect(100, 40, 1380, 940), 1)
	s.focus()
	for try := 1; ; try++ {
		st := s.painted()
		in, press := s.pressAfter(st, func(movable, free []int) error {
			_, err := s.g.Move(Move{From: movable[0], To: free[0]})
			return err
		})
		now := s.g.State()
		if now.Moves != st.Moves+2 {
			t.Fatalf("try %d: %d moves after the API's and the drag (the SWF: %q), want %d", try, now.Moves, press, st.Moves+2)
		}
		t.Logf("try %d: a move through the API, then a drag: in its state's window %v; the press: %q", try, in, press)
		if in {
			break
		}
		if try == 3 {
			t.Fatal("no press of three came between a state's coming and its frame: the test proves nothing")
		}
	}
	for try := 1; ; try++ {
		st := s.painted()
		in, press := s.pressAfter(st, func([]int, []int) error { return s.g.NewLevel(spec) })
		now := s.g.State()
		t.Logf("try %d: the level begun again through the API, then a drag: in its state's window %v; the press: %q; %d moves", try, in, press, now.Moves)
		if in {
			if now.Moves != 0 || !strings.HasPrefix(press, "ignored") {
				t.Fatalf("a press on the board shown, before a new board was drawn, moved a tile of the new one: %d moves", now.Moves)
			}
			break
		}
		if try == 3 {
			t.Fatal("no press of three came between a new board's coming and its frame: the test proves nothing")
		}
	}
}

// pressAfter calls change (which changes the game's state: given the
// board's movable tiles and free cells), then at once drags the second
// movable tile onto the second free cell of st, the board drawn, and waits
// until the SWF is at rest after the release and has moved no more. It
// returns the SWF's note on the press and whether the press came in the
// new state's window: after the state came, before a frame drew it.
func (s *session) pressAfter(st State, change func(movable, free []int) error) (in bool, press string) {
	s.t.Helper()
	var movable, free []int
	for i, c := range s.g.Position().Cells {
		switch {
		case c.Movable():
			movable = append(movable, i)
		case c.Free():
			free = append(free, i)
		}
	}
	if len(movable) < 2 || len(free) < 2 {
		s.t.Fatalf("%d movable tiles, %d free cells; want 2 of each", len(movable), len(free))
	}
	since := s.lastSeq()
	releases := st.Layout.Releases
	s.must(change(movable, free))
	v := s.g.State().Version
	// the SWF has the new state once it polls for a newer one (it polls
	// again as it takes one in); the next frame, up to a second away,
	// draws it
	err := desktop.WaitFor(patience, time.Millisecond, "the SWF to take in the new state", func() (bool, error) {
		return s.g.polls.Load() > 0 && s.g.pollFor.Load() == int64(v), nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
	s.drag(s.cellScreen(st, movable[1]), s.cellScreen(st, free[1]), 5)
	s.rested(releases + 1)
	// at rest: a move the drop sent is counted once the state the SWF
	// drew says so (rested waits for the drawn version to be the newest)
	var evs []PointerEvent
	err = desktop.WaitFor(patience, 10*time.Millisecond, "the SWF to log the press", func() (bool, error) {
		evs = s.g.Pointer(since)
		return slices.ContainsFunc(evs, func(e PointerEvent) bool { return e.Type == "mousedown" && e.Note != "" }), nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
	came, drawn := false, false
	for _, e := range evs {
		switch {
		case e.Type == "mousedown":
			return came && !drawn, e.Note
		case strings.HasPrefix(e.Note, fmt.Sprintf("state %d came", v)):
			came = true
		case strings.HasPrefix(e.Note, fmt.Sprintf("state %d shown", v)):
			drawn = true
		}
	}
	return false, ""
}

// TestRufflePlaysLevel10 solves level 10 by drags in the SWF, waiting for
// the board to be drawn still before each (the SWF ignores presses while a
// tile moves or a move is on its way), then takes the solved panel's Next
// Level, then a random size-4 level from the level menu.
func TestRufflePlaysLevel10(t *testing.T) {
	s := openRuffle(t, Spec{Mode: ModeLevel, Level: 10}, image.Rect(100, 40, 1380, 940))
	st := s.g.State()
	s.focus()
	sol, err := board.Parse("solution", []byte(level10Solution))
	if err != nil {
		t.Fatal(err)
	}
	moves := planMoves(t, s.g.Position(), sol)
	began := time.Now()
	for k, m := range moves {
		s.dragMove(s.painted(), m.From, m.To, k+1)
	}
	st = s.g.State()
	if !st.Solved || st.Board != level10Solution {
		t.Fatalf("after %d drags: solved %v\n%s", len(moves), st.Solved, st.Board)
	}
	t.Logf("%d moves in %v", len(moves), time.Since(began).Round(time.Millisecond))
	s.captureUntil(ruffleDrawn(s.painted()))
	st = s.clickControl("next", func(st State) bool { return st.Level == 11 })
	s.captureUntil(ruffleDrawn(s.painted()))
	// the level menu: a random size-4 level
	s.must(s.click1(s.control("menu-btn")))
	st = s.clickControl("random-4", func(st State) bool { return st.Mode == ModeRandom && st.Size == 4 })
	s.captureUntil(ruffleDrawn(s.painted()))
}

// TestRuffleSize6: the challenge's size-6 board, its cells a third of
// level 10's, drawn where the geometry says, and a drag on it taken.
func TestRuffleSize6(t *testing.T) {
	seed := uint64(7)
	s := openRuffle(t, Spec{Mode: ModeChallenge, Seed: &seed}, image.Rect(100, 40, 1380, 940))
	st := s.g.State()
	s.focus()
	mv, _, free, _, _ := findCells(s.g.Position())
	began := time.Now()
	s.dragMove(st, mv, free, 1)
	moved := time.Since(began)
	st = s.painted()
	reported := time.Since(began)
	s.captureUntil(ruffleDrawn(st))
	t.Logf("after the release: the server has the move %v, the SWF reports the board redrawn from its answer %v, on screen %v",
		moved.Round(time.Millisecond), reported.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
}

// clickControl clicks the SWF's button id (where the layout reports it)
// and waits until the state satisfies done.
func (s *session) clickControl(id string, done func(State) bool) State {
	s.t.Helper()
	s.must(s.click1(s.control(id)))
	var st State
	err := desktop.WaitFor(patience, 10*time.Millisecond, "a click on "+id+" to take", func() (bool, error) {
		st = s.g.State()
		return done(st), nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
	return st
}

// TestRuffleFirstClick: the first click on a fresh player is Ruffle's, as
// players meet it. A drag made first only takes the "Click to unmute"
// overlay away: the SWF sees no press and the game no move; the same drag
// made again is taken. The page reports the overlay (layout.overlay) until
// that first click.
func TestRuffleFirstClick(t *testing.T) {
	s := openRuffle(t, Spec{Mode: ModeLevel, Level: 10}, image.Rect(100, 40, 1380, 940))
	st := s.g.State()
	if !st.Layout.Overlay {
		t.Fatal("a fresh player: the page does not report Ruffle's \"Click to unmute\" overlay")
	}
	mv, _, free, _, _ := findCells(s.g.Position())
	s.drag(s.cellScreen(st, mv), s.cellScreen(st, free), 5)
	err := desktop.WaitFor(patience, 20*time.Millisecond, "the page to report Ruffle's overlay gone", func() (bool, error) {
		return !s.g.State().Layout.Overlay, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s.captureUntil(ruffleDrawn(st)) // the overlay, which dims the game, is gone
	if now := s.g.State(); now.Moves != 0 || now.Version != st.Version {
		t.Fatalf("the first drag on a fresh player was taken: %d moves, the last %+v", now.Moves, now.LastMove)
	}
	for _, e := range s.g.Pointer(0) {
		if e.Type == "mousedown" {
			t.Fatalf("the SWF saw the first press: %+v", e)
		}
	}
	s.dragMove(st, mv, free, 1)
}

// TestRuffleScrolled: the page is longer than the window and scrolls; the
// page reports where the game went, and a drag there is taken.
func TestRuffleScrolled(t *testing.T) {
	// the player fits in the window, the page does not
	s := openRuffle(t, Spec{Mode: ModeLevel, Level: 10}, image.Rect(100, 40, 1380, 640))
	s.focus()
	top := s.g.State().Layout.Top
	s.must(mouse.Move(image.Pt(s.win.Min.X+1000, s.win.Min.Y+300))) // over the page, right of the chat
	if err := wheel(s.t, xSrv.Display, 5, 1); err != nil {
		t.Fatal(err)
	}
	st := s.scrolled(top)
	l := st.Layout
	t.Logf("scrolled by %.0f px", top-l.Top)
	if l.Top < 0 || l.Top+l.Side > l.InnerHeight {
		t.Fatalf("a notch of the wheel took the game area out of the window: top %.0f, side %.0f, window %.0f high", l.Top, l.Side, l.InnerHeight)
	}
	s.captureUntil(ruffleDrawn(st))
	mv, _, free, _, _ := findCells(s.g.Position())
	s.dragMove(st, mv, free, 1)
}

// scrolled waits until the page reports the game higher than top, at the
// same place for 300 ms (a wheel scroll is animated), and returns the state.
func (s *session) scrolled(top float64) State {
	s.t.Helper()
	var st State
	last, since := math.NaN(), time.Now()
	err := desktop.WaitFor(patience, 20*time.Millisecond, "the page to scroll and report it", func() (bool, error) {
		st = s.g.State()
		t := st.Layout.Top
		if t != last {
			last, since = t, time.Now()
		}
		return t < top-50 && time.Since(since) > 300*time.Millisecond && st.Layout.Version == st.Version, nil
	})
	if err != nil {
		s.t.Fatalf("%v: the game's top at %.0f, was %.0f", err, last, top)
	}
	return st
}

// wheel turns the mouse wheel n notches (button 4 up, 5 down) as XTest
// button events on display.
func wheel(t *testing.T, display string, button byte, n int) error {
	t.Helper()
	xc, err := xconn.Open(display)
	if err != nil {
		return fmt.Errorf("wheel: %w", err)
	}
	defer xc.Close()
	if err := xtest.Init(xc.Conn); err != nil {
		return fmt.Errorf("wheel: XTest on %s: %w", display, err)
	}
	root := xproto.Setup(xc.Conn).DefaultScreen(xc.Conn).Root
	for i := 0; i < n; i++ {
		for _, typ := range []byte{xproto.ButtonPress, xproto.ButtonRelease} {
			if err := xtest.FakeInputChecked(xc.Conn, typ, button, 0, root, 0, 0, 0).Check(); err != nil {
				return fmt.Errorf("wheel: button %d: %w", button, err)
			}
		}
	}
	return nil
}

// cellScreen returns the screen point of cell i's centre.
func (s *session) cellScreen(st State, i int) image.Point {
	x, y := ruffleCentre(st, i)
	return image.Pt(int(math.Round(st.Layout.ScreenX+x)), int(math.Round(st.Layout.ScreenY+y)))
}

// dragRested drags from a to b and waits until the SWF reports its board at
// rest after the release (a tile that went home has arrived).
func (s *session) dragRested(a, b image.Point) {
	s.t.Helper()
	before := s.g.State().Layout.Releases
	s.drag(a, b, 5)
	s.rested(before + 1)
}

// holdAway lifts the tile on cell from, holds it over point away, waits
// until the cell shows empty (its recess, not the flat plate of a hole:
// the bot reads the board while a tile is held or on its way), then puts
// the tile back.
func (s *session) holdAway(st State, from int, away image.Point) {
	s.t.Helper()
	before := s.g.State().Layout.Releases
	a := s.cellScreen(st, from)
	s.must(mouse.Move(a))
	time.Sleep(15 * time.Millisecond) // a hand's pace, as in drag
	s.must(mouse.Press())
	time.Sleep(15 * time.Millisecond)
	s.must(mouse.Move(away))
	r := st.Layout.Side * st.Geometry.Radius
	x, y := ruffleCentre(st, from)
	s.captureUntil(func(img *image.RGBA) error {
		return cellColour(CellView{Tile: -1, Kind: "empty"}, at(img, x+0.3*r, y+0.4*r))
	})
	s.must(mouse.Move(a))
	time.Sleep(15 * time.Millisecond)
	s.must(mouse.Release())
	s.rested(before + 1)
}

// rested waits until the SWF reports its board at rest after releases
// releases of the mouse.
func (s *session) rested(releases int64) {
	s.t.Helper()
	err := desktop.WaitFor(patience, 10*time.Millisecond, fmt.Sprintf("the board at rest after %d releases", releases), func() (bool, error) {
		st := s.g.State()
		return st.Layout.Releases >= releases && st.Layout.Version == st.Version, nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

// dragMove drags cell from onto cell to, waits until the server has counted
// moves moves, and checks that the last is exactly from→to.
func (s *session) dragMove(st State, from, to, moves int) State {
	s.t.Helper()
	s.drag(s.cellScreen(st, from), s.cellScreen(st, to), 5)
	var now State
	err := desktop.WaitFor(patience, 10*time.Millisecond, fmt.Sprintf("the move %d→%d", from, to), func() (bool, error) {
		now = s.g.State()
		return now.Moves >= moves, nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
	if now.Moves != moves || now.LastMove == nil || now.LastMove.From != from || now.LastMove.To != to {
		s.t.Fatalf("after dragging %d→%d: %d moves, the last %+v; want %d, %d→%d", from, to, now.Moves, now.LastMove, moves, from, to)
	}
	return now
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

// TestRuffleSize2ThenSize3: a size-3 board shown after a size-2 one, both
// with the same cell radius and neither with holes or locked tiles (level
// 1, then level 3), is drawn with its own plate and recesses: the SWF keeps
// a plate drawn once only for the same board, and took level 3's for level
// 1's (its ring of empty cells shown as the background).
func TestRuffleSize2ThenSize3(t *testing.T) {
	s := openRuffle(t, Spec{Mode: ModeLevel, Level: 1}, image.Rect(100, 40, 1380, 940))
	s.focus()
	s.captureUntil(ruffleDrawn(s.painted()))
	if err := s.g.NewLevel(Spec{Mode: ModeLevel, Level: 3}); err != nil {
		t.Fatal(err)
	}
	s.captureUntil(ruffleDrawn(s.painted()))
}
