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
// before its next drag.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/play"
)

func init() {
	register(command{
		name:  "play",
		usage: "play [-calibration FILE] [-templates FILE] [-capture x11|portable] [-xwayland] [-swap] [-pace D] [-steps N] [-settle D] [-not-taken D] [-dry-run [-plan PNG]] [-watch [-boards N]] [-json]",
		short: "solve the board on the screen with the mouse, hands-free",
		run:   runPlay,
	})
}

// playReport is one board's report as -json prints it.
type playReport struct {
	Size      int     `json:"size"`
	Solved    bool    `json:"solved"`
	Error     string  `json:"error,omitempty"`
	Planned   int     `json:"planned"`
	Drags     int     `json:"drags"`
	Repairs   int     `json:"repairs"`
	Early     bool    `json:"early,omitempty"` // solved another way before the plan's end
	Looks     int     `json:"looks"`
	CaptureMS float64 `json:"capture_ms"`
	ReadMS    float64 `json:"read_ms"`
	SolveMS   float64 `json:"solve_ms"`
	PlanMS    float64 `json:"plan_ms"`
	DragMS    float64 `json:"drag_ms"`
	TotalMS   float64 `json:"total_ms"`
	Board     string  `json:"board,omitempty"`    // the board read, level format
	Solution  string  `json:"solution,omitempty"` // the target
}

func toMS(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func newPlayReport(r play.Report, err error) playReport {
	pr := playReport{Size: r.Size, Solved: err == nil, Planned: r.Planned, Drags: r.Drags, Repairs: r.Repairs, Early: r.Early,
		Looks: r.Looks, CaptureMS: toMS(r.Capture), ReadMS: toMS(r.Read), SolveMS: toMS(r.Solve),
		PlanMS: toMS(r.Plan), DragMS: toMS(r.Drag), TotalMS: toMS(r.Total)}
	if err != nil {
		pr.Error = err.Error()
	}
	if r.Start.Size > 0 {
		pr.Board = r.Start.Format()
	}
	if r.Target.Size > 0 {
		pr.Solution = r.Target.Format()
	}
	return pr
}

func runPlay(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("play", stderr)
	calFile := calibrationFlag(fs)
	tplFile := templatesFlag(fs)
	display := fs.String("display", "", "X `display` (default $DISPLAY)")
	screen := addScreenFlags(fs)
	swap := fs.Bool("swap", false, "the game swaps a tile dropped on another movable tile: plan with swaps (fewer drags)")
	pace := fs.Duration("pace", actuate.DefaultPace.Pause, "pause after each pointer move and button change of a drag")
	steps := fs.Int("steps", actuate.DefaultPace.Steps, "pointer moves on the way of each drag")
	dry := fs.Bool("dry-run", false, "read, solve and plan, draw the plan on a picture, and move nothing")
	planPNG := fs.String("plan", "hexiom-plan.png", "with -dry-run, where to draw the plan (`PNG`)")
	watch := fs.Bool("watch", false, "after a board, wait for the next one and play it too (Ctrl-C stops)")
	boards := fs.Int("boards", 0, "with -watch, stop after `N` boards (0: no limit)")
	wait := fs.Duration("wait", play.DefaultBoardWait, "how long to wait for a board in view")
	redraw := fs.Duration("redraw", play.DefaultRedraw, "how long the game takes to show a drag; the bot looks after that")
	settle := fs.Duration("settle", play.DefaultSettle, "how long a drag may take to show on the screen (longer on a slow machine)")
	notTaken := fs.Duration("not-taken", play.DefaultNotTaken, "how long the board may show no change after a drag before it counts as not taken")
	debugDir := fs.String("debug", os.TempDir(), "`directory` for debug pictures when the bot gives up")
	jsonOut := fs.Bool("json", false, "print one JSON report per board on stdout")
	if st := parseFlags(fs, args); st >= 0 {
		return st
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "hexiom play: unexpected argument %q\n", fs.Arg(0))
		return exitBadUser
	}
	if *steps < 0 || *pace < 0 || *boards < 0 || *redraw < 0 || *wait <= 0 || *settle <= 0 || *notTaken <= 0 {
		fmt.Fprintln(stderr, "hexiom play: -steps, -pace, -redraw and -boards must not be negative, -wait, -settle and -not-taken must be positive")
		return exitBadUser
	}
	if *boards > 0 && !*watch {
		fmt.Fprintln(stderr, "hexiom play: -boards goes with -watch")
		return exitBadUser
	}

	area, err := loadArea(*calFile, "play", stderr)
	if err != nil {
		fmt.Fprintf(stderr, "hexiom play: %v\n", err)
		return exitBadUser
	}
	tpl, _, err := loadTemplates(*tplFile, "play", stderr)
	if err != nil {
		fmt.Fprintf(stderr, "hexiom play: %v\n", err)
		return exitBadUser
	}

	scr, err := screen.open(!*dry, *display)
	if err != nil {
		fmt.Fprintf(stderr, "hexiom play: %v\n", err)
		return exitFailed
	}
	defer scr.Close()
	// Only the board need be on the screen: the area may reach past its
	// edge (large cells, a board near the top); grabs and drags keep to
	// the part on the screen.
	if c := area.Centre(6, board.NumCells(6)/2); !c.Pt().In(scr.Bounds()) {
		fmt.Fprintf(stderr, "hexiom play: the calibrated %v has its centre off the screen %v; run 'hexiom calibrate' again\n", area, scr.Bounds())
		return exitBadUser
	}
	area = area.OnScreen(scr.Bounds())

	cfg := play.Config{
		Eyes: &play.Screen{Source: scr, Area: area, Templates: tpl},
		Swap: *swap, DryRun: *dry, Progress: stderr, DebugDir: *debugDir, BoardWait: *wait, Redraw: *redraw,
		Settle: *settle, NotTaken: *notTaken,
	}
	if *dry {
		cfg.PlanPicture = *planPNG
	} else {
		robot, err := actuate.NewRobot(*display)
		if err != nil {
			fmt.Fprintf(stderr, "hexiom play: %v\n", err)
			return exitFailed
		}
		defer robot.Close()
		cfg.Driver, err = actuate.NewDriver(robot, area, actuate.Pace{Steps: *steps, Pause: *pace})
		if err != nil {
			fmt.Fprintf(stderr, "hexiom play: %v\n", err)
			return exitBadUser
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if !*dry {
		fmt.Fprintln(stderr, "hexiom play: hands off the mouse; move it, or push it into a screen corner, to stop the bot")
	}
	report := func(r play.Report, err error) {
		if *jsonOut {
			b, _ := json.Marshal(newPlayReport(r, err))
			fmt.Fprintln(stdout, string(b))
		}
		if err != nil {
			return
		}
		if *dry {
			fmt.Fprintf(stderr, "dry run: size-%d board, %d drags planned (read %s, solve %s, plan %s); plan drawn on %s\n",
				r.Size, r.Planned, r.Read.Round(time.Millisecond), r.Solve.Round(time.Millisecond), r.Plan.Round(time.Microsecond), *planPNG)
			if !*jsonOut {
				fmt.Fprint(stdout, r.Start.Format())
				for i, m := range r.Moves {
					fmt.Fprintf(stdout, "%d: %d -> %d\n", i+1, m.From, m.To)
				}
			}
			return
		}
		fmt.Fprintln(stderr, r.Summary())
	}
	if *watch {
		boardsDone := 0
		err = play.Watch(ctx, cfg, *boards, func(r play.Report) { boardsDone++; report(r, nil) })
		if err != nil {
			report(play.Report{}, err)
			fmt.Fprintf(stderr, "hexiom play: %v\n", err)
			return exitFailed
		}
		fmt.Fprintf(stderr, "%d boards played\n", boardsDone)
		return exitOK
	}
	r, err := play.Board(ctx, cfg)
	report(r, err)
	if err != nil {
		fmt.Fprintf(stderr, "hexiom play: %v\n", err)
		if errors.Is(err, actuate.ErrFailSafe) {
			fmt.Fprintln(stderr, "hexiom play: run it again to go on from where the board stands")
		}
		return exitFailed
	}
	return exitOK
}
