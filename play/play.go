package play

import (
	"context"
	"errors"
	"fmt"
	"image"
	"time"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/picture"
	"hexiom/solver"
	"hexiom/vision"
)

// player is one board's run of the loop.
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
	t0      time.Time // when the board was first seen
	// geom is the last board read whole with confidence: its size and
	// geometry, where the cells a drag changed are read (landed).
	geom vision.Reading
	// fullRead is the picture of the last whole read with confidence.
	fullRead image.Image
	// The least a grab of the game area, and of a part of it, has cost
	// (0: none yet): what a grab costs without the machine's hiccups.
	grabCost, partCost time.Duration
	lastGrab           time.Duration // what the last grab of the game area cost
	// lostWhy is why the last look over the whole screen found no board
	// (refind); nil when none was made or it found one.
	lostWhy error
	// released is when the last drag was released (zero before one);
	// pressGap is how long after it the last drag made was pressed (zero
	// for the first).
	released time.Time
	pressGap time.Duration
}

func newPlayer(cfg Config, pc *pace) *player {
	return &player{cfg: cfg, rep: &Report{}, prog: newProgress(cfg.Progress), pace: pc}
}

// Board waits until a board is in view, then plays it to the end: read,
// solve, plan, drag, and check on the screen after every drag that it took;
// a drag that did not take is repaired by reading again and planning again
// (at most MaxRepairs times). It moves nothing while vision is unsure.
func Board(ctx context.Context, cfg Config) (Report, error) {
	cfg.defaults()
	p := newPlayer(cfg, newPace())
	sight, err := p.waitBoard(ctx, cfg.BoardWait, false)
	if err != nil {
		return *p.rep, err
	}
	return p.play(ctx, sight)
}

// forever is a wait with no end (146 years, far from time.Time's limits):
// Watch waits for the next board until the user stops it.
const forever = time.Duration(1<<62 - 1)

// Watch plays the board in view, then waits for the next one (a board read
// with confidence and not solved: the same level replayed counts) and plays it,
// until ctx ends, an error, or n boards (n ≤ 0: no limit). done is called
// after each board.
func Watch(ctx context.Context, cfg Config, n int, done func(Report)) error {
	cfg.defaults()
	pc := newPace()
	for k := 0; n <= 0 || k < n; k++ {
		p := newPlayer(cfg, pc)
		if cfg.Driver != nil {
			cfg.Driver.Disarm() // the user may use the mouse between boards
		}
		wait := cfg.BoardWait
		if k > 0 {
			wait = forever // the next board comes when the user wants
		}
		sight, err := p.waitBoard(ctx, wait, true)
		cfg.Driver = p.cfg.Driver // for the area the board was found in
		if err != nil {
			if ctx.Err() != nil && k > 0 {
				return nil
			}
			return err
		}
		rep, err := p.play(ctx, sight)
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
	p.trace("read whole board: %v (size %d, error %v)", s.Read, r.Size, err)
	p.rep.Looks++
	p.rep.Read += s.Read
	if err == nil && r.Size > 0 {
		p.geom, p.fullRead = r, img
	}
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
// (so a board being drawn or fading in is not taken for another), not a
// solved one with skipSolved; or until wait passes. It reads a picture only
// when it has stood still, and again only after it changed.
func (p *player) waitBoard(ctx context.Context, wait time.Duration, skipSolved bool) (Sight, error) {
	begin := p.cfg.Now()
	deadline := begin.Add(wait)
	var lastErr error
	var lastSight Sight
	var ref image.Image
	announced := false
	if s, ok, err := p.firstSight(ctx, deadline, skipSolved); err != nil || ok {
		return s, err
	}
	for {
		img, moved, err := p.stillFrame(ctx, ref, p.waitPoll(begin), deadline.Sub(p.cfg.Now()), false)
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
			case rerr == nil && !(skipSolved && s.Reading.Pos.Solved()):
				p.last = img
				return s, nil
			case rerr == nil:
				lastErr = nil
			default:
				lastErr = rerr
				found, err := p.refind(rerr)
				if err != nil {
					return s, err
				}
				if found {
					ref = nil // read the new area's next still picture
					continue
				}
				var de *vision.DoubtError
				if !errors.As(rerr, &de) && !errors.Is(rerr, vision.ErrNoBoard) {
					return s, p.lost(rerr)
				}
			}
		}
		if !announced {
			p.prog.note("waiting for a board in view")
			announced = true
		}
		if p.cfg.Now().After(deadline) {
			return lastSight, p.noBoard(wait, lastSight, lastErr)
		}
	}
}

// waitPoll is how often waitBoard looks, begun at begin: waiting long
// (watch mode, the user between levels), less often, a look costs a core
// for tens of milliseconds.
func (p *player) waitPoll(begin time.Time) time.Duration {
	if p.since(begin) > 2*time.Second {
		return max(p.cfg.Poll, 250*time.Millisecond)
	}
	return p.cfg.Poll
}

// noBoard is waitBoard's error when no board came in view within wait:
// lastErr the last reason (nil: only a solved board), lastSight the last
// picture read.
func (p *player) noBoard(wait time.Duration, lastSight Sight, lastErr error) *UnsureError {
	if lastErr == nil {
		lastErr = errors.New("only a solved board in view")
	}
	ue := &UnsureError{While: fmt.Sprintf("waiting %s for a board", wait), Err: lastErr,
		Picture: p.debugPicture(lastSight, "wait")}
	switch {
	case p.lostWhy != nil:
		ue.Err = fmt.Errorf("%w: %v; in the calibrated area: %v", ErrNotFound, p.lostWhy, lastErr)
		ue.Hint = FoundHint
	case errors.Is(lastErr, vision.ErrNoBoard):
		ue.Hint = "is the game in view where it was calibrated? if the window moved, run 'hexiom calibrate' again"
	case errors.Is(lastErr, errNeverStill):
		ue.Hint = "the bot reads only a still picture; is something animated over the game area?"
	}
	return ue
}

// firstSight is waitBoard's first look: it reads the first picture at
// once and then makes sure it stands still (unchanged for the still window
// from its capture), so that the read and the wait overlap. It reports
// false, with nothing to say, when the picture is not read with confidence
// (or is solved, with skipSolved) or changed: then waitBoard waits for a
// still picture first, as always.
func (p *player) firstSight(ctx context.Context, deadline time.Time, skipSolved bool) (Sight, bool, error) {
	t := p.cfg.Now()
	img, err := p.grab()
	if err != nil {
		return Sight{}, false, fmt.Errorf("play: %w", err)
	}
	s, err := p.read(img, 0)
	if err != nil || (skipSolved && s.Reading.Pos.Solved()) {
		return s, false, nil
	}
	_, moved, err := p.stillFrame(ctx, img, max(0, p.pace.still()-p.since(t)), deadline.Sub(p.cfg.Now()), false)
	if err != nil || moved {
		if ctx.Err() != nil {
			return s, false, fmt.Errorf("play: waiting for a board: %w", ctx.Err())
		}
		return s, false, nil
	}
	p.trace("the first picture, read, stood still")
	p.last = img
	return s, true, nil
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
	p.trace("solved: %v", p.since(t))
	p.rep.Nodes += res.Nodes
	if err != nil {
		return board.Position{}, err
	}
	return res.Solution, nil
}

func (p *player) plan(start, target board.Position) ([]board.Move, error) {
	t := p.cfg.Now()
	defer func() { p.rep.Plan += p.since(t) }()
	plan := actuate.Plan
	if p.cfg.Swap {
		plan = actuate.PlanSwap
	}
	moves, err := plan(start, target)
	if err != nil {
		return nil, err
	}
	// Drags that depend on each other come apart: see pipe.go.
	return actuate.Spread(moves, spreadLag), nil
}

// course is what the bot means to do from here: the board it believes the
// screen shows, the solution it plays to, and the drags from one to the
// other. A repair makes a new course; none is changed in place.
type course struct {
	cur, target board.Position
	moves       []board.Move
}

// play plays the board first seen in sight and reports what it took.
func (p *player) play(ctx context.Context, sight Sight) (Report, error) {
	p.t0 = p.cfg.Now()
	p.trace("board in view")
	err := p.playBoard(ctx, sight)
	p.trace("done: %v", err)
	p.rep.Total = p.since(p.t0)
	p.rep.SettleTime, p.rep.StillTime, p.rep.PressGap = p.pace.settle(), p.pace.still(), p.pace.pressGap
	if p.cfg.Driver != nil {
		p.rep.Pace = p.cfg.Driver.Pace()
	}
	p.prog.done()
	return *p.rep, err
}

// playBoard solves the board in sight, plans, and drives the plan to the
// end; with DryRun it draws the plan instead.
func (p *player) playBoard(ctx context.Context, sight Sight) error {
	start := sight.Reading.Pos
	p.rep.Size, p.rep.Start = sight.Reading.Size, start
	// Drags go where the board was read: vision's centres of its cells.
	centres := sight.Reading.Centres(p.cfg.Eyes.GameArea())
	if len(centres) != len(start.Cells) {
		return fmt.Errorf("play: internal error: %d cell centres read for %d cells", len(centres), len(start.Cells))
	}
	if start.Solved() {
		p.rep.AlreadySolved, p.rep.Target = true, start
		return nil
	}
	c, err := p.firstCourse(ctx, sight)
	if err != nil {
		return err
	}
	if p.cfg.DryRun {
		return p.drawPlan(sight, c.moves)
	}
	if p.cfg.Driver == nil {
		return errors.New("play: no mouse driver (only -dry-run plays without one)")
	}
	if err := p.cfg.Driver.Arm(); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	return p.drive(ctx, c, centres)
}

// firstCourse solves the board in sight and plans the drags to the solution.
func (p *player) firstCourse(ctx context.Context, sight Sight) (course, error) {
	start := sight.Reading.Pos
	target, err := p.solve(ctx, start)
	if err != nil {
		pic := p.debugPicture(sight, "nosolution")
		if errors.Is(err, solver.ErrNoSolution) {
			return course{}, fmt.Errorf("play: the board read has no solution, so it was probably misread; moved nothing (debug picture %s):\n%s", pic, start)
		}
		return course{}, fmt.Errorf("play: solve: %w", err)
	}
	p.rep.Target = target
	moves, err := p.plan(start, target)
	if err != nil {
		return course{}, fmt.Errorf("play: %w", err)
	}
	p.rep.Moves, p.rep.Planned = moves, len(moves)
	return course{cur: start, target: target, moves: moves}, nil
}

// drawPlan draws the plan on PlanPicture (DryRun).
func (p *player) drawPlan(sight Sight, moves []board.Move) error {
	if p.cfg.PlanPicture == "" {
		return nil
	}
	pic, err := picture.Plan(sight.Image, p.cfg.Eyes.GameArea(), sight.Reading, moves)
	if err != nil {
		return err
	}
	if err := capture.SavePNG(p.cfg.PlanPicture, pic); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	return nil
}

// drive makes the drags of course c, each checked on the screen, until the
// last look proves the board solved. A drag that did not take, or a board
// that went back, is repaired: a new course from what the screen shows.
func (p *player) drive(ctx context.Context, c course, centres []calibration.Point) error {
	for {
		var err error
		if c, err = p.dragAll(ctx, c, centres); err != nil {
			return err
		}
		if len(c.moves) > 0 {
			continue // repaired: the new course's drags
		}
		proved := false
		if c, proved, err = p.prove(ctx, c); err != nil || proved {
			return err
		}
	}
}

// dragAll makes the drags of c in order and checks each on the screen. It
// returns the course at its end (no drags left; it ends early when another
// solution came up on the way), or the repaired course after a drag that
// did not take.
func (p *player) dragAll(ctx context.Context, c course, centres []calibration.Point) (course, error) {
	for i, m := range c.moves {
		if i == 0 {
			if err := p.focus(ctx, c.cur, centres); err != nil {
				return c, err
			}
		}
		if p.pipelines(c.cur) {
			return p.pipeline(ctx, c, i, centres)
		}
		expected := c.cur.Clone()
		if err := actuate.Drop(&expected, m, p.cfg.Swap); err != nil {
			return c, fmt.Errorf("play: internal error: plan drag %d: %w", i+1, err)
		}
		if i > 0 && !p.pace.animates() && touches(m, c.moves[i-1]) {
			// A drag the game showed and then sent back must be seen
			// before a drag that depends on it.
			if rc, back, err := p.wentBack(ctx, c, c.moves[i-1]); err != nil || back {
				return rc, err
			}
		}
		for try := 0; ; try++ {
			if err := p.drag(ctx, m, centres, len(c.moves)-i); err != nil {
				return c, err
			}
			seen, ok, last, err := p.taken(ctx, m, expected)
			if err != nil || ok {
				if err != nil {
					return c, err
				}
				break
			}
			why := fmt.Sprintf("drag %d (cell %d → %d) did not take", p.rep.Drags, m.From, m.To)
			if !seen.Equal(c.cur) {
				why = fmt.Sprintf("after drag %d (cell %d → %d) the screen shows another board than expected", p.rep.Drags, m.From, m.To)
				return p.repair(c, seen, expected, why, last)
			}
			if try == 0 {
				p.pace.tooQuick(p.pressGap) // perhaps pressed while the game still moved
			}
			if try >= p.cfg.MaxRetries {
				return p.repair(c, seen, expected, why, last)
			}
			p.again(why)
		}
		p.easeOff()
		c.cur = expected
		if p.solvedEarly(c.cur, i+1 < len(c.moves)) {
			break
		}
	}
	c.moves = nil
	return c, nil
}

// taken watches the screen after drag m until it shows the board expected
// (ok), or shows another board, or shows no change for long enough that
// the drag did not take (see check).
func (p *player) taken(ctx context.Context, m board.Move, expected board.Position) (seen board.Position, ok bool, last Sight, err error) {
	landed, err := p.landed(ctx, m, expected, p.cfg.Now())
	if err != nil || landed {
		return expected, landed, Sight{}, err
	}
	// Not seen by the cells it changed: the whole board, on a still
	// picture, decides.
	return p.check(ctx, p.rep.Size, expected, true, fmt.Sprintf("checking drag %d", p.rep.Drags))
}

// again is for a drag the screen showed not taken, the board as before
// it: the same drag is made again, slower (issue 40), and the pace kept.
// Making it again is safe even when the game took the first one late (a
// busy browser drew it after the bot stopped waiting): the tile has left
// the drag's first cell, and a press on an empty cell does nothing.
func (p *player) again(why string) {
	p.rep.Retries++
	pace := p.cfg.Driver.Slower()
	p.prog.note(fmt.Sprintf("%s; making it again, slower (%d steps %v apart)", why, pace.Steps, pace.Pause))
}

// easeOff records a drag the game took (pace.taken) and, when it is time
// to, eases off the wait and the drag pace lost drags taught.
func (p *player) easeOff() {
	if !p.pace.taken() {
		return
	}
	pace := p.cfg.Driver.Faster()
	msg := fmt.Sprintf("%d drags taken in a row: easing off, a still picture of %v, drags of %d steps %v apart", easeAfter, p.pace.still(), pace.Steps, pace.Pause)
	p.trace("%s", msg)
	p.prog.note(msg)
}

// focus makes the focus click (Config.Focus) before the driver's first
// drag: on the centre of an empty cell of cur, the board on the screen,
// then a look that the screen still shows cur. A board with no empty cell
// gets no click (a board whose drags are all swaps).
func (p *player) focus(ctx context.Context, cur board.Position, centres []calibration.Point) error {
	if !p.cfg.Focus || p.cfg.Driver.Clicks() > 0 || p.cfg.Driver.Drags() > 0 {
		return nil
	}
	cell := -1
	for i, c := range cur.Cells {
		if c.Free() {
			cell = i
			break
		}
	}
	if cell < 0 {
		return nil
	}
	if err := p.cfg.Driver.Click(ctx, centres[cell]); err != nil {
		return fmt.Errorf("play: the focus click on empty cell %d: %w", cell, err)
	}
	p.rep.Clicks++
	p.trace("focus click on empty cell %d", cell)
	// the next still picture (not a wait for a change that should not
	// come: the default not-taken window would add 0.4 s to every play)
	seen, ok, last, err := p.check(ctx, cur.Size, cur, false, fmt.Sprintf("checking the focus click on empty cell %d did nothing", cell))
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: after a click on empty cell %d (to give the game focus) the screen shows another board (%v); stopped, debug picture %s",
			ErrBoardChanged, cell, actuate.Compatible(seen, cur), p.debugPicture(last, "changed"))
	}
	return nil
}

// wentBack checks that the last drag made, prev, still shows (the game
// may show a drag and then send it back); back when it went back, with
// the course repaired.
func (p *player) wentBack(ctx context.Context, c course, prev board.Move) (course, bool, error) {
	shows, err := p.stillShows(c.cur)
	if err != nil || shows {
		return c, false, err
	}
	seen, ok, last, err := p.check(ctx, p.rep.Size, c.cur, false, fmt.Sprintf("checking drag %d is still in place", p.rep.Drags))
	if err != nil || ok {
		return c, false, err
	}
	rc, err := p.repair(c, seen, c.cur, fmt.Sprintf("drag %d (cell %d → %d) went back", p.rep.Drags, prev.From, prev.To), last)
	return rc, true, err
}

// touches reports whether drag m moves from or to a cell drag n moved from
// or to.
func touches(m, n board.Move) bool {
	return m.From == n.From || m.From == n.To || m.To == n.From || m.To == n.To
}

// drag makes drag m of the plan, left being the drags left with it: no
// sooner after the last release than a lost drag taught (pace.pressGap).
func (p *player) drag(ctx context.Context, m board.Move, centres []calibration.Point, left int) error {
	if !p.released.IsZero() {
		if w := p.pace.pressGap - p.since(p.released); w > 0 {
			p.trace("drag %d waits %v: no press sooner than %v after a release", p.rep.Drags+1, w, p.pace.pressGap)
			if err := p.cfg.Sleep(ctx, w); err != nil {
				return fmt.Errorf("play: %w", err)
			}
		}
		p.pressGap = p.since(p.released)
	}
	t, made := p.cfg.Now(), p.cfg.Driver.Drags()
	err := p.cfg.Driver.Drag(ctx, centres[m.From], centres[m.To])
	p.released = p.cfg.Now()
	p.rep.Drag += p.since(t)
	p.trace("drag %d (cell %d → %d) released: %v", p.rep.Drags+1, m.From, m.To, p.since(t))
	if err != nil {
		if p.cfg.Driver.Drags() > made {
			p.rep.Drags++ // made, and the user moved the mouse after it
		}
		return fmt.Errorf("play: drag %d of %d (cell %d → %d): %w", p.rep.Drags+1, p.rep.Drags+left, m.From, m.To, err)
	}
	p.rep.Drags++
	p.prog.drag(p.rep.Drags, p.rep.Drags+left-1, p.since(p.t0))
	if p.cfg.Redraw > 0 {
		if err := p.cfg.Sleep(ctx, p.cfg.Redraw); err != nil {
			return fmt.Errorf("play: %w", err)
		}
	}
	return nil
}

// answerTries bounds how many times Settle prove waits for a still picture
// while the board reads as expected (the game answering a backlog of drags).
const answerTries = 4

// prove is the last look: a while after the last drag the screen still
// shows the solved board (a drag the game dropped may show for a moment and
// then go back). A picture unchanged since it was read solved proves it; one
// that changed is read once still. When the board went back it returns the
// repaired course, not proved.
func (p *player) prove(ctx context.Context, c course) (next course, proved bool, err error) {
	p.trace("proving the board solved")
	img, moved, err := p.stillFrame(ctx, p.last, p.cfg.FinalWait, p.settleLimit(), false)
	for tries := 1; errors.Is(err, errNeverStill) && tries < answerTries; tries++ {
		// Still changing: the game may still be answering drags made
		// faster than it answers, recolouring tiles. Wait on while what
		// it shows reads as the board expected.
		if s, rerr := p.read(img, p.rep.Size); rerr != nil || !s.Reading.Pos.Equal(c.cur) {
			break
		}
		p.trace("the board reads as expected and still changes: waiting on")
		img, moved, err = p.stillFrame(ctx, img, 0, p.settleLimit(), false)
	}
	if err == nil {
		if !moved && img == p.fullRead {
			return c, true, nil
		}
		// Seen by the cells the drags changed, or changed since (the
		// game's answers recolour the tiles) and still now: read it whole
		// once. Anything else than the solved board goes to check.
		if s, err := p.read(img, p.rep.Size); err == nil && s.Reading.Pos.Equal(c.cur) {
			p.last = img
			return c, true, nil
		}
	}
	if ctx.Err() != nil {
		return c, false, fmt.Errorf("play: %w", ctx.Err())
	}
	seen, ok, last, err := p.check(ctx, p.rep.Size, c.cur, false, "checking the board is solved")
	if err != nil || (!ok && actuate.Compatible(seen, c.target) != nil) {
		// The solved board was seen after the last drag; if another
		// board is in view now, the game has moved on to it.
		if p.nextBoard(ctx, c.target) {
			p.prog.note("the next board is already in view")
			return c, true, nil
		}
	}
	var ue *UnsureError
	if errors.As(err, &ue) && c.cur.Solved() {
		// The solved board was read on a still picture after the last
		// drag; since then something vision cannot read covers it (the
		// game's solved panel on a slow machine). A drag the game dropped
		// would show the board before it, read with confidence, not this.
		p.prog.note("the board seen solved is covered now (the game's solved panel)")
		return c, true, nil
	}
	if err != nil {
		return c, false, err
	}
	if ok {
		return c, true, nil
	}
	next, err = p.repair(c, seen, c.cur, "the board went back after the last drag", last)
	return next, false, err
}

// repair counts a repair and plans a new course from the board seen, where
// expected was due; past MaxRepairs it gives up (*StuckError), and a board
// drags cannot make is ErrBoardChanged.
func (p *player) repair(c course, seen, expected board.Position, why string, last Sight) (course, error) {
	p.rep.Repairs++
	if p.rep.Repairs > p.cfg.MaxRepairs {
		return c, &StuckError{Repairs: p.rep.Repairs - 1, Expected: expected, Seen: seen, Why: why, Picture: p.debugPicture(last, "stuck")}
	}
	p.prog.note(fmt.Sprintf("%s; reading the board again and planning again (repair %d of %d)", why, p.rep.Repairs, p.cfg.MaxRepairs))
	if err := actuate.Compatible(seen, c.target); err != nil {
		// Other tiles, holes or locks: not what drags can make.
		return c, fmt.Errorf("%w (%v); stopped, debug picture %s", ErrBoardChanged, err, p.debugPicture(last, "changed"))
	}
	next := course{cur: seen, target: c.target}
	if seen.Solved() {
		// Solved another way (the game allows no more drags).
		p.rep.Early = true
		return next, nil
	}
	moves, err := p.plan(seen, c.target)
	if err != nil {
		return c, fmt.Errorf("play: re-plan: %w", err)
	}
	next.moves = moves
	return next, nil
}

// nextBoard reports whether a still picture shows a board read with
// confidence that drags from the start cannot make (to target): the game
// has moved on to the next level.
func (p *player) nextBoard(ctx context.Context, target board.Position) bool {
	img, _, err := p.stillFrame(ctx, nil, 0, p.settleLimit(), false)
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
	p.trace("check: %s", while)
	deadline := p.cfg.Now().Add(p.settleLimit())
	notTaken := max(p.cfg.NotTaken, 2*p.pace.settle())
	wait := notTaken
	ref := p.last
	if !afterDrag {
		ref = nil
	}
	var lastErr error
	var other *board.Position // a still board read that is not expected
	for k := 0; ; k++ {
		img, moved, err := p.stillFrame(ctx, ref, wait, p.settleLimit(), afterDrag && k == 0)
		for tries := 1; errors.Is(err, errNeverStill) && tries < answerTries; tries++ {
			// Still changing: the game may be answering drags late,
			// recolouring tiles (issue 40: the SWF's bevel look in Ruffle
			// at 150 % on a busy machine changed for over 2 s, a group of
			// tiles at a time). Wait on while what it shows reads as a
			// board with confidence.
			if _, rerr := p.read(img, size); rerr != nil {
				break
			}
			p.trace("%s: the picture reads as a board and still changes: waiting on", while)
			img, moved, err = p.stillFrame(ctx, nil, 0, p.settleLimit(), false)
		}
		if err != nil {
			return board.Position{}, false, last, p.notStill(while, img, err)
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

// notStill is check's error when stillFrame failed (err) while doing
// while: unsure when the picture (img) never stood still.
func (p *player) notStill(while string, img image.Image, err error) error {
	if errors.Is(err, errNeverStill) {
		// the last change painted in: what kept moving
		if marked, box, ok := movedMark(p.between, img); ok && !box.Empty() {
			img = marked
			err = fmt.Errorf("%w (the last change, magenta in the debug picture: %v on the screen)", err, box)
		}
		return &UnsureError{While: while, Err: err, Picture: p.debugPicture(Sight{Image: img}, "moving"),
			Hint: "the bot reads only a still picture; is something animated over the game area?"}
	}
	return fmt.Errorf("play: %s: %w", while, err)
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
	path, err := picture.Debug(p.cfg.DebugDir, "play-"+what, p.cfg.Now(), s.Image, p.cfg.Eyes.GameArea(), s.Reading)
	if err != nil {
		return ""
	}
	return path
}
