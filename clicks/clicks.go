package clicks

import "fmt"

// Click is a mouse button press, in screen coordinates.
type Click struct {
	Button int // 1 left, 2 middle, 3 right
	X, Y   int
}

// Listener hears button presses on the whole screen.
type Listener interface {
	// Clicks returns the presses, in order; the channel is closed when
	// the listener stops.
	Clicks() <-chan Click
	// Err returns why the listener stopped, if it stopped on an error.
	Err() error
	// Close stops listening and closes the channel.
	Close() error
}

// Ways to hear clicks, as -clicks names them.
const (
	ViaX11      = "x11"      // Record: X RECORD, pure Go (X11 only)
	ViaPortable = "portable" // Hook: gohook (every platform; cgo)
)

// Listen starts listening on display ("" means $DISPLAY; X11 only) the way
// via names ("" means Default).
func Listen(via, display string) (Listener, error) {
	if via == "" {
		via = Default
	}
	switch via {
	case ViaX11:
		return listenX11(display)
	case ViaPortable:
		return listenHook(display)
	}
	return nil, fmt.Errorf("listen for clicks: unknown way %q (want %s or %s)", via, ViaX11, ViaPortable)
}
