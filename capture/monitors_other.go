//go:build windows || darwin

package capture

import (
	"errors"
	"image"

	"github.com/kbinani/screenshot"
)

// Monitors returns the rectangles of the active displays, in the virtual
// screen's pixels (on Windows a monitor left of or above the primary has
// negative coordinates). display is for X11 only.
func Monitors(string) ([]image.Rectangle, error) {
	var mons []image.Rectangle
	for i := 0; i < screenshot.NumActiveDisplays(); i++ {
		mons = append(mons, screenshot.GetDisplayBounds(i))
	}
	if len(mons) == 0 {
		return nil, errors.New("capture: monitors: no active display")
	}
	return mons, nil
}
