package play

import (
	"context"
	"io"
	"os"
	"time"

	"hexiom/actuate"
	"hexiom/board"
)

// Defaults of Config's durations and bounds.
const (
	DefaultBoardWait    = 30 * time.Second
	DefaultSettle       = 2 * time.Second
	DefaultNotTaken     = 400 * time.Millisecond
	DefaultMaxRepairs   = 3
	DefaultMaxRetries   = 3
	DefaultSolveTimeout = 60 * time.Second
	DefaultFinalWait    = 250 * time.Millisecond
	DefaultRedraw       = 0 // the bot waits for a still picture instead (see still.go)
)

// Config is what Board and Watch need.
type Config struct {
	// Eyes look at the board; the game area they look at (Eyes.GameArea)
	// is where the drags go and what debug pictures show.
	Eyes   Eyes
	Driver *actuate.Driver // may be nil with DryRun
	// Refound, when set, is told when Eyes that are a Finder found the
	// board elsewhere on the screen than the area they looked at, before
	// it is read there on a still picture and played; it returns the
	// driver for the new area. Unset, the eyes never look elsewhere.
	Refound Refound
	Swap    bool // the game swaps a tile dropped on a movable tile
	// Focus: before the driver's first drag, click once on an empty cell,
	// a click that does nothing in the game, and see on the screen that it
	// did nothing (issue 40: Ruffle gives the first click on a player to
	// the player, not the game). The board changed by it stops the bot.
	Focus  bool
	DryRun bool // read, solve and plan, draw the plan, move nothing

	// PlanPicture, with DryRun, is where the plan is drawn (PNG); "" writes
	// nothing.
	PlanPicture string
	// Progress gets progress while the bot works and notes on repairs; nil
	// is quiet.
	Progress io.Writer
	// DebugDir is where a debug picture goes when the bot gives up; "" is
	// os.TempDir().
	DebugDir string
	// Trace, when set, gets a line for each step of the loop (a drag,
	// each grab and what it showed, each read) with its time since
	// TraceFrom (zero: when Board or Watch was called): `hexiom play
	// -trace`.
	Trace     io.Writer
	TraceFrom time.Time

	BoardWait time.Duration // how long to wait for a board in view
	// Settle is how long vision may stay unsure of a still board after a
	// drag, and how long the picture may keep moving, before the bot
	// refuses to go on.
	Settle time.Duration
	// NotTaken is how long the picture may show no change at all after a
	// drag before the drag counts as not taken (at least twice the settle
	// time learnt from the game).
	NotTaken time.Duration
	// Redraw is a least pause after each drag before the first capture;
	// the default 0 relies on the still picture alone. Negative: none.
	Redraw     time.Duration
	FinalWait  time.Duration // after the last drag, how long to wait before the last look that proves it solved
	MaxRepairs int           // re-reads and re-plans after drags that did not take; 0 means DefaultMaxRepairs, <0 none
	// MaxRetries bounds how many times one drag the screen shows not
	// taken (the board unchanged) is made again, slower, before the bot
	// re-reads and re-plans; 0 means DefaultMaxRetries, <0 none.
	MaxRetries   int
	SolveTimeout time.Duration
	Poll         time.Duration // between looks while waiting

	// Solve finds the target; nil is solver.Solve. Tests set it.
	Solve func(ctx context.Context, p board.Position) (board.Position, error)

	// Now and Sleep are the loop's clock: every duration above is measured
	// with Now, and every wait is a Sleep (which ends early, with ctx's
	// error, when ctx ends). nil is the real clock. Tests set a clock that
	// moves only when the loop looks or sleeps, so that what the loop
	// decides does not depend on how busy the machine is.
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
}

func (c *Config) defaults() {
	set := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	set(&c.BoardWait, DefaultBoardWait)
	set(&c.Settle, DefaultSettle)
	set(&c.NotTaken, DefaultNotTaken)
	set(&c.FinalWait, DefaultFinalWait)
	set(&c.SolveTimeout, DefaultSolveTimeout)
	set(&c.Poll, 40*time.Millisecond)
	set(&c.Redraw, DefaultRedraw)
	if c.MaxRepairs == 0 {
		c.MaxRepairs = DefaultMaxRepairs
	}
	if c.MaxRepairs < 0 {
		c.MaxRepairs = 0
	}
	if c.MaxRetries == 0 {
		c.MaxRetries = DefaultMaxRetries
	}
	if c.MaxRetries < 0 {
		c.MaxRetries = 0
	}
	if c.DebugDir == "" {
		c.DebugDir = os.TempDir()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Sleep == nil {
		c.Sleep = sleep
	}
	if c.TraceFrom.IsZero() {
		c.TraceFrom = c.Now()
	}
}
