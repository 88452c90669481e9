package play

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"strings"
	"time"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/picture"
	"hexiom/solver"
	"hexiom/vision"
)

// Defaults of Config's durations and bounds.
const (
	DefaultBoardWait    = 30 * time.Second
	DefaultSettle       = 2 * time.Second
	DefaultNotTaken     = 400 * time.Millisecond
	DefaultMaxRepairs   = 3
	DefaultSolveTimeout = 60 * time.Second
	DefaultFinalWait    = 250 * time.Millisecond
	DefaultRedraw       = 0 // the bot waits for a still picture instead (see still.go)
)

// Config is what Board and Watch need.
type Config struct {
	Eyes   Eyes
	Area   calibration.Area
	Driver *actuate.Driver // may be nil with DryRun
	Swap   bool            // the game swaps a tile dropped on a movable tile
	DryRun bool            // read, solve and plan, draw the plan, move nothing

	// PlanPicture, with DryRun, is where the plan is drawn (PNG); "" writes
	// nothing.
	PlanPicture string
	// Progress gets progress while the bot works and notes on repairs; nil
	// is quiet.
	Progress io.Writer
	// DebugDir is where a debug picture goes when the bot gives up; "" is
	// os.TempDir().
	DebugDir string

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
	Redraw       time.Duration
	FinalWait    time.Duration // after the last drag, how long to wait before the last look that proves it solved
	MaxRepairs   int           // re-reads and re-plans after drags that did not take; 0 means DefaultMaxRepairs, <0 none
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
	if c.DebugDir == "" {
		c.DebugDir = os.TempDir()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Sleep == nil {
		c.Sleep = sleep
	}
}

// Report is what one board took.
type Report struct {
	Size          int
	Start, Target board.Position
	Moves         []board.Move // the first plan
	Planned       int          // drags in the first plan
	Drags         int          // drags made
	Repairs       int          // re-plans after a drag that did not take
	Looks         int          // captures read
	Grabs         int          // captures taken (read or only compared while waiting for a still picture)
	// Pace learnt from the screen: the longest recent time from a drag's
	// release until the picture stood still, and how long it must stay
	// unchanged to count as still.
	SettleTime, StillTime time.Duration
	Covered               int // cells hidden at the end (the game's solved panel)
	AlreadySolved         bool
	// Early: the board reached another solution than the solver's before
	// the plan's end, and the bot stopped there (Drags < Planned).
	Early bool

	// Where the time went. Capture and Read add up every look, the
	// checks after each drag included; Drag is the time the pointer was
	// moving.
	Capture, Read, Solve, Plan, Drag time.Duration
	Total                            time.Duration // from the board in view to proven solved
	Nodes                            int64         // solver search nodes
}

// Summary is the report in one line.
func (r Report) Summary() string {
	if r.AlreadySolved {
		return fmt.Sprintf("size-%d board already solved", r.Size)
	}
	s := fmt.Sprintf("size-%d board solved: %d drags (plan %d", r.Size, r.Drags, r.Planned)
	if r.Early {
		s += ", solved another way before its end"
	}
	if r.Repairs > 0 {
		s += fmt.Sprintf(", %d repairs", r.Repairs)
	}
	s += fmt.Sprintf("); capture %s (%d grabs), read %s (%d looks), solve %s, plan %s, drags %s; pace: a drag settles in %s, still after %s; total %s",
		ms(r.Capture), r.Grabs, ms(r.Read), r.Looks, ms(r.Solve), ms(r.Plan), ms(r.Drag), ms(r.SettleTime), ms(r.StillTime), ms(r.Total))
	return s
}

func ms(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/1e6)
	case d < time.Second:
		return fmt.Sprintf("%.0f ms", float64(d)/1e6)
	default:
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
}

// StuckError is the bot giving up: the screen kept showing something else
// than its drags should have made.
type StuckError struct {
	Repairs  int
	Expected board.Position
	Seen     board.Position // what the screen showed last (may be partial)
	Picture  string         // debug picture ("" if it could not be written)
	Why      string
}

func (e *StuckError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "play: gave up after %d repairs: %s", e.Repairs, e.Why)
	if e.Seen.Size > 0 && e.Expected.Size == e.Seen.Size {
		var diff []string
		for i := range e.Expected.Cells {
			if e.Expected.Cells[i] != e.Seen.Cells[i] {
				diff = append(diff, fmt.Sprintf("cell %d expected %s, seen %s", i, e.Expected.Cells[i], e.Seen.Cells[i]))
			}
		}
		if len(diff) > 6 {
			diff = append(diff[:6], fmt.Sprintf("and %d more", len(diff)-6))
		}
		if len(diff) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(diff, "; "))
		}
	}
	if e.Picture != "" {
		fmt.Fprintf(&b, "; debug picture %s", e.Picture)
	}
	return b.String()
}

// ErrBoardChanged is returned when the screen shows a board with other
// tiles, holes or locked tiles than the one being played: drags cannot have
// made it, so the user or the game changed the level.
var ErrBoardChanged = errors.New("play: another board is in view than the one being played")

// UnsureError is the bot refusing to move: vision was not sure of the board
// (or saw none) for longer than it may wait.
type UnsureError struct {
	While   string // "waiting for a board", "checking drag 3 of 40"
	Err     error  // vision's last error (*vision.DoubtError, vision.ErrNoBoard …)
	Picture string
	Hint    string // what the user may do about it
}

func (e *UnsureError) Error() string {
	s := fmt.Sprintf("play: refusing to move, vision is unsure while %s: %v", e.While, e.Err)
	if e.Picture != "" && !strings.Contains(s, e.Picture) {
		s += "; debug picture " + e.Picture
	}
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

func (e *UnsureError) Unwrap() error { return e.Err }

// player is one run of the loop.
type player struct {
	cfg  Config
	rep  *Report
	prog *progress
	pace *pace       // learnt from the screen; kept from board to board
	last image.Image // the last still picture read
	// between is the picture the last stillFrame saw before the one it
	// returned, both after its ref: not known to be still (see
	// solvedThenCovered).
	between image.Image
}

// Board waits until a board is in view, then plays it to the end: read,
// solve, plan, drag, and check on the screen after every drag that it took;
// a drag that did not take is repaired by reading again and planning again
// (at most MaxRepairs times). It moves nothing while vision is unsure.
func Board(ctx context.Context, cfg Config) (Report, error) {
	cfg.defaults()
	p := &player{cfg: cfg, rep: &Report{}, prog: newProgress(cfg.Progress), pace: newPace()}
	sight, err := p.waitBoard(ctx, nil)
	if err != nil {
		return *p.rep, err
	}
	rep, err := p.play(ctx, sight)
	return p.paced(rep), err
}

// paced adds the pace learnt to the report.
func (p *player) paced(r Report) Report {
	r.SettleTime, r.StillTime = p.pace.settle(), p.pace.still()
	return r
}

// Watch plays the board in view, then waits for the next one (a board read
// with confidence and not solved: the same level replayed counts) and plays it,
// until ctx ends, an error, or n boards (n ≤ 0: no limit). done is called
// after each board.
func Watch(ctx context.Context, cfg Config, n int, done func(Report)) error {
	cfg.defaults()
	pc := newPace()
	for k := 0; n <= 0 || k < n; k++ {
		p := &player{cfg: cfg, rep: &Report{}, prog: newProgress(cfg.Progress), pace: pc}
		if cfg.Driver != nil {
			cfg.Driver.Disarm() // the user may use the mouse between boards
		}
		skip := func(pos board.Position) bool { return pos.Solved() }
		wait := cfg.BoardWait
		if k > 0 {
			p.cfg.BoardWait = 1<<62 - 1 // the next board comes when the user wants
		}
		sight, err := p.waitBoard(ctx, skip)
		p.cfg.BoardWait = wait
		if err != nil {
			if ctx.Err() != nil && k > 0 {
				return nil
			}
			return err
		}
		rep, err := p.play(ctx, sight)
		rep = p.paced(rep)
		if err != nil {
			return err
		}
		if done != nil {
			done(rep)
		}
	}
	return nil
}

// read reads the board in a picture grabbed, and counts the time.
func (p *player) read(img image.Image, size int) (Sight, error) {
	t := p.cfg.Now()
	r, err := p.cfg.Eyes.Read(img, size)
	s := Sight{Image: img, Reading: r, Read: p.since(t)}
	p.rep.Looks++
	p.rep.Read += s.Read
	return s, err
}

// since is the time passed since t by the loop's clock.
func (p *player) since(t time.Time) time.Duration { return p.cfg.Now().Sub(t) }

// sleep waits d or until ctx ends: the real clock's Sleep.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// waitBoard waits until a still picture shows a board read with confidence
// (so a board being drawn or fading in is not taken for another), one that
// skip does not reject; or until BoardWait passes. It reads a picture only
// when it has stood still, and again only after it changed.
func (p *player) waitBoard(ctx context.Context, skip func(board.Position) bool) (Sight, error) {
	begin := p.cfg.Now()
	deadline := begin.Add(p.cfg.BoardWait)
	var lastErr error
	var lastSight Sight
	var ref image.Image
	announced := false
	for {
		poll := p.cfg.Poll
		if p.since(begin) > 2*time.Second {
			// Waiting long (watch mode, the user between levels): look
			// less often, a look costs a core for tens of milliseconds.
			poll = max(poll, 250*time.Millisecond)
		}
		img, moved, err := p.stillFrame(ctx, ref, poll, deadline.Sub(p.cfg.Now()), false)
		if err != nil && !errors.Is(err, errNeverStill) {
			if ctx.Err() != nil {
				return lastSight, fmt.Errorf("play: waiting for a board: %w", err)
			}
			return lastSight, fmt.Errorf("play: %w", err) // capture failed: nothing to wait for
		}
		if err != nil && (lastErr == nil || errors.Is(lastErr, errNeverStill)) {
			lastErr = err // what vision last said, if anything, is the better reason
		}
		if err == nil && moved {
			ref = img
			s, rerr := p.read(img, 0)
			lastSight = s
			switch {
			case rerr == nil && (skip == nil || !skip(s.Reading.Pos)):
				p.last = img
				return s, nil
			case rerr == nil:
				lastErr = nil
			default:
				lastErr = rerr
				var de *vision.DoubtError
				if !errors.As(rerr, &de) && !errors.Is(rerr, vision.ErrNoBoard) {
					return s, fmt.Errorf("play: %w", rerr)
				}
			}
		}
		if !announced {
			p.prog.note("waiting for a board in view")
			announced = true
		}
		if p.cfg.Now().After(deadline) {
			if lastErr == nil {
				lastErr = errors.New("only a solved board in view")
			}
			ue := &UnsureError{While: fmt.Sprintf("waiting %s for a board", p.cfg.BoardWait), Err: lastErr,
				Picture: p.debugPicture(lastSight, "wait")}
			switch {
			case errors.Is(lastErr, vision.ErrNoBoard):
				ue.Hint = "is the game in view where it was calibrated? if the window moved, run 'hexiom calibrate' again"
			case errors.Is(lastErr, errNeverStill):
				ue.Hint = "the bot reads only a still picture; is something animated over the game area?"
			}
			return lastSight, ue
		}
	}
}

// optNodes is the solver's budget for fewer moves. A drag costs the bot about
// 50 ms; on random size-6 levels 20,000 nodes cost about 3 ms more than the
// solver's default and save about one drag.
const optNodes = 20_000

func (p *player) solve(ctx context.Context, pos board.Position) (board.Position, error) {
	ctx, cancel := context.WithTimeout(ctx, p.cfg.SolveTimeout)
	defer cancel()
	t := p.cfg.Now()
	if p.cfg.Solve != nil {
		sol, err := p.cfg.Solve(ctx, pos)
		p.rep.Solve += p.since(t)
		return sol, err
	}
	res, err := solver.Solve(ctx, pos, solver.MaxOptNodes(optNodes))
	p.rep.Solve += p.since(t)
	p.rep.Nodes += res.Nodes
	if err != nil {
		return board.Position{}, err
	}
	return res.Solution, nil
}

func (p *player) plan(start, target board.Position) ([]board.Move, error) {
	t := p.cfg.Now()
	defer func() { p.rep.Plan += p.since(t) }()
	if p.cfg.Swap {
		return actuate.PlanSwap(start, target)
	}
	return actuate.Plan(start, target)
}

// play plays the board first seen in sight.
func (p *player) play(ctx context.Context, sight Sight) (Report, error) {
	t0 := p.cfg.Now()
	rep := p.rep
	size := sight.Reading.Size
	start := sight.Reading.Pos
	rep.Size, rep.Start = size, start
	// Drags go where the board was read: vision's centres of its cells.
	centres := sight.Reading.Centres(p.cfg.Area)
	if len(centres) != len(start.Cells) {
		return *rep, fmt.Errorf("play: internal error: %d cell centres read for %d cells", len(centres), len(start.Cells))
	}
	if start.Solved() {
		rep.AlreadySolved, rep.Target = true, start
		rep.Total = p.since(t0)
		return *rep, nil
	}
	target, err := p.solve(ctx, start)
	if err != nil {
		pic := p.debugPicture(sight, "nosolution")
		if errors.Is(err, solver.ErrNoSolution) {
			return *rep, fmt.Errorf("play: the board read has no solution, so it was probably misread; moved nothing (debug picture %s):\n%s", pic, start)
		}
		return *rep, fmt.Errorf("play: solve: %w", err)
	}
	rep.Target = target
	moves, err := p.plan(start, target)
	if err != nil {
		return *rep, fmt.Errorf("play: %w", err)
	}
	rep.Moves, rep.Planned = moves, len(moves)
	if p.cfg.DryRun {
		if p.cfg.PlanPicture != "" {
			pic, err := picture.Plan(sight.Image, p.cfg.Area, sight.Reading, moves)
			if err != nil {
				return *rep, err
			}
			if err := capture.SavePNG(p.cfg.PlanPicture, pic); err != nil {
				return *rep, fmt.Errorf("play: %w", err)
			}
		}
		rep.Total = p.since(t0)
		return *rep, nil
	}
	if p.cfg.Driver == nil {
		return *rep, errors.New("play: no mouse driver (only -dry-run plays without one)")
	}
	if err := p.cfg.Driver.Arm(); err != nil {
		return *rep, fmt.Errorf("play: %w", err)
	}
	cur := start
	repairs := 0
	repair := func(seen, expected board.Position, why string, last Sight) error {
		repairs++
		rep.Repairs = repairs
		if repairs > p.cfg.MaxRepairs {
			return &StuckError{Repairs: repairs - 1, Expected: expected, Seen: seen, Why: why, Picture: p.debugPicture(last, "stuck")}
		}
		p.prog.note(fmt.Sprintf("%s; reading the board again and planning again (repair %d of %d)", why, repairs, p.cfg.MaxRepairs))
		if err := actuate.Compatible(seen, target); err != nil {
			// Other tiles, holes or locks: not what drags can make.
			return fmt.Errorf("%w (%v); stopped, debug picture %s", ErrBoardChanged, err, p.debugPicture(last, "changed"))
		}
		cur = seen
		if cur.Solved() {
			// Solved another way (the game allows no more drags).
			rep.Early = true
			moves = nil
			return nil
		}
		m, err := p.plan(cur, target)
		if err != nil {
			return fmt.Errorf("play: re-plan: %w", err)
		}
		moves = m
		return nil
	}
	for {
		for i := 0; i < len(moves); i++ {
			m := moves[i]
			expected := cur.Clone()
			if err := actuate.Drop(&expected, m, p.cfg.Swap); err != nil {
				return *rep, fmt.Errorf("play: internal error: plan drag %d: %w", i+1, err)
			}
			td := p.cfg.Now()
			err := p.cfg.Driver.Drag(ctx, centres[m.From], centres[m.To])
			rep.Drag += p.since(td)
			if err != nil {
				rep.Total = p.since(t0)
				p.prog.done()
				return *rep, fmt.Errorf("play: drag %d of %d (cell %d → %d): %w", rep.Drags+1, rep.Drags+len(moves)-i, m.From, m.To, err)
			}
			rep.Drags++
			p.prog.drag(rep.Drags, rep.Drags+len(moves)-i-1, p.since(t0))
			if p.cfg.Redraw > 0 {
				if err := p.cfg.Sleep(ctx, p.cfg.Redraw); err != nil {
					return *rep, fmt.Errorf("play: %w", err)
				}
			}
			seen, ok, last, err := p.check(ctx, size, expected, true, fmt.Sprintf("checking drag %d", rep.Drags))
			if err != nil {
				rep.Total = p.since(t0)
				p.prog.done()
				return *rep, err
			}
			if ok {
				cur = expected
				if cur.Solved() && i+1 < len(moves) {
					// Another solution than the solver's came up on the
					// way: the game takes it and allows no more drags.
					rep.Early = true
					p.prog.note(fmt.Sprintf("solved after %d drags, before the plan's end", rep.Drags))
					break
				}
				continue
			}
			why := fmt.Sprintf("drag %d (cell %d → %d) did not take", rep.Drags, m.From, m.To)
			if seen.Equal(cur) {
				p.pace.tooQuick() // perhaps pressed while the game still moved
			} else {
				why = fmt.Sprintf("after drag %d (cell %d → %d) the screen shows another board than expected", rep.Drags, m.From, m.To)
			}
			if err := repair(seen, expected, why, last); err != nil {
				rep.Total = p.since(t0)
				p.prog.done()
				return *rep, err
			}
			i = -1
		}
		// The last proof: a while after the last drag the screen still
		// shows the solved board (a drag the game dropped may show for a
		// moment and then go back). A picture unchanged since it was read
		// solved proves it; one that changed is read once still.
		_, moved, err := p.stillFrame(ctx, p.last, p.cfg.FinalWait, p.cfg.Settle, false)
		if err == nil && !moved {
			break
		}
		if ctx.Err() != nil {
			return *rep, fmt.Errorf("play: %w", ctx.Err())
		}
		seen, ok, last, err := p.check(ctx, size, cur, false, "checking the board is solved")
		if err != nil || (!ok && actuate.Compatible(seen, target) != nil) {
			// The solved board was seen after the last drag; if another
			// board is in view now, the game has moved on to it.
			if p.nextBoard(ctx, target) {
				p.prog.note("the next board is already in view")
				break
			}
		}
		var ue *UnsureError
		if errors.As(err, &ue) && cur.Solved() {
			// The solved board was read on a still picture after the
			// last drag; since then something vision cannot read covers
			// it (the game's solved panel on a slow machine). A drag the
			// game dropped would show the board before it, read with
			// confidence, not this.
			p.prog.note("the board seen solved is covered now (the game's solved panel)")
			break
		}
		if err != nil {
			rep.Total = p.since(t0)
			p.prog.done()
			return *rep, err
		}
		if ok {
			break
		}
		if err := repair(seen, cur, "the board went back after the last drag", last); err != nil {
			rep.Total = p.since(t0)
			p.prog.done()
			return *rep, err
		}
	}
	rep.Total = p.since(t0)
	p.prog.done()
	return *rep, nil
}

// nextBoard reports whether a still picture shows a board read with
// confidence that drags from the start cannot make (to target): the game
// has moved on to the next level.
func (p *player) nextBoard(ctx context.Context, target board.Position) bool {
	img, _, err := p.stillFrame(ctx, nil, 0, p.cfg.Settle, false)
	if err != nil {
		return false
	}
	s, err := p.read(img, 0)
	return err == nil && actuate.Compatible(s.Reading.Pos, target) != nil
}

// check waits after a drag (afterDrag) until the picture has changed and
// stands still again, and reads it. The expected board is taken at once
// (ok). Another board counts (not ok) only once the picture has stayed
// unchanged for NotTaken (at least twice the learnt settle time): a busy
// game may pause in the middle of drawing a drag. A picture that did not
// change at all within that time after the drag shows the board before it:
// the drag did not take. Without afterDrag it reads the next still picture,
// changed or not. A frame caught while the game moves is never read, so a
// tile in flight is not taken for the board. A solved board may be read
// with some cells hidden (the game covers the middle of the board with its
// solved panel): it counts as expected when every cell read with confidence
// is as expected. Vision unsure of the still picture for Settle, or a
// picture that never stands still, is an *UnsureError.
func (p *player) check(ctx context.Context, size int, expected board.Position, afterDrag bool, while string) (seen board.Position, ok bool, last Sight, err error) {
	deadline := p.cfg.Now().Add(p.cfg.Settle)
	notTaken := max(p.cfg.NotTaken, 2*p.pace.settle())
	wait := notTaken
	ref := p.last
	if !afterDrag {
		ref = nil
	}
	var lastErr error
	var other *board.Position // a still board read that is not expected
	for k := 0; ; k++ {
		img, moved, err := p.stillFrame(ctx, ref, wait, p.cfg.Settle, afterDrag && k == 0)
		if errors.Is(err, errNeverStill) {
			return board.Position{}, false, last, &UnsureError{While: while, Err: err, Picture: p.debugPicture(Sight{Image: img}, "moving"),
				Hint: "the bot reads only a still picture; is something animated over the game area?"}
		}
		if err != nil {
			return board.Position{}, false, last, fmt.Errorf("play: %s: %w", while, err)
		}
		if !moved && other != nil {
			return *other, false, last, nil // it stayed
		}
		if moved || k == 0 {
			s, rerr := p.read(img, size)
			p.last, last, ref = img, s, img
			if rerr == nil {
				pos := s.Reading.Pos
				if pos.Equal(expected) {
					return pos, true, s, nil
				}
				if !moved || (other != nil && other.Equal(pos)) || p.cfg.Now().After(deadline) {
					// Nothing changed since the drag; or the same board
					// again after a change elsewhere in the picture (a
					// clock); or out of time: it stayed.
					return pos, false, s, nil
				}
				other, wait, lastErr = &pos, notTaken, nil
				continue // trust it if it stays
			}
			other = nil
			var de *vision.DoubtError
			if errors.As(rerr, &de) && expected.Solved() {
				if covered, match := coveredMatch(de.Reading, expected); match {
					p.rep.Covered = covered
					return expected, true, s, nil
				}
			}
			if afterDrag && k == 0 && expected.Solved() && p.solvedThenCovered(expected, size, rerr) {
				p.prog.note("the board was seen solved, then covered (the game's solved panel)")
				return expected, true, s, nil
			}
			if !errors.As(rerr, &de) && !errors.Is(rerr, vision.ErrNoBoard) {
				return board.Position{}, false, s, fmt.Errorf("play: %s: %w", while, rerr)
			}
			lastErr = rerr
		}
		if p.cfg.Now().After(deadline) {
			return board.Position{}, false, last, &UnsureError{While: while, Err: lastErr, Picture: p.debugPicture(last, "unsure")}
		}
		wait = p.cfg.Poll // vision unsure of a still picture: read it again once it changes
	}
}

// solvedThenCovered decides a drag meant to solve the board whose still
// picture after it vision could not read (rerr): on a slow machine, where a
// grab takes longer than the game shows the finished board before covering
// it with its solved panel, no two pictures in a row show the solved board.
// It holds when the picture just before the still one, caught after the
// drag, reads with confidence as the solved board expected, and the still
// picture shows no board, or one whose cells read with confidence all
// agree with it. A drag the game dropped shows the board before it, read
// with confidence: never this.
func (p *player) solvedThenCovered(expected board.Position, size int, rerr error) bool {
	var de *vision.DoubtError
	switch {
	case p.between == nil:
		return false
	case errors.Is(rerr, vision.ErrNoBoard):
		p.rep.Covered = len(expected.Cells)
	case errors.As(rerr, &de):
		covered, agree := coveredAgree(de.Reading, expected)
		if !agree {
			return false
		}
		p.rep.Covered = covered
	default:
		return false
	}
	s, err := p.read(p.between, size)
	return err == nil && s.Reading.Pos.Equal(expected)
}

// coveredAgree reports whether every cell r read with confidence is as in
// want, and how many were not read with confidence.
func coveredAgree(r vision.Reading, want board.Position) (covered int, ok bool) {
	if r.Size != want.Size || len(r.Cells) != len(want.Cells) || len(r.Pos.Cells) != len(want.Cells) {
		return 0, false
	}
	for i, c := range r.Cells {
		if c.Doubt != "" {
			covered++
			continue
		}
		if r.Pos.Cells[i] != want.Cells[i] {
			return 0, false
		}
	}
	return covered, true
}

// coveredMatch reports whether every cell r read with confidence is as in
// want, with at least half the cells read, and how many were not.
func coveredMatch(r vision.Reading, want board.Position) (covered int, ok bool) {
	covered, ok = coveredAgree(r, want)
	return covered, ok && covered <= len(r.Cells)/2
}

// debugPicture writes the picture of what was read in s (package picture)
// into DebugDir and returns its path ("" when there is nothing to draw or
// it failed).
func (p *player) debugPicture(s Sight, what string) string {
	if s.Image == nil {
		return ""
	}
	path, err := picture.Debug(p.cfg.DebugDir, "play-"+what, p.cfg.Now(), s.Image, p.cfg.Area, s.Reading)
	if err != nil {
		return ""
	}
	return path
}

// progress shows drags done of the plan and the time, on one line that
// rewrites itself on a terminal, else a line every tenth of the plan.
type progress struct {
	w      io.Writer
	tty    bool
	shown  int
	inLine bool
}

func newProgress(w io.Writer) *progress {
	pr := &progress{w: w}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			pr.tty = true
		}
	}
	return pr
}

func (pr *progress) drag(done, total int, elapsed time.Duration) {
	if pr.w == nil {
		return
	}
	line := fmt.Sprintf("drag %d/%d, %.1f s", done, total, elapsed.Seconds())
	if pr.tty {
		fmt.Fprintf(pr.w, "\r%-40s", line)
		pr.inLine = true
		return
	}
	step := max(1, total/10)
	if done == total || done-pr.shown >= step {
		fmt.Fprintln(pr.w, line)
		pr.shown = done
	}
}

func (pr *progress) note(s string) {
	if pr.w == nil {
		return
	}
	pr.done()
	fmt.Fprintln(pr.w, s)
}

func (pr *progress) done() {
	if pr.w != nil && pr.inLine {
		fmt.Fprintln(pr.w)
		pr.inLine = false
	}
}
