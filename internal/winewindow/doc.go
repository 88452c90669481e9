//go:build windows

// Command winewindow is the game's stand-in on Windows for the Wine test
// (cmd/hexiom's wine_test.go): a borderless window at a given screen point
// showing a PNG (a vision fixture), which prints on stdout every left-button
// press, move while pressed and release it gets, in screen pixels. It is a
// Windows program (pure Go, user32 and gdi32 through syscall) and runs under
// Wine beside hexiom.exe.
//
//	winewindow.exe -image FIXTURE.png -at X,Y
//	winewindow.exe -metrics
//
// It is per-monitor DPI aware, as a browser is, and draws the picture (the
// page at 100 %) at its monitor's scale: at 144 dpi (150 %) 1.5 times as
// large, in physical pixels. Output, one event a line: "ready X Y W H" once
// the picture is painted, then "down X Y", "move X Y", "up X Y", and "mark"
// for a middle-button release (the test's mark: the window reads its
// events in order, so every event before the mark is printed before it).
// It runs until killed. With -metrics it prints the virtual screen ("virtual X Y W
// H") and each monitor ("monitor X Y W H PRIMARY DPI") and exits.
//
// Files by job: main_windows.go (the window), dpi_windows.go (DPI awareness, the
// monitor's DPI, -metrics).
package main
