package play

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"sort"
	"time"

	"hexiom/capture"
)

// The bot reads a board, and starts a drag, only on a still picture: games
// animate (a dropped tile glides into its cell, a new level fades in) and
// many ignore input meanwhile, so a drag started on a moving picture is lost,
// and a frame caught in flight can show a board that is not there. How long
// "still" must last is learnt from the screen (pace), not fixed.

// Bounds of the still window (pace.still).
const (
	// MinStill is the shortest time the picture must stay unchanged to
	// count as still: a few captures.
	MinStill = 25 * time.Millisecond
	// MaxStill bounds the still window however slow the game seems: a
	// second (issue 40: Ruffle without a GPU on a busy 2-core machine
	// drew 3-4 frames a second, frames 250-330 ms apart, and a still
	// window of 400 ms took a frame frozen mid-glide for the board at
	// rest; 400 ms before).
	MaxStill = time.Second
	// firstGap is the gap between two frames of an animation assumed before
	// any was seen: the first still window is 2·50 = 100 ms.
	firstGap = 50 * time.Millisecond
	// paceMemory is how many recent settles the still window is learnt from.
	paceMemory = 8
	// stillPoll is the pause between two captures while waiting for the
	// picture to stand still.
	stillPoll = 4 * time.Millisecond
)

// errNeverStill is the picture changing for longer than the bot may wait.
var errNeverStill = errors.New("the picture of the game never stood still (something keeps moving in the game area)")

// pace is what the bot has learnt of the game's pace from the screen: how
// far apart the frames of its animations come, and how long a drag takes to
// show in full (its settle time).
type pace struct {
	gaps    [paceMemory]time.Duration // the longest gap between two changes in each recent settle
	n       int                       // settles seen
	settles [paceMemory]time.Duration // the time from a release to the last change, recent settles
	extra   time.Duration             // added after drags the game did not take: the bot was too quick
	// probes: the drags watched until the picture stood still to learn
	// whether the game animates a drop (animated); see landed.
	probes   int
	animated bool
	// overlapGaps: the shortest gaps after a release at which a drag made
	// without waiting for a still picture was seen to land (pipe.go), in
	// order; zero where none was.
	overlapGaps [maxFlights]time.Duration
	// pressGap: no press sooner than this after the last release: lostStill
	// more than the longest a lost drag was pressed after the release
	// before it (lostPress; see tooQuick); zero before a drag was lost.
	pressGap, lostPress time.Duration
	// easing off (see taken): run counts the drags taken in a row since the
	// last lost one or the last ease; easedLately is an ease that run has
	// not proved yet; stay is set once a drag was lost after an ease.
	run         int
	easedLately bool
	stay        bool
}

// overlapped records that a drag made gap after the release before it,
// without waiting for a still picture, landed.
func (p *pace) overlapped(gap time.Duration) {
	gap = max(gap, time.Nanosecond)
	for i := range p.overlapGaps {
		if p.overlapGaps[i] == 0 || gap < p.overlapGaps[i] {
			copy(p.overlapGaps[i+1:], p.overlapGaps[i:])
			p.overlapGaps[i] = gap
			return
		}
	}
}

// proofSlack is how much later after a release a landed drag may have
// been made and still count for a drag made gap after one (overlapsAfter).
// Counting only those made as soon or sooner, the classic look's drags in
// the HTML clone went 20-30 ms apart, 2-4 in flight, where they had gone
// 9-13 ms apart, up to 7: 2.23 s a challenge against 1.79 (bench-play
// -n 20); counting those made within twice as soon, a sim game that took
// one press by luck lost two drags, one made 32 ms after a release on the
// word of drags made 61 ms after one.
const proofSlack = 10 * time.Millisecond

// overlapsAfter reports whether a drag made gap after the last release may
// go while inFlight others made without waiting are in flight: no sooner
// than the soonest such drag landed, and fewer than 2^n in flight, n the
// drags made at most proofSlack later after a release that landed (the
// bot's own pace spreads them by a few ms: a drag made 10 ms after a
// release and one made 20 ms after one prove about the same). Each landing
// doubles how many may be in flight (a slow start, as TCP's): one drag
// landing is luck as often as not, Ruffle
// running the SWF's late frames at once (a press 33 ms after a release
// found its 100 ms tween over, and the five drags made 37-40 ms apart
// after it, all in flight, were lost together: the bevel look on a canvas,
// level 22; TestPipelineProofIsNotLuck).
func (p *pace) overlapsAfter(gap time.Duration, inFlight int) bool {
	proved := 0
	for _, g := range p.overlapGaps {
		if g > 0 && g <= gap+proofSlack {
			proved++
		}
	}
	return p.overlapGaps[0] > 0 && gap >= p.overlapGaps[0] && inFlight < 1<<min(proved, 8)
}

// animates reports whether the bot must wait for a still picture after a
// drag before the next: the game was seen to animate a drop, or it lost a
// drag made as soon as the last one showed.
func (p *pace) animates() bool { return p.animated || p.extra > 0 }

func newPace() *pace {
	p := &pace{}
	p.gaps[0] = firstGap
	return p
}

// still is how long the picture must stay unchanged to count as still:
// twice the typical longest gap between two frames of the game's recent
// animations (the median over the recent settles, so that one pause of a
// busy machine does not slow every drag; a picture read too early is
// checked again: see check), plus what lost drags taught, within
// [MinStill, MaxStill].
func (p *pace) still() time.Duration {
	n := min(p.n, paceMemory)
	if n == 0 {
		n = 1 // firstGap
	}
	g := p.gaps
	sort.Slice(g[:n], func(i, j int) bool { return g[i] < g[j] })
	return min(MaxStill, max(MinStill, 2*g[n/2]+p.extra))
}

// settle is the longest recent time from a release until the picture
// stopped changing (0 before any drag).
func (p *pace) settle() time.Duration {
	s := time.Duration(0)
	for _, v := range p.settles {
		s = max(s, v)
	}
	return s
}

// typical is the median recent settle (0 before any drag): how long a drag
// of this game usually takes to show in full. After a drag the picture
// counts as still no sooner than that: a browser that stops drawing in the
// middle of a glide (a busy machine) shows a frozen frame for longer than
// the still window while the game still ignores presses.
func (p *pace) typical() time.Duration {
	n := min(p.n, paceMemory)
	if n == 0 {
		return 0
	}
	s := p.settles
	sort.Slice(s[:n], func(i, j int) bool { return s[i] < s[j] })
	return s[n/2]
}

// learn records one settle: the longest gap between two changes of the
// picture, and the time from the release to the last change.
func (p *pace) learn(gap, settle time.Duration) {
	k := p.n % paceMemory
	p.gaps[k], p.settles[k] = gap, settle
	p.n++
}

// tooQuick records a drag the game did not take, pressed gap after the
// release before it (0: not known): wait longer from now on. The first loss
// adds lostStill to the still window at once (a game that ignores presses
// while it animates does so for about as long as an animation, ~150 ms;
// adding MinStill at a time cost a lost drag per step, seen twice on one
// board in the flash e2e at load 5), each further one doubles it, up to
// MaxStill. And no press comes sooner than gap and lostStill after a
// release: a game that ignores presses for a while after a drop it shows
// at once (the SWF's tween into the cell the bot dropped on, which draws
// nothing, in Ruffle drawing on a canvas) lost a drag pressed 72 ms after a
// release, and another 90 ms after one, a still window after its drop had
// shown.
func (p *pace) tooQuick(gap time.Duration) {
	p.extra = min(MaxStill, max(2*p.extra, lostStill))
	p.lostPress = max(p.lostPress, gap)
	p.pressGap = min(MaxStill, max(p.pressGap, gap+lostStill))
	if p.easedLately {
		p.stay = true // the ease lost a drag: what the losses taught holds
	}
	p.run, p.easedLately = 0, false
}

// lostStill is what the first lost drag adds to the still window.
const lostStill = 4 * MinStill

// easeAfter is how many drags in a row the game must take before the bot
// tries a shorter wait again (eased). Each try may lose one drag: the
// e2e tests allow a board of fewer than twenty drags two lost, which its
// first losses may take, so that no board that short tries.
const easeAfter = 16

// taken records a drag the game took, and reports whether the bot eases
// off: after easeAfter drags taken in a row since a loss taught a wait,
// half of what the losses added (never below lostStill: the drags still go
// one at a time, each on a still picture), half the gap a press keeps
// after a release (never below a lost drag's and MinStill), the drags one
// step faster too (the caller's Driver.Faster). A game that lost drags
// only while it was busy for a while (the first drags of a board in Ruffle at 150 %: every
// board of bench-play lost 1 to 5 of its first ten, then few or none)
// would otherwise keep the longest wait and slowest drag to the end: 2 s a
// drag where the game takes one in 1. A drag lost within easeAfter of an
// ease ends easing for the play (stay): at most one lost drag a play comes
// from it.
func (p *pace) taken() bool {
	p.run++
	if p.run < easeAfter {
		return false
	}
	p.run, p.easedLately = 0, false
	floor := p.lostPress + MinStill // the press gap's
	if p.stay || (p.extra <= lostStill && p.pressGap <= floor) {
		return false
	}
	p.extra = max(lostStill, p.extra/2)
	if p.pressGap > floor {
		p.pressGap = max(p.pressGap/2, floor)
	}
	p.easedLately = true
	return true
}

// changed reports whether picture b differs from a: more than a few pixels
// (noise) differ by more than a small amount in some channel.
func changed(a, b image.Image) bool {
	if a == nil || b == nil {
		return a != b
	}
	ra, okA := a.(*image.RGBA)
	rb, okB := b.(*image.RGBA)
	if !okA || !okB {
		return a != b // pictures of a simulation: the same picture is the same value
	}
	if ra.Rect != rb.Rect {
		return true
	}
	if capture.SamePixels(ra, rb) {
		return false
	}
	return differs(ra, rb, ra.Rect)
}

// differs reports whether more than a few pixels (noise) of r differ by more
// than a small amount in some channel between a and b (of one Rect, which
// holds r).
func differs(ra, rb *image.RGBA, r image.Rectangle) bool {
	const noise = 4 // pixels
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		pa := ra.Pix[ra.PixOffset(r.Min.X, y):ra.PixOffset(r.Max.X, y)]
		pb := rb.Pix[rb.PixOffset(r.Min.X, y):rb.PixOffset(r.Max.X, y)]
		if bytes.Equal(pa, pb) {
			continue
		}
		for i := 0; i+3 < len(pa); i += 4 {
			if d(pa[i], pb[i]) > changeTol || d(pa[i+1], pb[i+1]) > changeTol || d(pa[i+2], pb[i+2]) > changeTol {
				if n++; n > noise {
					return true
				}
			}
		}
	}
	return false
}

// movedMark returns a copy of cur with the pixels that differ from prev
// (as differs counts them) painted magenta, and their bounding box: what
// kept the picture from standing still, for the debug picture. ok is false
// when either is not a capture of the same rectangle.
func movedMark(prev, cur image.Image) (marked *image.RGBA, box image.Rectangle, ok bool) {
	ra, okA := prev.(*image.RGBA)
	rb, okB := cur.(*image.RGBA)
	if !okA || !okB || ra.Rect != rb.Rect {
		return nil, image.Rectangle{}, false
	}
	marked = image.NewRGBA(rb.Rect)
	copy(marked.Pix, rb.Pix)
	for y := rb.Rect.Min.Y; y < rb.Rect.Max.Y; y++ {
		for x := rb.Rect.Min.X; x < rb.Rect.Max.X; x++ {
			i := rb.PixOffset(x, y)
			if pa, pb := ra.Pix, rb.Pix; d(pa[i], pb[i]) > changeTol || d(pa[i+1], pb[i+1]) > changeTol || d(pa[i+2], pb[i+2]) > changeTol {
				copy(marked.Pix[i:i+4], []uint8{255, 0, 255, 255})
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return marked, box, true
}

// changeTol is how far a colour channel may move before a pixel counts as
// changed (differs, movedMark).
const changeTol = 12

func d(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// grab captures the game area and counts the time.
func (p *player) grab() (image.Image, error) {
	t := p.cfg.Now()
	img, err := p.cfg.Eyes.Grab()
	d := p.since(t)
	p.grabCost, p.lastGrab = least(p.grabCost, d), d
	p.rep.Capture += d
	p.rep.Grabs++
	p.trace("grab whole area: %v", d)
	return img, err
}

// stillFrame captures until the picture stands still, and returns it.
// With ref (the picture before a drag), the picture must first change from
// ref; when it has not changed after wait, stillFrame returns it unchanged
// (moved false). Then it must stay unchanged for the learnt still window.
// Without ref the first picture counts as a change. When limit passes it
// gives up with errNeverStill if the picture changed in the last still
// window, and returns the last picture if it did not change at all.
// After a drag (learn), the picture counts as still no sooner than the
// typical settle after it, and the settle is learnt: the gaps between
// changes and the time to the last one. p.between is left at the picture seen just
// before the one returned, when that one too came after ref (nil if none).
func (p *player) stillFrame(ctx context.Context, ref image.Image, wait, limit time.Duration, learn bool) (img image.Image, moved bool, err error) {
	t0 := p.cfg.Now()
	last := ref
	var lastChange time.Time
	var gap time.Duration
	changes := 0 // changes seen, the first picture without ref not counted
	p.between = nil
	for {
		cur, err := p.grab()
		if err != nil {
			return nil, false, err
		}
		now := p.cfg.Now()
		switch {
		case last == nil || changed(last, cur):
			if moved {
				gap = max(gap, now.Sub(lastChange))
				p.between = last
			}
			if last != nil {
				changes++
			}
			moved, lastChange, last = true, now, cur
		case moved && now.Sub(lastChange) >= p.pace.still() && (!learn || now.Sub(t0) >= p.pace.typical()):
			if learn {
				p.pace.learn(gap, lastChange.Sub(t0))
			}
			p.trace("stillFrame: still after %v (%d changes, still window %v)", now.Sub(t0), changes, p.pace.still())
			return last, true, nil
		case !moved && now.Sub(t0) >= wait:
			p.trace("stillFrame: no change in %v", now.Sub(t0))
			return last, false, nil
		}
		if now.Sub(t0) >= limit {
			p.trace("stillFrame: out of time after %v (%d changes)", now.Sub(t0), changes)
			if changes == 0 && moved {
				return last, true, nil // unchanged since the first look: as still as it gets
			}
			return last, moved, fmt.Errorf("%w for %v", errNeverStill, limit)
		}
		// A grab of the whole area costs a core for milliseconds, more on
		// a busy machine, and the game needs the core to draw: look at
		// most half the time.
		if err := p.cfg.Sleep(ctx, max(stillPoll, p.cfg.Now().Sub(now)+p.lastGrab)); err != nil {
			return last, moved, err
		}
	}
}

// settleLimit is how long the bot waits for a still picture, and how long
// vision may stay unsure of one, before it refuses to go on: Config.Settle,
// or three times the longest a recent drag took to show in full when the
// game is slower than that (issue 40: Ruffle drawing at a few frames a
// second on a busy machine took 1-1.5 s to show a drop and its tile going
// home after a lost drag, past the 2 s default), and at least that settle
// and three still windows after it.
func (p *player) settleLimit() time.Duration {
	return max(p.cfg.Settle, 3*p.pace.settle(), p.pace.settle()+3*p.pace.still())
}
