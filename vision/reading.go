package vision

import (
	"errors"
	"fmt"
	"image"
	"strings"

	"hexiom/board"
	"hexiom/calibration"
)

// Reading is a board read off a picture.
type Reading struct {
	Size  int
	Pos   board.Position
	Conf  []float64     // per cell, 0..1: the lower of its kind and digit scores
	Cells []CellReading // per cell, the details
	// SizeScore[s] is the mean best kind score of the cells of size s's
	// lattice (0 for sizes not tried).
	SizeScore [board.MaxSize + 1]float64
	// Shift is how far (screen pixels) the cells were found from where the
	// calibration put them; the reading used the shifted centres.
	Shift calibration.Point
	// Area is the geometry the cells were read with: the calibration moved
	// by Shift and, when the cells did not follow board.Pitch, with the
	// cell scale and lattice aspect measured for this size (Area.Scale,
	// Area.Aspect).
	Area calibration.Area
	// SkyHoles: the picture around the board read as the hole template
	// (a look whose holes are its plain background), so the holes read
	// say nothing of where the board is.
	SkyHoles bool
}

// Centres returns where each cell of the board read lies on the screen, as
// the reading found them (r.Area); area is the calibration it was read
// with, used when r has no Area.
func (r Reading) Centres(area calibration.Area) []calibration.Point {
	if r.Size == 0 {
		return nil
	}
	if r.Area.Side > 0 {
		return r.Area.Cells(r.Size)
	}
	return area.Shift(r.Shift.X, r.Shift.Y).Cells(r.Size)
}

// CellReading is what was seen in one cell and how sure it is.
type CellReading struct {
	Kind       Kind
	Digit      int8 // 0..6 on a tile, else board.None
	KindScore  float64
	NextKind   Kind    // the runner-up
	KindNext   float64 // its score
	DigitScore float64 // tiles only
	NextDigit  int8
	DigitNext  float64
	// NextAtBest is the runner-up digit's score where the best digit
	// matched best.
	NextAtBest float64
	// PairScore and PairMargin: when the two best digits were too close,
	// the tile's score against this picture's own tiles of its digit, and
	// where it lies between those and the runner-up's (the pair check); 0 when
	// not checked.
	PairScore, PairMargin float64
	Doubt                 string // why the cell is in doubt; "" when sure
	// Every class's score: -1 for a class the set has no template for;
	// digits are scored on tiles only.
	KindScores  [numKinds]float64
	DigitScores [7]float64
}

// Label is the cell as the level format writes it: " .", "+.", " 3", "+3".
func (c CellReading) Label() string {
	switch c.Kind {
	case Hole:
		return "+."
	case Empty:
		return " ."
	case Locked:
		return fmt.Sprintf("+%d", c.Digit)
	default:
		return fmt.Sprintf(" %d", c.Digit)
	}
}

// Doubt is one cell read without enough confidence.
type Doubt struct {
	Cell  int
	Coord board.Coord
	Seen  string // what it looks most like, in the level format
	Why   string
}

// DoubtError is returned when some cells could not be read with confidence.
// Reading holds everything read, doubtful cells included.
type DoubtError struct {
	Reading Reading
	Doubts  []Doubt
}

func (e *DoubtError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "vision: not sure of %d of the %d cells of the size-%d board:", len(e.Doubts), len(e.Reading.Cells), e.Reading.Size)
	for i, d := range e.Doubts {
		if i == 8 {
			fmt.Fprintf(&b, "; and %d more", len(e.Doubts)-i)
			break
		}
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " cell %d (row %d, column %d) looks like %q but %s", d.Cell, d.Coord.Y, d.Coord.X, d.Seen, d.Why)
	}
	return b.String()
}

// ErrNoBoard is returned (wrapped) when no board size's lattice matches the
// picture.
var ErrNoBoard = errors.New("vision: no Hexiom board in the calibrated area")

// ErrSize is returned (wrapped) when the board's size cannot be told.
var ErrSize = errors.New("vision: not sure of the board size")

// LearnError is Learn's answer when the picture, read back with what was
// learnt, does not show the level given: the cells that disagree.
type LearnError struct {
	Read    board.Position // what was read back
	Cells   []Disagreement
	Reading Reading // the reading back, to draw (package picture)
}

// Disagreement is one cell read back otherwise than the level says.
type Disagreement struct {
	Cell      int
	Coord     board.Coord
	Read, Was string // in the level format: " .", "+.", " 3", "+3"
	Doubt     string // why the reading was unsure, if it was
}

func (e *LearnError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "learn: the picture does not show this level at its start: %d of its %d cells read back otherwise:", len(e.Cells), len(e.Read.Cells))
	for i, d := range e.Cells {
		if i == 12 {
			fmt.Fprintf(&b, "\n  and %d more", len(e.Cells)-i)
			break
		}
		fmt.Fprintf(&b, "\n  cell %d (row %d, column %d): the level has %q, read %q", d.Cell, d.Coord.Y, d.Coord.X, d.Was, d.Read)
		if d.Doubt != "" {
			fmt.Fprintf(&b, " (unsure: %s)", d.Doubt)
		}
	}
	fmt.Fprintf(&b, "\nread back:\n%s", e.Read.Format())
	return b.String()
}

// CellsBox is the part of the picture ReadCells looks at to read the given
// cells of the board of r (cells on it): a picture of that part (a grab of
// it alone) reads as the whole picture does. Each cell's crops reach its
// radius out (the kind crop) and less (the digit box); the margin keeps
// them off the edge of the scaled part.
func CellsBox(r Reading, cells []int) image.Rectangle {
	R := r.Area.Radius(r.Size)
	pad := 1.25*R + 4
	var box image.Rectangle
	for _, i := range cells {
		p := r.Area.Centre(r.Size, i)
		box = box.Union(image.Rect(int(p.X-pad), int(p.Y-pad), int(p.X+pad)+1, int(p.Y+pad)+1))
	}
	return box
}
