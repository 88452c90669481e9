//go:build linux

package desktop

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestPortalLock: while one holder has the portal lock, nobody else can take
// it, and lockPortal waits; once the holder closes it, lockPortal takes it.
func TestPortalLock(t *testing.T) {
	held, err := lockPortal()
	if err != nil {
		t.Fatal(err)
	}
	other, err := os.Open(portalLock)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := syscall.Flock(int(other.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); !errors.Is(err, syscall.EWOULDBLOCK) {
		held.Close()
		t.Fatalf("a second flock while the portal lock is held: %v, want EWOULDBLOCK", err)
	}
	got := make(chan error, 1)
	go func() {
		f, err := lockPortal()
		if err == nil {
			f.Close()
		}
		got <- err
	}()
	select {
	case err := <-got:
		held.Close()
		t.Fatalf("lockPortal returned (%v) while the lock was held", err)
	case <-time.After(300 * time.Millisecond):
		// still waiting, as it must: the lock is held
	}
	held.Close()
	select {
	case err := <-got:
		if err != nil {
			t.Fatalf("lockPortal after the holder closed: %v", err)
		}
	case <-time.After(Patience):
		t.Fatalf("lockPortal still waiting %v after the holder closed", Patience)
	}
}
