package main

import (
	"flag"
	"fmt"
	"io"

	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/internal/cli"
	"hexiom/internal/session"
	"hexiom/vision"
)

// What the commands that look at the screen share: the flags that say how
// to capture it, and the one loader of the calibration and the template set
// (each found by its package's one rule, and named on stderr).

// screenFlags are the flags of every command that looks at the screen:
// how to capture it, and whether the game runs under XWayland.
type screenFlags struct {
	capture  *string
	xwayland *bool
}

func addScreenFlags(fs *flag.FlagSet) screenFlags {
	return screenFlags{
		capture: cli.Choice(fs, "capture", capture.Default, "how to capture the screen: `x11` (X11 only, one connection kept open) or portable (kbinani/screenshot)", capture.ViaX11, capture.ViaPortable),
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

// loadArea finds the calibration by the one rule (calibration.Open: the
// -calibration file, else the saved one) and says on stderr which it uses.
func loadArea(path, cmd string, stderr io.Writer) (calibration.Area, error) {
	a, line, err := calibration.Open(path)
	if err != nil {
		return a, err
	}
	fmt.Fprintf(stderr, "hexiom %s: %s\n", cmd, line)
	return a, nil
}

// loadTemplates finds the template set by the one rule (vision.OpenTemplates:
// the -templates file or "builtin", else the learnt set, else the built-in
// one) and says on w which it uses.
func loadTemplates(path, cmd string, w io.Writer) (*vision.Templates, error) {
	t, line, err := vision.OpenTemplates(path)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "hexiom %s: %s\n", cmd, line)
	return t, nil
}

// loadBoth loads the calibration and the template set of a command that
// reads the screen, each by its one rule.
func loadBoth(calPath, tplPath, cmd string, stderr io.Writer) (calibration.Area, *vision.Templates, error) {
	area, err := loadArea(calPath, cmd, stderr)
	if err != nil {
		return area, nil, err
	}
	tpl, err := loadTemplates(tplPath, cmd, stderr)
	return area, tpl, err
}

// templatesFlag declares the -templates flag every command shares.
func templatesFlag(fs *flag.FlagSet) *string {
	return fs.String("templates", "", "template set `FILE` from 'hexiom learn', or \"builtin\" (default: the set hexiom learn saved, else the built-in one)")
}

// calibrationFlag declares the -calibration flag every command shares.
func calibrationFlag(fs *flag.FlagSet) *string {
	return fs.String("calibration", "", "calibration `FILE` (default: the one 'hexiom calibrate' saved)")
}
