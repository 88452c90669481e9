package play

import (
	"context"
	"errors"
	"fmt"
	"image"
	"slices"
	"time"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision"
)

// In a game that does not animate, the bot does not wait for a drag to
// show before the next (issue 22): from a release to the frame that shows
// the drop takes a browser several frames, and a size-6 board is some fifty
// drags. It makes the next drag at once unless that drag shares a cell with
// a drag not yet seen on the screen (a drag in flight): that one waits until
// the screen shows those landed. So a lost drag is seen before any drag that
// depends on it, and in flight drags have no cell in common, each seen by its
// own two cells, whatever the order the screen shows them in. The plan is
// spread (actuate.Spread) so that a drag comes several drags after the one
// it depends on.
//
// A drag in flight is seen landed when both its cells, each grabbed alone
// with the part of the picture vision reads it from (vision.CellsBox),
// differ from the picture they were last read in and read with confidence
// as the drag leaves them. Before a drag, its two cells are looked at again
// the same way: a cell whose picture changed must read as the bot believes
// it is (a drop the game showed and then sent back is seen there). When the
// drags are all seen, one whole picture must show the board expected: every
// cell that differs from where it was last read reads as expected; it is the
// last picture read from then on, as after a drag made alone. A drag not seen
// within quickWait (or longer: see watch), a cell read as
// neither, or a last picture that never shows the board expected: the whole
// board decides on a still picture (check), and a board that lacks a drag
// made counts as a game that lost a drag made too soon (pace.tooQuick: the
// drags after it are made one at a time, each on a still picture). The
// game may answer drags slower than the bot makes them (the clone's page
// shows a drop at once and recolours the tiles when its server answers):
// a picture that keeps changing is waited for
// longer there, and at the end (prove), while it reads as expected.

// spreadLag is how many drags apart the plan's spread puts a drag and the
// one it depends on: about as many as the bot makes while a release takes
// to show on the screen (a drag is a few ms; a drop shows 40–100 ms after
// its release, later on a busy machine).
const spreadLag = 8

// maxFlights bounds the drags in flight: each look at them grabs two parts
// per drag (0.1–0.3 ms each with the X11 capture), and the plan's chains
// (actuate.Plan) let about a tenth of a size-6 board's drags go at once.
const maxFlights = 12

// flight is a drag made and not yet seen on the screen.
type flight struct {
	m      board.Move
	n      int           // its number among the board's drags
	want   [2]board.Cell // what m.From and m.To hold after it
	landed [2]bool       // each cell seen as it leaves it
	at     time.Time     // its release
	// overlap: made right after another drag, without waiting for it to
	// stand still (see overlapping); gap: how long after the release
	// before it it was released (its press came no later); press: how long
	// after the last release of any drag it was pressed (player.pressGap).
	overlap    bool
	gap, press time.Duration
}

// pipe is the state of the drags made without waiting (see above).
type pipe struct {
	flights []flight
	// shown is what each cell showed when it was last read, in the
	// picture ref names (the last picture read, p.last, where it names
	// none): what the cell shows while its picture stays unchanged.
	shown board.Position
	ref   map[int]image.Image
	// slowest is the longest a drag took to show so far: a busy page
	// answering a backlog of drags draws late, and a drag counts as not
	// shown only after three times that.
	slowest time.Duration
	// released is when the last drag made was released.
	released time.Time
}

// pipelines reports whether the drags left go without waiting: after the
// probes, in a game not seen to animate and not seen to lose a drag, where
// a small grab is cheap.
func (p *player) pipelines(cur board.Position) bool {
	return p.last != nil && p.geom.Size == cur.Size && p.pace.probes >= probeDrags && !p.pace.animates() && p.peeks()
}

// pipeline makes the drags of c from the i-th on without waiting for each
// to show (see above). It returns the course at its end, the course with
// the drags left when small grabs turn out to cost about as much as whole
// ones, or the repaired course after a drag that did not take.
func (p *player) pipeline(ctx context.Context, c course, from int, centres []calibration.Point) (course, error) {
	pp := &pipe{shown: c.cur.Clone(), ref: map[int]image.Image{}}
	issued := c.cur.Clone() // the board once every drag made has landed
	left := len(c.moves)    // the first drag not made
	// The drags not made yet are c.moves[i:], in an order that keeps every
	// two sharing a cell in the plan's order: the next drag made is the
	// first of them free to go (see free), brought to i.
	c.moves = slices.Clone(c.moves)
	for i := from; i < len(c.moves); i++ {
		if ok, err := p.nextFree(ctx, pp, c.moves, i); err != nil {
			return c, err
		} else if !ok {
			return p.pipeCheck(ctx, c, issued, pp, c.moves[i:], fmt.Sprintf("checking drags %d to %d", pp.flights[0].n, p.rep.Drags))
		}
		m := c.moves[i]
		ok, err := p.stillAsRead(ctx, pp, m)
		if err != nil {
			return c, err
		}
		if !ok {
			return p.pipeCheck(ctx, c, issued, pp, c.moves[i:], fmt.Sprintf("checking the cells of drag %d before it", p.rep.Drags+1))
		}
		if !p.peeks() || p.pace.animates() {
			// A small grab costs about as much as a whole one, or the
			// game turned out slow (watch): the drags left go one at a
			// time, each seen whole.
			left = i
			break
		}
		next, err := p.launch(ctx, pp, issued, m, i, len(c.moves)-i, i > from, centres)
		if err != nil {
			return c, err
		}
		issued = next
		if p.solvedEarly(issued, i+1 < len(c.moves)) {
			break
		}
		if ok, err := p.watch(ctx, pp, false); err != nil || !ok {
			if err != nil {
				return c, err
			}
			return p.pipeCheck(ctx, c, issued, pp, c.moves[i+1:], fmt.Sprintf("checking drags %d to %d", pp.flights[0].n, p.rep.Drags))
		}
	}
	if ok, err := p.landAll(ctx, pp); err != nil {
		return c, err
	} else if !ok {
		return p.pipeCheck(ctx, c, issued, pp, c.moves[left:], fmt.Sprintf("checking drags %d to %d", pp.flights[0].n, p.rep.Drags))
	}
	// Every drag seen: one whole picture shows the board expected.
	ok, err := p.wholeAsRead(ctx, pp, issued)
	if err != nil {
		return c, err
	}
	if !ok {
		return p.pipeCheck(ctx, c, issued, pp, c.moves[left:], "checking the board after the drags")
	}
	c.cur, c.moves = issued, c.moves[left:]
	return c, nil
}

// solvedEarly reports whether the board issued is solved with drags of
// the plan left (more): another solution than the solver's came up on the
// way, the game takes it and allows no more drags.
func (p *player) solvedEarly(issued board.Position, more bool) bool {
	if !issued.Solved() || !more {
		return false
	}
	p.rep.Early = true
	p.prog.note(fmt.Sprintf("solved after %d drags, before the plan's end", p.rep.Drags))
	return true
}

// launch makes the drag m, the i-th of the course with left drags left
// (overlap: right after another, not seen landed yet), on the board
// issued: it puts it in flight and returns the board once it lands.
func (p *player) launch(ctx context.Context, pp *pipe, issued board.Position, m board.Move, i, left int, overlap bool, centres []calibration.Point) (board.Position, error) {
	next := issued.Clone()
	if err := actuate.Drop(&next, m, p.cfg.Swap); err != nil {
		return next, fmt.Errorf("play: internal error: plan drag %d: %w", i+1, err)
	}
	if err := p.drag(ctx, m, centres, left); err != nil {
		return next, err
	}
	// From release to release: the gap to its press is no longer, however
	// long the press took to come.
	gap := p.since(pp.released)
	pp.released = p.cfg.Now()
	if overlap {
		p.trace("drag %d made %v after the release before it, without waiting", p.rep.Drags, gap)
	}
	pp.flights = append(pp.flights, flight{m: m, n: p.rep.Drags, at: pp.released, overlap: overlap, gap: gap, press: p.pressGap,
		want: [2]board.Cell{next.Cells[m.From], next.Cells[m.To]}})
	return next, nil
}

// nextFree brings to i the first of the drags moves[i:] free to go (see
// free), watching the drags in flight land until one is; false when one
// of them did not show as it should.
func (p *player) nextFree(ctx context.Context, pp *pipe, moves []board.Move, i int) (bool, error) {
	for {
		if n := pp.overlapping(); len(pp.flights) < maxFlights && (n == 0 || p.pace.overlapsAfter(p.since(pp.released), n)) {
			if j := pp.free(moves, i); j >= 0 {
				m := moves[j]
				copy(moves[i+1:j+1], moves[i:j])
				moves[i] = m
				return true, nil
			}
		}
		if ok, err := p.watch(ctx, pp, true); err != nil || !ok {
			return ok, err
		}
	}
}

// landAll watches the drags in flight until every one has landed; false
// when one did not show as it should.
func (p *player) landAll(ctx context.Context, pp *pipe) (bool, error) {
	for len(pp.flights) > 0 {
		if ok, err := p.watch(ctx, pp, true); err != nil || !ok {
			return ok, err
		}
	}
	return true, nil
}

// overlapping returns how many drags in flight were made right after
// another (the first drag of a pipeline comes after a still picture). While
// one is, the next drag waits for it to land, unless as many drags made as
// soon after a release have been seen to land (pace.overlapsAfter): a game
// that ignores presses for a while after a drop, taken by the probes for
// one that does not (a busy machine grabbed too late to see the glide, or
// a glide that does not show), then loses one drag, not several, before
// the bot learns it (pace.tooQuick). A drag that landed proves no more
// than its own gap: on a busy machine the first drag made without waiting
// came 200 ms after the release before it, the game took it, and the drags
// after it, made a few ms apart, were lost four at a time (TestE2EFlash at
// 75 % in CI; TestPipelineProofIsItsGap); and one proves one more in
// flight, not a dozen (TestPipelineProofIsNotLuck).
func (pp *pipe) overlapping() int {
	n := 0
	for _, f := range pp.flights {
		if f.overlap {
			n++
		}
	}
	return n
}

// freeAhead is how far past the next drag of the plan free looks for one
// free to go.
const freeAhead = 2 * maxFlights

// free returns the index of the first of the drags moves[i:] (within
// freeAhead) that shares a cell with no drag in flight and with none before
// it in moves[i:], or -1: a drag that waits for one on its way to the
// screen does not hold up those after it that do not.
func (pp *pipe) free(moves []board.Move, i int) int {
	for j := i; j < len(moves) && j < i+freeAhead; j++ {
		m := moves[j]
		if pp.blocks(m) || slices.ContainsFunc(moves[i:j], func(k board.Move) bool { return touches(k, m) }) {
			continue
		}
		return j
	}
	return -1
}

// blocks reports whether drag m shares a cell with a drag in flight.
func (pp *pipe) blocks(m board.Move) bool {
	for _, f := range pp.flights {
		if touches(m, f.m) {
			return true
		}
	}
	return false
}

// refs is the pictures the cells were last read in: last, and those of
// ref.
func (pp *pipe) refs(last image.Image) []image.Image {
	out := []image.Image{last}
	for _, r := range pp.ref {
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// refOf is the picture cell i was last read in.
func (p *player) refOf(pp *pipe, i int) image.Image {
	if r, ok := pp.ref[i]; ok {
		return r
	}
	return p.last
}

// lookCell grabs the part of the picture cell i is read from.
func (p *player) lookCell(i int) (image.Image, error) {
	t := p.cfg.Now()
	part, err := p.cfg.Eyes.GrabPart(vision.CellsBox(p.geom, []int{i}))
	d := p.since(t)
	p.partCost = least(p.partCost, d)
	p.rep.Capture += d
	p.rep.Grabs++
	p.trace("grab cell %d's part: %v", i, d)
	if err != nil {
		return nil, fmt.Errorf("play: looking at cell %d: %w", i, err)
	}
	return part, nil
}

// readCell reads cell i in part, counting the time.
func (p *player) readCell(part image.Image, i int) (vision.CellReading, error) {
	t := p.cfg.Now()
	crs, err := p.cfg.Eyes.ReadCells(part, p.geom, []int{i})
	p.rep.Read += p.since(t)
	p.rep.CellReads++
	p.trace("read cell %d: %v: %v %q", i, p.since(t), cellOf(crs[0]), crs[0].Doubt)
	if err != nil {
		return vision.CellReading{}, fmt.Errorf("play: reading cell %d: %w", i, err)
	}
	return crs[0], nil
}

// cellNow looks at cell i: changed reports whether its picture differs
// from where it was last read, and then what it reads as (its doubt
// included).
func (p *player) cellNow(pp *pipe, i int) (part image.Image, changed bool, c vision.CellReading, err error) {
	part, err = p.lookCell(i)
	if err != nil {
		return nil, false, c, err
	}
	if !slices.Contains(p.cfg.Eyes.Changed(p.refOf(pp, i), part, p.geom), i) {
		return part, false, c, nil
	}
	c, err = p.readCell(part, i)
	return part, true, c, err
}

// stillAsRead reports whether the two cells of drag m, about to be made,
// show what they showed when last read, or changed and read with
// confidence as that (the game recolours a tile when its neighbours
// change), within quickWait (a cell caught mid-redraw is looked at again).
func (p *player) stillAsRead(ctx context.Context, pp *pipe, m board.Move) (bool, error) {
	t0 := p.cfg.Now()
	for _, i := range [2]int{m.From, m.To} {
		for {
			part, changed, c, err := p.cellNow(pp, i)
			if err != nil {
				return false, err
			}
			if !changed {
				break
			}
			if c.Doubt == "" && cellOf(c) == pp.shown.Cells[i] {
				pp.ref[i] = part
				break
			}
			if p.since(t0) >= quickWait {
				p.trace("cell %d reads %v (doubt %q) before drag %d, not %v as read before", i, cellOf(c), c.Doubt, p.rep.Drags+1, pp.shown.Cells[i])
				return false, nil
			}
			if err := p.cfg.Sleep(ctx, stillPoll); err != nil {
				return false, fmt.Errorf("play: %w", err)
			}
		}
	}
	return true, nil
}

// watch looks at the drags in flight, oldest first, and drops from the
// flights those seen landed, until one is not (the screen shows drops in
// the order they were made). With wait it sleeps a poll when none was. It
// reports false when the oldest was not seen within quickWait (twice the
// typical settle, or three times the longest a drag of this board took to
// show, if longer): then the whole board decides.
func (p *player) watch(ctx context.Context, pp *pipe, wait bool) (bool, error) {
	seen := false
	for len(pp.flights) > 0 {
		f := &pp.flights[0]
		for j, i := range [2]int{f.m.From, f.m.To} {
			if f.landed[j] {
				continue
			}
			part, changed, c, err := p.cellNow(pp, i)
			if err != nil {
				return false, err
			}
			switch {
			case !changed || c.Doubt != "":
				// Not yet, or caught mid-redraw.
			case cellOf(c) == f.want[j]:
				f.landed[j] = true
				pp.ref[i], pp.shown.Cells[i] = part, f.want[j]
			case cellOf(c) == pp.shown.Cells[i]:
				pp.ref[i] = part // recoloured, the drag not shown yet
			}
		}
		if !f.landed[0] || !f.landed[1] {
			break
		}
		p.rep.Quick++
		took := p.since(f.at)
		switch {
		case f.overlap && took > lateDrop:
			// A game this slow to show a drop proves nothing by taking
			// one (see lateDrop): the drags left go one at a time.
			p.pace.animated = true
			p.trace("drag %d, made without waiting, took %v to show: the game is slow, one drag at a time", f.n, took)
		case f.overlap:
			p.pace.overlapped(f.gap)
		}
		pp.slowest = max(pp.slowest, took)
		p.trace("drag %d landed, seen by its cells %v after the release (%d in flight)", f.n, took, len(pp.flights)-1)
		pp.flights = pp.flights[1:]
		seen = true
	}
	if len(pp.flights) > 0 && p.since(pp.flights[0].at) >= max(quickWait, 2*p.pace.typical(), 3*pp.slowest) {
		p.trace("drag %d not seen landed by its cells in %v", pp.flights[0].n, p.since(pp.flights[0].at))
		return false, nil
	}
	if wait && !seen && len(pp.flights) > 0 {
		if err := p.cfg.Sleep(ctx, stillPoll); err != nil {
			return false, fmt.Errorf("play: %w", err)
		}
	}
	return true, nil
}

// wholeAsRead grabs the whole game area until a picture shows the board
// want, as far as its cells that changed since they were last read tell,
// within quickWait; that picture is then the last read.
func (p *player) wholeAsRead(ctx context.Context, pp *pipe, want board.Position) (bool, error) {
	t0 := p.cfg.Now()
	for {
		img, err := p.grab()
		if err != nil {
			return false, fmt.Errorf("play: %w", err)
		}
		ok := true
		var cells []int
		for _, ref := range pp.refs(p.last) {
			for _, i := range p.cfg.Eyes.Changed(ref, img, p.geom) {
				if p.refOf(pp, i) == ref {
					cells = append(cells, i)
				}
			}
		}
		slices.Sort(cells)
		if len(cells) > 0 {
			t := p.cfg.Now()
			crs, err := p.cfg.Eyes.ReadCells(img, p.geom, cells)
			p.rep.Read += p.since(t)
			p.rep.CellReads += len(cells)
			if err != nil {
				return false, fmt.Errorf("play: reading the cells that changed: %w", err)
			}
			for j, i := range cells {
				if c := crs[j]; c.Doubt != "" || cellOf(c) != want.Cells[i] {
					ok = false
					break
				}
			}
		}
		p.trace("whole picture after the drags: %d cells changed, as expected %v", len(cells), ok)
		if ok {
			p.last = img
			return true, nil
		}
		if p.since(t0) >= quickWait {
			return false, nil
		}
		if err := p.cfg.Sleep(ctx, stillPoll); err != nil {
			return false, fmt.Errorf("play: %w", err)
		}
	}
}

// pipeCheck is the whole board deciding, on a still picture, after drags
// made without waiting were not all seen: the board expected is issued,
// every drag made landed, and then the course goes on with the drags left.
// Another board is repaired; one that lacks a drag made teaches the pace
// that the game lost a drag made too soon.
func (p *player) pipeCheck(ctx context.Context, c course, issued board.Position, pp *pipe, left []board.Move, while string) (course, error) {
	seen, ok, last, err := p.check(ctx, p.rep.Size, issued, true, while)
	for tries := 1; tries < answerTries && errors.Is(err, errNeverStill); tries++ {
		// The game may still be answering drags made faster than it
		// answers them, its picture changing all the while: give it
		// answerTries times Settle to stand still.
		p.trace("%s: the picture still changes after %v; waiting on", while, p.settleLimit())
		seen, ok, last, err = p.check(ctx, p.rep.Size, issued, true, while)
	}
	if err != nil {
		return c, err
	}
	if ok {
		if issued.Solved() {
			left = nil
		}
		return course{cur: issued, target: c.target, moves: left}, nil
	}
	if lost := notShown(seen, issued, pp.flights, p.cfg.Swap); lost != nil && p.rep.Retries+len(lost) <= p.cfg.MaxRetries*(p.cfg.MaxRepairs+1) {
		// Only drags in flight are missing: made again, the same drags
		// (issue 40), not re-planned: one the game takes late has left its
		// first cell empty, and a press there does nothing.
		p.pace.tooQuick(lost[0].press)
		p.rep.Retries += len(lost)
		redo := make([]board.Move, len(lost))
		for i, f := range lost {
			redo[i] = f.m
		}
		p.prog.note(fmt.Sprintf("drag %d (cell %d → %d) did not take, and %d other drags in flight; making them again", lost[0].n, lost[0].m.From, lost[0].m.To, len(lost)-1))
		return course{cur: seen, target: c.target, moves: append(redo, left...)}, nil
	}
	why := fmt.Sprintf("after drag %d the screen shows another board than expected", p.rep.Drags)
	for _, f := range pp.flights {
		if seen.Size == issued.Size && (seen.Cells[f.m.From] != f.want[0] || seen.Cells[f.m.To] != f.want[1]) {
			why = fmt.Sprintf("drag %d (cell %d → %d) did not take", f.n, f.m.From, f.m.To)
			p.pace.tooQuick(f.press) // perhaps made too soon after another
			break
		}
	}
	return p.repair(c, seen, issued, why, last)
}

// notShown returns the drags in flight the board seen lacks, in the order
// made, when it lacks nothing else: seen with them made (as the game makes
// them: swapping or not) is issued. nil when it lacks none, or differs
// otherwise.
func notShown(seen, issued board.Position, flights []flight, swap bool) []flight {
	if seen.Size != issued.Size {
		return nil
	}
	probe := seen.Clone()
	var redo []flight
	for _, f := range flights {
		if seen.Cells[f.m.From] == f.want[0] && seen.Cells[f.m.To] == f.want[1] {
			continue
		}
		if actuate.Drop(&probe, f.m, swap) != nil {
			return nil
		}
		redo = append(redo, f)
	}
	if len(redo) == 0 || !probe.Equal(issued) {
		return nil
	}
	return redo
}
