//go:build cgo

package actuate

import (
	"errors"
	"fmt"
	"image"
	"sync"

	"github.com/go-vgo/robotgo"
)

// Robot is the real pointer, moved with robotgo: XTest events on the X
// display named by DISPLAY, SendInput on Windows, CGEvents on macOS, as a
// user's mouse would make. On Windows the pointer's place and the screen
// come from user32 itself (pointer_windows.go): robotgo scales them by the
// display's DPI, which a DPI-aware process must not, and knows only the
// primary monitor. It is the only code that calls robotgo, and the
// only part of actuate that needs cgo (the planner and the Driver build
// without it). Make it with NewRobot
// and Close it before the X server goes away: robotgo keeps one X connection
// open, and Xlib exits the process if that server vanishes under it.
//
// Every call has a deadline (xconn.Timeout on X11): robotgo's Xlib waits
// for ever on a display that stops answering (its server frozen), so a call
// that has not returned by then gives an error naming the display, and the
// Robot is dead after it (every call fails at once, and Close leaves the
// stuck connection alone).
type Robot struct {
	display string // as given, for the errors
	mu      sync.Mutex
	dead    error
}

// NewRobot returns the real pointer on display (":N"; empty means $DISPLAY).
func NewRobot(display string) (*Robot, error) {
	if err := probeDisplay(display); err != nil {
		return nil, fmt.Errorf("mouse: %w", err)
	}
	robotgo.MouseSleep = 0 // the Driver paces drags itself
	r := &Robot{display: display}
	if err := r.pointRobotgo(); err != nil {
		return nil, err
	}
	var s image.Rectangle
	if err := r.do("screen size", func() error {
		s = desktop()
		return nil
	}); err != nil {
		return nil, err
	}
	if s.Empty() {
		return nil, fmt.Errorf("mouse: no X screen (display %q): is DISPLAY set and the X server running?", display)
	}
	return r, nil
}

// pointRobotgo points robotgo at r's display, unless it is there already.
// robotgo has one X display for the whole process: another Robot made
// since (the e2e tests' desks, each on an Xvfb of its own) moved it to its
// own, and once that one's server is gone robotgo would fall back to
// $DISPLAY, then to ":0" (another X server's pointer moved, or, with none
// there, a NULL display and a crash). An empty display ($DISPLAY) is left
// as robotgo takes it.
func (r *Robot) pointRobotgo() error {
	robotgoAt.Lock()
	defer robotgoAt.Unlock()
	if r.display == "" || robotgoAt.display == r.display {
		return nil
	}
	if err := robotgo.SetXDisplayName(r.display); err != nil {
		return fmt.Errorf("mouse on display %s: %w", r.display, err)
	}
	robotgoAt.display = r.display
	return nil
}

// robotgoAt is the display the last pointRobotgo gave robotgo (its
// GetXDisplayName crashes before any was given).
var robotgoAt struct {
	sync.Mutex
	display string
}

// do runs f, one or two robotgo calls, within the deadline, on r's display.
func (r *Robot) do(what string, f func() error) error {
	r.mu.Lock()
	dead := r.dead
	r.mu.Unlock()
	if dead != nil {
		return fmt.Errorf("mouse (%s): %w", what, dead)
	}
	if err := r.pointRobotgo(); err != nil {
		return err
	}
	err := within(r.display, what, f)
	if errors.Is(err, errNoAnswer) {
		r.mu.Lock()
		if r.dead == nil {
			r.dead = err
		}
		r.mu.Unlock()
	}
	if err != nil {
		return fmt.Errorf("mouse: %w", err)
	}
	return nil
}

// Location returns where the pointer is, in screen pixels (on Windows,
// the virtual screen's physical pixels).
func (r *Robot) Location() (image.Point, error) {
	var p image.Point
	err := r.do("pointer query", func() error {
		var err error
		p, err = pointerAt()
		return err
	})
	return p, err
}

// Move puts the pointer at p, in screen pixels.
func (r *Robot) Move(p image.Point) error {
	return r.do("move the pointer", func() error { return pointerTo(p) })
}

func (r *Robot) Press() error   { return r.ButtonDown(1) }
func (r *Robot) Release() error { return r.ButtonUp(1) }

// buttons are robotgo's names of the buttons 1 left, 2 middle, 3 right.
var buttons = [...]string{1: "left", 2: "center", 3: "right"}

// ButtonDown presses button b (1 left, 2 middle, 3 right) where the
// pointer is.
func (r *Robot) ButtonDown(b int) error {
	if b < 1 || b >= len(buttons) {
		return fmt.Errorf("mouse: no button %d", b)
	}
	return r.do("press "+buttons[b], func() error { return robotgo.Toggle(buttons[b]) })
}

// ButtonUp releases button b.
func (r *Robot) ButtonUp(b int) error {
	if b < 1 || b >= len(buttons) {
		return fmt.Errorf("mouse: no button %d", b)
	}
	return r.do("release "+buttons[b], func() error { return robotgo.Toggle(buttons[b], "up") })
}

// Screen returns the whole desktop the pointer can reach: the X screen, or
// on Windows the virtual screen, every monitor's bounding rectangle (a
// monitor left of or above the primary has negative coordinates).
func (r *Robot) Screen() (image.Rectangle, error) {
	var s image.Rectangle
	if err := r.do("screen size", func() error {
		s = desktop()
		return nil
	}); err != nil {
		return image.Rectangle{}, err
	}
	if s.Empty() {
		return image.Rectangle{}, fmt.Errorf("mouse: screen %v is empty", s)
	}
	return s, nil
}

// Close releases robotgo's X connection; after a call timed out it leaves
// the connection (and the call stuck on it) alone.
func (r *Robot) Close() error {
	return r.do("close", func() error {
		robotgo.CloseMainDisplay()
		return nil
	})
}
