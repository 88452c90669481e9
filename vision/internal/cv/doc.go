// Package cv is the one place vision calls OpenCV (gocv), and the only part
// of vision that needs cgo: the colour-free feature pictures a read works
// on (Features, computed in Go and held by OpenCV), their scaled copies
// (Scale: cv::resize, INTER_AREA down and INTER_LINEAR up; a copy of the
// pixels kept for the crops made in Go), normalised template matching of a
// mosaic of crops against one template (Matcher: cv::matchTemplate,
// TM_CCOEFF_NORMED), and FindArea's largest patch of a mask (LargestBlob:
// a closing, then connected components).
//
// Everything here speaks plain Go data (pixels as []byte and []float32,
// image.Point, calibration.Point); what the pixels mean (kinds, digits,
// the lattice, the thresholds of doubt) is vision's. Its files need cgo
// (//go:build cgo); so do the files of vision that call it.
//
// Files by job: features.go (Features, Scaled: the feature pictures and
// their scaled copies), match.go (Matcher), blob.go (LargestBlob).
package cv
