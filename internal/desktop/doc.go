//go:build linux

// Package desktop starts the real parts the bot meets on a user's desktop, for
// end-to-end tests and the demo: an X server (Xvfb) on a free display, a
// headless Wayland desktop with the desktop portal (StartWayland: sway,
// XWayland, xdg-desktop-portal), Debian's Chromium in app mode at a given
// window rectangle, and an HTTP handler served on loopback. Everything it starts is killed with its parent (Pdeathsig) and
// stopped cleanly by Close.
//
// It never skips: when Xvfb or Chromium is missing, Start* returns an error
// saying which package to install, and tests fail on it.
//
// Traps it handles: Xvfb resets when its last client
// leaves unless started with -noreset; Chromium shows an infobar that shifts
// the page unless started with --test-type; Chromium shrinks a window that is
// as large as the screen by one pixel, so StartChromium refuses a window that
// does not fit inside the screen with room to spare; the profile directory is
// removed only after the whole process group is gone; xdg-desktop-portal-wlr
// writes every screenshot to /tmp/out.png, so StartWayland runs one portal
// desktop on a machine at a time (a flock, waited for).
package desktop
