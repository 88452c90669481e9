package main

import (
	"flag"

	"hexiom/capture"
	"hexiom/internal/session"
)

// screenFlags are the flags of every command that looks at the screen:
// how to capture it, and whether the game runs under XWayland.
type screenFlags struct {
	capture  *string
	xwayland *bool
}

func addScreenFlags(fs *flag.FlagSet) screenFlags {
	return screenFlags{
		capture: fs.String("capture", capture.Default, "how to capture the screen: `x11` (X11 only, one connection kept open) or portable (kbinani/screenshot)"),
		xwayland: fs.Bool("xwayland", false, "on a Wayland session, the game runs in a browser under XWayland (e.g. chromium --ozone-platform=x11): "+
			"click and drag there through DISPLAY, and see it with -capture portable (the desktop portal's screenshot)"),
	}
}

// check says whether this session lets the command see the screen (and,
// with mouse, move the pointer or hear clicks), in one line when not.
func (s screenFlags) check(mouse bool) error {
	return session.Check(session.Needs{Mouse: mouse, Capture: *s.capture, XWayland: *s.xwayland})
}

// open checks the session and opens the screen of display ("": $DISPLAY).
func (s screenFlags) open(mouse bool, display string) (capture.Source, error) {
	if err := s.check(mouse); err != nil {
		return nil, err
	}
	return capture.Open(*s.capture, display)
}
