package main

import (
	"fmt"
	"syscall"
	"unsafe"
)

// dpiAware makes the process per-monitor DPI aware, as a browser is: it
// then counts physical pixels and draws at each monitor's scale. (Wine 8
// counts physical pixels whatever the awareness, and refuses
// SetProcessDpiAwarenessContext: SetProcessDPIAware then.)
func dpiAware() {
	if pSetProcessDpiAwarenessContext.Find() == nil {
		const perMonitorAwareV2 = ^uintptr(3) // (HANDLE)-4
		if ok, _, _ := pSetProcessDpiAwarenessContext.Call(perMonitorAwareV2); ok != 0 {
			return
		}
	}
	if pSetProcessDPIAware.Find() == nil {
		pSetProcessDPIAware.Call()
	}
}

// monitorDPI returns the DPI of the monitor at screen point (x, y): 96 at
// 100 %, 144 at 150 % (the LogPixels registry value under Wine).
func monitorDPI(x, y int) uint32 {
	if pMonitorFromPoint.Find() != nil || pGetDpiForMonitor.Find() != nil {
		return 96
	}
	const defaultToNearest = 2
	// POINT by value: x in the low 32 bits, y in the high ones
	pt := uintptr(uint32(int32(x))) | uintptr(uint32(int32(y)))<<32
	mon, _, _ := pMonitorFromPoint.Call(pt, defaultToNearest)
	var dx, dy uint32
	if r, _, _ := pGetDpiForMonitor.Call(mon, 0, uintptr(unsafe.Pointer(&dx)), uintptr(unsafe.Pointer(&dy))); r != 0 || dx == 0 {
		return 96
	}
	return dx
}

// printMetrics prints what the test checks its desktop by, one line each:
// "virtual X Y W H" (GetSystemMetrics' virtual screen), then "monitor X Y
// W H PRIMARY DPI" for each monitor (EnumDisplayMonitors), in physical
// pixels.
func printMetrics() {
	gsm := user32.NewProc("GetSystemMetrics")
	m := func(i uintptr) int32 { v, _, _ := gsm.Call(i); return int32(v) }
	fmt.Printf("virtual %d %d %d %d\n", m(76), m(77), m(78), m(79))
	type rect struct{ l, t, r, b int32 }
	type monitorInfo struct {
		size      uint32
		mon, work rect
		flags     uint32
	}
	info := user32.NewProc("GetMonitorInfoW")
	cb := syscall.NewCallback(func(h, _, _, _ uintptr) uintptr {
		mi := monitorInfo{}
		mi.size = uint32(unsafe.Sizeof(mi))
		info.Call(h, uintptr(unsafe.Pointer(&mi)))
		var dx, dy uint32
		if pGetDpiForMonitor.Find() == nil {
			pGetDpiForMonitor.Call(h, 0, uintptr(unsafe.Pointer(&dx)), uintptr(unsafe.Pointer(&dy)))
		}
		r := mi.mon
		fmt.Printf("monitor %d %d %d %d %d %d\n", r.l, r.t, r.r-r.l, r.b-r.t, mi.flags&1, dx)
		return 1
	})
	user32.NewProc("EnumDisplayMonitors").Call(0, 0, cb, 0)
}
