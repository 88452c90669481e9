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

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"hexiom/actuate"
	"hexiom/calibration"
	"hexiom/game"
	"hexiom/play"
	"hexiom/play/desk"
)

func init() {
	register(command{
		name:  "bench-play",
		usage: "bench-play [-n N] [-seed S] [-levels A-B] [-soak] [-swap] [-pace D] [-settle D] [-not-taken D] [-templates FILE]",
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
	d, err := desk.Start(desk.Options{Start: game.Spec{Mode: game.ModeLevel, Level: 22}})
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

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
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
		what, len(wall), median(wall), median(gameT), worst, median(capT), median(readT), median(solveT), median(dragT), median(drags))
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
