//go:build cgo

package game

import "hexiom/actuate"

// newMouse is the browser tests' mouse: the bot's own (actuate.Robot).
func newMouse(display string) (testMouse, error) {
	r, err := actuate.NewRobot(display)
	if err != nil {
		return nil, err
	}
	return r, nil
}
