//go:build windows || darwin

package capture

import (
	"fmt"
	"image"
)

// Monitors returns the rectangles of the active displays, in the virtual
// screen's pixels (on Windows a monitor left of or above the primary has
// negative coordinates). display is for X11 only.
func Monitors(string) ([]image.Rectangle, error) {
	mons, err := displays()
	if err != nil {
		return nil, fmt.Errorf("capture: monitors: %w", err)
	}
	return mons, nil
}
