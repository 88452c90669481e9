package play

import (
	"context"
	"fmt"
	"image"
	"slices"
	"time"

	"hexiom/board"
	"hexiom/vision"
)

// After a drag the bot reads only what changed (issue 22): the cells whose
// picture differs from the last picture it read (Eyes.Changed), the drag's
// two cells among them, each read with confidence as the drag should have
// left it (Eyes.ReadCells). Every other cell shows what it showed then, so
// the board on the screen is the one expected, known as surely as by a
// whole read, in a few milliseconds. The whole board is read at the start,
// whenever this check does not hold (a frame caught mid-redraw, a drag not
// taken, another board: check decides, as before), and at the end to prove
// it solved.
//
// And the bot drags again as soon as the screen shows the last drag landed;
// after the probes, in a look that does not animate, without waiting for it
// at all (pipe.go). A look that animates
// (tiles glide into place, the game ignoring presses meanwhile) is learnt
// from the screen: the first drags (probes) are watched until the picture
// stands still; when the picture kept changing after the drag showed
// landed (animChanges), or when a drag is lost, every later drag waits for
// its drop to stand still and the learnt settle time (landedStill).
//
// Where a small grab is cheap (the X11 capture), the bot looks at the
// drag's two cells alone while it waits (parts), and grabs the whole game
// area once they show the drop: on a 2-core machine the grabs of the whole
// area took the CPU the browser needed to draw.

// probeDrags is how many first drags are watched until the picture stands
// still, to learn whether the game animates a drop.
const probeDrags = 2

// quickWait is how long after a release the bot watches for the drag's
// cells before handing over to check: a drag shows on the next frame or two
// (16.7 ms each at 60 Hz); a busy machine may take longer, and check then
// decides on a still picture.
const quickWait = 250 * time.Millisecond

// landed watches the screen after drag m (released at t0) until it shows the
// drag landed: the cells changed since the last picture read (p.last), m's
// two among them, read with confidence as in expected. Then that picture is
// the last read, and landed reports true. In a look that animates, or on a
// probe, it returns only once the picture stands still, read as expected,
// and learns the pace. It reports false, having changed nothing, when the
// screen does not show the drag within quickWait (twice the typical settle
// if longer), or, watched, does not stand still within Settle: the caller
// then checks the whole board on a still picture.
func (p *player) landed(ctx context.Context, m board.Move, expected board.Position, t0 time.Time) (bool, error) {
	if p.geom.Size != expected.Size || p.last == nil {
		return false, nil
	}
	probe := p.pace.probes < probeDrags
	watch := probe || p.pace.animates()
	if watch && p.peeks() {
		return p.landedStill(ctx, m, expected, t0, probe)
	}
	var l landing
	prev := p.last
	for {
		img, err := p.lookAfter(m, prev, watch)
		if err != nil {
			return false, err
		}
		now := p.cfg.Now()
		if l.landedAt == nil && !changed(prev, img) {
			l.unshown = now.Sub(t0) // looked, and the drop was not there yet
		}
		if changed(prev, img) {
			l.change(now, probe)
			prev = img
			ok, err := p.verify(img, m, expected)
			if err != nil {
				return false, err
			}
			if ok {
				l.seen = img
				if l.landedAt == nil {
					l.landedAt = img
				}
				if !watch {
					p.last = l.seen
					p.rep.Quick++
					p.trace("drag %d landed, seen by its cells %v after the release", p.rep.Drags, now.Sub(t0))
					return true, nil
				}
			}
		}
		if l.seen != nil && now.Sub(l.lastChange) >= p.pace.still() && now.Sub(t0) >= p.pace.typical() {
			p.learnLanding(&l, m, probe, t0, now)
			return true, nil
		}
		wait := max(quickWait, 2*p.pace.typical())
		if l.seen != nil {
			wait = max(wait, p.settleLimit()) // landed, not still yet (watched)
		}
		if now.Sub(t0) >= wait {
			p.trace("drag %d not seen landed by its cells in %v", p.rep.Drags, now.Sub(t0))
			return false, nil
		}
		if err := p.cfg.Sleep(ctx, stillPoll); err != nil {
			return false, fmt.Errorf("play: %w", err)
		}
	}
}

// landing is what landed saw of a drag so far.
type landing struct {
	seen       image.Image // the last picture, when it shows the drag landed
	lastChange time.Time
	gap        time.Duration
	landedAt   image.Image // the first picture that showed it landed
	after      int         // changes after it (probes)
	// unshown: from the release to the last look that did not show the
	// drop yet (see lateDrop).
	unshown time.Duration
}

// change notes a change of the picture at now.
func (l *landing) change(now time.Time, probe bool) {
	if !l.lastChange.IsZero() {
		l.gap = max(l.gap, now.Sub(l.lastChange))
	}
	if probe && l.landedAt != nil {
		l.after++
	}
	l.lastChange, l.seen = now, nil
}

// lookAfter returns the picture after the drag m: prev, unless the board
// is watched, small grabs cost as much as a whole one, or the drag's two
// cells both changed (a look at them first): then a whole picture.
func (p *player) lookAfter(m board.Move, prev image.Image, watch bool) (image.Image, error) {
	look := watch || !p.peeks()
	if !look {
		var err error
		if look, err = p.partsChanged(m); err != nil {
			return nil, err
		}
	}
	if !look {
		return prev, nil
	}
	img, err := p.grab()
	if err != nil {
		return nil, fmt.Errorf("play: checking drag %d: %w", p.rep.Drags, err)
	}
	return img, nil
}

// learnLanding is for a drag that stood still, read as expected: learn
// the pace, and on a probe whether the game animates a drop.
func (p *player) learnLanding(l *landing, m board.Move, probe bool, t0, now time.Time) {
	if probe {
		p.pace.probes++
		p.pace.animated = p.pace.animated || l.after >= animWholeChanges || l.unshown > lateDrop
	}
	p.pace.learn(l.gap, l.lastChange.Sub(t0))
	p.last = l.seen
	p.rep.Quick++
	p.trace("drag %d landed and still (probe %v: cell %d changed %d times after; animated %v), %v after the release", p.rep.Drags, probe, m.To, l.after, p.pace.animated, now.Sub(t0))
}

// peeks reports whether landed looks at a drag's cells with small grabs: while
// a small grab costs less than a third of a whole one, at the least either
// has cost (the X11 capture: a grab costs as its size; another capture may
// cost as much whatever the size).
func (p *player) peeks() bool { return p.partCost == 0 || 3*p.partCost < p.grabCost }

// parts grabs the squares of drag m's two cells.
func (p *player) parts(m board.Move) ([2]image.Image, error) {
	var out [2]image.Image
	for k, i := range []int{m.From, m.To} {
		t := p.cfg.Now()
		part, err := p.cfg.Eyes.GrabPart(cellBox(p.geom, i))
		d := p.since(t)
		p.partCost = least(p.partCost, d)
		p.rep.Capture += d
		p.rep.Grabs++
		p.trace("grab cell %d: %v", i, d)
		if err != nil {
			return out, fmt.Errorf("play: checking drag %d: %w", p.rep.Drags, err)
		}
		out[k] = part
	}
	return out, nil
}

// moved reports whether both parts of drag m show another picture than the
// last picture read.
func (p *player) moved(m board.Move, parts [2]image.Image) bool {
	return slices.Contains(p.cfg.Eyes.Changed(p.last, parts[0], p.geom), m.From) &&
		slices.Contains(p.cfg.Eyes.Changed(p.last, parts[1], p.geom), m.To)
}

// least is the smaller of a least cost so far (0: none yet) and d.
func least(so time.Duration, d time.Duration) time.Duration {
	if so == 0 {
		return d
	}
	return min(so, d)
}

// dropStill is how long a drop's cells must stay unchanged, once the
// typical settle has passed, to count as still: one typical gap between
// two frames of the game's animations (half the still window, which also
// grows after a lost drag), at least MinStill. The typical settle already
// covers the drop's animation; this catches one that runs late.
func dropStill(pc *pace) time.Duration { return max(MinStill, pc.still()/2) }

// partsChanged reports whether both cells of drag m show another picture
// than in the last picture read, from two small grabs.
func (p *player) partsChanged(m board.Move) (bool, error) {
	parts, err := p.parts(m)
	return err == nil && p.moved(m, parts), err
}

// landedStill is landed in a look that animates, and on a probe, with
// small grabs: it watches drag m's two cells until both changed and then
// stood still (dropStill; on a probe the still window), no sooner than the
// typical settle after the release (the game ignores presses while the drop
// animates, and only the drop's cells move); then one whole picture must
// show the drag landed (verify), else it reports false and check decides on
// the whole board. On a probe it counts the changes of the cell dropped on
// after both cells showed the drop (animChanges): small grabs come every few
// milliseconds, where a whole one on a busy machine came after the glide.
func (p *player) landedStill(ctx context.Context, m board.Move, expected board.Position, t0 time.Time, probe bool) (bool, error) {
	var prev [2]image.Image
	var lastChange time.Time
	var gap time.Duration
	shown := false            // both cells showed the drop
	after := 0                // changes of m.To since (probes)
	var unshown time.Duration // see lateDrop
	still := dropStill(p.pace)
	if probe {
		still = p.pace.still() // the whole animation, whatever its length
	}
	for {
		parts, err := p.parts(m)
		if err != nil {
			return false, err
		}
		now := p.cfg.Now()
		if prev[0] == nil || changed(prev[0], parts[0]) || changed(prev[1], parts[1]) {
			if prev[0] != nil && !lastChange.IsZero() {
				gap = max(gap, now.Sub(lastChange))
			}
			if shown && changed(prev[1], parts[1]) {
				after++
			}
			if prev[0] != nil || p.moved(m, parts) {
				lastChange = now
			}
			prev = parts
		}
		if !shown && !p.moved(m, parts) {
			unshown = now.Sub(t0) // looked, and the drop was not there yet
		}
		shown = shown || p.moved(m, parts)
		if !lastChange.IsZero() && now.Sub(lastChange) >= still && now.Sub(t0) >= p.pace.typical() && p.moved(m, parts) {
			return p.stillDrop(m, expected, probe, after, unshown, gap, lastChange.Sub(t0))
		}
		wait := max(quickWait, 2*p.pace.typical())
		if !lastChange.IsZero() && p.moved(m, parts) {
			wait = max(wait, p.settleLimit()) // it shows the drop: watch until still
		}
		if now.Sub(t0) >= wait {
			return false, nil
		}
		if err := p.cfg.Sleep(ctx, stillPoll); err != nil {
			return false, fmt.Errorf("play: %w", err)
		}
	}
}

// stillDrop reads the whole picture once the cells of the drag m stood
// still: as expected, it learns the pace (the largest gap between
// changes, and took from the release to the last) and, on a probe, from
// the changes after the drop showed, and how long it was not shown
// (unshown, see lateDrop), whether the game animates. Not as
// expected, its cells standing still (a cell in doubt that the whole
// read's pair check may decide, a drag not taken, another board): false,
// and check decides.
func (p *player) stillDrop(m board.Move, expected board.Position, probe bool, after int, unshown, gap, took time.Duration) (bool, error) {
	img, err := p.grab()
	if err != nil {
		return false, fmt.Errorf("play: checking drag %d: %w", p.rep.Drags, err)
	}
	ok, err := p.verify(img, m, expected)
	if ok {
		if probe {
			p.pace.probes++
			p.pace.animated = p.pace.animated || after >= animChanges || unshown > lateDrop
			p.trace("probe: drag %d's cell %d changed %d times after it showed the drop; animated %v", p.rep.Drags, m.To, after, p.pace.animated)
		}
		p.pace.learn(gap, took)
		p.last = img
		p.rep.Quick++
	}
	return ok, err
}

// animChanges: a drop whose cell (the one dropped on) changes this many
// times more after both its cells first showed it is animated (a tile
// gliding, growing or shrinking into place: the flash look's cell changed 3
// to 6 times in its 150 ms glide, watched by small grabs, at load 8). A drop
// that is not changes once more, sometimes twice: the tile's colour once the
// game has taken the move (the clone's server answers a moment after the
// page shows the drop), a frame caught half drawn. Only that cell counts:
// the answers recolour the neighbours too, and on a busy machine the
// answers to earlier drags come during a probe. A game taken for one that
// does not animate and that then ignores a drag made too soon is learnt
// from that lost drag (pace.tooQuick; pipe.go loses one at most).
const animChanges = 3

// lateDrop: a probe's drop still not shown this long after its release,
// seen so by a look then, counts as animated too, whatever it showed (a
// drop first seen late by slow grabs proves nothing). A game that
// slow to show a drop draws few frames (Ruffle at 150 % on a busy 2-core
// machine: 2 to 4 s from a release to the drop, a frame a second or so), and
// what it does unseen after the drop shows (a tween from the release
// point to the cell's centre, no distance at all; the server's answer) runs
// on for frames: a drag made without waiting for a still picture is lost
// there, and the one made right after it too (TestE2ERuffle at 150 %,
// level 22, in a whole run at load 7-11: drags 4 and 5 lost at once;
// TestLateDropsOneAtATime). A drag made without waiting that took longer
// than this to show proves nothing either, and the drags left go one at a
// time (pipe.go's watch; TestPipelineStopsForASlowGame).
const lateDrop = quickWait

// animWholeChanges is animChanges where a small grab costs as much as a
// whole one (not the X11 capture) and a probe watches whole pictures: a drop
// whose picture changes this many times more after it first showed landed
// is animated (the flash look changes 2 to 4 times in its glide, fewer when
// a busy machine draws few frames; a drop that is not, once: the colours of
// the tile and its neighbours once the game has taken the move).
const animWholeChanges = 2

// stillShows reports whether the screen still shows the board cur, as far
// as the cells that changed since the last picture read tell (a drag the
// game showed, then sent back): asked before a drag that moves a cell the
// drag before it changed.
func (p *player) stillShows(cur board.Position) (bool, error) {
	img, err := p.grab()
	if err != nil {
		return false, fmt.Errorf("play: %w", err)
	}
	if !changed(p.last, img) {
		return true, nil
	}
	ok, err := p.shows(img, cur, nil)
	if ok {
		p.last = img
	}
	return ok, err
}

// verify reports whether picture img shows drag m landed: the cells that
// differ from the last picture read include m's two, and read with
// confidence as in expected.
func (p *player) verify(img image.Image, m board.Move, expected board.Position) (bool, error) {
	return p.shows(img, expected, []int{m.From, m.To})
}

// shows reports whether picture img shows board want: the cells that differ
// from the last picture read, the cells must among them, read with
// confidence as in want.
func (p *player) shows(img image.Image, want board.Position, must []int) (bool, error) {
	cells := p.cfg.Eyes.Changed(p.last, img, p.geom)
	for _, m := range must {
		if !slices.Contains(cells, m) {
			return false, nil
		}
	}
	if len(cells) == 0 {
		return true, nil
	}
	t := p.cfg.Now()
	crs, err := p.cfg.Eyes.ReadCells(img, p.geom, cells)
	p.rep.Read += p.since(t)
	p.trace("read %d cells %v: %v", len(cells), cells, p.since(t))
	p.rep.CellReads += len(cells)
	if err != nil {
		return false, fmt.Errorf("play: reading the cells that changed after drag %d: %w", p.rep.Drags, err)
	}
	for j, i := range cells {
		if c := crs[j]; c.Doubt != "" || cellOf(c) != want.Cells[i] {
			return false, nil
		}
	}
	return true, nil
}

// cellOf is the board cell a cell reading shows.
func cellOf(c vision.CellReading) board.Cell {
	return board.Cell{Tile: c.Digit, Fixed: c.Kind == vision.Hole || c.Kind == vision.Locked}
}
