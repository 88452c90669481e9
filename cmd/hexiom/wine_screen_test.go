//go:build linux && wine

package main

// TestWine's screen checks (issue 23; issue 41: the display scale and a
// monitor left of the primary): a Windows window (internal/winewindow,
// under Wine) shows a vision fixture, and hexiom.exe and the Linux binary
// calibrate, read and play on it.

import (
	"bufio"
	"context"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-vgo/robotgo"

	"hexiom/calibration"
	"hexiom/internal/desktop"
	"hexiom/internal/fixture"
)

// window is winewindow.exe (internal/winewindow) showing a fixture, and the
// events it reports.
type window struct {
	cmd    *exec.Cmd
	mu     sync.Mutex
	events []string
	ready  chan string // the "ready X Y W H" line
	// markAt is a point inside the window on the X screen, where synced
	// clicks the middle button
	markAt image.Point
}

// metrics returns what winewindow.exe -metrics prints: Windows' virtual
// screen and its monitors, as Wine reports them.
func (w *wine) metrics(t *testing.T) string {
	t.Helper()
	r := w.run(t, "", w.window, "-metrics")
	if r.code != 0 {
		t.Fatalf("winewindow -metrics: %v", r)
	}
	return r.stdout
}

// showFixture shows fixture name in a window whose top-left corner is at
// the Windows screen point at; the window draws it at its monitor's scale.
func (w *wine) showFixture(t *testing.T, name string, at image.Point) (*window, *fixture.Fixture) {
	t.Helper()
	f, err := fixture.Load(fixtures, name)
	if err != nil {
		t.Fatal(err)
	}
	win := &window{ready: make(chan string, 1)}
	win.cmd = w.command(context.Background(), ".", w.window, "-image", f.PNG(), "-at", fmt.Sprintf("%d,%d", at.X, at.Y))
	out, err := win.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := win.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(win.close)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "ready") {
				win.ready <- line
				continue
			}
			win.mu.Lock()
			win.events = append(win.events, line)
			win.mu.Unlock()
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case line := <-win.ready:
		t.Logf("winewindow: %s", line)
	case <-time.After(desktop.Patience):
		t.Fatalf("winewindow.exe showed nothing in %v", desktop.Patience)
	}
	return win, f
}

// close ends the window's program, and with it the window.
func (win *window) close() {
	_ = win.cmd.Process.Kill()
	_ = win.cmd.Wait()
}

// synced returns the events so far and forgets them, once the window has
// printed every event it got before now: it clicks the middle button on
// the window (XTest) and waits for the window's "mark". A busy Wine process
// reads its window's events late: taken at once, a click made earlier may
// still be on its way (at load 17 two of the calibration's clicks came
// after play's had begun).
func (win *window) synced(t *testing.T) []string {
	t.Helper()
	robotgo.Move(win.markAt.X, win.markAt.Y)
	if err := robotgo.Toggle("center"); err != nil {
		t.Fatal(err)
	}
	if err := robotgo.Toggle("center", "up"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(desktop.Patience)
	for {
		win.mu.Lock()
		if i := slices.Index(win.events, "mark"); i >= 0 {
			e := slices.Clone(win.events[:i])
			win.events = win.events[i+1:]
			win.mu.Unlock()
			return e
		}
		win.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatalf("winewindow.exe printed no mark in %v", desktop.Patience)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// presses returns the presses and releases among events, as "down X Y" and
// "up X Y".
func presses(events []string) []string {
	var d []string
	for _, e := range events {
		if strings.HasPrefix(e, "down") || strings.HasPrefix(e, "up") {
			d = append(d, e)
		}
	}
	return d
}

// eventPoint returns an event's point ("down 538 339": (538, 339)).
func eventPoint(t *testing.T, e string) image.Point {
	t.Helper()
	var kind string
	var p image.Point
	if _, err := fmt.Sscanf(e, "%s %d %d", &kind, &p.X, &p.Y); err != nil {
		t.Fatalf("window event %q: %v", e, err)
	}
	return p
}

// screenSetup is what one run of the screen checks shows, and where.
type screenSetup struct {
	fixture string
	at      image.Point // the window's top-left corner, in Windows' screen pixels
	scale   float64     // the window's DPI / 96: how large it draws the fixture
	// origin is where Windows' (0, 0), the primary monitor's top-left
	// corner, lies on the X screen: Linux's coordinates are Windows' plus
	// origin.
	origin image.Point
}

// screenRun is what hexiom.exe found and did in one run, in Windows' screen
// pixels.
type screenRun struct {
	auto, clicks calibration.Area
	drags        []string // "down X Y" and "up X Y", as the window got them
	win          *window  // still showing the fixture
}

// shift returns a moved by d.
func shift(a calibration.Area, d image.Point) calibration.Area {
	return a.Shift(float64(d.X), float64(d.Y))
}

// sameArea says whether a and b are one area (to a millionth of a pixel:
// the same computation on pixels seen at other coordinates).
func sameArea(a, b calibration.Area) bool {
	return max(abs(a.Left-b.Left), abs(a.Top-b.Top), abs(a.Side-b.Side)) < 1e-6
}

// The screen: a Windows window (winewindow.exe under Wine) shows a fixture;
// calibrate -auto, read, calibrate by three clicks (sent through XTest, heard
// by hexiom.exe's mouse hook and by Linux's X RECORD), and play's drags,
// which the window records, from both binaries: the same areas, boards and
// drags from both, where the window shows the board.
func wineScreen(t *testing.T, w *wine, s screenSetup) screenRun {
	win, f := w.showFixture(t, s.fixture, s.at)
	win.markAt = s.at.Add(s.origin).Add(image.Pt(3, 3))
	// the area where the window draws it, in Windows' pixels
	area := calibration.Area{
		Left: float64(s.at.X) + s.scale*(f.Meta.Area.Left-float64(f.Meta.Offset[0])),
		Top:  float64(s.at.Y) + s.scale*(f.Meta.Area.Top-float64(f.Meta.Offset[1])),
		Side: s.scale * f.Meta.Area.Side,
	}
	truth := f.Truth.String()
	dir := t.TempDir()
	run := screenRun{win: win}

	// calibrate -auto: the same area from both, where the window shows it
	rw, rl := w.both(t, dir, []string{"calibrate", "-auto", "-templates", "builtin", "-o", "auto-win.json"},
		[]string{"calibrate", "-auto", "-templates", "builtin", "-o", "auto-linux.json"})
	if rw.code != 0 || rl.code != 0 {
		t.Fatalf("calibrate -auto:\nWindows (Wine): %v\nLinux: %v", rw, rl)
	}
	run.auto = loadCal(t, filepath.Join(dir, "auto-win.json"))
	al := shift(loadCal(t, filepath.Join(dir, "auto-linux.json")), s.origin.Mul(-1))
	if !sameArea(run.auto, al) {
		t.Errorf("calibrate -auto: Windows %v, Linux %v (less %v)", run.auto, al, s.origin)
	}
	nearArea(t, "calibrate -auto", run.auto, area, 2*s.scale)
	t.Logf("calibrate -auto: Windows %v, Linux %v (less %v), shown at %v", run.auto, al, s.origin, area)

	// read: the board on the screen, each with its own calibration (and
	// each with the other's where they count the same pixels)
	cals := [][2]string{{"auto-win.json", "auto-linux.json"}}
	if s.origin == (image.Point{}) {
		cals = append(cals, [2]string{"auto-linux.json", "auto-win.json"})
	}
	for _, c := range cals {
		args := []string{"read", "-templates", "builtin", "-calibration"}
		r, l := w.both(t, dir, append(args, c[0]), append(slices.Clone(args), c[1]))
		if r.code != 0 || r.stdout != truth || l.code != 0 || l.stdout != truth {
			t.Errorf("read: Windows with %s, Linux with %s:\nWindows (Wine): %v\nLinux: %v\nwant\n%s", c[0], c[1], r, l, truth)
		}
	}

	run.clicks = w.calibrateByClicks(t, dir, f, area, s)
	win.synced(t) // the calibration clicks
	run.drags = w.playDrags(t, dir, win)
	return run
}

// nearArea fails unless got is want within tol px.
func nearArea(t *testing.T, what string, got, want calibration.Area, tol float64) {
	t.Helper()
	if d := max(abs(got.Left-want.Left), abs(got.Top-want.Top), abs(got.Side-want.Side)); d > tol {
		t.Errorf("%s: %v, want %v within %.1f px", what, got, want, tol)
	}
}

// calibrateByClicks runs calibrate with both binaries, clicking through
// XTest the three cells each asks for, and returns hexiom.exe's area.
func (w *wine) calibrateByClicks(t *testing.T, dir string, f *fixture.Fixture, area calibration.Area, s screenSetup) calibration.Area {
	t.Helper()
	if err := w.x.Use(); err != nil {
		t.Fatal(err)
	}
	robotgo.SetXDisplayName(w.x.Display)
	robotgo.MouseSleep = 0
	t.Cleanup(robotgo.CloseMainDisplay)
	top, below, bottom := calibration.ClickCells(f.Truth.Size)
	var pts []image.Point // on the X screen
	for _, i := range []int{top, below, bottom} {
		pts = append(pts, area.Centre(f.Truth.Size, i).Pt().Add(s.origin))
	}
	ctx, cancel := context.WithTimeout(context.Background(), wineTimeout)
	defer cancel()
	// each saves clicks.json in a folder of its own (stdout names the file)
	args := []string{"calibrate", "-templates", "builtin", "-timeout", "2m", "-o", "clicks.json"}
	for _, d := range []string{"win", "linux"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	rw := clickCal(t, "hexiom.exe calibrate", w.command(ctx, filepath.Join(dir, "win"), w.exe, args...), pts)
	lcmd := exec.CommandContext(ctx, w.linux, args...)
	lcmd.Dir, lcmd.Env = filepath.Join(dir, "linux"), w.x.Env()
	rl := clickCal(t, "hexiom calibrate", lcmd, pts)
	if rw.code != 0 || rl.code != 0 {
		t.Errorf("calibrate by clicks failed\nWindows (Wine): %v\nLinux: %v", rw, rl)
		return calibration.Area{}
	}
	if s.origin == (image.Point{}) && !same(rw, rl) {
		t.Errorf("calibrate by clicks: Windows and Linux differ\nWindows (Wine): %v\nLinux: %v", rw, rl)
	}
	cw := loadCal(t, filepath.Join(dir, "win/clicks.json"))
	cl := shift(loadCal(t, filepath.Join(dir, "linux/clicks.json")), s.origin.Mul(-1))
	if !sameArea(cw, cl) {
		t.Errorf("calibrate by clicks: Windows %v, Linux %v (less %v)", cw, cl, s.origin)
	}
	nearArea(t, "calibrate by clicks", cw, area, 3*s.scale)
	t.Logf("calibrate by clicks: Windows %v, Linux %v (less %v)", cw, cl, s.origin)
	return cw
}

// clickCal runs calibrate, clicking each point of pts (X screen pixels)
// when it asks for the next. Its output goes to files (see collect), read
// as it grows.
func clickCal(t *testing.T, name string, cmd *exec.Cmd, pts []image.Point) result {
	t.Helper()
	var r result
	var rerr error
	outDir := t.TempDir()
	done := make(chan struct{})
	go func() {
		defer close(done)
		r, rerr = collectTo(cmd, outDir)
	}()
	next := 0
	for next < len(pts) {
		select {
		case <-done:
			t.Errorf("%s ended after %d clicks: %v %v", name, next, r, rerr)
			return r
		case <-time.After(50 * time.Millisecond):
		}
		out, _ := os.ReadFile(filepath.Join(outDir, "stdout"))
		// a prompt "N. the centre of ..." asks for click N: the listener
		// is on by then (it starts before the first prompt)
		if strings.Contains(string(out), fmt.Sprintf("\n%d. ", next+1)) {
			robotgo.Move(pts[next].X, pts[next].Y)
			robotgo.Toggle("left")
			robotgo.Toggle("left", "up")
			next++
		}
	}
	<-done
	if rerr != nil {
		t.Fatal(rerr)
	}
	return r
}

// wineRace is play's fail-safe naming where it found the pointer and where
// the bot had put it (during a drag, at its end, or between two drags).
var wineRace = regexp.MustCompile(`fail-safe: the pointer (?:moved to|ended a drag at|is at) \((-?\d+),(-?\d+)\)[^(]*\((-?\d+),(-?\d+)\)`)

// raced says whether r is play stopped by Wine's race rather than by the
// pointer going anywhere new: the fail-safe found the pointer back on the
// way of the last drag, between its press (the window's last "down") and
// where the bot had put it, within 1.5 px (a step rounded to the pixel).
// Under Wine, SetCursorPos puts the pointer there at once, but the
// window's own process, reading the X events of its window late on a busy
// machine, puts it back where an earlier event saw it (Wine's guard
// against that holds for the process that moved the pointer only); on
// Windows SetCursorPos is the pointer's place. Measured: 2 of 6 plays at
// 144 dpi at load 7–8, found at the press point or at a step the window
// never reported (its moves coalesced).
func raced(r result, events []string) bool {
	m := wineRace.FindStringSubmatch(r.stderr)
	if m == nil {
		return false
	}
	var n [4]int
	for i := range n {
		fmt.Sscan(m[i+1], &n[i])
	}
	at, left := image.Pt(n[0], n[1]), image.Pt(n[2], n[3])
	var down image.Point
	pressed := false
	for _, e := range events {
		var x, y int
		if _, err := fmt.Sscanf(e, "down %d %d", &x, &y); err == nil {
			down, pressed = image.Pt(x, y), true
		}
	}
	return pressed && at != left && segmentDist(at, down, left) <= 1.5
}

// upRaced says whether the window got win's presses and releases as it
// got linux's but for releases on the way of their drag, short of where
// linux's ended: within 1.5 px of the segment from the drag's press to
// linux's release, not at it. Wine's race again (see raced): the window's
// process, reading its X events late on a busy machine, dated the release
// at a place the pointer had left (seen once, at 96 dpi, load 12-14: the
// test command with another job beside it: "up 387 242" where the drag
// from (472,291) ended at (359,226)). hexiom.exe put the pointer at the
// drag's end and released it there; on Windows the release is where
// SetCursorPos put the pointer. It parses the events itself (eventPoint
// stops the test on a malformed one; here that only means "not a race").
func upRaced(win, linux []string) bool {
	if len(win) != len(linux) {
		return false
	}
	raced := false
	var down image.Point
	for i, e := range win {
		var kw, kl string
		var p, q image.Point
		if _, err := fmt.Sscanf(e, "%s %d %d", &kw, &p.X, &p.Y); err != nil {
			return false
		}
		if _, err := fmt.Sscanf(linux[i], "%s %d %d", &kl, &q.X, &q.Y); err != nil || kw != kl {
			return false
		}
		switch {
		case kw == "down" && p != q:
			return false
		case kw == "down":
			down = p
		case p == q:
		case segmentDist(p, down, q) <= 1.5:
			raced = true
		default:
			return false
		}
	}
	return raced
}

// segmentDist returns the distance from p to the segment a–b.
func segmentDist(p, a, b image.Point) float64 {
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	px, py := float64(p.X-a.X), float64(p.Y-a.Y)
	f := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		f = min(1, max(0, (px*dx+py*dy)/l))
	}
	return math.Hypot(px-f*dx, py-f*dy)
}

// playDrags runs play with both binaries, each with its own calibration
// from calibrate -auto: it reads the board, solves it and drags; the window
// is a still picture, so no drag takes, and play gives up after its
// repairs. The presses and releases the window got must be the same from
// both; it returns hexiom.exe's. A run of hexiom.exe stopped by Wine's race
// (see raced), or whose releases the window got on the drags' way
// (upRaced), is logged and run again, up to five times in all (at load
// 18 a play at 144 dpi met it twice running).
func (w *wine) playDrags(t *testing.T, dir string, win *window) []string {
	t.Helper()
	// One goroutine each (GOMAXPROCS=1, so the solver's Threads(1)): with
	// two, the first of the portfolio's lanes to answer wins, and a level
	// with several solutions may start with another drag on either side.
	args := []string{"play", "-templates", "builtin", "-settle", "1s", "-not-taken", "500ms", "-wait", "20s", "-calibration"}
	ctx, cancel := context.WithTimeout(context.Background(), 4*wineTimeout)
	defer cancel()
	var rw result
	var dw []string
	try := 0
	playWin := func() {
		for {
			try++
			pw := w.command(ctx, dir, w.exe, append(args, "auto-win.json")...)
			pw.Env = append(slices.Clone(pw.Env), "GOMAXPROCS=1")
			rw = collect(t, pw)
			ev := win.synced(t)
			dw = presses(ev)
			if try >= 5 || !raced(rw, ev) {
				return
			}
			t.Logf("hexiom.exe play, try %d: stopped by Wine's race (the pointer put back where the drag had been): %s; once more",
				try, lineWith(rw.stderr, "fail-safe"))
		}
	}
	playWin()
	pl := exec.CommandContext(ctx, w.linux, append(args, "auto-linux.json")...)
	pl.Dir, pl.Env = dir, append(w.x.Env(), "XDG_CONFIG_HOME="+filepath.Join(dir, ".config"), "GOMAXPROCS=1")
	rl := collect(t, pl)
	dl := presses(win.synced(t))
	for try < 5 && upRaced(dw, dl) {
		t.Logf("hexiom.exe play, try %d: a release the window got on the drag's way, short of where Linux's ended (Wine's race): %v; once more", try, dw)
		playWin()
	}
	for name, r := range map[string]result{"Windows": rw, "Linux": rl} {
		if r.code != 1 || !strings.Contains(r.stderr, "gave up") {
			t.Errorf("%s play on a still window: want exit 1, gave up: %v", name, r)
		}
	}
	if len(dw) == 0 || strings.Join(dw, "; ") != strings.Join(dl, "; ") {
		t.Errorf("play's drags as the window got them:\nWindows (Wine): %v\nLinux: %v", dw, dl)
	} else {
		t.Logf("play: the window got the same %d presses and releases from both: %v", len(dw), dw)
	}
	return dw
}

// TestWine's screen at 96 dpi, the fixture at (100, 50) on a 1280×800
// screen.
func wineScreen96(t *testing.T, w *wine) screenRun {
	return wineScreen(t, w, screenSetup{fixture: "level38-1280x800", at: image.Pt(100, 50), scale: 1})
}

// wineScreenDPI (issue 41): Windows at dpi/96 (LogPixels 144: 150 %; 120:
// 125 %) on a screen that many times as large; the window, DPI aware as a
// browser is, draws the same fixture that many times as large at that many
// times the place. hexiom.exe's calibrate -auto, click calibration and
// play's drags are those at 96 dpi scaled so (within the rounding of a
// pixel and what calibrate -auto measures on a resampled picture), and read
// prints the same board.
func wineScreenDPI(t *testing.T, w *wine, at96 screenRun, dpi int) {
	k := float64(dpi) / 96
	scaledPt := func(x, y int) image.Point { return dpiScaled(dpi, image.Pt(x, y)) }
	size := scaledPt(1280, 800)
	m := w.metrics(t)
	if mon := fmt.Sprintf("monitor 0 0 %d %d 1 %d\n", size.X, size.Y, dpi); !strings.Contains(m, mon) {
		t.Fatalf("Wine's monitors at LogPixels %d: %q, want %q", dpi, m, mon)
	}
	run := wineScreen(t, w, screenSetup{fixture: "level38-1280x800", at: scaledPt(100, 50), scale: k})
	scaled := func(a calibration.Area) calibration.Area {
		return calibration.Area{Left: k * a.Left, Top: k * a.Top, Side: k * a.Side}
	}
	nearArea(t, fmt.Sprintf("calibrate -auto at %d dpi against 96 dpi's × %g", dpi, k), run.auto, scaled(at96.auto), 2)
	nearArea(t, fmt.Sprintf("calibrate by clicks at %d dpi against 96 dpi's × %g", dpi, k), run.clicks, scaled(at96.clicks), 3)
	t.Logf("calibrate -auto: %v at %d dpi, %v at 96 dpi (× %g: %v)", run.auto, dpi, at96.auto, k, scaled(at96.auto))
	if len(run.drags) != len(at96.drags) {
		t.Fatalf("play's presses and releases: %d at %d dpi, %d at 96 dpi\n%d: %v\n96: %v", len(run.drags), dpi, len(at96.drags), dpi, run.drags, at96.drags)
	}
	worst := 0.0
	for i, e := range run.drags {
		p, q := eventPoint(t, e), eventPoint(t, at96.drags[i])
		d := math.Hypot(float64(p.X)-k*float64(q.X), float64(p.Y)-k*float64(q.Y))
		worst = max(worst, d)
		if strings.Fields(e)[0] != strings.Fields(at96.drags[i])[0] || d > 3 {
			t.Errorf("play's event %d: %q at %d dpi, %q at 96 dpi (× %g: %.1f, %.1f)", i, e, dpi, at96.drags[i], k, k*float64(q.X), k*float64(q.Y))
		}
	}
	t.Logf("play: %d presses and releases at %d dpi, each within %.2f px of 96 dpi's × %g", len(run.drags), dpi, worst, k)
}

// dpiScaled returns p at dpi: p times dpi/96, rounded down.
func dpiScaled(dpi int, p image.Point) image.Point {
	k := float64(dpi) / 96
	return image.Pt(int(k*float64(p.X)), int(k*float64(p.Y)))
}

// wineLeftSetup is wineLeftMonitor's desktop: the primary monitor on the
// right, 200 px lower than the other, left of it (xrandr --setmonitor on
// one X screen, which Wine reads through Xinerama).
var wineLeftSetup = wineSetup{w: 2560, h: 1000, monitors: [][]string{
	{"right", "1280/340x800/220+1280+200", "screen"}, {"left", "1280/340x800/220+0+0", "none"}}}

// wineLeftMonitor (issue 41): two monitors, the primary on the right and
// the other left of it and 200 px higher (xrandr --setmonitor on one X
// screen, which Wine reads through Xinerama): Windows' virtual screen puts
// the primary at (0, 0) and the other monitor at negative x and negative y,
// as a laptop docked beside a monitor on its left, set higher, has it: both
// of Windows' negative coordinates at once. The window on that monitor:
// hexiom.exe's calibrate -auto, read, calibrate by clicks (the mouse hook
// at negative x and y) and play's drags are Linux's, 1280 px to the left
// and 200 px up; with the pointer in that monitor's top right corner, or in
// the desktop's top right corner, above the primary, where no monitor is,
// play stops before any drag.
func wineLeftMonitor(t *testing.T, w *wine) {
	m := w.metrics(t)
	const want = "virtual -1280 -200 2560 1000\nmonitor 0 0 1280 800 1 96\nmonitor -1280 -200 1280 800 0 96\n"
	if m != want {
		t.Fatalf("Wine's virtual screen and monitors:\n%s\nwant\n%s", m, want)
	}
	origin := image.Pt(1280, 200)
	run := wineScreen(t, w, screenSetup{fixture: "level38-1280x800", at: image.Pt(-1100, -150), scale: 1, origin: origin})
	if run.auto.Left >= 0 || run.auto.Top >= 0 {
		t.Errorf("calibrate -auto on the left monitor: %v, want a negative x and y", run.auto)
	}

	dir := t.TempDir()
	if err := calibration.SaveFile(filepath.Join(dir, "cal.json"), run.auto); err != nil {
		t.Fatal(err)
	}
	win := run.win
	for _, c := range []struct {
		what string
		at   image.Point // Windows' pixels
	}{
		{"the left monitor's top right corner", image.Pt(-1, -200)},
		{"the desktop's top right corner", image.Pt(1279, -200)},
	} {
		p := c.at.Add(origin)
		robotgo.Move(p.X, p.Y)
		r := w.exeRun(t, dir, "play", "-templates", "builtin", "-calibration", "cal.json")
		d := presses(win.synced(t))
		// (not "corner" alone: play's "hands off" line says it too)
		if r.code == 0 || !strings.Contains(r.stderr, "fail-safe: the pointer is in a corner of the screen") || len(d) > 0 {
			t.Errorf("play with the pointer in %s, Windows (%d,%d): exit %d, the window got %v:\n%s", c.what, c.at.X, c.at.Y, r.code, d, r.stderr)
		} else {
			t.Logf("play with the pointer in %s: %s", c.what, lineWith(r.stderr, "fail-safe"))
		}
	}
	run.win.close()
	wineMovedLeft(t, w, run.auto)
}

// wineMovedLeft (issue 41): calibrated with the game on the primary
// monitor, then the game moved to the monitor left of it; hexiom.exe's play
// finds the board there, at negative x and y, says where in one line, and saves
// the new area (the window is a still picture: play then gives up after
// its repairs, as in the screen checks). The left monitor's window is
// gone by then.
func wineMovedLeft(t *testing.T, w *wine, left calibration.Area) {
	t.Helper()
	dir := t.TempDir()
	on, _ := w.showFixture(t, "level38-1280x800", image.Pt(100, 50))
	if r := w.exeRun(t, dir, "calibrate", "-auto", "-templates", "builtin", "-o", "cal.json"); r.code != 0 {
		t.Fatalf("calibrate -auto on the primary monitor: %v", r)
	}
	primary := loadCal(t, filepath.Join(dir, "cal.json"))
	on.close()
	w.showFixture(t, "level38-1280x800", image.Pt(-1100, -150))
	robotgo.Move(1280+600, 200+500) // on the primary, away from its corners
	r := w.exeRun(t, dir, "play", "-templates", "builtin", "-calibration", "cal.json", "-settle", "1s", "-not-taken", "500ms", "-wait", "20s")
	line := regexp.MustCompile(`hexiom play: the game.*moved by \(([-+]\d+), ([-+]\d+)\); calibration updated`).FindStringSubmatch(r.stderr)
	moved := loadCal(t, filepath.Join(dir, "cal.json"))
	var dx, dy int
	if line != nil {
		fmt.Sscan(line[1], &dx)
		fmt.Sscan(line[2], &dy)
	}
	want := image.Pt(-1200, -200) // the window's move
	if line == nil || abs(float64(dx-want.X)) > 2 || abs(float64(dy-want.Y)) > 2 {
		t.Errorf("play after the game went to the left monitor (by %v), from %v:\n%s", want, primary, r.stderr)
	}
	nearArea(t, "the calibration play saved", moved, left, 2)
	t.Logf("calibrated at %v on the primary; play on the left monitor: %s; saved %v", primary, lineWith(r.stderr, "moved by"), moved)
}

// lineWith returns the first line of s that holds sub, else s's last line.
func lineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return lastLine(s)
}

// wineRaceRule: raced on the races the test met (at the press point, at a
// step the window never reported, at 96 and 144 dpi and at negative x) and
// on fail-safes it must not take for one (robotgo's DPI scaling, a corner,
// a point off the drag's way, no press yet).
func wineRaceRule(t *testing.T) {
	const ev = "down 359 226|up 359 226|down 472 291|move 434 269"
	for _, c := range []struct {
		stderr, events string
		race           bool
	}{
		{"play: drag 2 of 35 (cell 13 → 11): fail-safe: the pointer moved to (396,248) during a drag, not where the bot had put it (359,226): the user took the mouse; the drag was abandoned (the button released on the tile's own cell (472,291)); stopped", ev, true},
		{"fail-safe: the pointer moved to (708,437) during a drag, not where the bot had put it (538,339): the user took the mouse", "down 538 339|up 538 339|down 708 437", true},
		{"fail-safe: the pointer moved to (-728,491) during a drag, not where the bot had put it (-785,458): the user took", "down -841 426|up -841 426|down -728 491", true},
		{"fail-safe: the pointer is at (470,290), not where the bot left it (359,226): the user took the mouse; stopped before the next drag", ev + "|up 359 226", true},
		{"fail-safe: the pointer is at (537,339), not where the bot left it (538,339): the user took the mouse; stopped before the next drag", "", false},
		{"fail-safe: the pointer moved to (400,300) during a drag, not where the bot had put it (359,226): the user took the mouse", ev, false},
		{"fail-safe: the pointer is in a corner of the screen at (0,0); stopped before the next drag", ev, false},
		{"play: gave up after 3 repairs", ev, false},
	} {
		if got := raced(result{stderr: c.stderr, code: 1}, strings.Split(c.events, "|")); got != c.race {
			t.Errorf("raced(%q, %q) = %v, want %v", c.stderr, c.events, got, c.race)
		}
	}
	// upRaced: the release the test met on the drag's way, and releases
	// or presses elsewhere that it must not take for one.
	const linux = "down 359 226|up 359 226|down 472 291|up 359 226|down 472 291|up 359 226"
	for _, c := range []struct {
		win  string
		race bool
	}{
		{"down 359 226|up 359 226|down 472 291|up 387 242|down 472 291|up 359 226", true},
		{"down 359 226|up 359 226|down 472 291|up 472 291|down 472 291|up 359 226", true},
		{linux, false},
		{"down 359 226|up 359 226|down 472 291|up 400 200|down 472 291|up 359 226", false},
		{"down 359 226|up 359 226|down 470 291|up 387 242|down 472 291|up 359 226", false},
		{"down 359 226|up 359 226|down 472 291|up 387 242|down 472 291", false},
		{"down 359 226|up 359 226|down 472 291|down 387 242|down 472 291|up 359 226", false},
	} {
		if got := upRaced(strings.Split(c.win, "|"), strings.Split(linux, "|")); got != c.race {
			t.Errorf("upRaced(%q, linux) = %v, want %v", c.win, got, c.race)
		}
	}
}
