//go:build linux

package xconn_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb/xproto"

	"hexiom/internal/tier"
	"hexiom/internal/xconn"
	"hexiom/internal/xconn/xconntest"
)

// A display that stops answering after the connection was made (Xvfb under
// SIGSTOP): a request gives up within Timeout plus the grace with an error
// naming the display; after that the connection, and any other call on the
// display, fail at once; Close does not hang; and a display that answers
// again (thawed, and opened anew) is used again.
func TestFrozenDisplay(t *testing.T) {
	tier.Heavy(t, tier.Xvfb)
	x := xconntest.Frozen(t, 320, 200)
	c, err := xconn.Open(x.Display)
	if err != nil {
		t.Fatal(err)
	}
	focus := func() error {
		return c.Do("get input focus", func() error {
			_, err := xproto.GetInputFocus(c.Conn).Reply()
			return err
		})
	}
	if err := focus(); err != nil {
		t.Fatal(err)
	}
	if err := x.Freeze(); err != nil {
		t.Fatal(err)
	}
	xconntest.GivesUp(t, x.Display, "a request", focus)
	xconntest.GivesUp(t, x.Display, "the next request", focus)
	start := time.Now()
	called := false
	err = xconn.Within(x.Display, "another library's call", func() error { called = true; return nil })
	if called || !errors.Is(err, xconn.ErrNoAnswer) || time.Since(start) > time.Second {
		t.Errorf("a call on the display that stopped answering: called %v, %v after %v", called, err, time.Since(start))
	}
	closed := make(chan struct{})
	go func() { c.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(xconntest.Grace):
		t.Fatalf("Close of the connection to the frozen display: still waiting after %v", xconntest.Grace)
	}
	if err := x.Thaw(); err != nil {
		t.Fatal(err)
	}
	c2, err := xconn.Open(x.Display)
	if err != nil {
		t.Fatalf("the display thawed: %v", err)
	}
	defer c2.Close()
	if err := xconn.Within(x.Display, "a call", func() error { return nil }); err != nil {
		t.Errorf("a call on the display answering again: %v", err)
	}
}

// Within gives up on a call that does not return, naming the display.
func TestWithin(t *testing.T) {
	old := xconn.Timeout
	xconn.Timeout = 100 * time.Millisecond
	defer func() { xconn.Timeout = old }()
	stuck := make(chan struct{})
	defer close(stuck)
	err := xconn.Within("127.0.0.1:4321", "a stuck call", func() error { <-stuck; return nil })
	if !errors.Is(err, xconn.ErrNoAnswer) || !contains(err, "127.0.0.1:4321") || !contains(err, "a stuck call") {
		t.Errorf("%v", err)
	}
	// a call that returns, with the real deadline: 100 ms could pass
	// before a busy machine runs it
	xconn.Timeout = old
	boom := errors.New("boom")
	if err := xconn.Within(":4322", "a call", func() error { return boom }); err != boom {
		t.Errorf("a call's own error: %v", err)
	}
}

func contains(err error, s string) bool { return err != nil && strings.Contains(err.Error(), s) }
