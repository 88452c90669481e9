//go:build windows

package capture

import (
	"errors"
	"fmt"
	"image"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"
)

// The monitors on Windows come from EnumDisplayMonitors and GetMonitorInfo
// (rcMonitor), not from kbinani/screenshot's GetDisplayBounds: that one asks
// EnumDisplaySettings for each monitor's mode, which Wine 8 answers with an
// empty rectangle for a monitor besides the primary (measured: the monitor
// left of the primary came back as (0,0)-(0,0), and the capture's screen
// left it out). In a per-monitor DPI-aware process (internal/session
// makes hexiom one) rcMonitor is in physical pixels, on the virtual screen:
// a monitor left of or above the primary has negative coordinates.
var (
	user32                  = windows.NewLazySystemDLL("user32.dll")
	procEnumDisplayMonitors = user32.NewProc("EnumDisplayMonitors")
	procGetMonitorInfoW     = user32.NewProc("GetMonitorInfoW")

	enumMu   sync.Mutex
	enumGot  []image.Rectangle
	enumErr  error
	enumProc = windows.NewCallback(enumMonitor) // once: callbacks are never freed
)

type rect struct{ Left, Top, Right, Bottom int32 }

type monitorInfo struct {
	Size          uint32
	Monitor, Work rect
	Flags         uint32
}

// enumMonitor is EnumDisplayMonitors' callback: it adds the monitor's
// rectangle to enumGot.
func enumMonitor(mon, _, _, _ uintptr) uintptr {
	mi := monitorInfo{}
	mi.Size = uint32(unsafe.Sizeof(mi))
	if ok, _, err := procGetMonitorInfoW.Call(mon, uintptr(unsafe.Pointer(&mi))); ok == 0 {
		enumErr = fmt.Errorf("GetMonitorInfo: %w", err)
		return 0
	}
	r := mi.Monitor
	enumGot = append(enumGot, image.Rect(int(r.Left), int(r.Top), int(r.Right), int(r.Bottom)))
	return 1
}

// displays returns every monitor's rectangle in the virtual screen's
// physical pixels.
func displays() ([]image.Rectangle, error) {
	enumMu.Lock()
	defer enumMu.Unlock()
	enumGot, enumErr = nil, nil
	ok, _, err := procEnumDisplayMonitors.Call(0, 0, enumProc, 0)
	if enumErr != nil {
		return nil, fmt.Errorf("monitors: %w", enumErr)
	}
	if ok == 0 {
		return nil, fmt.Errorf("monitors: EnumDisplayMonitors: %w", err)
	}
	if len(enumGot) == 0 {
		return nil, errors.New("monitors: no monitor")
	}
	return enumGot, nil
}
