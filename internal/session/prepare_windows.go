//go:build windows

package session

import (
	"sync"

	"golang.org/x/sys/windows"
)

const unixDesktop = false

var dpiOnce sync.Once

// prepare makes the process per-monitor DPI aware (version 2, Windows 10
// 1703 and later; else the system-wide awareness of Vista and later), before
// any window, capture or mouse call: a process that is not is shown a
// scaled, virtual screen at any display scale other than 100 %, where
// SetCursorPos, BitBlt and the mouse hook disagree by the scale. (Wine 8
// refuses the first and takes the second, and counts physical pixels
// either way: docs/windows.md.)
func prepare() error {
	dpiOnce.Do(func() {
		user32 := windows.NewLazySystemDLL("user32.dll")
		if p := user32.NewProc("SetProcessDpiAwarenessContext"); p.Find() == nil {
			const perMonitorAwareV2 = ^uintptr(3) // DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2 = (HANDLE)-4
			if ok, _, _ := p.Call(perMonitorAwareV2); ok != 0 {
				return
			}
		}
		if p := user32.NewProc("SetProcessDPIAware"); p.Find() == nil {
			p.Call()
		}
	})
	return nil
}
