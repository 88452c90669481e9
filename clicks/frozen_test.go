//go:build linux

package clicks

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"hexiom/internal/tier"
	"hexiom/internal/xconn"
	"hexiom/internal/xconn/xconntest"
)

// A display that stops answering while the listener listens (Xvfb under
// SIGSTOP): Close, whose requests disable the RECORD context, gives up
// within xconn.Timeout plus the grace instead of waiting for ever.
func TestFrozenDisplay(t *testing.T) {
	tier.Heavy(t, tier.Xvfb)
	x := xconntest.Frozen(t, 320, 200)
	l, err := ListenRecord(x.Display)
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Freeze(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	closed := make(chan struct{})
	go func() { l.Close(); close(closed) }()
	select {
	case <-closed:
		if took, limit := time.Since(start), xconn.Timeout+xconntest.Grace; took > limit {
			t.Errorf("Close on the frozen display took %v, over %v", took, limit)
		}
	case <-time.After(xconntest.Hang):
		t.Fatalf("Close on the frozen display: still waiting after %v", xconntest.Hang)
	}
}

// A display that stops answering while the listener waits for clicks ends
// the listening: the channel is closed and Err names the display, within
// watchEvery plus xconn.Timeout plus the grace (a frozen display is not a
// user who does not click).
func TestFrozenDisplayWhileListening(t *testing.T) {
	tier.Heavy(t, tier.Xvfb)
	x := xconntest.Frozen(t, 320, 200)
	l, err := ListenRecord(x.Display)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := x.Freeze(); err != nil {
		t.Fatal(err)
	}
	xconntest.GivesUp(t, x.Display, "listening", func() error {
		select {
		case c, ok := <-l.Clicks():
			if ok {
				return fmt.Errorf("a click from a frozen display: %+v", c)
			}
			return l.Err()
		case <-time.After(watchEvery + xconn.Timeout + xconntest.Grace):
			return errors.New("still listening")
		}
	})
}
