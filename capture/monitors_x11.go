//go:build !windows && !darwin

package capture

import (
	"fmt"
	"image"

	"github.com/jezek/xgb/randr"
	"github.com/jezek/xgb/xproto"

	"hexiom/internal/xconn"
)

// Monitors returns the rectangles of the monitors of the X display named by
// display ("" means $DISPLAY), in root-window pixels: RandR 1.5's monitors,
// several on one root window on a multi-monitor desktop. A server without
// RandR 1.5 gives the whole screen as one monitor.
func Monitors(display string) ([]image.Rectangle, error) {
	c, err := xconn.Open(display)
	if err != nil {
		return nil, fmt.Errorf("capture: monitors: %w", err)
	}
	defer c.Close()
	sc := xproto.Setup(c.Conn).DefaultScreen(c.Conn)
	whole := []image.Rectangle{image.Rect(0, 0, int(sc.WidthInPixels), int(sc.HeightInPixels))}
	var mons []image.Rectangle
	err = c.Do("randr monitors", func() error {
		if err := randr.Init(c.Conn); err != nil {
			return nil // no RandR: one screen
		}
		v, err := randr.QueryVersion(c.Conn, 1, 5).Reply()
		if err != nil || v.MajorVersion < 1 || v.MajorVersion == 1 && v.MinorVersion < 5 {
			return nil // no monitors before 1.5
		}
		r, err := randr.GetMonitors(c.Conn, sc.Root, true).Reply()
		if err != nil {
			return err
		}
		for _, m := range r.Monitors {
			mons = append(mons, image.Rect(int(m.X), int(m.Y), int(m.X)+int(m.Width), int(m.Y)+int(m.Height)))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("capture: monitors: %w", err)
	}
	if len(mons) == 0 {
		return whole, nil
	}
	return mons, nil
}
