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
	const head = "this is a Wayland session, where no program may read other windows or move the mouse over them unasked; what works: "
	const x11 = "an X11 session (\"on Xorg\" at the login screen)"
	if e.Display == "" {
		return head + x11 + " (XWayland, which would do too, is not running: DISPLAY is not set)"
	}
	return head + "hexiom read -capture portable (the desktop portal's screenshot); to calibrate and play, the game in a browser under XWayland " +
		"(chromium --ozone-platform=x11, or Firefox with MOZ_ENABLE_WAYLAND=0) with -xwayland -capture portable, or " + x11
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
	if n.XWayland && display == "" {
		return errors.New("-xwayland: XWayland is not running here (DISPLAY is not set); what works: an X11 session (\"on Xorg\" at the login screen)")
	}
	if n.XWayland && n.Capture != "" && n.Capture != portable {
		// XWayland is rootless: its root window holds no picture of the
		// windows on it, and an X11 capture of it fails (BadMatch).
		return errors.New("-xwayland: an X11 capture sees no window on XWayland (it draws none on its root window); add -capture portable, the desktop portal's screenshot")
	}
	if (n.XWayland || !n.Mouse) && n.Capture == portable {
		// kbinani/screenshot asks the portal only when it sees
		// XDG_SESSION_TYPE=wayland (a session found by WAYLAND_DISPLAY
		// alone would send it to XWayland's empty root window).
		if err := os.Setenv("XDG_SESSION_TYPE", "wayland"); err != nil {
			return fmt.Errorf("capture through the desktop portal: %w", err)
		}
		return nil
	}
	if n.XWayland {
		return nil // the mouse alone, on XWayland
	}
	return &WaylandError{Display: display}
}

const portable = "portable" // capture.ViaPortable, without importing capture
