package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"runtime"

	"gocv.io/x/gocv"

	"hexiom/board"
	"hexiom/calibration"
)

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// largestBlob closes mask (w×h) with a k×k ellipse and returns the bounding
// box (left, top, width, height) of its largest connected patch, if it has
// one of at least 200 pixels.
func largestBlob(mask []byte, w, h, k int) ([4]float64, bool, error) {
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

// FindArea finds the game area in a picture of the screen with no help: the
// board's plate (the largest patch of the board's colour, which the hole
// template gives) bounds the board; for each size, the area that would draw
// a board of that size with that outline is tried with the lattice test, and
// the best is refined. It returns the area (screen pixels) and the board read
// with it.
func FindArea(img image.Image, tpl *Templates) (calibration.Area, Reading, error) {
	if err := tpl.prepare(); err != nil {
		return calibration.Area{}, Reading{}, fmt.Errorf("find board: %w", err)
	}
	// The board's outline: the pixels of the colour of its plate (the
	// hole's template) or of its empty cells, whichever the set learnt;
	// tiles leave gaps that a closing fills.
	var plate [][2]float32
	for _, k := range []Kind{Hole, Empty} {
		if p := tpl.kinds[k]; p.ok && !p.standIn {
			plate = append(plate, p.mean)
		}
	}
	if len(plate) == 0 {
		plate = append(plate, [2]float32{108, 0})
	}
	b := img.Bounds()
	// Work at a quarter of the resolution: the plate is large.
	const q = 4
	w, h := b.Dx()/q, b.Dy()/q
	mask := make([]byte, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, bl, _ := img.At(b.Min.X+x*q+q/2, b.Min.Y+y*q+q/2).RGBA()
			lo := float32(min(r, g, bl) >> 8)
			sp := float32(max(r, g, bl)>>8) - lo
			for _, c := range plate {
				if abs32(lo-c[0]) <= 6 && abs32(sp-c[1]) <= 6 {
					mask[y*w+x] = 255
					break
				}
			}
		}
	}
	// A second outline, whatever the look's colours: where the picture has
	// edges (cell rims, digits, claws), closed into one blob.
	grey := make([]int, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, bl, _ := img.At(b.Min.X+x*q+q/2, b.Min.Y+y*q+q/2).RGBA()
			grey[y*w+x] = int(min(r, g, bl)>>8+max(r, g, bl)>>8) / 2
		}
	}
	edges := make([]byte, w*h)
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			i := y*w + x
			gx, gy := grey[i+1]-grey[i-1], grey[i+w]-grey[i-w]
			if gx*gx+gy*gy > 24*24 {
				edges[i] = 255
			}
		}
	}
	var outlines [][4]float64
	for _, c := range []struct {
		mask []byte
		k    int
	}{{mask, 9}, {edges, 15}} {
		o, ok, err := largestBlob(c.mask, w, h, c.k)
		if err != nil {
			return calibration.Area{}, Reading{}, fmt.Errorf("find board: %w", err)
		}
		if ok {
			outlines = append(outlines, [4]float64{o[0]*q + float64(b.Min.X), o[1]*q + float64(b.Min.Y), o[2] * q, o[3] * q})
		}
	}
	if len(outlines) == 0 {
		return calibration.Area{}, Reading{}, errors.New("find board: no patch of the board's colour and no patch of edges on the screen: is the game in view, showing a board?")
	}

	type cand struct {
		area calibration.Area
		r    Reading
		err  error
		mean float64 // cells read with confidence, plus the mean confidence
	}
	var bestC *cand
	// try reads the board as size s in area a and keeps it when it reads
	// the most cells with confidence, then the best mean confidence (a
	// doubtful read still counts): a smaller board's lattice may fit the
	// inner cells of a larger board well, never all its cells.
	try := func(a calibration.Area, s int) {
		if !a.Rect().Overlaps(b) {
			return // only the board need be on the picture, not the area
		}
		r, err := read(img, a, s, tpl, fixedPitch)
		var de *DoubtError
		if err != nil && !errors.As(err, &de) {
			return
		}
		// Where the holes are the background, a lattice laid over the
		// background reads holes surely: only the other cells count.
		mean, n := 0.0, 0
		for i, c := range r.Cells {
			if r.SkyHoles && c.Kind == Hole {
				continue
			}
			mean += r.Conf[i]
			n++
		}
		mean /= float64(max(1, n))
		for _, c := range r.Cells {
			switch {
			case r.SkyHoles && c.Kind == Hole:
			case c.Doubt == "":
				mean++ // one per cell read with confidence
			case r.SkyHoles:
				// and, there, one less per cell in doubt: a larger
				// lattice over a small board finds more cells to read
				// surely, and many more that it cannot
				mean--
			}
		}
		r.Area.Method, r.Area.When = a.Method, a.When
		if bestC == nil || mean > bestC.mean {
			bestC = &cand{r.Area, r, err, mean}
		}
	}
	for _, o := range outlines {
		// The cell lattice measured with no template (any look stacks
		// hexagons in columns): its pitch and a cell's centre give, for
		// each size, the area that draws that size's cells there.
		if hc, ok := measureHoneycomb(img, o); ok {
			// A board of size s is 2s−1 cells tall and a little more:
			// the sizes the outline's height allows at this pitch.
			for _, f := range []float64{1, 0.5} {
				p := f * hc.p
				est := int(o[3]/(2*p)) + 1
				for _, s := range board.ScreenSizes() {
					if s < est-1 || s > est+1 {
						continue
					}
					_, dy := board.Pitch(s)
					sd := p / (2 * dy)
					try(calibration.Area{Left: hc.centre.X - sd/2, Top: hc.centre.Y - sd/2, Side: sd, Method: "auto"}, s)
				}
			}
		}
		bx, by, bw, bh := o[0], o[1], o[2], o[3]
		cx, cy := bx+bw/2, by+bh/2
		for _, s := range board.ScreenSizes() {
			dx, dy := board.Pitch(s)
			rr := board.Radius(s)
			// The plate reaches about 1.1 r past the outer cells' centres
			// (corners sideways, flat sides up and down).
			sideH := bh / (4*dy*float64(s-1) + 1.1*math.Sqrt(3)*rr)
			sideW := bw / (2*dx*float64(s-1) + 2.2*rr)
			side := (sideH + sideW) / 2
			fs := []float64{0.97, 0.985, 1, 1.015, 1.03}
			if math.Abs(sideH-sideW) > 0.12*side || len(outlines) > 1 && o == outlines[1] {
				// an outline of edges, or of another look's frame: it
				// may reach further past the cells; try smaller boards
				// inside it, from its height
				side = sideH
				fs = []float64{0.86, 0.89, 0.92, 0.95, 0.98, 1.01}
			}
			for _, f := range fs {
				sd := side * f
				try(calibration.Area{Left: cx - sd/2, Top: cy - sd/2, Side: sd, Method: "auto"}, s)
			}
		}
	}
	if bestC == nil {
		o := outlines[0]
		return calibration.Area{}, Reading{}, fmt.Errorf("find board: the board's outline (the largest patch of its colour or of edges, %.0f×%.0f px at (%.0f,%.0f)) fits no board size's cell lattice: is it a look the templates were not learnt on?", o[2], o[3], o[0], o[1])
	}
	// Refine the side finely around the best (the plate was measured at a
	// quarter of the resolution), keeping the centre the lattice found.
	s := bestC.r.Size
	base := bestC.area
	for f := 0.985; f <= 1.0151; f += 0.0025 {
		sd := base.Side * f
		ccx, ccy := base.Left+base.Side/2, base.Top+base.Side/2
		try(calibration.Area{Left: ccx - sd/2, Top: ccy - sd/2, Side: sd, Method: "auto"}, s)
	}
	// Read again at the refined place, with the size found from scratch.
	r, err := Read(img, bestC.area, tpl)
	if err != nil {
		return bestC.area, r, fmt.Errorf("find board: found a size-%d board in %v but: %w", bestC.r.Size, bestC.area, err)
	}
	return bestC.area, r, nil
}
