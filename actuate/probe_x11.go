//go:build cgo && !windows && !darwin

package actuate

import "hexiom/internal/xconn"

// probeDisplay checks that the X display answers: Xlib's XOpenDisplay,
// under robotgo, waits for ever on one that accepts and never answers.
func probeDisplay(display string) error { return xconn.Probe(display) }

// within runs f, robotgo calls on display, within xconn.Timeout.
func within(display, what string, f func() error) error {
	return xconn.Within(display, what, f)
}

// errNoAnswer is what within's error wraps on a timeout.
var errNoAnswer = xconn.ErrNoAnswer
