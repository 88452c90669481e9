//go:build cgo

package cv

import (
	"image"
	"runtime"

	"gocv.io/x/gocv"
)

// LargestBlob closes mask (w×h, 0 or 255) with a k×k ellipse and returns
// the bounding box (left, top, width, height) of its largest connected
// patch, if it has one of at least 200 pixels.
func LargestBlob(mask []byte, w, h, k int) ([4]float64, bool, error) {
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC1, mask)
	if err != nil {
		return [4]float64{}, false, err
	}
	defer m.Close()
	ker := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(k, k))
	defer ker.Close()
	closed := gocv.NewMat()
	defer closed.Close()
	gocv.MorphologyEx(m, &closed, gocv.MorphClose, ker)
	runtime.KeepAlive(mask) // m points into it (NewMatFromBytes does not copy)
	labels := gocv.NewMat()
	defer labels.Close()
	stats := gocv.NewMat()
	defer stats.Close()
	cents := gocv.NewMat()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStats(closed, &labels, &stats, &cents)
	best, bestArea := -1, 0
	for i := 1; i < n; i++ {
		if a := int(stats.GetIntAt(i, int(gocv.CC_STAT_AREA))); a > bestArea {
			best, bestArea = i, a
		}
	}
	if best < 0 || bestArea < 200 {
		return [4]float64{}, false, nil
	}
	return [4]float64{
		float64(stats.GetIntAt(best, int(gocv.CC_STAT_LEFT))), float64(stats.GetIntAt(best, int(gocv.CC_STAT_TOP))),
		float64(stats.GetIntAt(best, int(gocv.CC_STAT_WIDTH))), float64(stats.GetIntAt(best, int(gocv.CC_STAT_HEIGHT))),
	}, true, nil
}
