//go:build linux && !cgo

package main

import "errors"

// runSWF needs cgo: the desktop it plays on (play/desk) reads the screen.
func runSWF(out, only string) error {
	return errors.New("-look swf needs cgo (play/desk)")
}
