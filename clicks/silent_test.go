//go:build linux

package clicks

import (
	"testing"

	"hexiom/internal/xconn/xconntest"
)

// A display that accepts and never answers gives an error naming it, not a
// hang.
func TestSilentDisplay(t *testing.T) {
	xconntest.Refuses(t, xconntest.Silent(t), func(d string) error {
		l, err := ListenRecord(d)
		if err == nil {
			l.Close()
		}
		return err
	})
}
