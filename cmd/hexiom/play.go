package main

// hexiom play solves the Hexiom board on the screen by itself: it captures
// the calibrated game area, reads the board, solves it, and drags the tiles
// with the real mouse, checking the screen after every drag.
//
//	hexiom calibrate                 # once, with the game in view
//	hexiom play                      # play the board in view
//	hexiom play -watch               # and every next board, until Ctrl-C
//	hexiom play -dry-run             # draw the plan on hexiom-plan.png, move nothing
//
// Move the mouse, or push it into a corner of the screen, to stop the bot
// before its next drag. When the board is not where it was calibrated (the
// window moved, the page was zoomed), play looks for it over the whole
// screen, checks it as a first calibration, saves the area found and says
// so in one line; where none holds it says why and moves nothing.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/internal/cli"
	"hexiom/play"
	"hexiom/vision"
)

// playCommand is `hexiom play` (main.go lists the commands).
var playCommand = cli.Command{
	Name:  "play",
	Usage: "play [-calibration FILE] [-templates FILE] [-capture x11|portable] [-xwayland] [-swap] [-pace D] [-steps N] [-settle D] [-not-taken D] [-dry-run [-plan PNG]] [-watch [-boards N]] [-json]",
	Short: "solve the board on the screen with the mouse, hands-free",
	Run:   runPlay,
}

// playLine is one board's report as -json prints it: play.Report (its
// durations in nanoseconds) and whether the board was solved, the board
// read and its solution in the level format.
type playLine struct {
	play.Report
	Solved   bool   `json:"solved"`
	Error    string `json:"error,omitempty"`
	Board    string `json:"board,omitempty"`    // the board read, level format
	Solution string `json:"solution,omitempty"` // the target
}

func newPlayLine(r play.Report, err error) playLine {
	l := playLine{Report: r, Solved: err == nil}
	if err != nil {
		l.Error = err.Error()
	}
	if r.Start.Size > 0 {
		l.Board = r.Start.Format()
	}
	if r.Target.Size > 0 {
		l.Solution = r.Target.Format()
	}
	return l
}

// playOutput prints what each board took: a JSON line on stdout with -json;
// a summary line on stderr; with -dry-run the plan.
type playOutput struct {
	stdout, stderr io.Writer
	json, dry      bool
	planPNG        string
}

func (o playOutput) board(r play.Report, err error) {
	if o.json {
		b, _ := json.Marshal(newPlayLine(r, err))
		fmt.Fprintln(o.stdout, string(b))
	}
	if err != nil {
		return
	}
	if !o.dry {
		fmt.Fprintln(o.stderr, r.Summary())
		return
	}
	fmt.Fprintf(o.stderr, "dry run: size-%d board, %d drags planned (read %s, solve %s, plan %s); plan drawn on %s\n",
		r.Size, r.Planned, r.Read.Round(time.Millisecond), r.Solve.Round(time.Millisecond), r.Plan.Round(time.Microsecond), o.planPNG)
	if !o.json {
		fmt.Fprint(o.stdout, r.Start.Format())
		for i, m := range r.Moves {
			fmt.Fprintf(o.stdout, "%d: %d -> %d\n", i+1, m.From, m.To)
		}
	}
}

// processStart is about when the process started (its package variables
// are set before main): the zero of play's -trace.
var processStart = time.Now()

func runPlay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f, err := parsePlayFlags(args, stderr)
	if err != nil {
		return err
	}
	trace, closeTrace, err := openTrace(*f.traceFile)
	if err != nil {
		return err
	}
	defer closeTrace()
	step := func(what string) {
		if trace != nil {
			fmt.Fprintf(trace, "%9.2f ms  %s\n", float64(time.Since(processStart))/float64(time.Millisecond), what)
		}
	}
	step("hexiom play started")
	defer step("screen and mouse closed")

	area, tpl, err := loadBoth(*f.calFile, *f.tplFile, "play", stderr)
	if err != nil {
		return err
	}
	step("calibration and templates loaded")

	scr, area, err := openPlayScreen(f, area, tpl, stderr)
	if err != nil {
		return err
	}
	defer scr.Close()
	step("screen opened")

	cfg := play.Config{
		Eyes: &play.Screen{Source: scr, Area: area, Templates: tpl},
		Swap: *f.swap, Focus: *f.focus, DryRun: *f.dry, Progress: stderr, DebugDir: *f.debugDir, BoardWait: *f.wait, Redraw: *f.redraw,
		Settle: *f.settle, NotTaken: *f.notTaken, Trace: trace, TraceFrom: processStart,
	}
	var newDriver func(calibration.Area) (*actuate.Driver, error) // nil: a dry run
	if *f.dry {
		cfg.PlanPicture = *f.planPNG
	} else {
		var closeRobot func()
		newDriver, closeRobot, err = playDriver(*f.display, actuate.Pace{Steps: *f.steps, Pause: *f.pace}, stderr)
		if err != nil {
			return err
		}
		defer closeRobot()
		if cfg.Driver, err = newDriver(area); err != nil {
			return err
		}
		step("mouse ready")
	}
	cfg.Refound = playRefound(*f.calFile, newDriver, stderr)

	if !*f.dry {
		fmt.Fprintln(stderr, "hexiom play: hands off the mouse; move it, or push it into a screen corner, to stop the bot")
	}
	out := playOutput{stdout: stdout, stderr: stderr, json: *f.jsonOut, dry: *f.dry, planPNG: *f.planPNG}
	return playBoards(ctx, cfg, out, *f.watch, *f.boards, stderr)
}

// openPlayScreen opens the screen and returns it with the calibrated
// area on it. Only the board need be on the screen: the area may reach
// past its edge (large cells, a board near the top); grabs and drags keep
// to the part on the screen.
func openPlayScreen(f *playFlags, area calibration.Area, tpl *vision.Templates, stderr io.Writer) (capture.Source, calibration.Area, error) {
	scr, err := f.screen.open(!*f.dry, *f.display)
	if err != nil {
		return nil, area, err
	}
	if c := area.Centre(6, board.NumCells(6)/2); !c.Pt().In(scr.Bounds()) {
		// (the screen changed): the board may be elsewhere on it
		why := fmt.Errorf("the calibrated %v has its centre off the screen %v", area, scr.Bounds())
		if area, err = findElsewhere("play", scr, area, tpl, *f.calFile, why, stderr); err != nil {
			scr.Close()
			return nil, area, err
		}
	}
	return scr, area.OnScreen(scr.Bounds()), nil
}

// playFlags are hexiom play's flags.
type playFlags struct {
	calFile, tplFile, display    *string
	screen                       screenFlags
	swap, dry, watch, jsonOut    *bool
	focus                        *bool
	pace, wait, redraw           *time.Duration
	settle, notTaken             *time.Duration
	steps, boards                *int
	planPNG, debugDir, traceFile *string
}

// parsePlayFlags parses and checks hexiom play's flags.
func parsePlayFlags(args []string, stderr io.Writer) (*playFlags, error) {
	fs := newFlags("play", stderr)
	f := &playFlags{}
	f.calFile = calibrationFlag(fs)
	f.tplFile = templatesFlag(fs)
	f.display = fs.String("display", "", "X `display` (default $DISPLAY)")
	f.screen = addScreenFlags(fs)
	f.swap = fs.Bool("swap", false, "the game swaps a tile dropped on another movable tile: plan with swaps (fewer drags)")
	f.pace = fs.Duration("pace", actuate.DefaultPace.Pause, "pause after each pointer move and button change of a drag")
	f.steps = fs.Int("steps", actuate.DefaultPace.Steps, "pointer moves on the way of each drag")
	f.focus = fs.Bool("focus", true, "before the first drag, click once on an empty cell (a click that does nothing in the game) so that the game's player has the focus, as Ruffle wants")
	f.dry = fs.Bool("dry-run", false, "read, solve and plan, draw the plan on a picture, and move nothing")
	f.planPNG = fs.String("plan", "hexiom-plan.png", "with -dry-run, where to draw the plan (`PNG`)")
	f.watch = fs.Bool("watch", false, "after a board, wait for the next one and play it too (Ctrl-C stops)")
	f.boards = fs.Int("boards", 0, "with -watch, stop after `N` boards (0: no limit)")
	f.wait = fs.Duration("wait", play.DefaultBoardWait, "how long to wait for a board in view")
	f.redraw = fs.Duration("redraw", play.DefaultRedraw, "how long the game takes to show a drag; the bot looks after that")
	f.settle = fs.Duration("settle", play.DefaultSettle, "how long a drag may take to show on the screen (longer on a slow machine)")
	f.notTaken = fs.Duration("not-taken", play.DefaultNotTaken, "how long the board may show no change after a drag before it counts as not taken")
	f.debugDir = fs.String("debug", os.TempDir(), "`directory` for debug pictures when the bot gives up")
	f.jsonOut = fs.Bool("json", false, "print one JSON report per board on stdout")
	f.traceFile = fs.String("trace", "", "write a line for each step of the loop (each drag, grab and read, with its time since the start) to `FILE`")
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return nil, err
	}
	if *f.steps < 0 || *f.pace < 0 || *f.boards < 0 || *f.redraw < 0 || *f.wait <= 0 || *f.settle <= 0 || *f.notTaken <= 0 {
		return nil, cli.Usagef("-steps, -pace, -redraw and -boards must not be negative, -wait, -settle and -not-taken must be positive")
	}
	if *f.boards > 0 && !*f.watch {
		return nil, cli.Usagef("-boards goes with -watch")
	}
	return f, nil
}

// openTrace opens the trace file name ("": none, a nil writer) and
// returns its writer and what flushes and closes it.
func openTrace(name string) (io.Writer, func(), error) {
	if name == "" {
		return nil, func() {}, nil
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, nil, err
	}
	bw := bufio.NewWriter(f)
	return bw, func() { bw.Flush(); f.Close() }, nil
}

// playDriver opens the mouse on display and returns what makes a driver
// for an area at pace, every monitor's corners fail-safe corners too, and
// what closes the mouse.
func playDriver(display string, pace actuate.Pace, stderr io.Writer) (func(calibration.Area) (*actuate.Driver, error), func(), error) {
	robot, err := actuate.NewRobot(display)
	if err != nil {
		return nil, nil, err
	}
	monitors, err := capture.Monitors("")
	if err != nil {
		fmt.Fprintf(stderr, "hexiom play: only the whole screen's corners stop the bot: %v\n", err)
	}
	newDriver := func(a calibration.Area) (*actuate.Driver, error) {
		d, err := actuate.NewDriver(robot, a, pace)
		if err == nil {
			d.Monitors = monitors
		}
		return d, err
	}
	return newDriver, func() { robot.Close() }, nil
}

// playBoards plays the board in view, or with watch each board in turn
// (boards of them, 0: no limit), and prints each one's report.
func playBoards(ctx context.Context, cfg play.Config, out playOutput, watch bool, boards int, stderr io.Writer) error {
	if watch {
		played := 0
		err := play.Watch(ctx, cfg, boards, func(r play.Report) { played++; out.board(r, nil) })
		if err != nil {
			out.board(play.Report{}, err)
			return err
		}
		fmt.Fprintf(stderr, "%d boards played\n", played)
		return nil
	}
	r, err := play.Board(ctx, cfg)
	out.board(r, err)
	if errors.Is(err, actuate.ErrFailSafe) {
		return errors.Join(err, errors.New("run it again to go on from where the board stands"))
	}
	return err
}
