//go:build cgo && (windows || darwin || gohook)

package clicks

import (
	"errors"
	"fmt"
	"sync"
	"time"

	hook "github.com/robotn/gohook"
)

// hookBuilt says whether this build has the portable hook.
const hookBuilt = true

// Hook hears presses through gohook's system-wide hook.
//
// gohook keeps its hook in globals, and stopping it is not safe: on X11
// libuiohook's hook_stop goes on using the hook's state while the hook's own
// thread frees it (a crash in about 1 stop in 20 here). So the hook starts
// with the first ListenHook and runs until the process exits; a Hook is one
// listener attached to it, one at a time, and Close detaches it. On X11 the
// X server must outlive the process, or Xlib ends the process when it goes.
type Hook struct {
	c    chan Click
	once sync.Once
}

var hooked struct {
	mu      sync.Mutex
	started bool
	err     error // why the hook stopped by itself
	cur     *Hook // the attached listener, or nil
}

// hookStart is how long the hook may take to report it is running: generous,
// as starting it loads the keyboard map, and the machine may be busy. It
// only delays the error when the hook cannot start (on macOS: no
// Accessibility permission); the usual failures on X11 are found at once by
// hookCheck.
const hookStart = 20 * time.Second

func listenHook(display string) (Listener, error) {
	h, err := ListenHook(display)
	if err != nil {
		return nil, err
	}
	return h, nil
}

// ListenHook attaches a listener to the system-wide hook, starting the hook
// the first time. On X11 it hears the display in $DISPLAY; display, when not
// empty, must be that one.
func ListenHook(display string) (*Hook, error) {
	if err := hookCheck(display); err != nil {
		return nil, fmt.Errorf("listen for clicks (portable hook): %w", err)
	}
	hooked.mu.Lock()
	defer hooked.mu.Unlock()
	if hooked.err != nil {
		return nil, fmt.Errorf("listen for clicks (portable hook): %w", hooked.err)
	}
	if hooked.cur != nil {
		return nil, errors.New("listen for clicks (portable hook): one is already listening in this process")
	}
	if !hooked.started {
		if err := startHook(); err != nil {
			return nil, fmt.Errorf("listen for clicks (portable hook): %w", err)
		}
		hooked.started = true
	}
	h := &Hook{c: make(chan Click, 64)}
	hooked.cur = h
	return h, nil
}

// startHook starts gohook and waits until it runs; callers hold hooked.mu.
func startHook() error {
	ev := hook.Start(10) // poll libuiohook's queue every 10 ms
	timeout := time.NewTimer(hookStart)
	defer timeout.Stop()
	for started := false; !started; {
		select {
		case e := <-ev:
			started = e.Kind == hook.HookEnabled
		case <-timeout.C:
			return fmt.Errorf("the system hook did not start in %v%s", hookStart, hookHint)
		}
	}
	go dispatch(ev)
	return nil
}

// dispatch hands presses to the attached listener for as long as the hook
// runs.
func dispatch(ev <-chan hook.Event) {
	for e := range ev {
		switch e.Kind {
		case hook.MouseDown: // gohook's name for a press
			c := Click{Button: hookButton(e.Button), X: int(e.X), Y: int(e.Y)}
			hooked.mu.Lock()
			if h := hooked.cur; h != nil {
				select {
				case h.c <- c:
				default: // nobody is reading: drop rather than block the hook
				}
			}
			hooked.mu.Unlock()
		case hook.HookDisabled:
			hooked.mu.Lock()
			hooked.err = errors.New("the system hook stopped")
			if h := hooked.cur; h != nil {
				hooked.cur = nil
				close(h.c)
			}
			hooked.mu.Unlock()
		}
	}
}

// Clicks returns the presses; the channel is closed when the listener is
// closed or the hook stops.
func (h *Hook) Clicks() <-chan Click { return h.c }

// Err returns why the hook stopped, if it stopped by itself.
func (h *Hook) Err() error {
	hooked.mu.Lock()
	defer hooked.mu.Unlock()
	return hooked.err
}

// Close detaches the listener (the hook itself runs on, see Hook).
func (h *Hook) Close() error {
	h.once.Do(func() {
		hooked.mu.Lock()
		defer hooked.mu.Unlock()
		if hooked.cur == h {
			hooked.cur = nil
			close(h.c)
		}
	})
	return nil
}
