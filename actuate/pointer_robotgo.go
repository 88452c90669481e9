//go:build cgo && !windows

package actuate

import (
	"image"

	"github.com/go-vgo/robotgo"
)

// pointerAt returns where the pointer is (robotgo: XQueryPointer on X11,
// CGEvents on macOS).
func pointerAt() (image.Point, error) {
	x, y := robotgo.Location()
	return image.Pt(x, y), nil
}

// pointerTo puts the pointer at p.
func pointerTo(p image.Point) error {
	robotgo.Move(p.X, p.Y)
	return nil
}

// desktop returns the screen: the X root window (every RandR monitor on
// it), the main display on macOS.
func desktop() image.Rectangle {
	w, h := robotgo.GetScreenSize()
	return image.Rect(0, 0, w, h)
}
