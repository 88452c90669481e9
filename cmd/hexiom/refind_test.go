package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/game"
	"hexiom/internal/desktop"
	"hexiom/internal/fixture"
	"hexiom/internal/tier"
	"hexiom/internal/xconn"
	"hexiom/play/desk"
)

// TestPlayFindsTheBoardAgain (issue 41): calibrate once, then before each
// `hexiom play` the game goes elsewhere: the browser window moved by
// (+137, +61), then by (−90, +240); the board 300 px higher on the screen,
// as scrolling the page by 300 px would put it (the clone's page does not
// scroll: it fits its window, overflow hidden; the window is moved up by
// 300 instead); the page zoom 100 → 125 % and back. Each time play solves
// a board with no new calibration; where the calibrated area no longer
// holds it says in one line where it found the board, moved by the move
// made (within 2 px), and the calibration file then holds the area found.
func TestPlayFindsTheBoardAgain(t *testing.T) {
	tier.Heavy(t, tier.Xvfb, tier.Chromium, tier.OpenCV)
	d, err := desk.Start(desk.Options{Screen: image.Pt(1600, 1200), Start: game.Spec{Mode: game.ModeLevel, Level: 22}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	cal := calibrated(t, d)
	moves := []struct {
		name   string
		by     image.Point // the window moved by
		zoom   float64     // else the page zoom set
		resize image.Point // else the window resized to
	}{
		{name: "window moved by (+137, +61)", by: image.Pt(137, 61)},
		{name: "window moved by (-90, +240)", by: image.Pt(-90, 240)},
		{name: "the board 300 px higher (a scroll)", by: image.Pt(0, -300)},
		{name: "zoom 125 %", zoom: 1.25},
		{name: "zoom 100 %", zoom: 1},
		{name: "window resized to 1100×660", resize: image.Pt(1100, 660)},
	}
	for i, m := range moves {
		switch {
		case m.zoom != 0:
			err = d.Reopen("", m.zoom)
		case m.resize != image.Point{}:
			err = d.Browser.Place(d.X, image.Rectangle{Min: d.Browser.Window.Min, Max: d.Browser.Window.Min.Add(m.resize)})
		default:
			err = d.Browser.MoveTo(d.X, d.Browser.Window.Min.Add(m.by))
		}
		if err != nil {
			t.Fatal(err)
		}
		before := loadCal(t, cal)
		errOut := playOnce(t, d, cal, 25+i)
		after := loadCal(t, cal)
		line := regexp.MustCompile(`hexiom play: the game.*moved by \(([-+]\d+), ([-+]\d+)\); calibration updated`).FindStringSubmatch(errOut)
		moved := m.by != image.Point{}
		switch {
		case m.zoom == 0 && line == nil:
			t.Errorf("%s: play did not say where it found the board:\n%s", m.name, errOut)
		case m.resize != image.Point{} && !strings.Contains(line[0], "scale changed"):
			t.Errorf("%s: play says %q", m.name, line[0])
		case moved && !near(line[1:], m.by):
			t.Errorf("%s: play says %q", m.name, line[0])
		case line != nil && samePlace(after, before):
			t.Errorf("%s: play says %q, the calibration file is unchanged", m.name, line[0])
		case line == nil && !samePlace(after, before):
			t.Errorf("%s: the calibration changed with nothing said:\n%s", m.name, errOut)
		}
		if moved && !near([]string{fmt.Sprint(after.Left - before.Left), fmt.Sprint(after.Top - before.Top)}, m.by) {
			t.Errorf("%s: the calibration went from %v to %v", m.name, before, after)
		}
		checkCells(t, d, m.name, after)
		t.Logf("%s: %s (refind %s)", m.name, lastLine(firstMatch(errOut, "hexiom play: the game")), traceRefind(errOut))
	}
	t.Run("watch follows the game between boards", func(t *testing.T) {
		watchFollows(t, d, cal, image.Pt(137, 61))
	})
	t.Run("read finds it too", func(t *testing.T) {
		// a board not solved: the one the watch left is, and on a busy
		// machine the game's solved panel can cover it before read grabs
		if _, err := d.New(game.Spec{Mode: game.ModeLevel, Level: 7}); err != nil {
			t.Fatal(err)
		}
		now := loadCal(t, cal)
		if err := calibration.SaveFile(cal, now.Shift(-137, -61)); err != nil {
			t.Fatal(err)
		}
		var out, errOut strings.Builder
		if st := run([]string{"read", "-calibration", cal}, &out, &errOut); st != exitOK {
			t.Fatalf("exit %d: %s", st, errOut.String())
		}
		st, err := d.State()
		if err != nil {
			t.Fatal(err)
		}
		pos, err := board.Parse("read", []byte(out.String()))
		if err != nil || pos.Size != st.Size || firstMatch(errOut.String(), "hexiom read: the game moved by (+137, +61)") == "" {
			t.Errorf("read printed\n%s(%v), said\n%s", out.String(), err, errOut.String())
		}
		checkCells(t, d, "read", loadCal(t, cal))
	})
	t.Run("a calibration off the screen", func(t *testing.T) {
		// (a screen that changed): the board is looked for all the same
		if err := calibration.SaveFile(cal, loadCal(t, cal).Shift(3000, 0)); err != nil {
			t.Fatal(err)
		}
		errOut := playOnce(t, d, cal, 31)
		if line := firstMatch(errOut, "hexiom play: the game moved by (-3000, "); line == "" {
			t.Errorf("play did not say where it found the board:\n%s", errOut)
		}
		checkCells(t, d, "off the screen", loadCal(t, cal))
	})
}

// watchFollows runs `hexiom play -watch -boards 2`: when the first board is
// solved and its panel shows, the window moves by by and the user asks for
// the next board; play must find it there, say so, and solve it.
func watchFollows(t *testing.T, d *desk.Desk, cal string, by image.Point) {
	if _, err := d.New(game.Spec{Mode: game.ModeLevel, Level: 5}); err != nil {
		t.Fatal(err)
	}
	next := make(chan error, 1)
	go func() {
		err := desktop.WaitFor(5*time.Minute, 20*time.Millisecond, "the first board solved and its panel shown", func() (bool, error) {
			st, err := d.State()
			if err != nil || st.Layout == nil {
				return false, err
			}
			_, panel := st.Layout.Controls["solved"]
			return st.Solved && panel && st.Level == 5, nil
		})
		if err == nil {
			err = d.Browser.MoveTo(d.X, d.Browser.Window.Min.Add(by))
		}
		if err == nil {
			_, err = d.New(game.Spec{Mode: game.ModeLevel, Level: 6})
		}
		next <- err
	}()
	var out, errOut strings.Builder
	if st := run([]string{"play", "-watch", "-boards", "2", "-calibration", cal, "-settle", slowSettle, "-not-taken", slowNotTaken}, &out, &errOut); st != exitOK {
		t.Fatalf("exit %d: %s", st, errOut.String())
	}
	if err := <-next; err != nil {
		t.Fatal(err)
	}
	st, err := d.State()
	if err != nil {
		t.Fatal(err)
	}
	line := firstMatch(errOut.String(), "hexiom play: the game moved by")
	if st.Level != 6 || !st.Solved || line == "" {
		t.Errorf("level %d solved %v, want level 6 solved; play said:\n%s", st.Level, st.Solved, errOut.String())
	}
	t.Log(line)
	checkCells(t, d, "watch", loadCal(t, cal))
}

// checkCells fails unless the cells of the board in view, where the area
// a puts them, lie within 2 px of where the page drew them, and a's side
// is within 1 % of the page's (the cells of every size in place).
func checkCells(t *testing.T, d *desk.Desk, what string, a calibration.Area) {
	t.Helper()
	st, err := d.State()
	if err != nil {
		t.Fatal(err)
	}
	cells, _, err := d.TrueCells()
	if err != nil {
		t.Fatal(err)
	}
	if ta, err := d.TrueArea(); err != nil || abs(a.Side-ta.Side) > 0.01*ta.Side {
		t.Errorf("%s: the calibration %v, the page drew the game area %v (%v): every size's cells would be off", what, a, ta, err)
	}
	for i, p := range a.Cells(st.Size) {
		if e := p.Dist(cells[i]); e > 2 {
			t.Errorf("%s: the calibration %v puts cell %d %.1f px from where the page drew it", what, a, i, e)
			return
		}
	}
}

// TestPlayOnAMonitorLeftOfTheFirst (issue 41): a desktop of two monitors
// side by side (X11 RandR monitors on one root window, as xrandr
// --setmonitor makes them), the primary on the right; calibrated with the
// game on the primary, then the window moved to the monitor on its left.
// hexiom play finds the board there, moved by (−1366, 0), and solves it.
// The fail-safe corners are that monitor's too: the pointer pushed into
// the left monitor's top right corner, which is no corner of the whole
// desktop, stops play before any drag.
func TestPlayOnAMonitorLeftOfTheFirst(t *testing.T) {
	tier.Heavy(t, tier.Xvfb, tier.Chromium, tier.OpenCV, "xrandr")
	const w, h = 1366, 868
	d, err := desk.Start(desk.Options{Screen: image.Pt(2*w, h), Window: image.Rect(w+30, 20, w+30+1280, 20+800),
		Start: game.Spec{Mode: game.ModeLevel, Level: 22}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, m := range [][]string{{"left", fmt.Sprintf("%d/340x%d/220+0+0", w, h), "none"}, {"right", fmt.Sprintf("%d/340x%d/220+%d+0", w, h, w), "screen"}} {
		cmd := exec.Command("xrandr", "--setmonitor", m[0], m[1], m[2])
		cmd.Env = d.X.Env()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("xrandr --setmonitor %v: %v: %s", m, err, out)
		}
	}
	mons, err := capture.Monitors(d.X.Display)
	if err != nil || len(mons) != 2 {
		t.Fatalf("the desktop's monitors: %v (%v), want two", mons, err)
	}
	cal := calibrated(t, d)
	if err := d.Browser.MoveTo(d.X, image.Pt(30, 20)); err != nil {
		t.Fatal(err)
	}
	errOut := playOnce(t, d, cal, 10)
	line := regexp.MustCompile(`hexiom play: the game.*moved by \(([-+]\d+), ([-+]\d+)\); calibration updated`).FindStringSubmatch(errOut)
	if line == nil || !near(line[1:], image.Pt(-w, 0)) {
		t.Fatalf("after the window went to the left monitor, play said:\n%s", errOut)
	}
	checkCells(t, d, "on the left monitor", loadCal(t, cal))

	// the left monitor's top right corner: the pointer stops at the
	// monitors' edge there, pushed up and right by a user
	st, err := d.New(game.Spec{Mode: game.ModeLevel, Level: 12})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Robot.Move(image.Pt(w-1, 0)); err != nil {
		t.Fatal(err)
	}
	var out, stderr strings.Builder
	if code := run([]string{"play", "-calibration", cal}, &out, &stderr); code == exitOK || !strings.Contains(stderr.String(), "in a corner of the screen") {
		t.Errorf("play with the pointer in the left monitor's corner: exit %d:\n%s", code, stderr.String())
	}
	if now, err := d.State(); err != nil || now.Moves != st.Moves {
		t.Errorf("the game counts %d moves after the corner (%v), want %d", now.Moves, err, st.Moves)
	}
	_ = d.Robot.Move(image.Pt(w+400, 400))
}

// TestPlayFindsTheBoardAfterAPageScroll (issue 41): the game in a site's
// page longer than the window, the clone's Flash build in Ruffle; calibrated
// once, then the page scrolled by a notch of the real mouse wheel over the
// page beside the game (XTest button 5). hexiom play finds the board moved
// by the scroll (as the page reports it, within 2 px), says so in one
// line, saves it and solves the board. Then the page zoom 100 → 125 % and
// back (the site's page does not refit the game, as the clone's page does):
// play finds the board at its new scale each time, says so and solves it.
func TestPlayFindsTheBoardAfterAPageScroll(t *testing.T) {
	tier.Heavy(t, tier.Xvfb, tier.Chromium, tier.OpenCV, "haxe", "Ruffle")
	d, err := desk.Start(desk.Options{Runtime: game.RuntimeRuffle, Start: game.Spec{Mode: game.ModeLevel, Level: 22},
		Screen: image.Pt(1400, 1040), Window: image.Rect(30, 20, 30+1280, 20+700)})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	cal := calibrated(t, d)
	before, err := d.TrueArea()
	if err != nil {
		t.Fatal(err)
	}
	// the wheel over the page right of the chat column
	if err := d.Robot.Move(image.Pt(d.Browser.Window.Min.X+1150, d.Browser.Window.Min.Y+300)); err != nil {
		t.Fatal(err)
	}
	if err := xconn.Wheel(d.X.Display, 1); err != nil {
		t.Fatal(err)
	}
	var now calibration.Area
	last, since := before.Top, time.Now()
	err = desktop.WaitFor(desktop.Patience, 20*time.Millisecond, "the page to scroll and report it", func() (bool, error) {
		a, err := d.TrueArea()
		if err != nil {
			return false, err
		}
		if a.Top != last {
			last, since = a.Top, time.Now()
		}
		now = a
		return a.Top < before.Top-20 && time.Since(since) > 300*time.Millisecond, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the wheel scrolled the page: the game area from %v to %v", before, now)
	errOut := playOnce(t, d, cal, 10)
	// The scroll as the page reports it once play is done: on a busy
	// machine Chromium's smooth scroll may pause past the wait above and
	// go on (-78 px, then -120), and play looks after it has ended.
	if now, err = d.TrueArea(); err != nil {
		t.Fatal(err)
	}
	by := image.Pt(int(now.Left-before.Left), int(now.Top-before.Top))
	line := regexp.MustCompile(`hexiom play: the game.*moved by \(([-+]\d+), ([-+]\d+)\); calibration updated`).FindStringSubmatch(errOut)
	if line == nil || !near(line[1:], by) {
		t.Fatalf("after a scroll by %v, play said:\n%s", by, errOut)
	}
	checkCells(t, d, "after a scroll", loadCal(t, cal))

	// the page zoomed: the site's page does not refit the game, so the
	// game area grows with the zoom, and play must find it at its new scale
	for i, zoom := range []float64{1.25, 1} {
		before := loadCal(t, cal)
		if err := d.Reopen("", zoom); err != nil {
			t.Fatal(err)
		}
		errOut := playOnce(t, d, cal, 11+i)
		line := firstMatch(errOut, "hexiom play: the game's scale changed")
		if line == "" || !strings.Contains(line, "calibration updated") {
			t.Errorf("page zoom %.0f %%: play said:\n%s", 100*zoom, errOut)
		}
		after := loadCal(t, cal)
		t.Logf("page zoom %.0f %%: the calibration from %v to %v", 100*zoom, before, after)
		checkCells(t, d, fmt.Sprintf("page zoom %.0f %%", 100*zoom), after)
		t.Logf("page zoom %.0f %%: %s (refind %s)", 100*zoom, line, traceRefind(errOut))
	}
}

// playOnce starts official level n and runs `hexiom play` on it, with a
// trace; it fails unless the game says the board is solved. It returns
// play's stderr, the trace's line on the look over the screen appended.
func playOnce(t *testing.T, d *desk.Desk, cal string, n int) string {
	t.Helper()
	if _, err := d.New(game.Spec{Mode: game.ModeLevel, Level: n}); err != nil {
		t.Fatal(err)
	}
	trace := filepath.Join(t.TempDir(), "trace.txt")
	var out, errOut strings.Builder
	if st := run([]string{"play", "-calibration", cal, "-trace", trace, "-settle", slowSettle, "-not-taken", slowNotTaken}, &out, &errOut); st != exitOK {
		t.Fatalf("exit %d: %s", st, errOut.String())
	}
	err := desktop.WaitFor(desktop.Patience, 20*time.Millisecond, "the game to say solved", func() (bool, error) {
		st, err := d.State()
		return err == nil && st.Solved, err
	})
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	tr, _ := os.ReadFile(trace)
	return errOut.String() + "\n" + firstMatch(string(tr), "looked for the board on the whole screen")
}

// calibrated calibrates d by clicks, saves the area in a calibration file
// of the test's and points DISPLAY at d's X server; it returns the file.
func calibrated(t *testing.T, d *desk.Desk) string {
	t.Helper()
	area, err := d.Calibrate()
	if err != nil {
		t.Fatal(err)
	}
	cal := filepath.Join(t.TempDir(), "calibration.json")
	if err := calibration.SaveFile(cal, area); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DISPLAY", d.X.Display)
	return cal
}

// loadCal loads the calibration file.
func loadCal(t *testing.T, path string) calibration.Area {
	t.Helper()
	a, err := calibration.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// samePlace says whether a and b are the same square.
func samePlace(a, b calibration.Area) bool {
	return a.Left == b.Left && a.Top == b.Top && a.Side == b.Side
}

// near says whether the numbers xy are within 2 of p.
func near(xy []string, p image.Point) bool {
	var x, y float64
	if _, err := fmt.Sscan(xy[0], &x); err != nil {
		return false
	}
	if _, err := fmt.Sscan(xy[1], &y); err != nil {
		return false
	}
	return abs(x-float64(p.X)) <= 2 && abs(y-float64(p.Y)) <= 2
}

func abs(v float64) float64 { return max(v, -v) }

// firstMatch returns the first line of s holding sub ("" when none).
func firstMatch(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// traceRefind returns how long the looks over the screen took, from the
// trace lines in s.
func traceRefind(s string) string {
	var b bytes.Buffer
	for _, m := range regexp.MustCompile(`whole screen: ([^ ]+) \(`).FindAllStringSubmatch(s, -1) {
		fmt.Fprintf(&b, "%s ", m[1])
	}
	return strings.TrimSpace(b.String())
}

// TestPlayRefusesABoardNotWhole (issue 41): on an X screen showing a size-6
// board (a fixture's picture) half off the screen's left or bottom edge,
// or half covered by another window, away from where it was calibrated,
// `hexiom play` and `hexiom read` look for it over the whole screen and
// refuse, saying why and what to do; the pointer has not moved and no
// button is down, and the calibration file is byte for byte as it was.
func TestPlayRefusesABoardNotWhole(t *testing.T) {
	tier.Heavy(t, tier.Xvfb, tier.OpenCV)
	const name = "random6-07-1280x800"
	f, err := fixture.Load(fixtures, name)
	if err != nil {
		t.Fatal(err)
	}
	x, err := desktop.StartX(1280, 1024)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	t.Setenv("DISPLAY", x.Display)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no learnt set: the built-in one
	cal := filepath.Join(t.TempDir(), "calibration.json")
	if err := calibration.SaveFile(cal, f.Meta.Area); err != nil {
		t.Fatal(err)
	}
	saved, err := os.ReadFile(cal)
	if err != nil {
		t.Fatal(err)
	}
	robot, err := actuate.NewRobot(x.Display)
	if err != nil {
		t.Fatal(err)
	}
	defer robot.Close()
	at := f.Image.Rect.Min
	for _, c := range []struct {
		name  string
		at    image.Point // where the board's picture is shown
		cover bool        // and a window over its left half
	}{
		{"half off the left edge", at.Add(image.Pt(-700, 80)), false},
		{"half off the bottom edge", at.Add(image.Pt(60, 660)), false},
		{"half covered", at.Add(image.Pt(120, 90)), true},
	} {
		shown := showBoard(t, x, f, c.at, c.cover)
		if err := robot.Move(image.Pt(5, 1000)); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"play", "-calibration", cal, "-wait", "2s"},
			{"read", "-calibration", cal},
		} {
			var out, errOut strings.Builder
			st := run(args, &out, &errOut)
			msg := errOut.String()
			if st == exitOK || !strings.Contains(msg, "not found elsewhere on the screen") || !strings.Contains(msg, "bring the whole board into view") {
				t.Errorf("%s: %s: exit %d, stderr\n%s\nwant a refusal saying why and what to do", c.name, args[0], st, msg)
			}
			if p, err := robot.Location(); err != nil || p != image.Pt(5, 1000) {
				t.Errorf("%s: %s moved the pointer to %v (%v)", c.name, args[0], p, err)
			}
			if b, err := xconn.ButtonsDown(x.Display); err != nil || b != 0 {
				t.Errorf("%s: %s left buttons %#x down (%v)", c.name, args[0], b, err)
			}
			if now, err := os.ReadFile(cal); err != nil || !bytes.Equal(now, saved) {
				t.Errorf("%s: %s changed the calibration file (%v):\n%s", c.name, args[0], err, now)
			}
			t.Logf("%s: %s: %.300s", c.name, args[0], firstMatch(msg, "not found elsewhere"))
		}
		for _, w := range shown {
			w.Close()
		}
	}
}

// showBoard shows f's picture on x with its top-left pixel at screen point
// at, with a grey window over its left half when cover is set, and waits
// until the screen shows it. It returns the windows' connections (closing
// one removes its window).
func showBoard(t *testing.T, x *desktop.X, f *fixture.Fixture, at image.Point, cover bool) []*xgb.Conn {
	t.Helper()
	c, err := desktop.ShowPicture(x.Display, f.Image, at)
	if err != nil {
		t.Fatal(err)
	}
	shown := []*xgb.Conn{c}
	if cover {
		grey := image.NewRGBA(image.Rect(0, 0, f.Image.Rect.Dx()/2, f.Image.Rect.Dy()))
		draw.Draw(grey, grey.Rect, &image.Uniform{color.RGBA{190, 190, 200, 255}}, image.Point{}, draw.Src)
		c, err := desktop.ShowPicture(x.Display, grey, at)
		if err != nil {
			t.Fatal(err)
		}
		shown = append(shown, c)
	}
	return shown
}
