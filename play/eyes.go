package play

import (
	"image"
	"time"

	"hexiom/calibration"
	"hexiom/vision"
)

// Sight is one look at the board: the picture and what was read in it.
type Sight struct {
	Image   image.Image    // the game area as captured (screen coordinates)
	Reading vision.Reading // what was read; on a *vision.DoubtError, with the doubtful cells marked
	Capture time.Duration  // time to take the picture
	Read    time.Duration  // time to read it
}

// Eyes look at the board. Screen is the real one (capture and vision: it
// needs cgo, screen.go); tests use a simulated game, and the loop builds
// and runs against one without cgo.
type Eyes interface {
	// Grab captures the game area as it is now. Two grabs of an unchanged
	// game give equal pixels (the loop waits for a still picture).
	Grab() (image.Image, error)
	// Read reads the board in a picture Grab took: of side size, or of any
	// size when size is 0. It returns vision's errors as they are: a
	// *vision.DoubtError (with the reading filled) when some cell is in
	// doubt, vision.ErrNoBoard when no board is in view.
	Read(img image.Image, size int) (vision.Reading, error)
	// GameArea is the calibrated game area they look at (with the cell
	// scale learnt so far): the one place the loop takes it from, for
	// drags and debug pictures.
	GameArea() calibration.Area
	// GrabPart captures the part r of the game area (screen coordinates)
	// as it is now: a cheap look at a cell or two. It may return more
	// than r (a simulation returns the whole area).
	GrabPart(r image.Rectangle) (image.Image, error)
	// Changed returns the cells of the board read in r (a sure read, its
	// size and geometry) whose picture differs between a and b, two
	// pictures Grab or GrabPart took, where both show it: the cells to
	// read again. Between two whole pictures, every other cell shows what
	// it showed in a.
	Changed(a, b image.Image, r vision.Reading) []int
	// ReadCells reads only the given cells of the board of r in img
	// (reader.ReadCells), in the order asked, each with its doubt.
	ReadCells(img image.Image, r vision.Reading, cells []int) ([]vision.CellReading, error)
}

// cellBox is the square on cell i of the board read in r that Changed
// compares: its face, no neighbour's.
func cellBox(r vision.Reading, i int) image.Rectangle {
	p := r.Area.Centre(r.Size, i)
	h := 0.6 * r.Area.Radius(r.Size)
	return image.Rect(int(p.X-h), int(p.Y-h), int(p.X+h)+1, int(p.Y+h)+1)
}
