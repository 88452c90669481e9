//go:build cgo && windows

package actuate

import (
	"fmt"
	"image"
	"unsafe"

	"golang.org/x/sys/windows"
)

// The pointer on Windows, through user32 rather than robotgo: robotgo's
// Move divides by the foreground window's DPI over 96 and its Location
// multiplies by it, which puts a per-monitor DPI-aware process (as hexiom
// makes itself, internal/session) on the wrong pixel at any display scale
// but 100 % (under Wine at 144 dpi, play's move to (538, 339) put the
// pointer at (358, 226), which robotgo read back as (537, 339): the
// fail-safe stopped play); and its screen size is the primary monitor's
// alone. These count the virtual screen's physical pixels, as the capture
// and the mouse hook do.
var (
	user32               = windows.NewLazySystemDLL("user32.dll")
	procGetCursorPos     = user32.NewProc("GetCursorPos")
	procSetCursorPos     = user32.NewProc("SetCursorPos")
	procGetSystemMetrics = user32.NewProc("GetSystemMetrics")
)

// GetSystemMetrics' indexes of the virtual screen: every monitor's
// bounding rectangle, its origin the primary monitor's top-left corner.
const (
	smXVirtualScreen  = 76
	smYVirtualScreen  = 77
	smCXVirtualScreen = 78
	smCYVirtualScreen = 79
)

func pointerAt() (image.Point, error) {
	var p struct{ X, Y int32 }
	if ok, _, err := procGetCursorPos.Call(uintptr(unsafe.Pointer(&p))); ok == 0 {
		return image.Point{}, fmt.Errorf("GetCursorPos: %w", err)
	}
	return image.Pt(int(p.X), int(p.Y)), nil
}

func pointerTo(p image.Point) error {
	// int32 through uintptr: a negative coordinate keeps its sign in the
	// low 32 bits SetCursorPos reads.
	if ok, _, err := procSetCursorPos.Call(uintptr(int32(p.X)), uintptr(int32(p.Y))); ok == 0 {
		return fmt.Errorf("SetCursorPos(%d, %d): %w", p.X, p.Y, err)
	}
	return nil
}

// desktop returns the virtual screen.
func desktop() image.Rectangle {
	m := func(i uintptr) int {
		v, _, _ := procGetSystemMetrics.Call(i)
		return int(int32(v))
	}
	x, y := m(smXVirtualScreen), m(smYVirtualScreen)
	return image.Rect(x, y, x+m(smCXVirtualScreen), y+m(smCYVirtualScreen))
}
