package game

// Real-browser tests: Xvfb on a free display, Debian's Chromium (not
// headless) in app mode, the game's handler on loopback, and real XTest
// mouse events through actuate.Robot, the bot's own mouse (keys: XTest over
// xgb, keys.go). A missing Xvfb or Chromium fails them.

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/kbinani/screenshot"

	"hexiom/board"
	"hexiom/internal/desktop"
	"hexiom/internal/tier"
)

var update = flag.Bool("update", false, "write the screenshots under docs/")

// patience is how long a test waits for the page to do something (paint,
// report a button, take a drag or a click): see desktop.Patience. Every wait
// is for a condition; the limit only turns a hang into a failure.
const patience = desktop.Patience

// One X server and one mouse for the whole test binary: the mouse (robotgo,
// behind actuate.Robot) keeps its Xlib display in a C static, and using it
// after its server is gone kills the process.
var (
	xOnce sync.Once
	xSrv  *desktop.X
	mouse testMouse
	xErr  error
)

// testMouse is what the tests drag and click with (newMouse).
type testMouse interface {
	Move(image.Point) error
	Press() error
	Release() error
	Close() error
}

const screenW, screenH = 1920, 1080

func display(t *testing.T) *desktop.X {
	t.Helper()
	tier.Heavy(t, tier.Xvfb, tier.Chromium)
	xOnce.Do(func() {
		xgb.Logger = log.New(io.Discard, "", 0)
		xSrv, xErr = desktop.StartX(screenW, screenH)
		if xErr != nil {
			return
		}
		if xErr = xSrv.Use(); xErr != nil {
			return
		}
		mouse, xErr = newMouse(xSrv.Display)
	})
	if xErr != nil {
		t.Fatal(xErr)
	}
	return xSrv
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if mouse != nil {
		mouse.Close()
	}
	if xSrv != nil {
		xSrv.Close()
	}
	os.Exit(code)
}

// session is the game served on loopback and shown in a Chromium window.
type session struct {
	t   *testing.T
	g   *Game
	win image.Rectangle
	b   *desktop.Browser
}

func open(t *testing.T, g *Game, win image.Rectangle, query string) *session {
	t.Helper()
	return openZoom(t, g, win, query, 1)
}

// openZoom is open with the browser's page zoom at zoom.
func openZoom(t *testing.T, g *Game, win image.Rectangle, query string, zoom float64) *session {
	t.Helper()
	x := display(t)
	srv, err := desktop.Serve(g.HTTPServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	b, err := desktop.StartChromiumZoom(x, srv.URL+query, win, zoom)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	s := &session{t: t, g: g, win: win, b: b}
	s.painted()
	return s
}

// painted waits until the page reports it drew the current state, and
// returns that state. The page reports after the frame is on screen, with
// its buttons enabled or disabled for that state.
func (s *session) painted() State {
	s.t.Helper()
	var st State
	err := desktop.WaitFor(patience, 20*time.Millisecond, "the page to paint the current state", func() (bool, error) {
		st = s.g.State()
		if s.b.Exited() {
			return false, fmt.Errorf("chromium exited: %.2000s", s.b.Log.String())
		}
		return st.Layout != nil && st.Layout.Version == st.Version, nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
	return st
}

// ready hovers until the page sees the mouse: input sent right after the
// first paint can be lost.
func (s *session) ready() {
	s.t.Helper()
	since := s.lastSeq()
	i := 0
	err := desktop.WaitFor(patience, 50*time.Millisecond, "the page to see the mouse", func() (bool, error) {
		i++
		if err := mouse.Move(image.Pt(s.win.Min.X+20+i%2, s.win.Min.Y+s.win.Dy()-20)); err != nil {
			return false, err
		}
		return len(s.g.Pointer(since)) > 0, nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

func (s *session) lastSeq() int64 {
	evs := s.g.Pointer(0)
	if len(evs) == 0 {
		return 0
	}
	return evs[len(evs)-1].Seq
}

// cellPoint returns where cell i is centred on the screen, from the layout
// the page reported and board.Centre.
func cellPoint(st State, i int) image.Point {
	l := st.Layout
	fx, fy := board.Centre(st.Size, i)
	return image.Pt(int(math.Round(l.ScreenX+l.Left+l.Side*fx)), int(math.Round(l.ScreenY+l.Top+l.Side*fy)))
}

// drag presses at a, makes steps intermediate moves, moves to b and releases:
// real XTest events, as a bot makes them, at a hand's pace (the pauses
// space the events out; nothing waits on them).
func (s *session) drag(a, b image.Point, steps int) {
	s.t.Helper()
	s.must(mouse.Move(a))
	time.Sleep(15 * time.Millisecond)
	s.must(mouse.Press())
	time.Sleep(15 * time.Millisecond)
	for k := 1; k <= steps; k++ {
		f := float64(k) / float64(steps+1)
		s.must(mouse.Move(image.Pt(a.X+int(f*float64(b.X-a.X)), a.Y+int(f*float64(b.Y-a.Y)))))
		time.Sleep(10 * time.Millisecond)
	}
	s.must(mouse.Move(b))
	time.Sleep(15 * time.Millisecond)
	s.must(mouse.Release())
}

// must fails the test on a mouse error.
func (s *session) must(err error) {
	s.t.Helper()
	if err != nil {
		s.t.Fatal(err)
	}
}

// dragCells drags from cell to cell and waits until the page has logged the
// release and, for a drag that must take, until the server has counted the
// move. A drop that must not take cannot be waited for: the caller proves it
// by the move count after the next drag that must take (the page sends moves
// in order, so a drop it had sent would be counted first).
func (s *session) dragCells(from, to, steps int, mustTake bool) State {
	s.t.Helper()
	st := s.g.State()
	since := s.lastSeq()
	a, b := cellPoint(st, from), cellPoint(st, to)
	s.drag(a, b, steps)
	var up *PointerEvent
	err := desktop.WaitFor(patience, 10*time.Millisecond, "pointerup logged", func() (bool, error) {
		for _, e := range s.g.Pointer(since) {
			if e.Type == "pointerup" {
				up = &e
				return true, nil
			}
		}
		return false, nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
	// The page logs screen pixels: they must be exactly where the mouse went.
	var down *PointerEvent
	for _, e := range s.g.Pointer(since) {
		if e.Type == "pointerdown" {
			down = &e
			break
		}
	}
	if down == nil || int(down.ScreenX) != a.X || int(down.ScreenY) != a.Y || int(up.ScreenX) != b.X || int(up.ScreenY) != b.Y {
		s.t.Fatalf("drag %v→%v logged as down %+v up %+v", a, b, down, up)
	}
	if !mustTake {
		return s.g.State()
	}
	var now State
	err = desktop.WaitFor(patience, 10*time.Millisecond, fmt.Sprintf("move %d→%d to take", from, to), func() (bool, error) {
		now = s.g.State()
		return now.Moves != st.Moves, nil
	})
	if err != nil {
		s.t.Fatalf("%v (steps %d)", err, steps)
	}
	return now
}

func (s *session) capture() *image.RGBA {
	s.t.Helper()
	img, err := screenshot.CaptureRect(s.win)
	if err != nil {
		s.t.Fatalf("capture %v: %v", s.win, err)
	}
	return img
}

// captureUntil captures the window until check passes on the capture, and
// returns it; it fails the test with check's last error after patience. The
// page reports a frame once it is drawn, but the X server may show it a
// moment later.
func (s *session) captureUntil(check func(*image.RGBA) error) *image.RGBA {
	s.t.Helper()
	var img *image.RGBA
	var last error
	err := desktop.WaitFor(patience, 20*time.Millisecond, "the screen to show it", func() (bool, error) {
		img = s.capture()
		last = check(img)
		return last == nil, nil
	})
	if err != nil {
		s.t.Fatalf("%v: %v", err, last)
	}
	return img
}

// at returns the captured pixel at client point (x, y) of the window.
func at(img *image.RGBA, x, y float64) color.RGBA {
	return img.RGBAAt(img.Rect.Min.X+int(math.Round(x)), img.Rect.Min.Y+int(math.Round(y)))
}

func near(c color.RGBA, want [3]uint8, tol int) bool {
	d := func(a, b uint8) int { return int(math.Abs(float64(int(a) - int(b)))) }
	return d(c.R, want[0]) <= tol && d(c.G, want[1]) <= tol && d(c.B, want[2]) <= tol
}

// palette is what checkPalette expects where it samples a cell.
type palette struct {
	face         map[string][3]uint8 // a tile's face by status
	recess, flat [3]uint8            // an empty cell; a hole (the board)
}

// Colours of the classic theme (the original's) and of neon.
var (
	classic = palette{
		face:   map[string][3]uint8{"right": {255, 232, 72}, "too_few": {72, 222, 72}, "too_many": {255, 72, 72}},
		recess: [3]uint8{102, 102, 102},
		flat:   [3]uint8{108, 108, 108},
	}
	neon = palette{
		face:   map[string][3]uint8{"right": {0, 225, 225}, "too_few": {180, 100, 255}, "too_many": {255, 150, 20}},
		recess: [3]uint8{28, 31, 50},
		flat:   [3]uint8{38, 42, 66},
	}
	faceOf = classic.face
	panel  = [3]uint8{24, 24, 36}
)

// cellsDrawn samples every cell of a classic render where the page must have
// drawn it (board.Centre within the reported area): a tile's face colour by
// status, an empty cell's recess, a hole's flat board grey. It skips cells
// under the rectangle hide (the solved panel), and says which cells differ.
func cellsDrawn(st State, hide image.Rectangle) func(*image.RGBA) error {
	return paletteDrawn(st, hide, classic)
}

func paletteDrawn(st State, hide image.Rectangle, pal palette) func(*image.RGBA) error {
	return func(img *image.RGBA) error {
		return checkPalette(img, st, hide, pal)
	}
}

func checkPalette(img *image.RGBA, st State, hide image.Rectangle, pal palette) error {
	l := st.Layout
	r := l.Side * board.Radius(st.Size)
	var bad []string
	for i, c := range st.Cells {
		fx, fy := board.Centre(st.Size, i)
		cx, cy := l.Left+l.Side*fx, l.Top+l.Side*fy
		// Left of the centre: clear of the digit and of the claws.
		x, y := cx-0.45*r, cy-0.05*r
		if image.Pt(int(x), int(y)).In(hide) {
			continue
		}
		var want [3]uint8
		switch c.Kind {
		case "hole":
			want = pal.flat
		case "empty":
			want = pal.recess
		default:
			want = pal.face[c.Status]
		}
		if got := at(img, x, y); !near(got, want, 3) {
			bad = append(bad, fmt.Sprintf("cell %d (%s, %s) at client (%.0f,%.0f): %v, want %v", i, c.Kind, c.Status, x, y, got, want))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d cells not drawn as the state says:\n%s", len(bad), strings.Join(bad, "\n"))
	}
	return nil
}

// panelDelay is PANEL_DELAY in static/game.js: how long after the last move
// the page shows the solved panel.
const panelDelay = 1200 * time.Millisecond

func TestBrowserPlaysLevel10(t *testing.T) {
	g, err := New(Config{Debug: true, Start: Spec{Mode: ModeLevel, Level: 10}})
	if err != nil {
		t.Fatal(err)
	}
	s := open(t, g, image.Rect(30, 20, 830, 620), "")
	st := s.painted()
	s.ready()
	s.captureUntil(cellsDrawn(st, image.Rectangle{}))

	start := g.Position()
	mv, mv2, free, hole, locked := findCells(start)
	// Drops that must not take: onto a hole, onto a locked tile, a drag of
	// a locked tile. The swap after them proves none was taken: it must be
	// the first move the game counts.
	for _, d := range [][2]int{{mv, hole}, {mv, locked}, {locked, free}} {
		s.dragCells(d[0], d[1], 1, false)
	}
	// A swap, with no intermediate move at all.
	st = s.dragCells(mv, mv2, 0, true)
	if st.LastMove == nil || !st.LastMove.Swap || st.LastMove.From != mv || st.LastMove.To != mv2 || st.Moves != 1 {
		t.Fatalf("after three drops that must not take and a swap by drag: %d moves, the last %+v", st.Moves, st.LastMove)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if !g.Position().Equal(start) {
		t.Fatalf("a drop that must not take changed the game:\n%s", g.State().Board)
	}
	s.painted()

	sol, err := board.Parse("solution", []byte(level10Solution))
	if err != nil {
		t.Fatal(err)
	}
	moves := planMoves(t, start, sol)
	var before *image.RGBA
	var lastDrag time.Time
	for k, m := range moves {
		if k == len(moves)-1 {
			before = s.capture()
			lastDrag = time.Now() // the page shows the solved state after this
		}
		st = s.dragCells(m.From, m.To, k%4, true)
		if st.LastMove == nil || st.LastMove.From != m.From || st.LastMove.To != m.To || st.LastMove.Swap {
			t.Fatalf("move %d %v taken as %+v", k, m, st.LastMove)
		}
	}
	if !st.Solved || st.Board != level10Solution || st.Moves != len(moves) {
		t.Fatalf("after %d drags: solved %v moves %d\n%s", len(moves), st.Solved, st.Moves, st.Board)
	}
	// First the whole board shows solved, every tile yellow; the solved
	// panel comes panelDelay later. What is seen before lastDrag+panelDelay
	// must have no panel; on a machine too slow to look in that time, the
	// whole board cannot be checked (the cells outside the panel are,
	// below).
	st = s.painted()
	if _, ok := st.Layout.Controls["solved"]; ok && time.Since(lastDrag) < panelDelay {
		t.Error("the solved panel came at once; it must let the finished board be seen first")
	}
	var whole *image.RGBA
	var wholeErr error
	for {
		shot := time.Now()
		whole = s.capture()
		wholeErr = checkPalette(whole, st, image.Rectangle{}, classic)
		if wholeErr == nil || shot.Sub(lastDrag) >= panelDelay {
			break
		}
		time.Sleep(20 * time.Millisecond) // between captures, until the panel may come
	}
	if wholeErr != nil {
		t.Logf("no capture of the whole solved board within %v of the last drag (a slow machine, or the panel came early): %v", panelDelay, wholeErr)
	}
	// Then the solved panel, over the middle of the area.
	s.control("next")
	st = s.g.State()
	l := st.Layout
	pr := l.Controls["solved"]
	px, py := pr[0]+12, pr[1]+12
	if pr[0] < l.Left || pr[0]+pr[2] > l.Left+l.Side || pr[1] < l.Top || pr[1]+pr[3] > l.Top+l.Side {
		t.Errorf("solved panel %v outside the game area %+v", pr, l)
	}
	if got := at(before, px, py); near(got, panel, 4) {
		t.Errorf("the panel's colour was there before the level was solved: %v", got)
	}
	// The panel and its shadow (30 px blur, 8 px down).
	hide := image.Rect(int(pr[0])-32, int(pr[1])-32, int(pr[0]+pr[2])+32, int(pr[1]+pr[3])+40)
	after := s.captureUntil(func(img *image.RGBA) error {
		if got := at(img, px, py); !near(got, panel, 4) {
			return fmt.Errorf("solved panel missing: (%.0f,%.0f) is %v, want %v", px, py, got, panel)
		}
		return checkPalette(img, st, hide, classic)
	})
	if wholeErr != nil {
		if err := checkPalette(whole, st, hide, classic); err != nil {
			t.Errorf("the solved board, outside the panel: %v", err)
		}
	}
	save(t, after, "game-solved-800x600.png")

	// A new level from the API shows (the time it took is logged, not
	// judged: speed is for benchmarks).
	t0 := time.Now()
	if err := g.NewLevel(Spec{Mode: ModeRandom, Size: 4, Seed: seed(3)}); err != nil {
		t.Fatal(err)
	}
	st = s.painted()
	t.Logf("new level painted %v after POST", time.Since(t0))
	s.captureUntil(cellsDrawn(st, image.Rectangle{}))
}

func TestBrowserNoSwap(t *testing.T) {
	g, err := New(Config{Debug: true, Start: Spec{Mode: ModeLevel, Level: 10}, NoSwap: true})
	if err != nil {
		t.Fatal(err)
	}
	s := open(t, g, image.Rect(10, 10, 1290, 810), "")
	s.painted()
	s.ready()
	mv, mv2, free, _, _ := findCells(g.Position())
	s.dragCells(mv, mv2, 2, false) // must not swap with swapping off
	st := s.dragCells(mv, free, 2, true)
	if st.Moves != 1 || st.LastMove == nil || st.LastMove.Swap || st.LastMove.From != mv || st.LastMove.To != free {
		t.Fatalf("a drop on a tile, then a move, with swapping off: %d moves, the last %+v", st.Moves, st.LastMove)
	}
}

// pick returns the first seed from 1 whose random level of the size has
// locked tiles, holes, and tiles of all three colours.
func pick(t *testing.T, size int) uint64 {
	for sd := uint64(1); sd < 1000; sd++ {
		p := board.Random(size, sd)
		var locked, holes int
		var status [4]int
		for i, c := range p.Cells {
			if c.Locked() {
				locked++
			}
			if c.Hole() {
				holes++
			}
			status[p.StatusOf(i)]++
		}
		if locked > 0 && holes > 0 && status[board.Right] > 0 && status[board.TooFew] > 0 && status[board.TooMany] > 0 {
			return sd
		}
	}
	t.Fatalf("no random size-%d level with locks, holes and all colours in 1000 seeds", size)
	return 0
}

// TestScreenshots renders a size-3, a size-4 and a random size-6 board, each
// with locked tiles and all three colours, at 800×600 and 1280×800, and one
// in the neon theme, and checks every cell's pixels. With -update it writes
// them to docs/game-*.png.
func TestScreenshots(t *testing.T) {
	boards := []struct {
		name string
		spec Spec
	}{
		{"size3", Spec{Mode: ModeRandom, Size: 3, Seed: seed(pick(t, 3))}},
		{"size4", Spec{Mode: ModeRandom, Size: 4, Seed: seed(pick(t, 4))}},
		{"size6", Spec{Mode: ModeRandom, Size: 6, Seed: seed(pick(t, 6))}},
	}
	for _, ws := range []image.Point{{800, 600}, {1280, 800}} {
		g, err := New(Config{Debug: true, Start: boards[0].spec})
		if err != nil {
			t.Fatal(err)
		}
		s := open(t, g, image.Rectangle{Min: image.Pt(20, 20), Max: image.Pt(20+ws.X, 20+ws.Y)}, "")
		for _, bd := range boards {
			if err := g.NewLevel(bd.spec); err != nil {
				t.Fatal(err)
			}
			st := s.painted()
			if st.Layout.InnerWidth != float64(ws.X) || st.Layout.InnerHeight != float64(ws.Y) {
				t.Fatalf("window %v reported inner %vx%v", ws, st.Layout.InnerWidth, st.Layout.InnerHeight)
			}
			l := st.Layout
			if l.Left < 0 || l.Top < 40 || l.Left+l.Side > l.InnerWidth || l.Top+l.Side > l.InnerHeight {
				t.Fatalf("game area %+v does not fit the window below the HUD", l)
			}
			img := s.captureUntil(cellsDrawn(st, image.Rectangle{}))
			save(t, img, fmt.Sprintf("game-%s-%dx%d.png", bd.name, ws.X, ws.Y))
		}
	}
	// The neon theme, as the game was started (the page's URL chooses no
	// look: TestBrowserURLKeepsTheLook).
	g, err := New(Config{Debug: true, Start: boards[2].spec, Theme: "neon"})
	if err != nil {
		t.Fatal(err)
	}
	s := open(t, g, image.Rect(20, 20, 1300, 820), "")
	st := s.painted()
	if st.Layout.Theme != "neon" {
		t.Fatalf("theme drawn %q", st.Layout.Theme)
	}
	img := s.captureUntil(paletteDrawn(st, image.Rectangle{}, neon))
	save(t, img, "game-neon-size6-1280x800.png")
}

func save(t *testing.T, img image.Image, name string) {
	t.Helper()
	if !*update {
		return
	}
	dir := filepath.Join("..", "docs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		t.Fatalf("write %s: %v", name, err)
	}
	if err := f.Close(); err != nil {
		t.Fatalf("write %s: %v", name, err)
	}
}

// control returns the screen point at the middle of the page's button id,
// waiting until the page reports it on screen.
func (s *session) control(id string) image.Point {
	s.t.Helper()
	var p image.Point
	err := desktop.WaitFor(patience, 20*time.Millisecond, "button "+id+" on screen", func() (bool, error) {
		st := s.g.State()
		if st.Layout == nil {
			return false, nil
		}
		r, ok := st.Layout.Controls[id]
		if !ok {
			return false, nil
		}
		p = image.Pt(int(st.Layout.ScreenX+r[0]+r[2]/2), int(st.Layout.ScreenY+r[1]+r[3]/2))
		return true, nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
	return p
}

// press clicks the page's button id once it is on screen, and waits until
// the page has logged the release.
func (s *session) press(id string) {
	s.t.Helper()
	p := s.control(id)
	since := s.lastSeq()
	s.must(mouse.Move(p))
	time.Sleep(15 * time.Millisecond) // a user's pace: hover, press, release
	s.must(mouse.Press())
	time.Sleep(15 * time.Millisecond)
	s.must(mouse.Release())
	err := desktop.WaitFor(patience, 10*time.Millisecond, "the click on "+id+" logged", func() (bool, error) {
		for _, e := range s.g.Pointer(since) {
			if e.Type == "pointerup" {
				return true, nil
			}
		}
		return false, nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

// click clicks the page's button id and waits for the state to change. It
// first waits until the page has drawn the current state: the page enables
// a button (undo after a move) only once it has the server's answer, and a
// click on a disabled button is lost.
func (s *session) click(id string) State {
	s.t.Helper()
	s.painted()
	v := s.g.State().Version
	s.press(id)
	var st State
	err := desktop.WaitFor(patience, 10*time.Millisecond, "a click on "+id+" to take", func() (bool, error) {
		st = s.g.State()
		return st.Version != v, nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
	return st
}

func TestBrowserButtonsMenuAndChallenge(t *testing.T) {
	// The game's clock runs with real time plus an offset the test moves.
	var mu sync.Mutex
	var offset time.Duration
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return time.Now().Add(offset) }
	g, err := New(Config{Debug: true, Start: Spec{Mode: ModeLevel, Level: 10}, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	s := open(t, g, image.Rect(30, 20, 830, 620), "")
	s.ready()
	start := g.Position()
	mv, _, free, _, _ := findCells(start)

	s.dragCells(mv, free, 1, true)
	if st := s.click("undo"); st.Moves != 0 || !g.Position().Equal(start) {
		t.Fatalf("undo button: moves %d\n%s", st.Moves, st.Board)
	}
	s.painted()
	s.dragCells(mv, free, 1, true)
	if st := s.click("restart"); st.Moves != 0 || !g.Position().Equal(start) {
		t.Fatalf("restart button: moves %d\n%s", st.Moves, st.Board)
	}
	// The level menu.
	s.painted()
	s.press("menu-btn")
	if st := s.click("level-5"); st.Mode != ModeLevel || st.Level != 5 {
		t.Fatalf("menu level 5: %s %d", st.Mode, st.Level)
	}
	if _, ok := s.painted().Layout.Controls["level-5"]; ok {
		t.Fatal("the menu stayed open")
	}
	s.press("menu-btn")
	if st := s.click("random-5"); st.Mode != ModeRandom || st.Size != 5 || st.Seed == 0 {
		t.Fatalf("menu random 5: %s size %d seed %d", st.Mode, st.Size, st.Seed)
	}
	// Ctrl+Z undoes.
	st := s.painted()
	mv, _, free, _, _ = findCells(g.Position())
	s.dragCells(mv, free, 1, true)
	v := g.State().Version
	keyTap(t, xSrv.Display, keyControlL, keyZ)
	if err := desktop.WaitFor(patience, 10*time.Millisecond, "Ctrl+Z to undo", func() (bool, error) {
		return g.State().Version != v, nil
	}); err != nil {
		t.Fatal(err)
	}
	if now := g.State(); now.Moves != 0 || now.Board != st.Board {
		t.Fatalf("Ctrl+Z: moves %d\n%s", now.Moves, now.Board)
	}

	// The challenge, solved in time by drags: the achievement banner shows.
	if err := g.NewLevel(Spec{Mode: ModeChallenge, Seed: seed(11)}); err != nil {
		t.Fatal(err)
	}
	st = s.painted()
	if st.Size != 6 || st.LimitMS != 180000 {
		t.Fatalf("challenge: size %d limit %d", st.Size, st.LimitMS)
	}
	level, sol := board.RandomWithSolution(6, 11)
	moves := planMoves(t, level, sol)
	for _, m := range moves[:len(moves)-2] {
		if _, err := g.Move(m); err != nil {
			t.Fatal(err)
		}
	}
	s.painted()
	for _, m := range moves[len(moves)-2:] {
		s.dragCells(m.From, m.To, 2, true)
	}
	st = s.painted()
	if !st.Solved || !st.Achieved {
		t.Fatalf("challenge solved by drags: solved %v achieved %v", st.Solved, st.Achieved)
	}
	img := s.banner(faceOf["right"])
	save(t, img, "game-challenge-achieved-800x600.png")
	// "Next level" starts the next challenge.
	if st := s.click("next"); st.Mode != ModeChallenge || st.Seed != 12 || st.Solved {
		t.Fatalf("next: %s seed %d solved %v", st.Mode, st.Seed, st.Solved)
	}
	// Three minutes and a second after the page showed it, the countdown is
	// over: a red banner.
	s.painted()
	mu.Lock()
	offset += ChallengeLimit + time.Second
	mu.Unlock()
	g.Restart()
	st = s.painted()
	if st.ElapsedMS <= st.LimitMS || st.Achieved {
		t.Fatalf("elapsed %d of %d, achieved %v", st.ElapsedMS, st.LimitMS, st.Achieved)
	}
	s.banner([3]uint8{200, 0, 0})
}

// banner waits for the page's banner, and for its colour on screen, and
// returns the capture.
func (s *session) banner(want [3]uint8) *image.RGBA {
	s.t.Helper()
	s.control("banner")
	r := s.g.State().Layout.Controls["banner"]
	return s.captureUntil(func(img *image.RGBA) error {
		if got := at(img, r[0]+6, r[1]+6); !near(got, want, 2) {
			return fmt.Errorf("banner at %v is %v, want %v", r, got, want)
		}
		return nil
	})
}

// TestBrowserFastDrags makes the drags as fast as XTest allows: press, one
// move, release, and the next drag at once, 30-odd drags in a row. Every drag
// must take, in order (the page sends moves one at a time and shows pending
// ones, so a tile just dropped can be dragged again at once).
func TestBrowserFastDrags(t *testing.T) {
	level, sol := board.RandomWithSolution(5, 21)
	g, err := New(Config{Debug: true, Start: Spec{Mode: ModeRandom, Size: 5, Seed: seed(21)}})
	if err != nil {
		t.Fatal(err)
	}
	s := open(t, g, image.Rect(30, 20, 1310, 820), "")
	st := s.painted()
	s.ready()
	moves := planMoves(t, level, sol)
	for _, m := range moves {
		a, b := cellPoint(st, m.From), cellPoint(st, m.To)
		s.must(mouse.Move(a))
		s.must(mouse.Press())
		s.must(mouse.Move(b))
		s.must(mouse.Release())
	}
	err = desktop.WaitFor(patience, 20*time.Millisecond, "all fast drags to take", func() (bool, error) {
		st = g.State()
		return st.Moves == len(moves), nil
	})
	if err != nil {
		t.Fatalf("%v: %d of %d moves taken\n%s", err, st.Moves, len(moves), st.Board)
	}
	if !st.Solved {
		t.Fatalf("not solved after %d fast drags:\n%s", len(moves), st.Board)
	}
}
