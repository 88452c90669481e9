package capture

import (
	"fmt"
	"os"
)

// Ways to capture the screen, as -capture names them.
const (
	ViaX11      = "x11"      // Screen: one X connection kept open (Linux and other X11 systems)
	ViaPortable = "portable" // Portable: kbinani/screenshot (every platform)
)

// Open opens the screen of display ("" means $DISPLAY; X11 only) for
// capture, the way via names ("" means Default).
func Open(via, display string) (Source, error) {
	if via == "" {
		via = Default
	}
	switch via {
	case ViaX11:
		return openX11(display)
	case ViaPortable:
		if display != "" && display != os.Getenv("DISPLAY") {
			return nil, fmt.Errorf("capture: the portable capture reads the display in $DISPLAY (%q), not %q: set DISPLAY instead", os.Getenv("DISPLAY"), display)
		}
		return OpenPortable()
	}
	return nil, fmt.Errorf("capture: unknown way to capture %q (want %s or %s)", via, ViaX11, ViaPortable)
}
