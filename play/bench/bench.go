//go:build linux

package bench

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/game"
	"hexiom/internal/desktop"
	"hexiom/internal/safefile"
	"hexiom/internal/stats"
	"hexiom/play"
	"hexiom/play/desk"
	"hexiom/vision/reader"
)

// Options say what to play and how.
type Options struct {
	Hexiom    string   // the hexiom program that plays each board
	Challenge int      // random size-6 challenges to play
	Seed      uint64   // seed of the first challenge; the others follow
	Levels    []int    // official levels to play after them
	PlayArgs  []string // more flags for `hexiom play` (-swap, -pace …)
	Templates string   // template set for `hexiom play`; "" learns the look when it is not classic
	Theme     string   // the game's look; "" is classic
	Zoom      float64  // the browser's page zoom; 0 is 1
	Runtime   string   // the game's runtime (game.RuntimeHTML or RuntimeRuffle); "" is the canvas page
	// Floor (Ruffle only): before the bot, each board is played by the
	// harness with the game's knowledge (desk.Floor), the runtime's floor,
	// and the bot's time is given over it.
	Floor bool
	// SWFLook is the Flash build's look (game.SWFLooks; "" classic): one
	// other than classic is learnt first, as a theme is.
	SWFLook   string
	KeepGoing bool   // go on after a board fails
	TraceDir  string // "": no trace; else each board's `hexiom play -trace` goes there
	Log       io.Writer
	// Ctx, when cancelled (the user's Ctrl-C), stops the run: the board
	// being played gets hexiom play interrupted as a user interrupts it
	// (SIGINT: it lets go of the mouse), no further board starts. nil:
	// never.
	Ctx context.Context
}

// Board is one board of a run.
type Board struct {
	Name string
	Wall time.Duration // from starting `hexiom play` until it exited
	// ToSolved is from starting `hexiom play` until it exited and the
	// game's API said solved: the bot may see the board solved, and exit,
	// before the page's last moves reach the game.
	ToSolved   time.Duration
	Game       time.Duration // the game's clock: level shown to solved
	Floor      time.Duration // the runtime's floor on this board (Options.Floor); 0 not measured
	FloorDrags int           // the drags the floor took
	Report     play.Report   // what `hexiom play -json` said
	Err        error
	Solved     bool // as the game's API says
}

// Run plays the boards o names and prints a line for each on w, then the
// medians with the split (capture, read, solve, drags). The error says
// whether any board failed.
func Run(o Options, w io.Writer) ([]Board, error) {
	log := o.defaults()
	if o.Ctx == nil {
		o.Ctx = context.Background()
	}
	t0 := time.Now()
	opt, learnSize, err := deskOptions(o)
	if err != nil {
		return nil, err
	}
	d, err := desk.Start(opt)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	area, err := d.Calibrate()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "hexiom-bench-play-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	tpl := o.Templates
	if o.learns() && tpl == "" {
		if tpl, err = learn(d, area, dir); err != nil {
			return nil, err
		}
		fmt.Fprintf(log, "learnt the %s look at %.0f %% zoom from a size-%d start\n", cmp.Or(o.SWFLook, o.Theme), o.Zoom*100, learnSize)
	}
	calFile := filepath.Join(dir, "calibration.json")
	if err := calibration.SaveFile(calFile, area); err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "desktop ready on %s in %s, calibrated by clicks: %v\n", d.X.Display, time.Since(t0).Round(time.Millisecond), area)
	args := o.playArgs(calFile, d.X.Display, tpl)

	specs, names := o.boards()
	results, failed := playAll(d, o, args, specs, names, w)
	summarise(w, results, "challenges", func(b Board) bool { return strings.HasPrefix(b.Name, "challenge") })
	summarise(w, results, "official levels", func(b Board) bool { return strings.HasPrefix(b.Name, "level") })
	host, _ := os.Hostname()
	fmt.Fprintf(w, "%d boards, %d failed; %s, %d CPUs, %s; whole run %s\n", len(results), failed, host, runtime.NumCPU(), runtime.Version(), time.Since(t0).Round(time.Second))
	if err := o.Ctx.Err(); err != nil {
		return results, fmt.Errorf("stopped after %d of %d boards: %w", len(results), len(specs), err)
	}
	if failed > 0 || len(results) < len(specs) {
		return results, fmt.Errorf("%d of %d boards failed", failed, len(specs))
	}
	return results, nil
}

// defaults fills in o's default theme and zoom, and returns its log (or
// io.Discard).
func (o *Options) defaults() io.Writer {
	if o.Theme == "" {
		o.Theme = "classic"
	}
	if o.Zoom == 0 {
		o.Zoom = 1
	}
	if o.Log == nil {
		return io.Discard
	}
	return o.Log
}

// playArgs is the command line of hexiom play for each board: the
// calibration calFile on display, the templates tpl if any, and o.PlayArgs.
func (o *Options) playArgs(calFile, display, tpl string) []string {
	args := append([]string{"play", "-json", "-calibration", calFile, "-display", display, "-debug", os.TempDir()}, o.PlayArgs...)
	if tpl != "" {
		args = append(args, "-templates", tpl)
	}
	return args
}

// deskOptions returns the desktop Run starts for o, and the size of the
// board a look other than classic is learnt from (0 for classic).
func deskOptions(o Options) (opt desk.Options, learnSize int, err error) {
	opt = desk.Options{Start: game.Spec{Mode: game.ModeLevel, Level: 22}, Theme: o.Theme, Zoom: o.Zoom, Runtime: o.Runtime, SWFLook: o.SWFLook}
	if o.learns() {
		// A look with its own pitch rule is calibrated on the size played
		// (challenges: 6); its larger calibrated area needs a taller screen.
		learnSize = 6
		if o.Challenge == 0 && len(o.Levels) > 0 {
			l, err := board.Level(o.Levels[0])
			if err != nil {
				return opt, 0, err
			}
			learnSize = l.Size
		}
		ls := board.ShowcaseSeed(learnSize, 900000) // not a board benched
		opt.Start = game.Spec{Mode: game.ModeRandom, Size: learnSize, Seed: &ls}
		opt.Screen, opt.Window = image.Pt(1400, 1040), image.Rect(30, 120, 30+1280, 120+800)
	}
	if o.Runtime == game.RuntimeRuffle {
		// the site's page: the player (400×440 at 100 %) under a header,
		// in a window tall enough for it at 150 % (TestE2ERuffle's)
		opt.Screen, opt.Window = image.Pt(1400, 1040), image.Rect(30, 20, 30+1280, 20+1000)
	}
	return opt, learnSize, nil
}

// learns reports whether the bot learns the look first: a theme or a
// Flash look other than classic (the built-in templates').
func (o Options) learns() bool {
	return o.Theme != "classic" || (o.SWFLook != "" && o.SWFLook != "classic")
}

// boards returns the boards o benches, the challenges first, and their
// names.
func (o Options) boards() (specs []game.Spec, names []string) {
	for i := 0; i < o.Challenge; i++ {
		s := o.Seed + uint64(i)
		specs = append(specs, game.Spec{Mode: game.ModeChallenge, Seed: &s})
		names = append(names, fmt.Sprintf("challenge seed %d", s))
	}
	for _, l := range o.Levels {
		specs = append(specs, game.Spec{Mode: game.ModeLevel, Level: l})
		names = append(names, fmt.Sprintf("level %d", l))
	}
	return specs, names
}

// playAll plays each board with hexiom play's args on d, a line for each
// on w, and returns the results and how many failed (it stops at the
// first failure unless o.KeepGoing).
func playAll(d *desk.Desk, o Options, args []string, specs []game.Spec, names []string, w io.Writer) (results []Board, failed int) {
	for i, sp := range specs {
		if err := o.Ctx.Err(); err != nil {
			fmt.Fprintf(w, "stopped before %s: %v\n", names[i], err)
			break
		}
		a := args
		if o.TraceDir != "" {
			a = append(slices.Clip(args), "-trace", filepath.Join(o.TraceDir, strings.ReplaceAll(names[i], " ", "-")+".trace"))
		}
		var b Board
		if o.Floor {
			b.Floor, b.FloorDrags, b.Err = floor(o.Ctx, d, sp)
		}
		if b.Err == nil {
			fl, fd := b.Floor, b.FloorDrags
			b = one(o.Ctx, d, o.Hexiom, a, sp, names[i])
			b.Floor, b.FloorDrags = fl, fd
		}
		b.Name = names[i]
		results = append(results, b)
		if b.Err != nil || !b.Solved {
			failed++
			fmt.Fprintf(w, "%-22s FAILED: %v\n", b.Name, b.Err)
			if !o.KeepGoing {
				break
			}
			continue
		}
		r := b.Report
		fmt.Fprintf(w, "%-22s %6.2f s (exit %5.2f s)  game %6.2f s  drags %3d/%3d  capture %5.0f ms  read %5.0f ms  solve %6.1f ms  drag %5.0f ms  grabs %4d  whole reads %3d  drags seen by their cells %3d",
			b.Name, b.ToSolved.Seconds(), b.Wall.Seconds(), b.Game.Seconds(), r.Drags, r.Planned, ms(r.Capture), ms(r.Read), ms(r.Solve), ms(r.Drag), r.Grabs, r.Looks, r.Quick)
		if b.Floor > 0 {
			fmt.Fprintf(w, "  floor %6.2f s (%d drags): %.2f×", b.Floor.Seconds(), b.FloorDrags, b.ToSolved.Seconds()/b.Floor.Seconds())
		}
		fmt.Fprintln(w)
	}
	return results, failed
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// learn learns the look of the board in view (the start of the desk's
// first board, whose truth the game's API gives) into a new template set
// saved in dir, and returns its path.
func learn(d *desk.Desk, area calibration.Area, dir string) (string, error) {
	st, err := d.State()
	if err != nil {
		return "", err
	}
	truth, err := board.Parse("the game's state", []byte(st.Board))
	if err != nil {
		return "", err
	}
	if err := d.ClearOverlay(); err != nil {
		return "", err
	}
	// The board at rest: the page reports a new board painted while the
	// flash look still fades it in.
	img, err := capture.Still(d.Screen, area.Rect(), capture.StillGap, desktop.Patience)
	if err != nil {
		return "", err
	}
	tpl, err := reader.Learn(nil, img, area, truth)
	if err != nil {
		// the picture and the level, to learn from again by hand
		pic := filepath.Join(os.TempDir(), "hexiom-bench-learn.png")
		if werr := capture.SavePNG(pic, img); werr == nil {
			_ = safefile.WriteBytes(strings.TrimSuffix(pic, ".png")+".txt", []byte(truth.Format()+"\n"+area.String()+"\n"))
			err = fmt.Errorf("%w\n(the picture learnt from: %s)", err, pic)
		}
		return "", err
	}
	path := filepath.Join(dir, "templates.json")
	return path, tpl.Save(path)
}

// floor sets board sp up and measures the runtime's floor on it
// (desk.Floor).
func floor(ctx context.Context, d *desk.Desk, sp game.Spec) (time.Duration, int, error) {
	if _, err := d.New(sp); err != nil {
		return 0, 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	return d.Floor(ctx)
}

// one sets a board up through the game's API, runs `hexiom play` on it and
// asks the game whether it is solved.
func one(ctx context.Context, d *desk.Desk, hexiom string, args []string, sp game.Spec, name string) Board {
	b := Board{Name: name}
	if _, err := d.New(sp); err != nil {
		b.Err = err
		return b
	}
	t := time.Now()
	b.Err = runPlay(ctx, d, hexiom, args, &b)
	// The page shows a drop at once and sends it to the game behind the
	// picture: on a busy machine the bot can see the board solved, and
	// exit, while the page's last moves are still on their way. Give them
	// a moment; the game's clock says when it was solved.
	var st game.State
	var serr error
	_ = desktop.WaitFor(10*time.Second, 20*time.Millisecond, "the game to have the moves the page showed", func() (bool, error) {
		st, serr = d.State()
		return serr == nil && (b.Err != nil || st.Solved), serr
	})
	b.ToSolved = time.Since(t)
	if serr != nil {
		if b.Err == nil {
			b.Err = serr
		}
		return b
	}
	b.Solved = st.Solved
	b.Game = time.Duration(st.ElapsedMS) * time.Millisecond
	if b.Err == nil && !st.Solved {
		b.Err = fmt.Errorf("hexiom play says solved, the game says not:\n%s", st.Board)
	}
	return b
}

// runPlay runs `hexiom play` (hexiom, args) on d's display, and sets b's
// Wall (from its start until it exited) and Report (its -json lines);
// its error says what it printed on stderr when it failed. When ctx ends
// (or the board's time is up) play is interrupted as a user interrupts it,
// with SIGINT, so that it lets go of the mouse; killed only if it has not
// exited 10 s later.
func runPlay(ctx context.Context, d *desk.Desk, hexiom string, args []string, b *Board) error {
	// A board takes seconds; three minutes is the challenge's whole limit.
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, hexiom, args...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	cmd.Env = d.X.Env()
	var errOut strings.Builder
	cmd.Stderr = &errOut
	t := time.Now()
	out, err := cmd.Output()
	b.Wall = time.Since(t)
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line != "" {
			if jerr := json.Unmarshal([]byte(line), &b.Report); jerr != nil && err == nil {
				err = fmt.Errorf("hexiom play -json printed %q: %w", line, jerr)
			}
		}
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		err = fmt.Errorf("hexiom play: %v: %s", err, strings.TrimSpace(errOut.String()))
	}
	return err
}

func summarise(w io.Writer, rs []Board, what string, pick func(Board) bool) {
	var wall, gameT, capT, readT, solveT, dragT, drags, floors, ratios []float64
	worst := 0.0
	for _, b := range rs {
		if !pick(b) || b.Err != nil {
			continue
		}
		r := b.Report
		wall = append(wall, b.ToSolved.Seconds())
		gameT = append(gameT, b.Game.Seconds())
		capT = append(capT, ms(r.Capture))
		readT = append(readT, ms(r.Read))
		solveT = append(solveT, ms(r.Solve))
		dragT = append(dragT, ms(r.Drag))
		drags = append(drags, float64(r.Drags))
		worst = max(worst, b.ToSolved.Seconds())
		if b.Floor > 0 {
			floors = append(floors, b.Floor.Seconds())
			ratios = append(ratios, b.ToSolved.Seconds()/b.Floor.Seconds())
		}
	}
	if len(wall) == 0 {
		return
	}
	if len(floors) > 0 {
		fmt.Fprintf(w, "%s: the runtime's floor (the game's own fastest, desk.Floor): median %.2f s; the bot over it: median %.2f×, worst %.2f×\n",
			what, stats.Median(floors), stats.Median(ratios), slices.Max(ratios))
	}
	fmt.Fprintf(w, "%s: %d solved; median %.2f s from `hexiom play` to solved (game clock %.2f s), slowest %.2f s; median split: capture %.0f ms, read %.0f ms, solve %.1f ms, drags %.0f ms (%.0f drags)\n",
		what, len(wall), stats.Median(wall), stats.Median(gameT), worst, stats.Median(capT), stats.Median(readT), stats.Median(solveT), stats.Median(dragT), stats.Median(drags))
}
