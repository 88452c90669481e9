//go:build linux

package main

// hexiom-lab bench-play measures the bot end to end on a real desktop
// (package play/bench): Xvfb, the clone and Chromium, a calibration by
// three XTest clicks, then `hexiom play -json` on every board (the hexiom
// binary of -hexiom), timed until the game says it is solved. It prints
// each board and the median with the split (capture, read, solve, drags).
//
//	hexiom-lab bench-play -n 20                 # 20 random size-6 challenges
//	hexiom-lab bench-play -levels 1-40          # official levels
//	hexiom-lab bench-play -soak                 # 50 challenges and all 40 levels in a row
//	hexiom-lab bench-play -theme flash -zoom 1.5  # the flash look at 150 % page zoom
//	hexiom-lab bench-play -runtime ruffle -n 10   # the Flash build in Ruffle

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"hexiom/actuate"
	"hexiom/game"
	"hexiom/internal/cli"
	"hexiom/play"
	"hexiom/play/bench"
)

// benchPlayCommand is `hexiom-lab bench-play` (main.go lists the commands).
var benchPlayCommand = cli.Command{
	Name:  "bench-play",
	Usage: "bench-play [-hexiom FILE] [-n N] [-seed S] [-levels A-B] [-soak] [-swap] [-pace D] [-settle D] [-not-taken D] [-templates FILE] [-theme classic|neon|flash|slate] [-zoom Z] [-runtime html|ruffle [-floor] [-swf-look classic|flat|bevel]]",
	Short: "time the bot end to end on Xvfb + Chromium + the clone",
	Run:   runBenchPlay,
}

func runBenchPlay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
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
	theme := cli.Choice(fs, "theme", "classic", "the game's look (`classic`, neon, flash or slate); not classic and no -templates: the bot learns it first", game.Themes...)
	zoom := fs.Float64("zoom", 1, "the browser's page zoom (0.75 for 75 %)")
	floor := fs.Bool("floor", false, "with -runtime ruffle: before the bot, measure each board's floor, the game's own fastest (the harness drags the solution as soon as the game takes a drag)")
	swfLook := cli.Choice(fs, "swf-look", "classic", "with -runtime ruffle: the SWF's look, `classic`, flat or bevel (learnt first)", game.SWFLooks...)
	rt := cli.Choice(fs, "runtime", game.RuntimeHTML, "the game's runtime: `html` (the canvas page) or ruffle (the Flash build in Ruffle)", game.RuntimeHTML, game.RuntimeRuffle)
	traceDir := fs.String("trace", "", "write each board's `hexiom play -trace` into `DIR`")
	hexiomBin := hexiomFlag(fs)
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return err
	}
	if *floor && *rt != game.RuntimeRuffle {
		return cli.Usagef("-floor: only with -runtime ruffle (the Flash build reports when it takes a drag)")
	}
	if !(*zoom > 0 && *zoom <= 5) {
		return cli.Usagef("-zoom %v: want a page zoom in (0, 5], e.g. 0.75", *zoom)
	}
	nSet := false
	fs.Visit(func(f *flag.Flag) { nSet = nSet || f.Name == "n" })
	lv, err := benchBoards(n, nSet, *levels, *soak)
	if err != nil {
		return err
	}
	self, err := findHexiom(*hexiomBin)
	if err != nil {
		return err
	}
	playArgs := []string{"-pace", pace.String(), "-settle", settle.String(), "-not-taken", notTaken.String()}
	if *swap {
		playArgs = append(playArgs, "-swap")
	}
	_, err = bench.Run(bench.Options{Hexiom: self, Challenge: *n, Seed: *seed, Levels: lv, PlayArgs: playArgs,
		Templates: *tplFile, Theme: *theme, Zoom: *zoom, Runtime: *rt, Floor: *floor, SWFLook: *swfLook, KeepGoing: *keep, TraceDir: *traceDir, Log: stderr, Ctx: ctx}, stdout)
	return err
}

// benchBoards is what bench-play plays from -n (*n, nSet: given), -levels
// and -soak: the official levels, and *n set to the random challenges.
func benchBoards(n *int, nSet bool, levels string, soak bool) ([]int, error) {
	var lv []int
	if levels != "" {
		var err error
		if lv, err = parseLevels(levels); err != nil {
			return nil, cli.Usagef("-levels: %v", err)
		}
		if !nSet {
			*n = 0
		}
	}
	if soak {
		*n, lv = 50, nil
		for i := 1; i <= 40; i++ {
			lv = append(lv, i)
		}
	}
	if *n < 0 {
		return nil, cli.Usagef("-n %d: want 0 or more random challenges", *n)
	}
	if *n == 0 && len(lv) == 0 {
		return nil, cli.Usagef("-n 0 and no -levels: nothing to play")
	}
	return lv, nil
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
