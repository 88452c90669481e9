//go:build windows

// Command winewindow is the game's stand-in on Windows for the Wine test
// (cmd/hexiom's wine_test.go): a borderless window at a given screen point
// showing a PNG (a vision fixture), which prints on stdout every left-button
// press, move while pressed and release it gets, in screen pixels. It is a
// Windows program (pure Go, user32 and gdi32 through syscall) and runs under
// Wine beside hexiom.exe.
//
//	winewindow.exe -image FIXTURE.png -at X,Y
//
// Output, one event a line: "ready X Y W H" once the picture is painted,
// then "down X Y", "move X Y", "up X Y". It runs until killed.
package main
