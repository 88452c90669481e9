//go:build linux

// Command mkfixtures captures the vision fixtures from the clone: it starts
// Xvfb, the game server (package game) and Chromium in app mode at each window
// size, shows each board, waits until the page reports having drawn it, grabs
// the screen, and writes under vision/testdata/:
//
//	NAME.png   the game area with a small margin (a crop of the screen)
//	NAME.txt   the truth, in the level text format (from the game's state)
//	NAME.json  the calibration: the game area in screen pixels, as the page
//	           reported drawing it, and the crop's offset on the screen
//
// How to run (from the repository root; takes a few minutes):
//
//	go run ./vision/internal/mkfixtures -out vision/testdata
//
// Boards: the start of the 40 official levels and 21 random size-6 boards (a
// few random moves played through the game's API so that tiles of all three
// colours show), each at 800×600, 1280×800 and 1920×1080, in the classic
// theme; and a smaller set in the neon theme, plus one neon board to learn
// from (neon-learn).
//
// With -look flash it writes the fixtures of the flash look instead (its own
// font, bevels, clamps, wells, pitch rule and animations; see package game)
// into vision/testdata/flash: 6 official levels (sizes 2–6, holes, locked
// tiles, every digit 0–6) and 2 random size-6 boards after a few moves, each
// at three browser page zooms, 75 % in an 800×600 window, 100 % in 1280×800
// and 150 % in 1920×1080, named NAME-z75, NAME-z100 and NAME-z150:
//
//	go run ./vision/internal/mkfixtures -look flash -out vision/testdata/flash
//
// With -look swf-flat it writes fixtures of the clone's Flash build in
// Ruffle, in its flat look (game.SWFLooks), the game area only: official
// levels of sizes 2-6 and random size-6 starts at 100 % and 150 % page zoom
// (swf.go):
//
//	go run ./vision/internal/mkfixtures -look swf-flat -out vision/testdata/swf
//
// The flash JSON adds the page zoom (devicePixelRatio), the pitch rule, and
// where the page drew every cell on the screen (cells, radius): that look's
// cells do not follow board.Pitch, so the area alone does not place them.
//
// With -look swf it writes fixtures of the clone's Flash build in Ruffle
// (its classic look, drawn on the original's lattice: GAME.md's DX and DY as
// given, issue 40) into vision/testdata/swf: official levels of sizes 2 to
// 6 and a challenge's board, at 100 % and 150 % page zoom (swfclassic.go;
// the SWF built by haxe, Ruffle from install-deps' cache, as play/desk
// starts them):
//
//	go run ./vision/internal/mkfixtures -look swf -out vision/testdata/swf
//
// With -look swf-flat-screen it writes the whole screen of the Flash build's
// flat look in its site page, the page's text under the game, on the
// original's lattice: sizes 2, 4 and 5 at 100 % and size 2 at 150 %
// (screen-flat-*, swfclassic.go), for calibrate -auto:
//
//	go run ./vision/internal/mkfixtures -look swf-flat-screen -out vision/testdata/swf
//
// With -look swf-bevel it writes the fixtures of the Flash build's bevel
// look (bevel-NAME-zNNN, swfbevel.go): a size-6 start to learn from, and
// official levels of sizes 2-6 and random size-6 starts at 100 % and 150 %
// page zoom, on the original's lattice, each the game area and 60 px of the
// screen around it (at 100 %):
//
//	go run ./vision/internal/mkfixtures -look swf-bevel -out vision/testdata/swf
//
// Fixtures made since issue 40 say "lattice": "table" (the page drew
// board.Pitch's lattice); the others drew regular hexagons.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"hexiom/board"
	"hexiom/capture"
	"hexiom/game"
	"hexiom/internal/desktop"
)

// Fixture is the JSON file beside each PNG.
type Fixture struct {
	Area   Area   `json:"area"`   // screen pixels
	Offset [2]int `json:"offset"` // screen point of the PNG's top-left pixel
	Window string `json:"window"` // WxH of the Chromium window
	Theme  string `json:"theme"`
	Source string `json:"source"` // what was shown

	// Flash and slate fixtures only (omitted in the others).
	Zoom   float64      `json:"zoom,omitempty"`   // the page zoom: devicePixelRatio
	Rule   string       `json:"rule,omitempty"`   // the look's pitch rule (game.Geometry.Rule)
	Pitch  [2]float64   `json:"pitch,omitempty"`  // DX, DY in screen pixels
	Radius float64      `json:"radius,omitempty"` // a cell's circumradius in screen pixels
	Cells  [][2]float64 `json:"cells,omitempty"`  // every cell's centre in screen pixels

	// "table": the page drew board.Pitch's lattice as given (GAME.md's DX
	// and DY); fixtures made before it (issue 40) drew DY = DX/√3 and say
	// nothing (fixture.Meta.Lattice).
	Lattice string `json:"lattice,omitempty"`
}

// Area mirrors calibration.Area's JSON.
type Area struct {
	Left float64 `json:"left"`
	Top  float64 `json:"top"`
	Side float64 `json:"side"`
}

type job struct {
	name  string
	spec  game.Spec
	moves int // random moves to play first
}

// window is a Chromium window on the screen and its page zoom.
type window struct {
	name string
	rect image.Rectangle
	zoom float64
}

func main() {
	out := flag.String("out", "vision/testdata", "output `dir`")
	only := flag.String("only", "", "capture only fixtures whose name contains `TEXT`")
	look := flag.String("look", "", "`flash`, flash75, slate, swf, swf-flat, swf-flat-screen or swf-bevel: the fixtures of that look (else classic and neon)")
	flag.Parse()
	var err error
	switch *look {
	case "":
		err = run(*out, *only)
	case "flash", "flash75":
		err = runFlash(*out, *only, *look == "flash75")
	case "slate":
		err = runSlate(*out, *only)
	case "swf":
		err = runSWFClassic(*out, *only)
	case "swf-flat":
		err = runSWF(*out, *only, "flat")
	case "swf-flat-screen":
		err = runSWFFlatScreen(*out, *only)
	case "swf-bevel":
		err = runSWFBevel(*out, *only)
	default:
		err = fmt.Errorf("-look %q: want flash, flash75, slate, swf, swf-flat, swf-flat-screen, swf-bevel or nothing", *look)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkfixtures:", err)
		os.Exit(1)
	}
}

func seed(n uint64) *uint64 { return &n }

// startScreen starts Xvfb and a screen capture on it.
func startScreen() (*desktop.X, *capture.Screen, error) {
	x, err := desktop.StartX(2000, 1200)
	if err != nil {
		return nil, nil, err
	}
	if err := x.Use(); err != nil {
		x.Close()
		return nil, nil, err
	}
	scr, err := capture.OpenScreen(x.Display)
	if err != nil {
		x.Close()
		return nil, nil, err
	}
	return x, scr, nil
}

func run(out, only string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	x, scr, err := startScreen()
	if err != nil {
		return err
	}
	defer x.Close()
	defer scr.Close()

	windows := []window{
		{"800x600", image.Rect(23, 17, 23+800, 17+600), 1},
		{"1280x800", image.Rect(60, 41, 60+1280, 41+800), 1},
		{"1920x1080", image.Rect(37, 52, 37+1920, 52+1080), 1},
	}
	var classic, neon []job
	for l := 1; l <= 40; l++ {
		classic = append(classic, job{fmt.Sprintf("level%02d", l), game.Spec{Mode: game.ModeLevel, Level: l}, 0})
	}
	for i := 1; i <= 21; i++ {
		classic = append(classic, job{fmt.Sprintf("random6-%02d", i), game.Spec{Mode: game.ModeRandom, Size: 6, Seed: seed(uint64(1000 + i))}, 3 + i%4})
	}
	for _, l := range []int{1, 6, 9, 10, 18, 23, 27, 33, 37, 38, 39, 40} {
		neon = append(neon, job{fmt.Sprintf("neon-level%02d", l), game.Spec{Mode: game.ModeLevel, Level: l}, 0})
	}
	for i := 1; i <= 6; i++ {
		neon = append(neon, job{fmt.Sprintf("neon-random6-%02d", i), game.Spec{Mode: game.ModeRandom, Size: 6, Seed: seed(uint64(2000 + i))}, 2 + i%3})
	}
	learn := job{"neon-learn", game.Spec{Mode: game.ModeRandom, Size: 6, Seed: seed(learnSeed())}, 0}

	for _, theme := range []string{"classic", "neon"} {
		jobs := classic
		if theme == "neon" {
			jobs = append(neon, learn)
		}
		for _, w := range windows {
			var todo []job
			for _, j := range jobs {
				if strings.Contains(j.name+"-"+w.name, only) && (j.name != "neon-learn" || w.name == "1280x800") {
					todo = append(todo, j)
				}
			}
			if len(todo) == 0 {
				continue
			}
			if err := session(x, scr, theme, w, todo, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// runFlash writes the flash look's fixtures; with more, the boards of
// vision/testdata/flash75 instead.
func runFlash(out, only string, more bool) error {
	set := "flash"
	if more {
		set = "flash75"
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	x, scr, err := startScreen()
	if err != nil {
		return err
	}
	defer x.Close()
	defer scr.Close()
	windows := []window{
		{"z75", image.Rect(23, 17, 23+800, 17+600), 0.75},
		{"z100", image.Rect(60, 41, 60+1280, 41+800), 1},
		{"z150", image.Rect(37, 52, 37+1920, 52+1080), 1.5},
		// 75 % in the window TestE2EFlash plays in (play/desk's)
		{"z75-1280x800", image.Rect(30, 20, 30+1280, 20+800), 0.75},
	}
	var jobs []job
	// sizes 2–6; holes (10, 23, 39); locked tiles (10, 27, 39); digits 0–2
	// (10, 23) and 1–6 (27)
	for _, l := range []int{1, 10, 23, 27, 39, 40} {
		jobs = append(jobs, job{fmt.Sprintf("level%02d", l), game.Spec{Mode: game.ModeLevel, Level: l}, 0})
	}
	for i := 1; i <= 2; i++ {
		jobs = append(jobs, job{fmt.Sprintf("random6-%02d", i), game.Spec{Mode: game.ModeRandom, Size: 6, Seed: seed(uint64(4000 + i))}, 3 + i})
	}
	// the levels TestE2EFlash learns from (27, 10, 30) and size-6
	// challenges part way through (the board the bot reads after each
	// drag), at 75 % only: where FreeSans 5s, 6s, 3s and 8s are smallest
	jobs = append(jobs, job{"level30", game.Spec{Mode: game.ModeLevel, Level: 30}, 0})
	for i, moves := range []int{0, 6, 12, 18, 0, 30} {
		jobs = append(jobs, job{fmt.Sprintf("challenge6-%02d", i+1), game.Spec{Mode: game.ModeChallenge, Seed: seed(uint64(i + 1))}, moves})
	}
	for _, w := range windows {
		var todo []job
		for _, j := range jobs {
			if strings.Contains(j.name+"-"+w.name, only) && flashSet(j.name, w.name) == set {
				todo = append(todo, j)
			}
		}
		if len(todo) == 0 {
			continue
		}
		if err := session(x, scr, "flash", w, todo, out); err != nil {
			return err
		}
	}
	return nil
}

// flashSet says which set the flash fixture name taken in window w belongs
// to: "flash", the first boards at every zoom (vision/testdata/flash);
// "flash75", the more boards at 75 % (vision/testdata/flash75: level 30 and
// the challenges in 800×600, and in the e2e's window the levels
// TestE2EFlash learns from and three challenges); "" for one not taken.
func flashSet(name, w string) string {
	extra := strings.HasPrefix(name, "challenge") || name == "level30"
	switch {
	case w == "z75-1280x800":
		if name == "level10" || name == "level27" || extra && name != "challenge6-01" && name != "challenge6-03" && name != "challenge6-06" {
			return "flash75"
		}
		return ""
	case extra && w == "z75":
		return "flash75"
	case extra:
		return ""
	}
	return "flash"
}

// runSlate writes the slate look's fixtures (vision/testdata/slate): the
// boards of the flash set, three size-6 challenges part way through and the
// start to learn from (every kind and digit: learn), at
// 75 % in 800×600, 100 % in 1280×800 and 150 % in 1920×1080.
func runSlate(out, only string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	x, scr, err := startScreen()
	if err != nil {
		return err
	}
	defer x.Close()
	defer scr.Close()
	windows := []window{
		{"z75", image.Rect(23, 17, 23+800, 17+600), 0.75},
		{"z100", image.Rect(60, 41, 60+1280, 41+800), 1},
		{"z150", image.Rect(37, 52, 37+1920, 52+1080), 1.5},
	}
	var jobs []job
	for _, l := range []int{1, 10, 23, 27, 39, 40} {
		jobs = append(jobs, job{fmt.Sprintf("level%02d", l), game.Spec{Mode: game.ModeLevel, Level: l}, 0})
	}
	for i := 1; i <= 2; i++ {
		jobs = append(jobs, job{fmt.Sprintf("random6-%02d", i), game.Spec{Mode: game.ModeRandom, Size: 6, Seed: seed(uint64(5000 + i))}, 3 + i})
	}
	for i, moves := range []int{0, 10, 20} {
		jobs = append(jobs, job{fmt.Sprintf("challenge6-%02d", i+1), game.Spec{Mode: game.ModeChallenge, Seed: seed(uint64(50 + i))}, moves})
	}
	// the start hexiom learn is taught from: every digit, a hole, a
	// locked tile, an empty cell
	jobs = append(jobs, job{"learn", game.Spec{Mode: game.ModeRandom, Size: 6, Seed: seed(learnSeed())}, 0})
	for _, w := range windows {
		var todo []job
		for _, j := range jobs {
			if strings.Contains(j.name+"-"+w.name, only) {
				todo = append(todo, j)
			}
		}
		if len(todo) == 0 {
			continue
		}
		if err := session(x, scr, "slate", w, todo, out); err != nil {
			return err
		}
	}
	return nil
}

// learnSeed picks the first random size-6 board whose start shows every digit
// 0..6, a locked tile, a hole and an empty cell: the neon board to learn from.
func learnSeed() uint64 { return board.ShowcaseSeed(6, 3000) }

func session(x *desktop.X, scr *capture.Screen, theme string, w window, jobs []job, out string) error {
	wname, win := w.name, w.rect
	g, err := game.New(game.Config{Start: jobs[0].spec, Theme: theme})
	if err != nil {
		return err
	}
	srv, err := desktop.Serve(g.HTTPServer())
	if err != nil {
		return err
	}
	defer srv.Close()
	b, err := desktop.StartChromiumZoom(x, srv.URL, win, w.zoom)
	if err != nil {
		return err
	}
	defer b.Close()
	for _, j := range jobs {
		if err := g.NewLevel(j.spec); err != nil {
			return fmt.Errorf("%s: %w", j.name, err)
		}
		if err := playRandom(g, j, win); err != nil {
			return err
		}
		st, err := waitDrawn(g, j.name, theme)
		if err != nil {
			return fmt.Errorf("%w\nchromium: %.2000s", err, b.Log.String())
		}
		time.Sleep(60 * time.Millisecond)
		l := st.Layout
		z := l.DevicePixelRatio
		if math.Abs(z-w.zoom) > 1e-6 {
			return fmt.Errorf("%s: devicePixelRatio %v, want the page zoom %v", j.name, z, w.zoom)
		}
		if math.Abs(l.InnerWidth*z-float64(win.Dx())) > 1 || math.Abs(l.InnerHeight*z-float64(win.Dy())) > 1 {
			return fmt.Errorf("%s: window inner size %vx%v CSS px at zoom %v, want %v screen px", j.name, l.InnerWidth, l.InnerHeight, z, win.Size())
		}
		// screenX/Y are screen pixels; client CSS px scale by the zoom.
		area := Area{Left: l.ScreenX + l.Left*z, Top: l.ScreenY + l.Top*z, Side: l.Side * z}
		margin := 6
		crop := image.Rect(int(math.Floor(area.Left))-margin, int(math.Floor(area.Top))-margin,
			int(math.Ceil(area.Left+area.Side))+margin, int(math.Ceil(area.Top+area.Side))+margin)
		img, err := capture.Still(scr, crop, capture.StillGap, 30*time.Second)
		if err != nil {
			return fmt.Errorf("%s: %w", j.name, err)
		}
		if g.State().Version != st.Version {
			return fmt.Errorf("%s: the board changed while capturing", j.name)
		}
		name := j.name + "-" + wname
		fx := fixtureOf(st, area, crop, wname, theme, win, z)
		if err := saveFixture(filepath.Join(out, name), img, st.Board, fx); err != nil {
			return err
		}
		fmt.Printf("%s: %s, area %.0f px at (%.0f,%.0f)\n", name, fx.Source, area.Side, area.Left, area.Top)
	}
	return nil
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// playRandom plays j.moves random moves on g (from a movable tile to a
// free cell), the same ones for the same job and window.
func playRandom(g *game.Game, j job, win image.Rectangle) error {
	rng := rand.New(rand.NewPCG(uint64(len(j.name)), uint64(j.moves)*7919+uint64(win.Dx())))
	for k := 0; k < j.moves; k++ {
		p := g.Position()
		var from, to []int
		for i, c := range p.Cells {
			if c.Movable() {
				from = append(from, i)
			}
			if c.Free() {
				to = append(to, i)
			}
		}
		if len(from) == 0 || len(to) == 0 {
			break
		}
		if _, err := g.Move(game.Move{From: from[rng.IntN(len(from))], To: to[rng.IntN(len(to))]}); err != nil {
			return fmt.Errorf("%s: move: %w", j.name, err)
		}
	}
	return nil
}

// waitDrawn waits until the page has drawn g's current state in theme,
// and returns that state.
func waitDrawn(g *game.Game, name, theme string) (game.State, error) {
	var st game.State
	err := desktop.WaitFor(30*time.Second, 20*time.Millisecond, name+" drawn", func() (bool, error) {
		st = g.State()
		l := st.Layout
		return l != nil && l.Version == st.Version && l.Size == st.Size && l.Theme == theme, nil
	})
	return st, err
}

// fixtureOf is the fixture of the board st shows in area, captured in
// crop from window wname (win, page zoom z) in theme.
func fixtureOf(st game.State, area Area, crop image.Rectangle, wname, theme string, win image.Rectangle, z float64) Fixture {
	src := fmt.Sprintf("%s level %d", st.Mode, st.Level)
	if st.Mode != game.ModeLevel {
		src = fmt.Sprintf("%s size %d seed %d after %d moves", st.Mode, st.Size, st.Seed, st.Moves)
	}
	fx := Fixture{Area: area, Offset: [2]int{crop.Min.X, crop.Min.Y}, Window: wname, Theme: theme, Source: src, Lattice: "table"}
	if theme == "flash" || theme == "slate" {
		ge := st.Geometry
		fx.Window = fmt.Sprintf("%dx%d", win.Dx(), win.Dy())
		fx.Zoom, fx.Rule = z, ge.Rule
		fx.Pitch = [2]float64{ge.DX * area.Side, ge.DY * area.Side}
		fx.Radius = ge.Radius * area.Side
		for _, c := range ge.Centres {
			fx.Cells = append(fx.Cells, [2]float64{round2(area.Left + c[0]*area.Side), round2(area.Top + c[1]*area.Side)})
		}
	}
	return fx
}

// saveFixture writes a fixture's three files at path: the picture
// (.png), the board (.txt) and the fixture (.json).
func saveFixture(path string, img *image.RGBA, board string, fx Fixture) error {
	if err := capture.SavePNG(path+".png", capture.ToRGBA(img, image.Point{})); err != nil {
		return err
	}
	if err := os.WriteFile(path+".txt", []byte(board), 0o644); err != nil {
		return err
	}
	data, _ := json.MarshalIndent(fx, "", "  ")
	return os.WriteFile(path+".json", append(data, '\n'), 0o644)
}
