package play

import (
	"fmt"
	"image"
	"time"

	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/vision"
)

// Sight is one look at the board: the picture and what was read in it.
type Sight struct {
	Image   image.Image    // the game area as captured (screen coordinates)
	Reading vision.Reading // what was read; on a *vision.DoubtError, with the doubtful cells marked
	Capture time.Duration  // time to take the picture
	Read    time.Duration  // time to read it
}

// Eyes look at the board. Screen is the real one (capture and vision); tests
// use a simulated game.
type Eyes interface {
	// Look captures the game area and reads the board: of side size, or of
	// any size when size is 0. It returns vision's errors as they are: a
	// *vision.DoubtError (with the Sight filled) when some cell is in doubt,
	// vision.ErrNoBoard when no board is in view.
	Look(size int) (Sight, error)
}

// Screen is Eyes on the real screen: a capture of the calibrated game area
// read by vision.
type Screen struct {
	Source    capture.Source
	Area      calibration.Area
	Templates *vision.Templates
}

func (s *Screen) Look(size int) (Sight, error) {
	t0 := time.Now()
	img, err := s.Source.Grab(s.Area.Rect())
	if err != nil {
		return Sight{}, fmt.Errorf("look: %w", err)
	}
	t1 := time.Now()
	var r vision.Reading
	if size == 0 {
		r, err = vision.Read(img, s.Area, s.Templates)
	} else {
		r, err = vision.ReadSize(img, s.Area, size, s.Templates)
	}
	return Sight{Image: img, Reading: r, Capture: t1.Sub(t0), Read: time.Since(t1)}, err
}
