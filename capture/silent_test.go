//go:build linux

package capture

import (
	"testing"

	"hexiom/internal/xconn/xconntest"
)

// A display that accepts and never answers gives an error naming it, not a
// hang.
func TestSilentDisplay(t *testing.T) {
	xconntest.Refuses(t, xconntest.Silent(t), func(d string) error {
		s, err := OpenScreen(d)
		if err == nil {
			s.Close()
		}
		return err
	})
}
