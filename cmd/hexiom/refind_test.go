package main

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"hexiom/calibration"
	"hexiom/game"
	"hexiom/internal/desktop"
	"hexiom/internal/tier"
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
	area, err := d.Calibrate()
	if err != nil {
		t.Fatal(err)
	}
	cal := filepath.Join(t.TempDir(), "calibration.json")
	if err := calibration.SaveFile(cal, area); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DISPLAY", d.X.Display)
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
