package actuate

import (
	"image"
	"sync"
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
