package actuate

import (
	"context"
	"errors"
	"fmt"
	"image"
	"time"

	"hexiom/calibration"
)

// Pace is how a drag is made: press, Steps pointer moves evenly spaced on the
// way, the last one on the drop point, release; Pause after each pointer move
// and button change. A page that handles events once per animation frame
// wants at least one move on the way and a pause near a frame (16 ms); the
// clone in real Chromium takes 2 steps of a few milliseconds.
type Pace struct {
	Steps int           `json:"steps"`
	Pause time.Duration `json:"pause_ns"`
}

// DefaultPace is the drag hexiom play makes unless told otherwise
// (issue 22: a drag of 40 ms was 2 s of a size-6 challenge): press, one
// move on the way, the drop point, release; with no pause under X11 (pace
// files), where the X server and the browser keep the events in order and
// the clone in Chromium takes it, as a page does that hit-tests the
// release; 2 ms apart elsewhere (under Wine a drag with no pause ended
// before the pointer reached the drop point). A game that wants a slower
// drag gets hexiom play's -pace and -steps (2 steps of 8 ms: about 40 ms,
// registered by every browser tried).
var DefaultPace = Pace{Steps: 1, Pause: defaultPause}

// ErrFailSafe is what every *FailSafeError is: the bot stopped because the
// user took the mouse or pushed it into a corner of the screen.
var ErrFailSafe = errors.New("fail-safe")

// FailSafeError says why the driver stopped before a drag.
type FailSafeError struct {
	At     image.Point // where the pointer was
	Left   image.Point // where the bot had left it
	Corner bool        // the pointer sat in a corner of the screen
	During bool        // the pointer moved while the bot was dragging
	// Abandoned: the pointer moved with the button down; the bot put it
	// back on Own, the dragged tile's cell, and released there.
	Abandoned bool
	Own       image.Point
}

func (e *FailSafeError) Error() string {
	switch {
	case e.Corner:
		return fmt.Sprintf("fail-safe: the pointer is in a corner of the screen at (%d,%d); stopped before the next drag", e.At.X, e.At.Y)
	case e.Abandoned:
		return fmt.Sprintf("fail-safe: the pointer moved to (%d,%d) during a drag, not where the bot had put it (%d,%d): the user took the mouse; the drag was abandoned (the button released on the tile's own cell (%d,%d)); stopped", e.At.X, e.At.Y, e.Left.X, e.Left.Y, e.Own.X, e.Own.Y)
	case e.During:
		return fmt.Sprintf("fail-safe: the pointer ended a drag at (%d,%d), not at the drop point (%d,%d): the user moved the mouse; stopped", e.At.X, e.At.Y, e.Left.X, e.Left.Y)
	default:
		return fmt.Sprintf("fail-safe: the pointer is at (%d,%d), not where the bot left it (%d,%d): the user took the mouse; stopped before the next drag", e.At.X, e.At.Y, e.Left.X, e.Left.Y)
	}
}

func (e *FailSafeError) Unwrap() error { return ErrFailSafe }

// ErrOutside is what every *OutsideError is.
var ErrOutside = errors.New("point outside the calibrated game area")

// OutsideError is a drag refused because one of its points lies outside the
// calibrated game area; the pointer did not move.
type OutsideError struct {
	Point image.Point
	Area  calibration.Area
}

func (e *OutsideError) Error() string {
	return fmt.Sprintf("refused to drag: point (%d,%d) lies outside the calibrated game area %v", e.Point.X, e.Point.Y, e.Area)
}

func (e *OutsideError) Unwrap() error { return ErrOutside }

// Driver makes drags with a Mouse inside a calibrated game area, with the
// fail-safe armed. It is not safe for concurrent use.
type Driver struct {
	mouse  Mouse
	area   calibration.Area
	screen image.Rectangle
	pace   Pace
	// Corner is how close to a screen corner, in pixels, the pointer
	// counts as in the corner.
	Corner int
	// Tolerance is how far, in pixels, the pointer may drift from where
	// the bot left it before the fail-safe trips (0: not at all).
	Tolerance int
	// Monitors are the desktop's monitors (capture.Monitors): a corner of
	// any of them is a fail-safe corner too, not only the whole screen's
	// (issue 41: on two monitors side by side, the pointer pushed into the
	// top right corner of the left one stops at its edge, not the desktop's).
	Monitors []image.Rectangle

	left   image.Point
	armed  bool
	drags  int
	clicks int
	// abandoned is the fail-safe that abandoned a drag: the driver makes
	// no drag after it.
	abandoned error
}

// NewDriver returns a driver for mouse in area at pace.
func NewDriver(mouse Mouse, area calibration.Area, pace Pace) (*Driver, error) {
	if err := area.Valid(); err != nil {
		return nil, fmt.Errorf("driver: %w", err)
	}
	if pace.Steps < 0 || pace.Pause < 0 {
		return nil, fmt.Errorf("driver: pace %+v: steps and pause must not be negative", pace)
	}
	screen, err := mouse.Screen()
	if err != nil {
		return nil, fmt.Errorf("driver: %w", err)
	}
	if !area.Rect().In(screen) {
		return nil, fmt.Errorf("driver: the calibrated game area %v does not lie on the screen %v; calibrate again", area, screen)
	}
	return &Driver{mouse: mouse, area: area, screen: screen, pace: pace, Corner: 2}, nil
}

// Drags returns how many drags the driver has made.
func (d *Driver) Drags() int { return d.drags }

// Clicks returns how many clicks (Click) the driver has made.
func (d *Driver) Clicks() int { return d.clicks }

// Pace returns the pace drags are made at.
func (d *Driver) Pace() Pace { return d.pace }

// Slowest pace Slower goes to: a hand's drag (press, three steps, release,
// 64 ms apart: about a quarter of a second), slower than any game tried
// needs (Ruffle took drags of 2 steps 15 ms apart).
var slowestPace = Pace{Steps: 3, Pause: 64 * time.Millisecond}

// Slower makes the drags from now on slower, for a game that did not take
// a drag (issue 40: a game may want the press held, or steps, before it
// sees a drag): at least two steps, and the pause between two events
// doubled, from 8 ms, up to slowestPace. It returns the new pace, which the
// driver keeps.
func (d *Driver) Slower() Pace {
	d.pace.Steps = min(slowestPace.Steps, max(d.pace.Steps+1, 2))
	d.pace.Pause = min(slowestPace.Pause, max(2*d.pace.Pause, 8*time.Millisecond))
	return d.pace
}

// Faster undoes one Slower, down to the first pace Slower gives (two steps
// 8 ms apart), never back to a faster one: for a game that took many drags
// in a row after it lost some (play's pace.taken). It returns the new
// pace, which the driver keeps.
func (d *Driver) Faster() Pace {
	if d.pace.Pause <= 8*time.Millisecond {
		return d.pace
	}
	d.pace.Pause = max(8*time.Millisecond, d.pace.Pause/2)
	d.pace.Steps = max(2, d.pace.Steps-1)
	return d.pace
}

// Click presses and releases at one point inside the game area, at the
// drag pace, with every check Drag makes (it is a drag that does not
// move): the click a game's player may need to take focus before it sees a
// drag (issue 40: Ruffle gives the first click on a player to the player).
func (d *Driver) Click(ctx context.Context, at calibration.Point) error {
	n := d.drags
	err := d.Drag(ctx, at, at)
	if d.drags > n {
		d.drags, d.clicks = n, d.clicks+1
	}
	return err
}

// Arm takes the pointer's place now as where the bot left it: from here on,
// the pointer moving by itself trips the fail-safe. It fails at once when the
// pointer sits in a screen corner.
func (d *Driver) Arm() error {
	at, err := d.mouse.Location()
	if err != nil {
		return fmt.Errorf("fail-safe: %w", err)
	}
	if d.inCorner(at) {
		return &FailSafeError{At: at, Left: at, Corner: true}
	}
	d.left, d.armed = at, true
	return nil
}

// Disarm forgets where the pointer was left (the user may use the mouse
// until the next Arm, for example between two boards).
func (d *Driver) Disarm() { d.armed = false }

// Check returns a *FailSafeError when the pointer is not where the bot left
// it or sits in a screen corner.
func (d *Driver) Check() error {
	at, err := d.mouse.Location()
	if err != nil {
		return fmt.Errorf("fail-safe: %w", err)
	}
	if d.inCorner(at) {
		return &FailSafeError{At: at, Left: d.left, Corner: true}
	}
	if d.armed && !near(at, d.left, d.Tolerance) {
		return &FailSafeError{At: at, Left: d.left}
	}
	return nil
}

func near(a, b image.Point, tol int) bool {
	return a.In(image.Rect(b.X-tol, b.Y-tol, b.X+tol+1, b.Y+tol+1))
}

func (d *Driver) inCorner(p image.Point) bool {
	if inCorner(p, d.screen, d.Corner) {
		return true
	}
	for _, m := range d.Monitors {
		if inCorner(p, m, d.Corner) {
			return true
		}
	}
	return false
}

// inCorner says whether p lies within c pixels of a corner of r.
func inCorner(p image.Point, r image.Rectangle, c int) bool {
	nearX := p.X <= r.Min.X+c || p.X >= r.Max.X-1-c
	nearY := p.Y <= r.Min.Y+c || p.Y >= r.Max.Y-1-c
	return nearX && nearY && p.In(r.Inset(-c))
}

// Path returns the pointer positions of a drag from one screen point to
// another: the press point, the steps on the way, the drop point.
func (d *Driver) Path(from, to calibration.Point) []image.Point {
	n := d.pace.Steps
	pts := make([]image.Point, 0, n+2)
	pts = append(pts, from.Pt())
	for k := 1; k <= n; k++ {
		f := float64(k) / float64(n+1)
		pts = append(pts, calibration.Point{X: from.X + f*(to.X-from.X), Y: from.Y + f*(to.Y-from.Y)}.Pt())
	}
	return append(pts, to.Pt())
}

// Drag presses on from, moves to to and releases there. Before the pointer
// moves it checks every point of the drag inside the game area (else an
// *OutsideError) and the fail-safe (else a *FailSafeError); an unarmed driver
// arms itself first.
//
// During the drag it checks, before the press and before every step after
// it, that the pointer is where the bot last put it (issue 42: the steps of a
// paced drag are absolute moves that would overwrite the user's). On a
// mismatch it abandons the drag at once: with the button down it puts the
// pointer back on from, the tile's own cell, and releases there, so the tile
// stays where it was; then it returns a *FailSafeError (During, Abandoned)
// and moves nothing more. The button is released only on to or on from.
// After the release it checks the pointer is on the drop point, so a user who
// moved the mouse at the very end stops the next drag.
func (d *Driver) Drag(ctx context.Context, from, to calibration.Point) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("drag: %w", err)
	}
	if d.abandoned != nil {
		return d.abandoned
	}
	path := d.Path(from, to)
	for _, p := range path {
		if !d.area.Contains(calibration.Point{X: float64(p.X), Y: float64(p.Y)}) {
			return &OutsideError{Point: p, Area: d.area}
		}
	}
	if !d.armed {
		if err := d.Arm(); err != nil {
			return err
		}
	}
	if err := d.Check(); err != nil {
		return err
	}
	if err := d.press(path[0]); err != nil {
		return err
	}
	last := path[len(path)-1]
	for _, p := range path[1:] {
		if err := d.step(path[0], func() error { return d.mouse.Move(p) }); err != nil {
			return err
		}
		d.left = p
	}
	if err := d.step(path[0], d.mouse.Release); err != nil {
		return err
	}
	d.drags++
	d.left, d.armed = last, true
	at, err := d.mouse.Location()
	if err != nil {
		return fmt.Errorf("fail-safe: %w", err)
	}
	if !near(at, last, d.Tolerance) {
		return &FailSafeError{At: at, Left: last, During: true}
	}
	return nil
}

// press moves the pointer onto p, checks it stayed there, and presses.
func (d *Driver) press(p image.Point) error {
	if err := d.mouse.Move(p); err != nil {
		return fmt.Errorf("drag from (%d,%d): %w", p.X, p.Y, err)
	}
	d.left = p
	d.pause()
	if err := d.held(); err != nil {
		var fe *FailSafeError
		if errors.As(err, &fe) {
			fe.During = false // stopped before the press: nothing to undo
		}
		return err
	}
	if err := d.mouse.Press(); err != nil {
		_ = d.mouse.Release() // never leave the button down
		return fmt.Errorf("drag from (%d,%d): press: %w", p.X, p.Y, err)
	}
	d.pause()
	return nil
}

// step makes one step of a drag with the button down: first the fail-safe
// (on a mismatch the drag is abandoned onto own, the tile's cell), then do.
// When do fails the button is released where the pointer is.
func (d *Driver) step(own image.Point, do func() error) error {
	if err := d.held(); err != nil {
		return d.abandon(own, err)
	}
	if err := do(); err != nil {
		_ = d.mouse.Release() // never leave the button down
		return fmt.Errorf("drag from (%d,%d): %w", own.X, own.Y, err)
	}
	d.pause()
	return nil
}

// held returns a *FailSafeError (During) when the pointer is not where the
// bot last put it, d.left.
func (d *Driver) held() error {
	at, err := d.mouse.Location()
	if err != nil {
		return fmt.Errorf("fail-safe: %w", err)
	}
	if !near(at, d.left, d.Tolerance) {
		return &FailSafeError{At: at, Left: d.left, During: true}
	}
	return nil
}

// abandon ends a drag the user interrupted: one move of the pointer back onto
// own, the release there, and the fail-safe's error (or why the release
// failed, with it).
func (d *Driver) abandon(own image.Point, why error) error {
	var fe *FailSafeError
	if errors.As(why, &fe) {
		fe.Abandoned, fe.Own = true, own
	}
	moveErr := d.mouse.Move(own)
	relErr := d.mouse.Release()
	d.left, d.armed = own, true
	if err := errors.Join(moveErr, relErr); err != nil {
		why = errors.Join(why, fmt.Errorf("abandoning the drag at (%d,%d): %w", own.X, own.Y, err))
	}
	d.abandoned = why
	return why
}

func (d *Driver) pause() {
	if d.pace.Pause > 0 {
		time.Sleep(d.pace.Pause)
	}
}
