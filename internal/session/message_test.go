package session

import (
	"errors"
	"strings"
	"testing"
)

// The refusal is one line that names what works, on every platform.
func TestWaylandErrorIsOneLine(t *testing.T) {
	for _, e := range []*WaylandError{{}, {Display: ":0"}} {
		msg := e.Error()
		if strings.Contains(msg, "\n") || !strings.Contains(msg, "X11 session") || !errors.Is(e, ErrWayland) {
			t.Errorf("%+v: %q", e, msg)
		}
	}
	if msg := (&WaylandError{Display: ":0"}).Error(); !strings.Contains(msg, "-xwayland") {
		t.Errorf("with XWayland running, the message does not say -xwayland: %q", msg)
	}
	if err := Check(Needs{}); err != nil && !errors.Is(err, ErrWayland) {
		t.Errorf("Check: %v", err)
	}
}
