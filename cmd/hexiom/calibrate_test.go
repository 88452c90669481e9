package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/draw"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kbinani/screenshot"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/calibration"
	"hexiom/game"
	"hexiom/internal/desktop"
	"hexiom/internal/fixture"
	"hexiom/internal/tier"
	"hexiom/vision"
)

// gameOnScreen starts Xvfb, the clone at spec and Chromium in window win; it
// returns the game and a function that waits until the page has drawn the
// current state and returns the game area it drew, in screen pixels.
func gameOnScreen(t *testing.T, spec game.Spec, win image.Rectangle, theme string) (*game.Game, func() calibration.Area) {
	t.Helper()
	tier.Heavy(t, tier.Xvfb, tier.Chromium, tier.OpenCV)
	x, err := desktop.StartX(win.Max.X+60, win.Max.Y+60)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	if err := x.Use(); err != nil {
		t.Fatal(err)
	}
	g, err := game.New(game.Config{Start: spec, Theme: theme})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := desktop.Serve(g.HTTPServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	b, err := desktop.StartChromium(x, srv.URL, win)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	drawn := func() calibration.Area {
		t.Helper()
		var st game.State
		err := desktop.WaitFor(desktop.Patience, 20*time.Millisecond, "board drawn", func() (bool, error) {
			st = g.State()
			return st.Layout != nil && st.Layout.Version == st.Version && st.Layout.Size == st.Size, nil
		})
		if err != nil {
			t.Fatalf("%v\nchromium: %.2000s", err, b.Log.String())
		}
		l := st.Layout
		if l.DevicePixelRatio != 1 {
			t.Fatalf("devicePixelRatio %v", l.DevicePixelRatio)
		}
		area := calibration.Area{Left: l.ScreenX + l.Left, Top: l.ScreenY + l.Top, Side: l.Side}
		stillScreen(t, area.Rect())
		return area
	}
	return g, drawn
}

// stillScreen waits until two captures of r in a row are the same: the page
// reports a frame once drawn, the X server may show it a moment later.
func stillScreen(t *testing.T, r image.Rectangle) {
	t.Helper()
	var prev *image.RGBA
	err := desktop.WaitFor(desktop.Patience, 20*time.Millisecond, "the screen to hold still", func() (bool, error) {
		img, err := screenshot.CaptureRect(r)
		if err != nil {
			return false, err
		}
		same := prev != nil && bytes.Equal(prev.Pix, img.Pix)
		prev = img
		return same, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// within2px fails unless every cell centre of every size 2..6 from got is
// within 2 px of the one from truth (what the clone drew).
func within2px(t *testing.T, got, truth calibration.Area) {
	t.Helper()
	worst := 0.0
	for _, s := range board.ScreenSizes() {
		for i := 0; i < board.NumCells(s); i++ {
			worst = max(worst, got.Centre(s, i).Dist(truth.Centre(s, i)))
		}
	}
	if worst > 2 {
		t.Fatalf("calibrated %v, the clone drew %v: a cell centre is %.2f px off (max 2)", got, truth, worst)
	}
	t.Logf("calibrated %v; clone drew %v; worst cell centre %.2f px off", got, truth, worst)
}

// lines feeds what a command writes, line by line, to a channel.
func lines(r io.Reader) <-chan string {
	ch := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- sc.Text()
		}
		close(ch)
	}()
	return ch
}

func waitLine(t *testing.T, ch <-chan string, prefix string) string {
	t.Helper()
	timeout := time.After(desktop.Patience)
	for {
		select {
		case l, ok := <-ch:
			if !ok {
				t.Fatalf("output ended before a line starting %q", prefix)
			}
			if strings.HasPrefix(strings.TrimSpace(l), prefix) {
				return l
			}
		case <-timeout:
			t.Fatalf("no line starting %q in %v", prefix, desktop.Patience)
		}
	}
}

// Real clicks, synthesised with XTest, reach hexiom calibrate through the X
// server; the saved calibration puts every cell of every size within 2 px
// of where the clone draws it. A learnt template set that cannot be loaded
// does not keep the user from calibrating by clicks (issue 21): calibrate
// says the board will not be checked, and saves. Then, that set gone,
// hexiom calibrate -auto finds the same area with no clicks.
func TestCalibrateByClicksAndAuto(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	badSet := refusedSet(t)
	_, drawn := gameOnScreen(t, game.Spec{Mode: game.ModeLevel, Level: 40}, image.Rect(31, 22, 31+1280, 22+800), "classic")
	truth := drawn()

	pr, pw := io.Pipe()
	out := lines(pr)
	var errb strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- runAs("calibrate", nil, pw, &errb)
		pw.Close()
	}()
	// the user's mouse: XTest through actuate.Robot on the display
	// gameOnScreen started (its DISPLAY), closed before X goes (cleanups
	// run last first)
	mouse, err := actuate.NewRobot(os.Getenv("DISPLAY"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mouse.Close() })
	top, below, bottom := calibration.ClickCells(6)
	// a human's aim: a pixel or so off the centres
	jitter := [][2]float64{{0.7, -0.9}, {-1.1, 0.4}, {0.3, 1.2}}
	for k, cell := range []int{top, below, bottom} {
		waitLine(t, out, []string{"1.", "2.", "3."}[k])
		p := truth.Centre(6, cell)
		x, y := int(p.X+jitter[k][0]+0.5), int(p.Y+jitter[k][1]+0.5)
		if err := mouse.Move(image.Pt(x, y)); err != nil {
			t.Fatal(err)
		}
		if err := mouse.Press(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(40 * time.Millisecond)
		if err := mouse.Release(); err != nil {
			t.Fatal(err)
		}
		l := waitLine(t, out, "clicked at")
		if want := "(" + itoa(x) + ", " + itoa(y) + ")"; !strings.Contains(l, want) {
			t.Fatalf("click %d: calibrate saw %q, XTest clicked at %s", k+1, l, want)
		}
	}
	go func() {
		for range out {
		}
	}()
	select {
	case st := <-done:
		if st != exitOK {
			t.Fatalf("calibrate exited %d: %s", st, errb.String())
		}
	case <-time.After(desktop.Patience):
		t.Fatalf("calibrate did not finish in %v", desktop.Patience)
	}
	if e := errb.String(); strings.Count(e, "\n") != 1 || !strings.Contains(e, "will not be checked") || !strings.Contains(e, "cannot be told apart") {
		t.Errorf("calibrate, with a learnt set it cannot load, said %q; want one line saying the board will not be checked, and why", e)
	}
	if err := os.Remove(badSet); err != nil {
		t.Fatal(err)
	}
	saved, err := calibration.Load()
	if err != nil {
		t.Fatal(err)
	}
	if saved.Method != "clicks" {
		t.Errorf("saved method %q", saved.Method)
	}
	within2px(t, saved, truth)

	// -auto, on the same screen, overwrites it.
	var so, se strings.Builder
	if st := runAs("calibrate", []string{"-auto"}, &so, &se); st != exitOK {
		t.Fatalf("calibrate -auto exited %d: %s", st, se.String())
	}
	auto, err := calibration.Load()
	if err != nil {
		t.Fatal(err)
	}
	if auto.Method != "auto" {
		t.Errorf("saved method %q after -auto", auto.Method)
	}
	within2px(t, auto, truth)
	if !strings.Contains(so.String(), "read a size-6 board") {
		t.Errorf("calibrate -auto did not check the board: %s", so.String())
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// refusedSet saves, as the learnt set every command loads by default, a
// set that loading refuses: the built-in set with a measured separation
// whose empty cells beat the hole by only 0.04. It returns its path.
func refusedSet(t *testing.T) string {
	t.Helper()
	b, err := vision.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	b.Sep = &vision.Separation{
		Kinds:  map[string]*vision.ClassSep{"empty": {N: 10, Floor: 0.9, Mean: 0.95, Margin: map[string]float64{"hole": 0.04}}},
		Digits: map[string]*vision.ClassSep{},
	}
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	path, err := vision.TemplatesPath()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := vision.LoadTemplates(path); err == nil {
		t.Fatal("the refused set loads")
	}
	return path
}

// hexiom read on the live screen: one calibration serves every later level
// and board size, and what it prints is what the game holds.
func TestReadLiveScreen(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	g, drawn := gameOnScreen(t, game.Spec{Mode: game.ModeLevel, Level: 33}, image.Rect(12, 9, 12+800, 9+600), "classic")
	area := drawn()
	if _, err := calibration.Save(area); err != nil {
		t.Fatal(err)
	}
	seed := uint64(77)
	for _, spec := range []game.Spec{{}, {Mode: game.ModeRandom, Size: 5, Seed: &seed}, {Mode: game.ModeLevel, Level: 2}, {Mode: game.ModeRandom, Size: 6, Seed: &seed}} {
		if spec.Mode != "" {
			if err := g.NewLevel(spec); err != nil {
				t.Fatal(err)
			}
			drawn()
		}
		var out, errb strings.Builder
		if st := runAs("read", nil, &out, &errb); st != exitOK {
			t.Fatalf("%+v: exit %d: %s", spec, st, errb.String())
		}
		if want := g.State().Board; out.String() != want {
			t.Fatalf("%+v: read\n%s\ngame holds\n%s", spec, out.String(), want)
		}
	}
}

// hexiom learn from the live screen in the neon theme (which the built-in
// templates were not made from), then hexiom read of other neon boards.
func TestLearnLiveNeon(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	seed := uint64(3000)
	for ; ; seed++ { // a board that shows every digit, a hole, a locked tile and an empty cell
		p := board.Random(6, seed)
		var seen [7]bool
		hole, locked, empty := false, false, false
		for _, c := range p.Cells {
			hole, locked, empty = hole || c.Hole(), locked || c.Locked(), empty || c.Free()
			if c.Tile != board.None {
				seen[c.Tile] = true
			}
		}
		all := hole && locked && empty
		for _, s := range seen {
			all = all && s
		}
		if all {
			break
		}
	}
	g, drawn := gameOnScreen(t, game.Spec{Mode: game.ModeRandom, Size: 6, Seed: &seed}, image.Rect(40, 30, 40+1280, 30+800), "neon")
	if _, err := calibration.Save(drawn()); err != nil {
		t.Fatal(err)
	}
	level := filepath.Join(dir, "learn.txt")
	if err := os.WriteFile(level, []byte(g.State().Board), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	if st := runAs("learn", []string{"-level", level}, &out, &errb); st != exitOK {
		t.Fatalf("learn: exit %d: %s", st, errb.String())
	}
	other := uint64(4242)
	for _, spec := range []game.Spec{{Mode: game.ModeLevel, Level: 39}, {Mode: game.ModeRandom, Size: 6, Seed: &other}, {Mode: game.ModeLevel, Level: 9}} {
		if err := g.NewLevel(spec); err != nil {
			t.Fatal(err)
		}
		drawn()
		out.Reset()
		errb.Reset()
		if st := runAs("read", nil, &out, &errb); st != exitOK {
			t.Fatalf("%+v: exit %d: %s", spec, st, errb.String())
		}
		if want := g.State().Board; out.String() != want {
			t.Fatalf("%+v: read\n%s\ngame holds\n%s", spec, out.String(), want)
		}
	}
	// hexiom play, with no -templates, uses the learnt set too: the dry run
	// reads the neon board and plans (the built-in set refuses neon boards).
	out.Reset()
	errb.Reset()
	plan := filepath.Join(dir, "plan.png")
	if st := runAs("play", []string{"-dry-run", "-plan", plan, "-wait", "20s"}, &out, &errb); st != exitOK {
		t.Fatalf("play -dry-run: exit %d: %s", st, errb.String())
	}
	if want := g.State().Board; !strings.HasPrefix(out.String(), want) {
		t.Fatalf("play read\n%s\ngame holds\n%s", out.String(), want)
	}
	if !strings.Contains(errb.String(), "hexiom play: templates: the learnt set "+filepath.Join(dir, "hexiom", "templates.json")) {
		t.Errorf("play did not say it uses the learnt set: %s", errb.String())
	}
	if fi, err := os.Stat(plan); err != nil || fi.Size() == 0 {
		t.Errorf("plan picture: %v", err)
	}
}

// TestFindOneRefusesTwoBoards (issue 42): calibrate -auto with two games in
// view took one of them and said nothing of the other. Now it refuses,
// naming both; with one game it finds it.
func TestFindOneRefusesTwoBoards(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl, err := vision.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	left, err := fixture.Load(fixtures, "level22-800x600")
	if err != nil {
		t.Fatal(err)
	}
	right, err := fixture.Load(fixtures, "level38-800x600")
	if err != nil {
		t.Fatal(err)
	}
	two := image.NewRGBA(image.Rect(0, 0, 1600, 640))
	draw.Draw(two, two.Bounds(), &image.Uniform{color.RGBA{40, 44, 52, 255}}, image.Point{}, draw.Src)
	draw.Draw(two, image.Rect(0, 20, 800, 620), left.Image, left.Image.Bounds().Min, draw.Src)
	draw.Draw(two, image.Rect(800, 20, 1600, 620), right.Image, right.Image.Bounds().Min, draw.Src)
	_, err = findOne(two, tpl)
	if err == nil || !strings.Contains(err.Error(), "two boards in view") {
		t.Errorf("two games in view: %v, want a refusal naming both", err)
	}
	t.Log(err)
	one := image.NewRGBA(image.Rect(0, 0, 1000, 640))
	draw.Draw(one, one.Bounds(), &image.Uniform{color.RGBA{40, 44, 52, 255}}, image.Point{}, draw.Src)
	draw.Draw(one, image.Rect(100, 20, 900, 620), right.Image, right.Image.Bounds().Min, draw.Src)
	if a, err := findOne(one, tpl); err != nil {
		t.Errorf("one game in view: %v", err)
	} else if c := a.Centre(5, 30); c.X < 100 || c.X > 900 {
		t.Errorf("one game in view at x 100..900: found %v", a)
	}
}
