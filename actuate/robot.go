//go:build cgo

package actuate

import (
	"fmt"
	"image"

	"github.com/go-vgo/robotgo"
)

// Robot is the real pointer, moved with robotgo: XTest events on the X
// display named by DISPLAY, SendInput on Windows, CGEvents on macOS, as a
// user's mouse would make. It is the only code that calls robotgo, and the
// only part of actuate that needs cgo (the planner and the Driver build
// without it). Make it with NewRobot
// and Close it before the X server goes away: robotgo keeps one X connection
// open, and Xlib exits the process if that server vanishes under it.
type Robot struct{}

// NewRobot returns the real pointer on display (":N"; empty means $DISPLAY).
func NewRobot(display string) (*Robot, error) {
	if err := probeDisplay(display); err != nil {
		return nil, fmt.Errorf("mouse: %w", err)
	}
	robotgo.MouseSleep = 0 // the Driver paces drags itself
	if display != "" {
		if err := robotgo.SetXDisplayName(display); err != nil {
			return nil, fmt.Errorf("mouse on display %s: %w", display, err)
		}
	}
	w, h := robotgo.GetScreenSize()
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("mouse: no X screen (display %q): is DISPLAY set and the X server running?", display)
	}
	return &Robot{}, nil
}

func (*Robot) Location() (image.Point, error) {
	x, y := robotgo.Location()
	return image.Pt(x, y), nil
}

func (*Robot) Move(p image.Point) error {
	robotgo.Move(p.X, p.Y)
	return nil
}

func (r *Robot) Press() error   { return r.ButtonDown(1) }
func (r *Robot) Release() error { return r.ButtonUp(1) }

// buttons are robotgo's names of the buttons 1 left, 2 middle, 3 right.
var buttons = [...]string{1: "left", 2: "center", 3: "right"}

// ButtonDown presses button b (1 left, 2 middle, 3 right) where the
// pointer is.
func (*Robot) ButtonDown(b int) error {
	if b < 1 || b >= len(buttons) {
		return fmt.Errorf("mouse: no button %d", b)
	}
	if err := robotgo.Toggle(buttons[b]); err != nil {
		return fmt.Errorf("mouse: press %s: %w", buttons[b], err)
	}
	return nil
}

// ButtonUp releases button b.
func (*Robot) ButtonUp(b int) error {
	if b < 1 || b >= len(buttons) {
		return fmt.Errorf("mouse: no button %d", b)
	}
	if err := robotgo.Toggle(buttons[b], "up"); err != nil {
		return fmt.Errorf("mouse: release %s: %w", buttons[b], err)
	}
	return nil
}

func (*Robot) Screen() (image.Rectangle, error) {
	w, h := robotgo.GetScreenSize()
	if w <= 0 || h <= 0 {
		return image.Rectangle{}, fmt.Errorf("mouse: screen size %d×%d", w, h)
	}
	return image.Rect(0, 0, w, h), nil
}

// Close releases robotgo's X connection.
func (*Robot) Close() error {
	robotgo.CloseMainDisplay()
	return nil
}
