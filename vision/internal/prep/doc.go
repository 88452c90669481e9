// Package prep is what package vision (the template sets as data) and its
// reader (vision/internal/cv, which matches them with OpenCV) both know of
// a template: the scales and shapes of the crops it holds, the mask of a
// kind crop, a set's templates prepared for matching (Prepared, built by
// vision on a set's first use and reached through Of), and the thresholds
// of doubt a read is judged by. It is pure Go, and imports nothing of
// vision: vision imports it.
//
// Files by job: crops.go (the crops' scales and shapes, the kind mask,
// the zero-mean and correlation helpers), inner.go (a cell's inner part: a hole
// that is the plain background told by it), prepared.go (Prepared, Of),
// thresholds.go (the thresholds of doubt).
package prep
