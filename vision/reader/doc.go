// Package reader reads a Hexiom board off a picture of the screen: Read
// (the size, the pitch, the shift, then every cell), ReadSize (a board
// whose size is known), ReadCells (a few cells again, after a drag), Learn
// (a template set from a picture of a known level) and FindArea (the game
// area on a screenshot, with no calibration). What it reads into and
// with is package vision's, which is pure Go: the Reading, the
// *DoubtError that refuses a board with any cell in doubt, the template
// sets. This package is their public face over vision/internal/cv, where
// the reading is done with OpenCV (gocv): it needs cgo, and its file
// builds only with it (//go:build cgo). vision/doc.go says how it reads.
//
// Files by job: reader.go (the five entry points).
package reader
