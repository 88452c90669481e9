//go:build cgo && !windows && !darwin

package actuate

import "hexiom/internal/xconn"

// probeDisplay checks that the X display answers: Xlib's XOpenDisplay,
// under robotgo, waits for ever on one that accepts and never answers.
func probeDisplay(display string) error { return xconn.Probe(display) }
