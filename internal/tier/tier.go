// Package tier sorts the tests into two tiers. The fast tier,
// `go test -short ./...`, runs the pure tests (the rules, the solver, the
// planner, the game's API, the bot's loop against a simulated game) in
// seconds. The full tier, `go test ./...` and scripts/test.sh, runs every
// test, with the real parts a user meets: Xvfb, Chromium, OpenCV. There a
// missing part fails the test; it is never skipped.
//
// Under the race detector (`go test -race`, Race) the pure packages' tests
// run every kind of check on fewer random levels: the detector makes their
// searches about ten times slower, and finds data races in the goroutines,
// not in the thousandth level; the full counts run without it.
package tier

import "testing"

// The real parts a heavy test may need.
const (
	Xvfb     = "Xvfb"
	Chromium = "Chromium"
	OpenCV   = "OpenCV"
	// Wayland: sway, XWayland and the desktop portal (desktop.StartWayland)
	Wayland = "a headless Wayland desktop with the desktop portal"
)

// Heavy marks t as a test of the full tier, needing the parts named: in the
// fast tier (-short) it skips t, saying what it needs; otherwise it does
// nothing.
func Heavy(t testing.TB, needs ...string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("needs %v: full tier only (go test without -short)", needs)
	}
}
