//go:build cgo

package reader

import (
	"image"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision"
	"hexiom/vision/internal/cv"
)

// Read reads the board in the calibrated area of img, whose Bounds are
// screen coordinates (as capture returns them): it finds the board size in
// view, then reads every cell. When a cell is in doubt it returns a
// *vision.DoubtError (with the Reading). Read writes nothing: a caller
// that wants a picture of a refusal draws one from the Reading (package
// picture).
func Read(img image.Image, area calibration.Area, tpl *vision.Templates) (vision.Reading, error) {
	return cv.Read(img, area, tpl)
}

// ReadSize is Read for a board whose size s is known.
func ReadSize(img image.Image, area calibration.Area, s int, tpl *vision.Templates) (vision.Reading, error) {
	return cv.ReadSize(img, area, s, tpl)
}

// ReadCells reads only some cells of a board already read: the board of r
// (its size, and the geometry r.Area it was read with) in img, as Read reads
// those cells, each judged (CellReading.Doubt says why one is in doubt). It
// is how hexiom play checks what a drag changed in a few milliseconds: no
// size test, no lattice search, no pair check (a cell that would need the
// pair check stays in doubt, for a full Read to decide). The cells come back
// in the order asked. vision.CellsBox is the part of the picture it looks
// at.
func ReadCells(img image.Image, r vision.Reading, cells []int, tpl *vision.Templates) ([]vision.CellReading, error) {
	return cv.ReadCells(img, r, cells, tpl)
}

// Learn returns the set into (nil for a new one) extended with every cell of
// a picture img showing the known position truth in the calibrated area: the
// start of a level, so that every cell's kind and digit are known. The crops
// are averaged into the templates (merging with what into already held).
// Learn then reads img with the new set and fails unless it reads truth
// (a *vision.LearnError names the cells read back otherwise).
func Learn(into *vision.Templates, img image.Image, area calibration.Area, truth board.Position) (*vision.Templates, error) {
	return cv.Learn(into, img, area, truth)
}

// FindArea finds the game area in a picture of the screen with no help: the
// board's plate (the largest patch of the board's colour, which the hole
// template gives) and the patch of edges bound the board, and the cell
// lattice measured inside each with no template gives the cells' pitch and
// a cell's centre; for each size, the areas that would draw a board of that
// size there are read with the pitch fixed, and the best is refined and
// must hold when the board is read from scratch there (else the next best
// is tried). Lattices of other pitches that fit less well are tried only
// when no area of those holds. It returns the area (screen pixels) and the
// board read with it; a *vision.DoubtError when the area holds but some
// cells are in doubt; any other error when no area holds.
func FindArea(img image.Image, tpl *vision.Templates) (calibration.Area, vision.Reading, error) {
	return cv.FindArea(img, tpl)
}

// FindMoved finds the board of the calibration old after the game moved on
// the screen at the same scale (a window moved, a page scrolled): near
// where it was first, then anywhere in img. The board found is read with
// no doubt, at old's scale, and lies whole on the picture; else FindMoved
// says why none holds (FindArea searches every scale: after a zoom).
func FindMoved(img image.Image, old calibration.Area, tpl *vision.Templates) (calibration.Area, vision.Reading, error) {
	return cv.FindMoved(img, old, tpl)
}

// Refind finds the board of the calibration old wherever the game is now
// in img: FindMoved at old's scale, then, unless a board of old's scale is
// there but cut by the edge or covered in its place, at another scale (a
// zoom changed, a window resized): the side the board's outlines give,
// else FindArea's search.
// The area found holds as a first calibration's must: the board read from
// scratch there with no doubt, whole on the picture; else Refind says why
// none holds.
func Refind(img image.Image, old calibration.Area, tpl *vision.Templates) (calibration.Area, vision.Reading, error) {
	return cv.Refind(img, old, tpl)
}

// FindAnother looks for a second board in img besides the board of size s
// FindArea found in area a (that board painted over, FindArea again): the
// other board's area and true when one holds there. calibrate -auto uses it
// to refuse a screen with two games in view.
func FindAnother(img image.Image, a calibration.Area, s int, tpl *vision.Templates) (calibration.Area, bool) {
	return cv.FindAnother(img, a, s, tpl)
}
