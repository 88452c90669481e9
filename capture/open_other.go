//go:build windows || darwin

package capture

import (
	"fmt"
	"runtime"
)

// Default is the way to capture on this platform: kbinani/screenshot.
const Default = ViaPortable

func openX11(string) (Source, error) {
	return nil, fmt.Errorf("capture: there is no X11 on %s; use -capture %s", runtime.GOOS, ViaPortable)
}

// portableWithin runs f: off X11 the system's capture has no display to
// time out on.
func portableWithin(_ string, f func() error) error { return f() }

// probePortable has nothing to check off X11.
func probePortable() error { return nil }
