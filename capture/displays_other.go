//go:build !windows

package capture

import (
	"errors"
	"image"

	"github.com/kbinani/screenshot"
)

// displays returns kbinani/screenshot's displays: on X11 the Xinerama
// screens (or the whole screen), CoreGraphics' displays on macOS, in the
// coordinates its capture takes.
func displays() ([]image.Rectangle, error) {
	var d []image.Rectangle
	for i := 0; i < screenshot.NumActiveDisplays(); i++ {
		d = append(d, screenshot.GetDisplayBounds(i))
	}
	if len(d) == 0 {
		return nil, errors.New("no display found (on X11: is DISPLAY set and the X server running?)")
	}
	return d, nil
}
