//go:build linux

package clicks

import (
	"strings"
	"testing"
	"time"

	"hexiom/internal/desktop"
	"hexiom/internal/xconn"
)

// A display that accepts and never answers gives an error naming it, not a
// hang.
func TestSilentDisplay(t *testing.T) {
	s, err := desktop.StartSilentDisplay()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	old := xconn.Timeout
	xconn.Timeout = time.Second // the server never answers: any timeout shows it
	defer func() { xconn.Timeout = old }()
	done := make(chan error, 1)
	go func() {
		done <- func() error {
			l, err := ListenRecord(s.Display)
			if err == nil {
				l.Close()
			}
			return err
		}()
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), s.Display) {
			t.Fatalf("%v; want an error naming %s", err, s.Display)
		}
	case <-time.After(60 * time.Second): // far beyond the timeout: a hang
		t.Fatal("still waiting after 60 s")
	}
}
