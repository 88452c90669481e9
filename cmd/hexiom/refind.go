package main

import (
	"errors"
	"fmt"
	"image"
	"io"

	"hexiom/actuate"
	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/play"
	"hexiom/vision"
)

// What play and read do when the board is not in the calibrated area: look
// for it on the whole screen (play.Screen.Refind), and keep the area found,
// said in one line and saved over the calibration, atomically.

// keepRefound saves now (found again, where old was) to the calibration
// file calPath names (calibration.Where) and says so on stderr in one line.
// A save that fails is said, and the area is used all the same.
func keepRefound(cmd, calPath string, old, now calibration.Area, stderr io.Writer) {
	saved := now
	saved.Screen = image.Rectangle{}
	what := "calibration updated"
	path, err := calibration.Where(calPath)
	if err == nil {
		err = calibration.SaveFile(path, saved)
	}
	if err != nil {
		what = fmt.Sprintf("calibration not saved (%v)", err)
	} else {
		what += " (" + path + ")"
	}
	fmt.Fprintf(stderr, "hexiom %s: %s; %s: %v\n", cmd, calibration.Moved(old, now), what, saved)
}

// playRefound is play's Config.Refound: it keeps the area found and
// returns the mouse driver newDriver makes for it (none with a nil
// newDriver: a dry run).
func playRefound(calPath string, newDriver func(calibration.Area) (*actuate.Driver, error), stderr io.Writer) play.Refound {
	return func(old, now calibration.Area) (*actuate.Driver, error) {
		keepRefound("play", calPath, old, now, stderr)
		if newDriver == nil {
			return nil, nil
		}
		return newDriver(now)
	}
}

// findElsewhere looks for the board on the whole screen scr for command
// cmd when it is not in the calibrated area (why): the area found, kept;
// or, when none holds, why, with the finder's reason and what to do, a
// line each.
func findElsewhere(cmd string, scr capture.Source, area calibration.Area, tpl *vision.Templates, calPath string, why error, stderr io.Writer) (calibration.Area, error) {
	eyes := &play.Screen{Source: scr, Area: area, Templates: tpl}
	old, now, err := eyes.Refind()
	if err != nil {
		return area, errors.Join(why, fmt.Errorf("%w: %v", play.ErrNotFound, err), errors.New(play.FoundHint))
	}
	keepRefound(cmd, calPath, old, now, stderr)
	return now, nil
}

// readElsewhere is read's findElsewhere (its refusal was readErr): the
// area found and its picture at rest.
func readElsewhere(scr capture.Source, area calibration.Area, tpl *vision.Templates, calPath string, readErr error, stderr io.Writer) (calibration.Area, *image.RGBA, error) {
	now, err := findElsewhere("read", scr, area, tpl, calPath, readErr, stderr)
	if err != nil {
		return area, nil, err
	}
	img, err := grabStill(scr, now.Rect())
	return now, img, err
}
