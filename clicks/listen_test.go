package clicks

import (
	"strings"
	"testing"
)

// Built for every platform (the X11 tests are in clicks_test.go): so the
// Windows test binary links gohook.
func TestListenUnknownWay(t *testing.T) {
	if _, err := Listen("evdev", ""); err == nil || !strings.Contains(err.Error(), "unknown way") {
		t.Errorf("Listen(evdev): %v", err)
	}
	if _, err := Listen(ViaPortable, ":3"); err == nil {
		t.Error("the portable hook took a display that is not $DISPLAY (or, on Windows and macOS, any X display)")
	}
}
