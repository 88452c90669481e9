//go:build linux

package xconntest

import (
	"strings"
	"testing"
	"time"

	"hexiom/internal/desktop"
	"hexiom/internal/xconn"
)

// Timeout is xconn.Timeout while a test uses a silent display: the server
// never answers, so any timeout shows it, and a short one keeps the tests
// that try several commands on it quick (an error naming the display comes
// from the dial as well as from the setup, however busy the machine).
const Timeout = 200 * time.Millisecond

// Silent starts a display that accepts and never answers for the test and
// sets xconn.Timeout to Timeout meanwhile; it returns the display's name.
func Silent(t *testing.T) string {
	t.Helper()
	s, err := desktop.StartSilentDisplay()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	old := xconn.Timeout
	xconn.Timeout = Timeout
	t.Cleanup(func() { xconn.Timeout = old })
	return s.Display
}

// Hang is how long Refuses waits for open to give up: far beyond the
// timeout, so that only a hang reaches it.
const Hang = 60 * time.Second

// Refuses fails t unless open(display) returns an error naming display
// within Hang.
func Refuses(t *testing.T, display string, open func(display string) error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- open(display) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), display) {
			t.Errorf("%v; want an error naming %s", err, display)
		}
	case <-time.After(Hang):
		t.Fatalf("still waiting after %v", Hang)
	}
}
