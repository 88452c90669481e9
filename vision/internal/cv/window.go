//go:build cgo

package cv

import "hexiom/calibration"

// nearby scores the lattice at every whole-pixel move within nearReach of
// where it is: some 50 lattice tests of the same cells, for each area
// FindArea tries. A cell's crop moved by whole pixels samples the same
// pixels of the picture with the same weights as a part of one wider crop
// about the cell does: it is cut from that (windows), where the sample
// points agree to the bit with those Crop works out for the moved crop
// (they do, but where adding the move to a coordinate rounds otherwise),
// so that the scores are those of Crop's crops, to the bit.

// bigSz is the side of a cell's wider crop: kindSz, and nearReach each way.
const bigSz = kindSz + 2*nearReach

// windows holds, for each cell of a lattice in the kind-scale picture sc,
// its crop bigSz px wide centred on the cell, and whether it lay inside
// sc. Its buffers are kept (reader.win) from one nearby to the next.
type windows struct {
	sc     *Scaled
	cx, cy []float64 // each cell's centre in sc
	pix    []float32 // bigSz×bigSz×kindC a cell
	in     []bool
}

// windowsOf makes the wider crops of the cells at pts in sc.
func (rd *reader) windowsOf(sc *Scaled, pts []calibration.Point) *windows {
	const size = bigSz * bigSz * kindC
	n := len(pts)
	w := &rd.win
	w.sc = sc
	w.cx, w.cy, w.in = grow(w.cx, n), grow(w.cy, n), grow(w.in, n)
	w.pix = grow(w.pix, n*size)
	for i, p := range pts {
		w.cx[i], w.cy[i] = sc.At(p)
		w.in[i] = sc.Crop(w.pix[i*size:(i+1)*size], w.cx[i], w.cy[i], bigSz, bigSz)
	}
	return w
}

// latticeMoved is lattice of the cells of w moved by (dx, dy) px of w.sc
// (each within nearReach), each crop cut from the cell's wider one where
// that is Crop's crop to the bit, else made by Crop.
func (rd *reader) latticeMoved(w *windows, dx, dy int) float64 {
	crop := make([]float32, kindC*kindSz*kindSz)
	sum, n := 0.0, 0
	for i := range w.cx {
		cx, cy := w.cx[i]+float64(dx), w.cy[i]+float64(dy)
		if !w.cut(crop, i, cx, cy, dx, dy) {
			w.sc.Crop(crop, cx, cy, kindSz, kindSz)
		}
		best, bestK := rd.cropBest(crop)
		if rd.skyHole && bestK == Hole {
			continue
		}
		sum += best
		n++
	}
	if rd.skyHole && n < minCells {
		return 0
	}
	return sum / float64(max(1, n))
}

// cut fills crop with cell i's crop centred at (cx, cy), (dx, dy) px from
// the centre of its wider crop, cut from that, and reports whether it
// could: the wider crop lay inside the picture, and every sample point of
// the crop, as Crop works it out (x0 + k, x0 = cx − kindSz/2), is the
// wider crop's, as Crop worked that out, to the bit.
func (w *windows) cut(crop []float32, i int, cx, cy float64, dx, dy int) bool {
	if !w.in[i] {
		return false
	}
	ox, oy := dx+nearReach, dy+nearReach
	x0, bx0 := cx-float64(kindSz)/2, w.cx[i]-float64(bigSz)/2
	y0, by0 := cy-float64(kindSz)/2, w.cy[i]-float64(bigSz)/2
	for k := 0; k < kindSz; k++ {
		if x0+float64(k) != bx0+float64(k+ox) || y0+float64(k) != by0+float64(k+oy) {
			return false
		}
	}
	const size, row = bigSz * bigSz * kindC, kindSz * kindC
	src := w.pix[i*size : (i+1)*size]
	for j := 0; j < kindSz; j++ {
		o := ((j+oy)*bigSz + ox) * kindC
		copy(crop[j*row:(j+1)*row], src[o:o+row])
	}
	return true
}
