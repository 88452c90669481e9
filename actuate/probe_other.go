//go:build cgo && (windows || darwin)

package actuate

import "errors"

// probeDisplay has nothing to check off X11.
func probeDisplay(string) error { return nil }

// within runs f: the system's input calls off X11 have no display to time
// out on.
func within(_, _ string, f func() error) error { return f() }

// errNoAnswer is never returned off X11.
var errNoAnswer = errors.New("no answer")
