//go:build linux

package xconntest

import (
	"errors"
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

// FreezeTimeout is xconn.Timeout while a test freezes a real display
// (Frozen): long enough for a busy machine's Xvfb to answer what comes
// before the freeze, short enough for a quick test.
const FreezeTimeout = 3 * time.Second

// Grace is how long after xconn.Timeout a call on a frozen display may
// take to give up: the bound ("within its deadline plus 5 s").
const Grace = 5 * time.Second

// Frozen starts Xvfb (w×h) for the test and sets xconn.Timeout to
// FreezeTimeout meanwhile; the test connects, then freezes it with
// x.Freeze() (SIGSTOP: the server keeps its connections and answers
// nothing). The server is thawed and stopped at the end of the test.
func Frozen(t *testing.T, w, h int) *desktop.X {
	t.Helper()
	x, err := desktop.StartX(w, h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	old := xconn.Timeout
	xconn.Timeout = FreezeTimeout
	t.Cleanup(func() { xconn.Timeout = old })
	return x
}

// GivesUp fails t unless call returns, within xconn.Timeout + Grace, an
// error naming display that wraps xconn.ErrNoAnswer; it returns the error.
func GivesUp(t *testing.T, display, what string, call func() error) error {
	t.Helper()
	start := time.Now()
	done := make(chan error, 1)
	go func() { done <- call() }()
	limit := xconn.Timeout + Grace
	select {
	case err := <-done:
		took := time.Since(start)
		if err == nil || !strings.Contains(err.Error(), display) || !errors.Is(err, xconn.ErrNoAnswer) {
			t.Errorf("%s on a frozen display: %v; want an error naming %s (xconn.ErrNoAnswer)", what, err, display)
		}
		if took > limit {
			t.Errorf("%s on a frozen display gave up after %v, over %v", what, took.Round(time.Millisecond), limit)
		}
		return err
	case <-time.After(Hang):
		t.Fatalf("%s on a frozen display: still waiting after %v", what, Hang)
		return nil
	}
}
