package play

import (
	"errors"
	"fmt"

	"hexiom/actuate"
	"hexiom/calibration"
	"hexiom/vision"
)

// Finder is Eyes that can look for the board on the whole screen when it is
// not in the game area they look at (the window moved, the page scrolled or
// was zoomed): Screen is one.
type Finder interface {
	// Refind looks for the board on the whole screen, as
	// reader.Refind does: the area found holds as a first calibration's
	// (the board read from scratch with no doubt, whole on the screen).
	// The eyes look there from then on; it returns the area they looked
	// at before and the new one. When none holds it says why, and the
	// eyes are unchanged.
	Refind() (old, now calibration.Area, err error)
}

// Refound is told that the board was found elsewhere (Config.Refound): it
// keeps the new area (a calibration saved, a line said) and returns the
// mouse driver for it (nil with DryRun). An error stops the bot.
type Refound func(old, now calibration.Area) (*actuate.Driver, error)

// ErrNotFound is the error a refusal wraps when the board was neither in
// the calibrated area nor found elsewhere on the screen.
var ErrNotFound = errors.New("the board is not where it was calibrated, and was not found elsewhere on the screen")

// Refinds says whether a read that failed with rerr calls for a look over
// the whole screen: no board, one of no sure size, or one in doubt, in the
// game area.
func Refinds(rerr error) bool {
	var de *vision.DoubtError
	return errors.Is(rerr, vision.ErrNoBoard) || errors.Is(rerr, vision.ErrSize) || errors.As(rerr, &de)
}

// refind looks for the board elsewhere on the screen when the eyes can
// (Finder), Config.Refound is set, and the read that failed (rerr) calls
// for it. It reports whether the board was found and the eyes look there
// now; then Refound has kept the new area and the driver is the one for
// it. When none holds, p.lostWhy says why.
func (p *player) refind(rerr error) (bool, error) {
	f, ok := p.cfg.Eyes.(Finder)
	if !ok || p.cfg.Refound == nil || !Refinds(rerr) {
		return false, nil // (a driver for the old area would refuse its drags)
	}
	t := p.cfg.Now()
	old, now, err := f.Refind()
	p.trace("looked for the board on the whole screen: %v (%v)", p.since(t), err)
	if err != nil {
		p.lostWhy = err
		return false, nil
	}
	p.lostWhy = nil
	d, err := p.cfg.Refound(old, now)
	if err != nil {
		return false, fmt.Errorf("play: the board found in %v: %w", now, err)
	}
	p.cfg.Driver = d
	return true, nil
}

// FoundHint is what to do when the board was not found: one line of a
// refusal.
const FoundHint = "bring the whole board into view, uncovered, or run 'hexiom calibrate' again"

// lost is waitBoard's refusal of a read that failed with rerr: when the
// board was looked for on the whole screen too and not found, ErrNotFound
// with why and what to do (errors.Join: a line each).
func (p *player) lost(rerr error) error {
	if p.lostWhy == nil {
		return fmt.Errorf("play: %w", rerr)
	}
	return errors.Join(fmt.Errorf("play: %w: %v", ErrNotFound, p.lostWhy),
		fmt.Errorf("in the calibrated area: %w", rerr), errors.New(FoundHint))
}
