package session

import (
	"errors"
	"fmt"
	"os"
)

// Needs says what a command is about to use.
type Needs struct {
	Mouse    bool   // moves the pointer or hears clicks
	Capture  string // the way it captures (capture.ViaX11, ViaPortable), "" for none
	XWayland bool   // the user said the game runs under XWayland (-xwayland)
}

// ErrWayland is what every *WaylandError is.
var ErrWayland = errors.New("Wayland session")

// WaylandError is a refusal to run on a Wayland session, with what works.
type WaylandError struct {
	Display string // $DISPLAY: XWayland's, when it runs
}

func (e *WaylandError) Error() string {
	const head = "this is a Wayland session, where no program may read other windows or move the mouse over them; what works: "
	const x11 = "an X11 session (\"on Xorg\" at the login screen)"
	if e.Display == "" {
		return head + x11 + " (XWayland, which would do too, is not running: DISPLAY is not set)"
	}
	return head + "the game in a browser under XWayland (chromium --ozone-platform=x11, or Firefox with MOZ_ENABLE_WAYLAND=0) with -xwayland, or " + x11
}

func (e *WaylandError) Unwrap() error { return ErrWayland }

// Wayland reports whether this is a Wayland session.
func Wayland() bool {
	return os.Getenv("WAYLAND_DISPLAY") != "" || os.Getenv("XDG_SESSION_TYPE") == "wayland"
}

// Check returns nil when a command with these needs can run here, else an
// error whose message says, in one line, what works and what to do. On
// Windows it first makes the process DPI aware.
func Check(n Needs) error {
	if err := prepare(); err != nil {
		return err
	}
	if !unixDesktop || !Wayland() {
		return nil
	}
	display := os.Getenv("DISPLAY")
	if n.XWayland {
		if display == "" {
			return errors.New("-xwayland: XWayland is not running here (DISPLAY is not set); what works: an X11 session (\"on Xorg\" at the login screen)")
		}
		// kbinani/screenshot would take the portal on seeing wayland
		// here; under XWayland the X11 way is the one that sees the game.
		if err := os.Setenv("XDG_SESSION_TYPE", "x11"); err != nil {
			return fmt.Errorf("-xwayland: %w", err)
		}
		return nil
	}
	if !n.Mouse && n.Capture == portable {
		return nil // the desktop portal's screenshot
	}
	return &WaylandError{Display: display}
}

const portable = "portable" // capture.ViaPortable, without importing capture
