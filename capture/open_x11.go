//go:build !windows && !darwin

package capture

import (
	"fmt"
	"os"

	"hexiom/internal/xconn"
)

// Default is the way to capture on this platform: the X11 fast path.
const Default = ViaX11

func openX11(display string) (Source, error) {
	s, err := OpenScreen(display)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// portableWithin runs f, a call of kbinani/screenshot's (which connects to
// the X display afresh, with no deadline), within xconn.Timeout; on a
// Wayland session the portal has no deadline of ours.
func portableWithin(what string, f func() error) error {
	if os.Getenv("XDG_SESSION_TYPE") == "wayland" {
		return f()
	}
	return xconn.Within("", what, f)
}

// probePortable checks that the X display answers before kbinani/screenshot
// connects to it (with no deadline); a Wayland session goes to the portal.
func probePortable() error {
	if os.Getenv("XDG_SESSION_TYPE") == "wayland" {
		return nil
	}
	if err := xconn.Probe(""); err != nil {
		return fmt.Errorf("capture: %w", err)
	}
	return nil
}
