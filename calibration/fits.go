package calibration

import (
	"fmt"
	"image"
)

// Fits reports whether the area is plausible on a screen (or picture) with
// the given bounds: valid, no larger than the screen, and its centre, where
// the board is, on it.
func (a Area) Fits(screen image.Rectangle) error {
	if err := a.Valid(); err != nil {
		return err
	}
	cx, cy := a.Left+a.Side/2, a.Top+a.Side/2
	side := float64(max(screen.Dx(), screen.Dy()))
	if a.Side > side || cx < float64(screen.Min.X) || cx >= float64(screen.Max.X) || cy < float64(screen.Min.Y) || cy >= float64(screen.Max.Y) {
		return fmt.Errorf("%v does not fit on the screen %v (%d×%d px): calibrate again", a, screen, screen.Dx(), screen.Dy())
	}
	return nil
}
