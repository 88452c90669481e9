//go:build linux

package main

// hexiom-lab play-demo is the README's main command (scripts/demo.sh runs
// it): on a virtual display it opens the clone in Chromium, calibrates by
// clicking three cells (XTest), starts the "impossible" challenge (a random
// size-6 level, three minutes), and runs `hexiom play` on it hands-free
// (the hexiom binary of -hexiom). It prints the time against the limit and
// saves screenshots before and after, and an animated GIF of the run
// (internal/screencast).
//
//	hexiom-lab play-demo                     # a random challenge, pictures in ./hexiom-demo
//	hexiom-lab play-demo -seed 7 -out /tmp/d

import (
	"context"
	"fmt"
	"image"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/game"
	"hexiom/internal/cli"
	"hexiom/internal/screencast"
	"hexiom/play"
	"hexiom/play/desk"
)

// playDemoCommand is `hexiom-lab play-demo` (main.go lists the commands).
var playDemoCommand = cli.Command{
	Name:  "play-demo",
	Usage: "play-demo [-hexiom FILE] [-seed N] [-out DIR] [-gif=false] [-swap] [-settle D] [-not-taken D] [-templates FILE]",
	Short: "on a virtual display, the bot plays the impossible challenge in the clone, timed",
	Run:   runPlayDemo,
}

func runPlayDemo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("play-demo", stderr)
	seed := fs.Uint64("seed", 0, "seed of the challenge (default: a random one)")
	out := fs.String("out", "hexiom-demo", "`directory` for before.png, after.png and run.gif")
	anim := fs.Bool("gif", true, "record an animated GIF of the run")
	swap := fs.Bool("swap", false, "let the bot use the game's swaps")
	settle := fs.Duration("settle", play.DefaultSettle, "hexiom play -settle")
	notTaken := fs.Duration("not-taken", play.DefaultNotTaken, "hexiom play -not-taken")
	tplFile := templatesFlag(fs)
	hexiomBin := hexiomFlag(fs)
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return err
	}
	if *seed == 0 {
		*seed = uint64(rand.IntN(1_000_000_000) + 1)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	self, err := findHexiom(*hexiomBin)
	if err != nil {
		return err
	}

	fmt.Fprintln(stdout, "starting a virtual display (Xvfb), the clone and Chromium…")
	d, err := desk.Start(desk.Options{Start: game.Spec{Mode: game.ModeLevel, Level: 22}})
	if err != nil {
		return err
	}
	defer d.Close()
	fmt.Fprintf(stdout, "display %s, game at %s\n", d.X.Display, d.Server.URL)
	area, err := d.Calibrate()
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "calibrated by clicking three cells: %v\n", area)
	tmp, err := os.MkdirTemp("", "hexiom-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	calFile := filepath.Join(tmp, "calibration.json")
	if err := calibration.SaveFile(calFile, area); err != nil {
		return err
	}

	argv := demoArgv(calFile, d.X.Display, *settle, *notTaken, *tplFile, *swap)
	return playChallenge(ctx, d, seed, self, argv, *out, *anim, stdout, stderr)
}

// playChallenge starts the challenge of the seed on d and runs hexiom
// play (self, with argv) on it, recorded with anim, its pictures in the
// directory out, and says how it went.
func playChallenge(ctx context.Context, d *desk.Desk, seed *uint64, self string, argv []string, out string, anim bool, stdout, stderr io.Writer) error {
	st, err := d.New(game.Spec{Mode: game.ModeChallenge, Seed: seed})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "the \"impossible\" challenge, seed %d: a size-6 board to solve in %s\n", st.Seed, game.ChallengeLimit)
	screen := image.Rect(0, 0, d.X.W, d.X.H)
	if err := shot(d, screen, filepath.Join(out, "before.png")); err != nil {
		return err
	}

	var rec *screencast.Recorder
	if anim {
		rec = screencast.Start(d.Grab, d.Browser.Window)
	}
	fmt.Fprintf(stdout, "running: hexiom %v\n", argv)
	ctx, cancel := context.WithTimeout(ctx, game.ChallengeLimit+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, argv...)
	cmd.Env = d.X.Env()
	cmd.Stdout, cmd.Stderr = stdout, stdout
	t0 := time.Now()
	perr := cmd.Run()
	wall := time.Since(t0)
	if err := shot(d, screen, filepath.Join(out, "after.png")); err != nil {
		return err
	}
	if rec != nil {
		time.Sleep(1500 * time.Millisecond) // the solved panel
		if err := rec.Stop(filepath.Join(out, "run.gif")); err != nil {
			fmt.Fprintf(stderr, "hexiom-lab play-demo: animation: %v\n", err)
		}
	}
	st, err = d.State()
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "pictures: %s, %s", filepath.Join(out, "before.png"), filepath.Join(out, "after.png"))
	if rec != nil {
		fmt.Fprintf(stdout, ", %s", filepath.Join(out, "run.gif"))
	}
	fmt.Fprintln(stdout)
	return demoVerdict(stdout, st, perr, wall)
}

// demoArgv is the command line of hexiom play for the demo.
func demoArgv(calFile, display string, settle, notTaken time.Duration, tplFile string, swap bool) []string {
	argv := []string{"play", "-calibration", calFile, "-display", display, "-settle", settle.String(), "-not-taken", notTaken.String()}
	if tplFile != "" {
		argv = append(argv, "-templates", tplFile)
	}
	if swap {
		argv = append(argv, "-swap")
	}
	return argv
}

// demoVerdict prints whether hexiom play (its error perr, wall its time)
// solved the challenge, by the game's state st, and in time for the
// achievement; an error when not.
func demoVerdict(stdout io.Writer, st game.State, perr error, wall time.Duration) error {
	if perr != nil || !st.Solved {
		fmt.Fprintf(stdout, "NOT SOLVED (hexiom play: %v); the game says solved=%v after %s\n", perr, st.Solved, time.Duration(st.ElapsedMS)*time.Millisecond)
		return fmt.Errorf("not solved (hexiom play: %v)", perr)
	}
	limit := game.ChallengeLimit
	el := time.Duration(st.ElapsedMS) * time.Millisecond
	verdict := "achievement unlocked"
	if !st.Achieved {
		verdict = "too slow: no achievement"
	}
	fmt.Fprintf(stdout, "SOLVED: the game's clock says %.1f s of the %s limit (%.0f%% of it; hexiom play ran %.1f s) in %d moves: %s\n",
		el.Seconds(), limit, 100*el.Seconds()/limit.Seconds(), wall.Seconds(), st.Moves, verdict)
	if !st.Achieved {
		return fmt.Errorf("solved in %.1f s, over the %s limit", el.Seconds(), limit)
	}
	return nil
}

func shot(d *desk.Desk, r image.Rectangle, path string) error {
	img, err := d.Grab(r)
	if err != nil {
		return err
	}
	return capture.SavePNG(path, img)
}
