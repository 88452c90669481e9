package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"runtime"
	"syscall"
	"unsafe"

	"golang.org/x/image/draw"
)

var (
	user32 = syscall.NewLazyDLL("user32.dll")
	gdi32  = syscall.NewLazyDLL("gdi32.dll")
	shcore = syscall.NewLazyDLL("shcore.dll")

	pRegisterClassExW  = user32.NewProc("RegisterClassExW")
	pCreateWindowExW   = user32.NewProc("CreateWindowExW")
	pDefWindowProcW    = user32.NewProc("DefWindowProcW")
	pGetMessageW       = user32.NewProc("GetMessageW")
	pTranslateMessage  = user32.NewProc("TranslateMessage")
	pDispatchMessageW  = user32.NewProc("DispatchMessageW")
	pBeginPaint        = user32.NewProc("BeginPaint")
	pEndPaint          = user32.NewProc("EndPaint")
	pClientToScreen    = user32.NewProc("ClientToScreen")
	pSetCapture        = user32.NewProc("SetCapture")
	pReleaseCapture    = user32.NewProc("ReleaseCapture")
	pLoadCursorW       = user32.NewProc("LoadCursorW")
	pSetDIBitsToDevice = gdi32.NewProc("SetDIBitsToDevice")

	pSetProcessDpiAwarenessContext = user32.NewProc("SetProcessDpiAwarenessContext")
	pSetProcessDPIAware            = user32.NewProc("SetProcessDPIAware")
	pMonitorFromPoint              = user32.NewProc("MonitorFromPoint")
	pGetDpiForMonitor              = shcore.NewProc("GetDpiForMonitor")
)

const (
	wsPopup       = 0x80000000
	wsVisible     = 0x10000000
	wsExTopmost   = 0x00000008
	wsExNoActive  = 0x08000000
	wmPaint       = 0x000F
	wmMouseMove   = 0x0200
	wmLButtonDown = 0x0201
	wmLButtonUp   = 0x0202
	wmMButtonUp   = 0x0208
	idcArrow      = 32512
)

type wndClassEx struct {
	size, style                      uint32
	wndProc                          uintptr
	clsExtra, wndExtra               int32
	instance, icon, cursor, bg, menu uintptr
	className                        *uint16
	iconSm                           uintptr
}

type msg struct {
	hwnd            uintptr
	message         uint32
	wParam, lParam  uintptr
	time            uint32
	ptX, ptY, extra int32
}

type paintStruct struct {
	hdc         uintptr
	erase       int32
	l, t, r, b  int32
	restore     int32
	incUpdate   int32
	rgbReserved [32]byte
}

type bitmapInfoHeader struct {
	size                   uint32
	width, height          int32
	planes, bitCount       uint16
	compression, sizeImage uint32
	xPels, yPels           int32
	clrUsed, clrImportant  uint32
}

type point struct{ x, y int32 }

var (
	pixels  []byte // BGRA, top-down
	w, h    int
	painted bool
	down    bool
)

func main() {
	imgPath := flag.String("image", "", "the `PNG` to show")
	at := flag.String("at", "0,0", "screen point `X,Y` of the window's top-left corner")
	metrics := flag.Bool("metrics", false, "print the virtual screen, the monitors and their DPI, and exit")
	flag.Parse()
	dpiAware()
	if *metrics {
		printMetrics()
		return
	}
	var x, y int
	if _, err := fmt.Sscanf(*at, "%d,%d", &x, &y); err != nil || *imgPath == "" {
		fmt.Fprintln(os.Stderr, "usage: winewindow -image PNG -at X,Y | winewindow -metrics")
		os.Exit(2)
	}
	if err := run(*imgPath, x, y); err != nil {
		fmt.Fprintln(os.Stderr, "winewindow:", err)
		os.Exit(1)
	}
}

func run(path string, x, y int) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	src, err := png.Decode(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	// A DPI-aware program draws at its monitor's scale: the picture is
	// the page at 100 %, drawn dpi/96 times as large (Catmull-Rom).
	dpi := monitorDPI(x, y)
	b := src.Bounds()
	w, h = b.Dx()*int(dpi)/96, b.Dy()*int(dpi)/96
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	if w == b.Dx() && h == b.Dy() {
		draw.Draw(rgba, rgba.Rect, src, b.Min, draw.Src)
	} else {
		draw.CatmullRom.Scale(rgba, rgba.Rect, src, b, draw.Src, nil)
	}
	pixels = make([]byte, len(rgba.Pix))
	for i := 0; i < len(pixels); i += 4 {
		pixels[i], pixels[i+1], pixels[i+2], pixels[i+3] = rgba.Pix[i+2], rgba.Pix[i+1], rgba.Pix[i], 255
	}

	runtime.LockOSThread() // a window's messages come to the thread that made it
	name, _ := syscall.UTF16PtrFromString("hexiomWineWindow")
	cursor, _, _ := pLoadCursorW.Call(0, idcArrow)
	wc := wndClassEx{wndProc: syscall.NewCallback(wndProc), className: name, cursor: cursor}
	wc.size = uint32(unsafe.Sizeof(wc))
	if r, _, err := pRegisterClassExW.Call(uintptr(unsafe.Pointer(&wc))); r == 0 {
		return fmt.Errorf("RegisterClassExW: %w", err)
	}
	hwnd, _, err := pCreateWindowExW.Call(wsExTopmost|wsExNoActive, uintptr(unsafe.Pointer(name)), uintptr(unsafe.Pointer(name)),
		wsPopup|wsVisible, uintptr(x), uintptr(y), uintptr(w), uintptr(h), 0, 0, 0, 0)
	if hwnd == 0 {
		return fmt.Errorf("CreateWindowExW: %w", err)
	}
	var m msg
	for {
		r, _, _ := pGetMessageW.Call(uintptr(unsafe.Pointer(&m)), 0, 0, 0)
		if int32(r) <= 0 {
			return nil
		}
		pTranslateMessage.Call(uintptr(unsafe.Pointer(&m)))
		pDispatchMessageW.Call(uintptr(unsafe.Pointer(&m)))
	}
}

func wndProc(hwnd uintptr, message uint32, wParam, lParam uintptr) uintptr {
	switch message {
	case wmPaint:
		var ps paintStruct
		hdc, _, _ := pBeginPaint.Call(hwnd, uintptr(unsafe.Pointer(&ps)))
		bi := bitmapInfoHeader{width: int32(w), height: -int32(h), planes: 1, bitCount: 32}
		bi.size = uint32(unsafe.Sizeof(bi))
		pSetDIBitsToDevice.Call(hdc, 0, 0, uintptr(w), uintptr(h), 0, 0, 0, uintptr(h),
			uintptr(unsafe.Pointer(&pixels[0])), uintptr(unsafe.Pointer(&bi)), 0)
		pEndPaint.Call(hwnd, uintptr(unsafe.Pointer(&ps)))
		if !painted {
			painted = true
			p := screen(hwnd, 0)
			fmt.Printf("ready %d %d %d %d\n", p.x, p.y, w, h)
		}
		return 0
	case wmLButtonDown:
		down = true
		pSetCapture.Call(hwnd)
		p := screen(hwnd, lParam)
		fmt.Printf("down %d %d\n", p.x, p.y)
		return 0
	case wmMouseMove:
		if down {
			p := screen(hwnd, lParam)
			fmt.Printf("move %d %d\n", p.x, p.y)
		}
		return 0
	case wmMButtonUp:
		// the test's mark: every event before it is printed by now
		fmt.Println("mark")
		return 0
	case wmLButtonUp:
		down = false
		pReleaseCapture.Call()
		p := screen(hwnd, lParam)
		fmt.Printf("up %d %d\n", p.x, p.y)
		return 0
	}
	r, _, _ := pDefWindowProcW.Call(hwnd, uintptr(message), wParam, lParam)
	return r
}

// screen turns a mouse message's client point (lParam: x low, y high, both
// signed 16-bit) into screen pixels.
func screen(hwnd, lParam uintptr) point {
	p := point{int32(int16(lParam & 0xffff)), int32(int16(lParam >> 16 & 0xffff))}
	pClientToScreen.Call(hwnd, uintptr(unsafe.Pointer(&p)))
	return p
}
