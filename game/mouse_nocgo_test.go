//go:build !cgo

package game

import "errors"

// newMouse: without cgo there is no robotgo, so no mouse; the browser
// tests (the full tier) fail saying so. The pure tests build and run.
func newMouse(string) (testMouse, error) {
	return nil, errors.New("the browser tests drag with actuate.Robot (robotgo), which needs cgo")
}
