// Package cv reads pictures for vision: it is the one package that calls
// OpenCV (gocv), and everything that does lives here. It holds the reading
// itself, behind the public vision/reader: Read (the size, the pitch, the
// shift, then the cells), the lattice test, the kinds' and digits'
// matching, the thresholds of doubt applied (judge), the pair check,
// Learn, FindArea, FindMoved, Refind and ReadCells; and OpenCV's part of it: the colour-free
// feature pictures a read works on (Features, computed in Go and held by
// OpenCV), their scaled copies (Scale: cv::resize, INTER_AREA down and
// INTER_LINEAR up; a copy of the pixels kept for the crops made in Go),
// normalised template matching of a mosaic of crops against one template
// (Matcher: cv::matchTemplate, TM_CCOEFF_NORMED), and FindArea's largest
// patch of a mask (LargestBlob: a closing, then connected components).
//
// What it reads into and with is package vision's (pure Go): the Reading
// and its errors, the template sets as data; names.go gives those the
// words the code uses. A set's templates prepared for matching, the crops'
// shapes and the thresholds come from vision/internal/prep. Its files need
// cgo (//go:build cgo), but for this one.
//
// Files by job: read.go (read: the size, the pitch, the shift, then the
// cells), lattice.go (the lattice test, the pitch search, the ring around a
// small board), kinds.go and digits.go (matching the cells' kind and digit
// crops), judge.go (the thresholds of doubt applied to a cell, the
// stand-in check), pair.go (the pair check), learn.go (Learn), mark.go
// (the gap between movable and locked a look with a small lock mark
// needs: Templates.MarkGap), plain.go (holes told by their plainness, where
// a look's holes are a background of changing colour: Templates.PlainHole),
// separation.go (what Learn measures of how well a set tells its classes
// apart), find.go and honeycomb.go (FindArea), family.go (the kinds of
// lattice a game draws every size on: regular hexagons, the original's,
// either squashed; a lattice measured snapped to them), another.go (FindAnother:
// a second board in view), refind.go (FindMoved and Refind: the board of a
// calibration found again after the game moved or was zoomed), cells.go
// (ReadCells), names.go (vision's names, the prepared set), features.go
// (Features, Scaled: the feature pictures and their scaled copies),
// areascale.go (lazyScaled: a scaled copy made only where crops read, for
// the pitch scans), window.go (nearby's whole-pixel moves of a lattice,
// each crop cut from one wider crop a cell),
// match.go (Matcher), blob.go (LargestBlob).
package cv
