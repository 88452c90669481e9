//go:build linux

package desktop

import (
	"fmt"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// AttachX returns an X for a running X server (for example xvfb-run's)
// instead of starting one: its Close leaves the server running.
func AttachX(display string) (*X, error) {
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		return nil, fmt.Errorf("attach to X display %q: %w", display, err)
	}
	defer c.Close()
	sc := xproto.Setup(c).DefaultScreen(c)
	return &X{Display: display, W: int(sc.WidthInPixels), H: int(sc.HeightInPixels)}, nil
}
