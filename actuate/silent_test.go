//go:build linux && cgo

package actuate

import (
	"testing"

	"hexiom/internal/xconn/xconntest"
)

// A display that accepts and never answers gives an error naming it, not a
// hang.
func TestSilentDisplay(t *testing.T) {
	xconntest.Refuses(t, xconntest.Silent(t), func(d string) error {
		r, err := NewRobot(d)
		if err == nil {
			r.Close()
		}
		return err
	})
}
