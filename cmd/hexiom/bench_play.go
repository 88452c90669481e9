//go:build linux

package main

// hexiom bench-play measures the bot end to end on a real desktop: it starts
// Xvfb, the clone and Chromium (play/desk), calibrates by clicking three
// cells with XTest, then for every board starts `hexiom play -json` as a user
// would and times it from the start of the command until the game, asked
// through its API, says the board is solved. It prints each board and the
// median with the split (capture, read, solve, drags).
//
//	hexiom bench-play -n 20                 # 20 random size-6 challenges
//	hexiom bench-play -levels 1-40          # official levels
//	hexiom bench-play -soak                 # 50 challenges and all 40 levels in a row
//	hexiom bench-play -theme flash -zoom 1.5  # the flash look at 150 % page zoom
//
// In another look than classic it first teaches the bot the look, as a user
// would with `hexiom learn`: it calibrates on a board of the size to be
// played and learns from the start of a board whose truth it knows (the
// start of a random board of that size showing every digit, a hole and a
// locked tile, not one of those benched), and passes the set to `hexiom play
// -templates`.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/calibration"
	"hexiom/game"
	"hexiom/internal/stats"
	"hexiom/play"
	"hexiom/play/desk"
	"hexiom/vision"
)

func init() {
	register(command{
		name:  "bench-play",
		usage: "bench-play [-n N] [-seed S] [-levels A-B] [-soak] [-swap] [-pace D] [-settle D] [-not-taken D] [-templates FILE] [-theme classic|neon|flash] [-zoom Z]",
		short: "time the bot end to end on Xvfb + Chromium + the clone",
		run:   runBenchPlay,
	})
}

// benchBoard is one board of a bench run.
type benchBoard struct {
	name   string
	wall   time.Duration // from starting `hexiom play` until it exited
	game   time.Duration // the game's clock: level shown to solved
	rep    playReport
	err    error
	solved bool // as the game's API says
}

func runBenchPlay(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("bench-play", stderr)
	n := fs.Int("n", 20, "random size-6 challenges to play")
	seed := fs.Uint64("seed", 1, "seed of the first challenge; the others follow")
	levels := fs.String("levels", "", "official levels to play, `A-B` or a list A,B,C (then -n defaults to 0)")
	soak := fs.Bool("soak", false, "the soak run: 50 challenges and all 40 official levels in a row, no failure allowed")
	swap := fs.Bool("swap", false, "play with swaps (hexiom play -swap)")
	pace := fs.Duration("pace", actuate.DefaultPace.Pause, "hexiom play -pace")
	keep := fs.Bool("keep-going", false, "go on after a board fails")
	settle := fs.Duration("settle", play.DefaultSettle, "hexiom play -settle")
	notTaken := fs.Duration("not-taken", play.DefaultNotTaken, "hexiom play -not-taken")
	tplFile := templatesFlag(fs)
	theme := fs.String("theme", "classic", "the game's look (`classic`, neon or flash); not classic and no -templates: the bot learns it first")
	zoom := fs.Float64("zoom", 1, "the browser's page zoom (0.75 for 75 %)")
	if st := parseFlags(fs, args); st >= 0 {
		return st
	}
	nSet := false
	fs.Visit(func(f *flag.Flag) { nSet = nSet || f.Name == "n" })
	var lv []int
	if *levels != "" {
		var err error
		if lv, err = parseLevels(*levels); err != nil {
			fmt.Fprintf(stderr, "hexiom bench-play: -levels: %v\n", err)
			return exitBadUser
		}
		if !nSet {
			*n = 0
		}
	}
	if *soak {
		*n, lv = 50, nil
		for i := 1; i <= 40; i++ {
			lv = append(lv, i)
		}
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "hexiom bench-play: %v\n", err)
		return exitFailed
	}

	t0 := time.Now()
	opt := desk.Options{Start: game.Spec{Mode: game.ModeLevel, Level: 22}, Theme: *theme, Zoom: *zoom}
	var learnSize int
	if *theme != "classic" {
		// A look with its own pitch rule is calibrated on the size played
		// (challenges: 6); its larger calibrated area needs a taller screen.
		learnSize = 6
		if *n == 0 && len(lv) > 0 {
			l, err := board.Level(lv[0])
			if err != nil {
				fmt.Fprintf(stderr, "hexiom bench-play: %v\n", err)
				return exitBadUser
			}
			learnSize = l.Size
		}
		ls := learnSeed(learnSize)
		opt.Start = game.Spec{Mode: game.ModeRandom, Size: learnSize, Seed: &ls}
		opt.Screen, opt.Window = image.Pt(1400, 1040), image.Rect(30, 120, 30+1280, 120+800)
	}
	d, err := desk.Start(opt)
	if err != nil {
		fmt.Fprintf(stderr, "hexiom bench-play: %v\n", err)
		return exitFailed
	}
	defer d.Close()
	area, err := d.Calibrate()
	if err != nil {
		fmt.Fprintf(stderr, "hexiom bench-play: %v\n", err)
		return exitFailed
	}
	dir, err := os.MkdirTemp("", "hexiom-bench-play-")
	if err != nil {
		fmt.Fprintf(stderr, "hexiom bench-play: %v\n", err)
		return exitFailed
	}
	defer os.RemoveAll(dir)
	if *theme != "classic" && *tplFile == "" {
		if *tplFile, err = benchLearn(d, area, dir); err != nil {
			fmt.Fprintf(stderr, "hexiom bench-play: %v\n", err)
			return exitFailed
		}
		fmt.Fprintf(stderr, "learnt the %s look at %.0f %% zoom from a size-%d start\n", *theme, *zoom*100, learnSize)
	}
	calFile := filepath.Join(dir, "calibration.json")
	if err := calibration.SaveFile(calFile, area); err != nil {
		fmt.Fprintf(stderr, "hexiom bench-play: %v\n", err)
		return exitFailed
	}
	fmt.Fprintf(stderr, "desktop ready on %s in %s, calibrated by clicks: %v\n", d.X.Display, time.Since(t0).Round(time.Millisecond), area)
	playArgs := []string{"play", "-json", "-calibration", calFile, "-display", d.X.Display,
		"-pace", pace.String(), "-debug", os.TempDir(), "-settle", settle.String(), "-not-taken", notTaken.String()}
	if *swap {
		playArgs = append(playArgs, "-swap")
	}
	if *tplFile != "" {
		playArgs = append(playArgs, "-templates", *tplFile)
	}

	var specs []game.Spec
	var names []string
	for i := 0; i < *n; i++ {
		s := *seed + uint64(i)
		specs = append(specs, game.Spec{Mode: game.ModeChallenge, Seed: &s})
		names = append(names, fmt.Sprintf("challenge seed %d", s))
	}
	for _, l := range lv {
		specs = append(specs, game.Spec{Mode: game.ModeLevel, Level: l})
		names = append(names, fmt.Sprintf("level %d", l))
	}
	var results []benchBoard
	failed := 0
	for i, sp := range specs {
		b := benchOne(d, self, playArgs, sp, names[i])
		results = append(results, b)
		if b.err != nil || !b.solved {
			failed++
			fmt.Fprintf(stdout, "%-22s FAILED: %v\n", b.name, b.err)
			if !*keep {
				break
			}
			continue
		}
		fmt.Fprintf(stdout, "%-22s %6.2f s  game %6.2f s  drags %3d/%3d  capture %5.0f ms  read %5.0f ms  solve %6.1f ms  drag %5.0f ms\n",
			b.name, b.wall.Seconds(), b.game.Seconds(), b.rep.Drags, b.rep.Planned,
			b.rep.CaptureMS, b.rep.ReadMS, b.rep.SolveMS, b.rep.DragMS)
	}
	summarise(stdout, results, "challenges", func(b benchBoard) bool { return strings.HasPrefix(b.name, "challenge") })
	summarise(stdout, results, "official levels", func(b benchBoard) bool { return strings.HasPrefix(b.name, "level") })
	host, _ := os.Hostname()
	fmt.Fprintf(stdout, "%d boards, %d failed; %s, %d CPUs, %s; whole run %s\n", len(results), failed, host, runtime.NumCPU(), runtime.Version(), time.Since(t0).Round(time.Second))
	if failed > 0 || len(results) < len(specs) {
		return exitFailed
	}
	return exitOK
}

// learnSeed is the first random board of size s from seed 900000 on whose
// start shows every digit 0..6 (those the size allows), a hole, a locked
// tile and an empty cell: the board a look is learnt from.
func learnSeed(s int) uint64 {
	for seed := uint64(900000); ; seed++ {
		p := board.Random(s, seed)
		var digits [7]bool
		hole, locked, empty := false, false, false
		for _, c := range p.Cells {
			switch {
			case c.Hole():
				hole = true
			case c.Locked():
				locked = true
			case c.Tile == board.None:
				empty = true
			}
			if c.Tile != board.None {
				digits[c.Tile] = true
			}
		}
		all := hole && locked && empty
		for d := 0; d <= min(6, 2*s-2); d++ {
			all = all && digits[d]
		}
		if all {
			return seed
		}
	}
}

// benchLearn learns the look of the board in view (the start of the desk's
// first board, whose truth the game's API gives) into a new template set
// saved in dir, and returns its path.
func benchLearn(d *desk.Desk, area calibration.Area, dir string) (string, error) {
	st, err := d.State()
	if err != nil {
		return "", err
	}
	truth, err := board.Parse("the game's state", []byte(st.Board))
	if err != nil {
		return "", err
	}
	img, err := d.Grab(area.Rect())
	if err != nil {
		return "", err
	}
	tpl, err := vision.Learn(nil, img, area, truth)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "templates.json")
	return path, tpl.Save(path)
}

// benchOne sets a board up through the game's API, runs `hexiom play` on it
// and asks the game whether it is solved.
func benchOne(d *desk.Desk, self string, playArgs []string, sp game.Spec, name string) benchBoard {
	b := benchBoard{name: name}
	if _, err := d.New(sp); err != nil {
		b.err = err
		return b
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, playArgs...)
	cmd.Env = d.X.Env()
	var errOut strings.Builder
	cmd.Stderr = &errOut
	t := time.Now()
	out, err := cmd.Output()
	b.wall = time.Since(t)
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line != "" {
			if jerr := json.Unmarshal([]byte(line), &b.rep); jerr != nil && err == nil {
				err = fmt.Errorf("hexiom play -json printed %q: %w", line, jerr)
			}
		}
	}
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("hexiom play: %v: %s", err, strings.TrimSpace(errOut.String()))
		}
		b.err = err
	}
	st, serr := d.State()
	if serr != nil {
		if b.err == nil {
			b.err = serr
		}
		return b
	}
	b.solved = st.Solved
	b.game = time.Duration(st.ElapsedMS) * time.Millisecond
	if b.err == nil && !st.Solved {
		b.err = fmt.Errorf("hexiom play says solved, the game says not:\n%s", st.Board)
	}
	return b
}

func summarise(w io.Writer, rs []benchBoard, what string, pick func(benchBoard) bool) {
	var wall, gameT, capT, readT, solveT, dragT, drags []float64
	worst := 0.0
	for _, b := range rs {
		if !pick(b) || b.err != nil {
			continue
		}
		wall = append(wall, b.wall.Seconds())
		gameT = append(gameT, b.game.Seconds())
		capT = append(capT, b.rep.CaptureMS)
		readT = append(readT, b.rep.ReadMS)
		solveT = append(solveT, b.rep.SolveMS)
		dragT = append(dragT, b.rep.DragMS)
		drags = append(drags, float64(b.rep.Drags))
		worst = max(worst, b.wall.Seconds())
	}
	if len(wall) == 0 {
		return
	}
	fmt.Fprintf(w, "%s: %d solved; median %.2f s from `hexiom play` to solved (game clock %.2f s), slowest %.2f s; median split: capture %.0f ms, read %.0f ms, solve %.1f ms, drags %.0f ms (%.0f drags)\n",
		what, len(wall), stats.Median(wall), stats.Median(gameT), worst, stats.Median(capT), stats.Median(readT), stats.Median(solveT), stats.Median(dragT), stats.Median(drags))
}

// parseLevels reads "A-B" or "A,B,C" (levels 1..40).
func parseLevels(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("%q: want a level number 1..40", part)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil {
				return nil, fmt.Errorf("%q: want a range A-B of levels 1..40", part)
			}
		}
		if a < 1 || b > 40 || a > b {
			return nil, fmt.Errorf("%q: want levels within 1..40", part)
		}
		for l := a; l <= b; l++ {
			out = append(out, l)
		}
	}
	return out, nil
}
