package vision

import (
	"fmt"
	"image"
	"image/draw"
	"math"
	"runtime"

	"gocv.io/x/gocv"

	"hexiom/calibration"
)

// features holds the colour-free features of the game area at full
// resolution: ws interleaves W (darkest channel) and S (max − min channel)
// per pixel, w is W alone.
type features struct {
	origin image.Point // screen point of the Mats' top-left pixel
	ws     gocv.Mat    // CV_8UC2
	w      gocv.Mat    // CV_8UC1
}

func (f *features) Close() {
	f.ws.Close()
	f.w.Close()
}

// newFeatures computes the features of the part of img under the area. img's
// Bounds are screen coordinates.
func newFeatures(img image.Image, area calibration.Area) (*features, error) {
	// Only the part of the area on the picture counts: an area may reach
	// past the screen's edge while the board is on the screen.
	r := area.Rect().Intersect(img.Bounds())
	if r.Dx() < 8 || r.Dy() < 8 {
		return nil, fmt.Errorf("vision: the %v (%v) is not on the picture %v; calibrate again", area, area.Rect(), img.Bounds())
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(r)
		draw.Draw(rgba, r, img, r.Min, draw.Src)
	}
	w, h := r.Dx(), r.Dy()
	ws := make([]byte, 2*w*h)
	wo := make([]byte, w*h)
	for y := 0; y < h; y++ {
		row := rgba.Pix[rgba.PixOffset(r.Min.X, r.Min.Y+y):]
		o := y * w
		for x := 0; x < w; x++ {
			cr, cg, cb := row[4*x], row[4*x+1], row[4*x+2]
			lo, hi := cr, cr
			if cg < lo {
				lo = cg
			} else if cg > hi {
				hi = cg
			}
			if cb < lo {
				lo = cb
			} else if cb > hi {
				hi = cb
			}
			ws[2*(o+x)] = lo
			ws[2*(o+x)+1] = hi - lo
			wo[o+x] = lo
		}
	}
	// NewMatFromBytes does not copy (gocv v0.31.0): clone into OpenCV's
	// memory at once so the Mats own their pixels.
	m1, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC2, ws)
	if err != nil {
		return nil, fmt.Errorf("vision: features: %w", err)
	}
	defer m1.Close()
	m2, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC1, wo)
	if err != nil {
		return nil, fmt.Errorf("vision: features: %w", err)
	}
	defer m2.Close()
	f := &features{origin: r.Min, ws: m1.Clone(), w: m2.Clone()}
	runtime.KeepAlive(ws) // the wrappers point into them until cloned
	runtime.KeepAlive(wo)
	return f, nil
}

// scaled is one of the feature images brought to a scale k (a cell of
// radius R on screen has radius k·R here).
type scaled struct {
	k      float64
	origin image.Point
	w, h   int
	c      int
	pix    []byte // a copy of the Mat's pixels, for crops done in Go
	mat    gocv.Mat
}

func (s *scaled) Close() { s.mat.Close() }

// scale resizes src (whose top-left pixel is at screen point origin) by k.
func scale(src gocv.Mat, origin image.Point, k float64) (*scaled, error) {
	dst := gocv.NewMat()
	interp := gocv.InterpolationArea
	if k > 1 {
		interp = gocv.InterpolationLinear
	}
	gocv.Resize(src, &dst, image.Point{}, k, k, interp)
	if dst.Empty() {
		dst.Close()
		return nil, fmt.Errorf("vision: resize by %.3f gave nothing", k)
	}
	return &scaled{k: k, origin: origin, w: dst.Cols(), h: dst.Rows(), c: dst.Channels(), pix: dst.ToBytes(), mat: dst}, nil
}

// rescale returns s brought to scale k (k ≤ s.k: a further reduction).
func (s *scaled) rescale(k float64) (*scaled, error) {
	if k == s.k {
		return &scaled{k: k, origin: s.origin, w: s.w, h: s.h, c: s.c, pix: s.pix, mat: s.mat.Clone()}, nil
	}
	r, err := scale(s.mat, s.origin, k/s.k)
	if err != nil {
		return nil, err
	}
	r.k = k
	return r, nil
}

// at maps a screen point to continuous coordinates of the scaled image.
func (s *scaled) at(p calibration.Point) (float64, float64) {
	return (p.X - float64(s.origin.X)) * s.k, (p.Y - float64(s.origin.Y)) * s.k
}

// crop fills dst (w×h pixels, sc.c channels interleaved) with sc sampled
// bilinearly so that dst's centre falls on the continuous point (cx, cy).
// Pixels outside sc read as 0. It reports whether the crop lay inside sc.
func (s *scaled) crop(dst []float32, cx, cy float64, w, h int) bool {
	inside := true
	x0 := cx - float64(w)/2 // continuous x of dst's left edge
	y0 := cy - float64(h)/2
	c := s.c
	for j := 0; j < h; j++ {
		fy := y0 + float64(j) // sample point (pixel-index space: centre − 0.5)
		iy := int(math.Floor(fy))
		ty := float32(fy - float64(iy))
		for i := 0; i < w; i++ {
			fx := x0 + float64(i)
			ix := int(math.Floor(fx))
			tx := float32(fx - float64(ix))
			o := (j*w + i) * c
			if ix < 0 || iy < 0 || ix+1 >= s.w || iy+1 >= s.h {
				inside = false
				for ch := 0; ch < c; ch++ {
					dst[o+ch] = 0
				}
				continue
			}
			p := (iy*s.w + ix) * c
			q := p + s.w*c
			for ch := 0; ch < c; ch++ {
				a := float32(s.pix[p+ch])*(1-tx) + float32(s.pix[p+c+ch])*tx
				b := float32(s.pix[q+ch])*(1-tx) + float32(s.pix[q+c+ch])*tx
				dst[o+ch] = a*(1-ty) + b*ty
			}
		}
	}
	return inside
}
