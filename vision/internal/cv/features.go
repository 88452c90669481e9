//go:build cgo

package cv

import (
	"fmt"
	"image"
	"math"

	"gocv.io/x/gocv"

	"hexiom/calibration"
)

// Mat is a picture OpenCV holds: 8-bit grey levels, one or two channels
// interleaved.
type Mat struct{ m gocv.Mat }

// Size is the picture's width and height.
func (m Mat) Size() image.Point { return image.Pt(m.m.Cols(), m.m.Rows()) }

// Features holds the colour-free features of a part of a picture at full
// resolution: WS interleaves W (a pixel's darkest channel) and S (its
// spread, max − min channel) per pixel, W is W alone.
type Features struct {
	Origin image.Point // screen point of the Mats' top-left pixel
	WS     Mat         // two channels
	W      Mat         // one channel
}

// Close frees the Mats.
func (f *Features) Close() {
	f.WS.m.Close()
	f.W.m.Close()
}

// NewFeatures computes the features of the part r of img (r within
// img.Rect; screen coordinates).
func NewFeatures(img *image.RGBA, r image.Rectangle) (*Features, error) {
	if !r.In(img.Rect) || r.Empty() {
		return nil, fmt.Errorf("features of %v outside the picture %v", r, img.Rect)
	}
	w, h := r.Dx(), r.Dy()
	// (written straight into the Mats OpenCV allocates: no copy)
	m1 := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC2)
	m2 := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC1)
	f := &Features{Origin: r.Min, WS: Mat{m1}, W: Mat{m2}}
	ws, err := m1.DataPtrUint8()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("features: %w", err)
	}
	wo, err := m2.DataPtrUint8()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("features: %w", err)
	}
	ws, wo = ws[:2*w*h], wo[:w*h]
	for y := 0; y < h; y++ {
		o := img.PixOffset(r.Min.X, r.Min.Y+y)
		row := img.Pix[o : o+4*w]
		wsr, wor := ws[2*y*w:2*(y+1)*w], wo[y*w:(y+1)*w]
		for x := range wor {
			// (as int32: min and max of bytes branch, of int32s
			// not: 12 ns a pixel against 2.5 on varied colours)
			p := row[4*x : 4*x+3 : 4*x+3]
			r, g, b := int32(p[0]), int32(p[1]), int32(p[2])
			lo, hi := min(r, g, b), max(r, g, b)
			wsr[2*x] = byte(lo)
			wsr[2*x+1] = byte(hi - lo)
			wor[x] = byte(lo)
		}
	}
	return f, nil
}

// Scaled is one of the feature pictures brought to a scale K (a cell of
// radius R on screen has radius K·R here).
type Scaled struct {
	K      float64
	Origin image.Point // the screen point of the full picture's top-left pixel
	W, H   int
	C      int    // channels
	Pix    []byte // a copy of the Mat's pixels, for crops done in Go
	Mat    Mat
}

// Close frees the Mat.
func (s *Scaled) Close() { s.Mat.m.Close() }

// Scale resizes src (whose top-left pixel is at screen point origin) by k:
// INTER_AREA when it shrinks, INTER_LINEAR when it grows.
func Scale(src Mat, origin image.Point, k float64) (*Scaled, error) {
	dst := gocv.NewMat()
	interp := gocv.InterpolationArea
	if k > 1 {
		interp = gocv.InterpolationLinear
	}
	gocv.Resize(src.m, &dst, image.Point{}, k, k, interp)
	if dst.Empty() {
		dst.Close()
		return nil, fmt.Errorf("resize by %.3f gave nothing", k)
	}
	return &Scaled{K: k, Origin: origin, W: dst.Cols(), H: dst.Rows(), C: dst.Channels(), Pix: dst.ToBytes(), Mat: Mat{dst}}, nil
}

// Rescale returns s brought to scale k (k ≤ s.K: a further reduction).
func (s *Scaled) Rescale(k float64) (*Scaled, error) {
	if k == s.K {
		return &Scaled{K: k, Origin: s.Origin, W: s.W, H: s.H, C: s.C, Pix: s.Pix, Mat: Mat{s.Mat.m.Clone()}}, nil
	}
	r, err := Scale(s.Mat, s.Origin, k/s.K)
	if err != nil {
		return nil, err
	}
	r.K = k
	return r, nil
}

// At maps a screen point to continuous coordinates of the scaled picture.
func (s *Scaled) At(p calibration.Point) (float64, float64) {
	return (p.X - float64(s.Origin.X)) * s.K, (p.Y - float64(s.Origin.Y)) * s.K
}

// Crop fills dst (w×h pixels, s.C channels interleaved) with s sampled
// bilinearly so that dst's centre falls on the continuous point (cx, cy).
// Pixels outside s read as 0. It reports whether the crop lay inside s.
// (Each column's sample point and weight are the same on every row: they
// are worked out once, and a row whose samples all lie inside s is filled
// with no test a pixel; a source row's values across the columns, which
// the crop's next row reads again, are worked out once too (hrow). The
// values are those of a pixel at a time, to the bit.)
func (s *Scaled) Crop(dst []float32, cx, cy float64, w, h int) bool {
	if w > maxCropW || s.C > 2 {
		return s.cropEach(dst, cx, cy, w, h)
	}
	x0 := cx - float64(w)/2 // continuous x of dst's left edge
	y0 := cy - float64(h)/2
	var ixs [maxCropW]int
	var txs, uxs [maxCropW]float32
	colsIn := true
	for i := 0; i < w; i++ {
		fx := x0 + float64(i) // sample point (pixel-index space: centre − 0.5)
		ix := int(math.Floor(fx))
		ixs[i], txs[i] = ix, float32(fx-float64(ix))
		uxs[i] = 1 - txs[i]
		colsIn = colsIn && ix >= 0 && ix+1 < s.W
	}
	inside := true
	c := s.C
	// top and bot: source rows iy and iy+1 across the columns (rowsAt
	// says which iy they hold)
	var bufs [2][2 * maxCropW]float32
	top, bot := bufs[0][:w*c], bufs[1][:w*c]
	rowsAt := -2
	for j := 0; j < h; j++ {
		fy := y0 + float64(j)
		iy := int(math.Floor(fy))
		ty := float32(fy - float64(iy))
		row := dst[j*w*c : (j+1)*w*c]
		if !colsIn || iy < 0 || iy+1 >= s.H {
			inside = false
			s.cropRow(row, ixs[:w], txs[:w], iy, ty)
			continue
		}
		switch iy {
		case rowsAt:
		case rowsAt + 1:
			top, bot = bot, top
			s.hrow(bot, iy+1, ixs[:w], txs[:w], uxs[:w])
		default:
			s.hrow(top, iy, ixs[:w], txs[:w], uxs[:w])
			s.hrow(bot, iy+1, ixs[:w], txs[:w], uxs[:w])
		}
		rowsAt = iy
		uy := 1 - ty
		for i, a := range top {
			row[i] = a*uy + bot[i]*ty
		}
	}
	return inside
}

// hrow fills out with source row iy of s sampled at the columns ixs, with
// weights txs (and uxs, 1 − txs), every channel: what Crop's rows blend.
func (s *Scaled) hrow(out []float32, iy int, ixs []int, txs, uxs []float32) {
	c := s.C
	src := s.Pix[iy*s.W*c : (iy+1)*s.W*c]
	switch c {
	case 2:
		for i, ix := range ixs {
			p := src[2*ix : 2*ix+4 : 2*ix+4]
			tx, ux := txs[i], uxs[i]
			o := out[2*i : 2*i+2 : 2*i+2]
			o[0] = float32(p[0])*ux + float32(p[2])*tx
			o[1] = float32(p[1])*ux + float32(p[3])*tx
		}
	default:
		for i, ix := range ixs {
			p := src[ix : ix+2 : ix+2]
			out[i] = float32(p[0])*uxs[i] + float32(p[1])*txs[i]
		}
	}
}

// maxCropW is the widest crop Crop works out its columns' samples for
// once; a wider one is sampled a pixel at a time (cropEach).
const maxCropW = 64

// cropRow fills one row of a crop (row, its columns' sample points ixs and
// weights txs) from s's rows iy and iy+1, weight ty, testing each pixel:
// a sample outside s reads as 0.
func (s *Scaled) cropRow(row []float32, ixs []int, txs []float32, iy int, ty float32) {
	c := s.C
	for i, ix := range ixs {
		o := i * c
		if ix < 0 || iy < 0 || ix+1 >= s.W || iy+1 >= s.H {
			for ch := 0; ch < c; ch++ {
				row[o+ch] = 0
			}
			continue
		}
		tx := txs[i]
		p := (iy*s.W + ix) * c
		q := p + s.W*c
		for ch := 0; ch < c; ch++ {
			a := float32(s.Pix[p+ch])*(1-tx) + float32(s.Pix[p+c+ch])*tx
			b := float32(s.Pix[q+ch])*(1-tx) + float32(s.Pix[q+c+ch])*tx
			row[o+ch] = a*(1-ty) + b*ty
		}
	}
}

// cropEach is Crop a pixel at a time, for a crop wider than maxCropW.
func (s *Scaled) cropEach(dst []float32, cx, cy float64, w, h int) bool {
	inside := true
	x0 := cx - float64(w)/2 // continuous x of dst's left edge
	y0 := cy - float64(h)/2
	c := s.C
	for j := 0; j < h; j++ {
		fy := y0 + float64(j) // sample point (pixel-index space: centre − 0.5)
		iy := int(math.Floor(fy))
		ty := float32(fy - float64(iy))
		for i := 0; i < w; i++ {
			fx := x0 + float64(i)
			ix := int(math.Floor(fx))
			tx := float32(fx - float64(ix))
			o := (j*w + i) * c
			if ix < 0 || iy < 0 || ix+1 >= s.W || iy+1 >= s.H {
				inside = false
				for ch := 0; ch < c; ch++ {
					dst[o+ch] = 0
				}
				continue
			}
			p := (iy*s.W + ix) * c
			q := p + s.W*c
			for ch := 0; ch < c; ch++ {
				a := float32(s.Pix[p+ch])*(1-tx) + float32(s.Pix[p+c+ch])*tx
				b := float32(s.Pix[q+ch])*(1-tx) + float32(s.Pix[q+c+ch])*tx
				dst[o+ch] = a*(1-ty) + b*ty
			}
		}
	}
	return inside
}
