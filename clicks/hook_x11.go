//go:build cgo && gohook && !windows && !darwin

package clicks

import (
	"errors"
	"fmt"
	"os"

	"github.com/jezek/xgb/record"

	"hexiom/internal/xconn"
)

const hookHint = ""

// hookCheck finds at once what would make the hook fail to start on X11
// (libuiohook only logs it): no display, a display not in $DISPLAY, no
// RECORD extension.
func hookCheck(display string) error {
	env := os.Getenv("DISPLAY")
	if display != "" && display != env {
		return fmt.Errorf("it hears the display in $DISPLAY (%q), not %q: set DISPLAY instead", env, display)
	}
	if env == "" {
		return errors.New("no X display: DISPLAY is not set")
	}
	c, err := xconn.Open(env) // with a deadline: libuiohook would wait for ever
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Do("RECORD extension", func() error { return record.Init(c.Conn) }); err != nil {
		if errors.Is(err, xconn.ErrNoAnswer) {
			return err
		}
		return fmt.Errorf("the X server has no RECORD extension: %w", err)
	}
	return nil
}

// hookButton: libuiohook on X11 passes the X button numbers, ours.
func hookButton(b uint16) int { return int(b) }
