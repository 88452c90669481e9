package actuate

import (
	"fmt"
	"image"
	"sync"

	"github.com/go-vgo/robotgo"
)

// Mouse is the pointer the Driver drags with: Robot, the real one, or
// Recorder for tests.
type Mouse interface {
	// Location returns where the pointer is, in screen pixels.
	Location() (image.Point, error)
	// Move puts the pointer at p, in one jump.
	Move(p image.Point) error
	// Press and Release the left button where the pointer is.
	Press() error
	Release() error
	// Screen returns the screen's rectangle.
	Screen() (image.Rectangle, error)
}

// Robot is the real pointer, moved with robotgo on the X display named by
// DISPLAY (XTest events, as a user's mouse would make). Make it with NewRobot
// and Close it before the X server goes away: robotgo keeps one X connection
// open, and Xlib exits the process if that server vanishes under it.
type Robot struct{}

// NewRobot returns the real pointer on display (":N"; empty means $DISPLAY).
func NewRobot(display string) (*Robot, error) {
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

func (*Robot) Press() error {
	if err := robotgo.Toggle("left"); err != nil {
		return fmt.Errorf("mouse: press: %w", err)
	}
	return nil
}

func (*Robot) Release() error {
	if err := robotgo.Toggle("left", "up"); err != nil {
		return fmt.Errorf("mouse: release: %w", err)
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

// Event is one thing a Recorder was asked to do.
type Event struct {
	Kind string // "move", "press" or "release"
	At   image.Point
}

// Recorder is a Mouse that records what it is asked to do, for tests. Its
// pointer starts at Start; OnEvent, when set, runs after each event (a test
// can take the mouse there with SetLocation).
type Recorder struct {
	mu      sync.Mutex
	Bounds  image.Rectangle
	at      image.Point
	events  []Event
	OnEvent func(n int, e Event)
}

// NewRecorder returns a recorder on a screen of the given bounds with the
// pointer at start.
func NewRecorder(bounds image.Rectangle, start image.Point) *Recorder {
	return &Recorder{Bounds: bounds, at: start}
}

func (r *Recorder) Location() (image.Point, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.at, nil
}

// SetLocation moves the pointer as a user would, without recording it.
func (r *Recorder) SetLocation(p image.Point) {
	r.mu.Lock()
	r.at = p
	r.mu.Unlock()
}

func (r *Recorder) record(kind string, p image.Point) {
	r.mu.Lock()
	r.at = p
	r.events = append(r.events, Event{kind, p})
	n, e, hook := len(r.events), r.events[len(r.events)-1], r.OnEvent
	r.mu.Unlock()
	if hook != nil {
		hook(n, e)
	}
}

func (r *Recorder) Move(p image.Point) error { r.record("move", p); return nil }

func (r *Recorder) Press() error {
	p, _ := r.Location()
	r.record("press", p)
	return nil
}

func (r *Recorder) Release() error {
	p, _ := r.Location()
	r.record("release", p)
	return nil
}

func (r *Recorder) Screen() (image.Rectangle, error) { return r.Bounds, nil }

// Events returns a copy of what was recorded.
func (r *Recorder) Events() []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Event(nil), r.events...)
}
