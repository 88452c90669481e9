//go:build cgo

package cv

import (
	"math"

	"hexiom/calibration"
)

// A picture one reduction away from a Scaled one, made only where crops
// look (issue 43). The pitch scans (latticeAt) try some 45 scales a board
// size, each scored on a third of the cells: resizing the whole picture
// at each scale was some 60 % of the CPU of the reader's tests that
// refuse, while the crops read about a quarter of the pixels it made.
// lazyScaled makes the pixels a crop reads, each once, by OpenCV's own
// INTER_AREA arithmetic (resize.cpp, computeResizeAreaTab and
// ResizeArea_Invoker, OpenCV 4.6), so a crop of it equals, bit for bit,
// the crop of Rescale's picture (TestLazyScaledIsRescale).

// picture is what the lattice tests crop: a Scaled picture, or one made
// only where the crops read (lazyScaled).
type picture interface {
	At(p calibration.Point) (float64, float64)
	Crop(dst []float32, cx, cy float64, w, h int) bool
}

// areaTap is one source pixel's weight in a reduced pixel (DecimateAlpha).
type areaTap struct {
	si    int32 // source column (or row)
	alpha float32
}

// areaTaps returns computeResizeAreaTab's taps for a reduction of ssize
// pixels to dsize at scale (source pixels a reduced one, > 1), and each
// reduced pixel's first tap (dsize+1 offsets).
func areaTaps(ssize, dsize int, scale float64, taps []areaTap, ofs []int32) ([]areaTap, []int32) {
	taps, ofs = taps[:0], ofs[:0]
	for dx := 0; dx < dsize; dx++ {
		ofs = append(ofs, int32(len(taps)))
		fsx1 := float64(dx) * scale
		fsx2 := fsx1 + scale
		cellWidth := math.Min(scale, float64(ssize)-fsx1)
		sx1, sx2 := int(math.Ceil(fsx1)), int(math.Floor(fsx2))
		sx2 = min(sx2, ssize-1)
		sx1 = min(sx1, sx2)
		if float64(sx1)-fsx1 > 1e-3 {
			taps = append(taps, areaTap{int32(sx1 - 1), float32((float64(sx1) - fsx1) / cellWidth)})
		}
		for sx := sx1; sx < sx2; sx++ {
			taps = append(taps, areaTap{int32(sx), float32(1.0 / cellWidth)})
		}
		if fsx2-float64(sx2) > 1e-3 {
			taps = append(taps, areaTap{int32(sx2), float32(math.Min(math.Min(fsx2-float64(sx2), 1), cellWidth) / cellWidth)})
		}
	}
	return taps, append(ofs, int32(len(taps)))
}

// lazyScaled is src reduced to scale K, its pixels made where Crop reads.
// Its Scaled's Pix is the whole reduced picture's buffer, valid only where
// made (made[i] == gen); it has no Mat. Its buffers are kept from one
// reset to the next.
type lazyScaled struct {
	Scaled
	src        *Scaled
	xs, ys     []areaTap
	xofs, yofs []int32
	made       []uint32  // gen where the reduced pixel (all channels) is made
	sums       []float32 // each source row's sums for each reduced column (rowSums)
	sumsMade   []uint32  // gen where those are made
	acc        []float32 // a run of reduced pixels' sums
	gen        uint32
}

// reset makes l src brought to scale k, as src.Rescale(k) would. ok is
// false where Rescale would not reduce by INTER_AREA's general path (no
// reduction, an enlargement, an integer one, or one to the same size):
// then the caller rescales.
func (l *lazyScaled) reset(src *Scaled, k float64) (ok bool) {
	f := k / src.K
	inv := 1 / f
	if f >= 1 || math.Abs(inv-math.Trunc(inv+0.5)) < 1e-15 || src.C > 4 {
		return false
	}
	w := int(math.RoundToEven(float64(src.W) * f))
	h := int(math.RoundToEven(float64(src.H) * f))
	if w <= 0 || h <= 0 || w == src.W && h == src.H { // (OpenCV copies a picture of the same size)
		return false
	}
	l.src = src
	l.Scaled = Scaled{K: k, Origin: src.Origin, W: w, H: h, C: src.C, Pix: grow(l.Pix, w*h*src.C)}
	l.made = grow(l.made, w*h)
	l.sums = grow(l.sums, src.H*w*src.C)
	l.sumsMade = grow(l.sumsMade, src.H*w)
	l.acc = grow(l.acc, w*src.C)
	l.gen++
	if l.gen == 0 { // wrapped: forget every stamp
		clear(l.made[:cap(l.made)])
		clear(l.sumsMade[:cap(l.sumsMade)])
		l.gen = 1
	}
	l.xs, l.xofs = areaTaps(src.W, w, inv, l.xs, l.xofs)
	l.ys, l.yofs = areaTaps(src.H, h, inv, l.ys, l.yofs)
	return true
}

// grow returns b with length n: b itself where it has room (its stamps
// older than the next gen), else a new slice.
func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	return b[:n]
}

// Crop is Scaled.Crop on the reduced picture: it makes the pixels the crop
// reads first.
func (l *lazyScaled) Crop(dst []float32, cx, cy float64, w, h int) bool {
	x0 := int(math.Floor(cx - float64(w)/2))
	y0 := int(math.Floor(cy - float64(h)/2))
	l.fill(max(0, x0), min(l.W-1, x0+w), max(0, y0), min(l.H-1, y0+h))
	return l.Scaled.Crop(dst, cx, cy, w, h)
}

// fill makes the reduced pixels of columns x0..x1 and rows y0..y1 not yet
// made, as ResizeArea_Invoker does: a source row's taps summed in float
// for each reduced column (its "buf", kept in sums: the same whichever
// reduced row it goes into), the rows' sums weighted and summed in
// order, rounded half to even.
func (l *lazyScaled) fill(x0, x1, y0, y1 int) {
	c := l.C
	for y := y0; y <= y1; y++ {
		made := l.made[y*l.W : (y+1)*l.W]
		for a := x0; a <= x1; a++ {
			if made[a] == l.gen {
				continue
			}
			b := a
			for b < x1 && made[b+1] != l.gen {
				b++
			}
			acc := l.acc[:(b-a+1)*c]
			for j, yt := range l.ys[l.yofs[y]:l.yofs[y+1]] {
				h := l.rowSums(int(yt.si), a, b)
				if j == 0 {
					for i, v := range h {
						acc[i] = float32(yt.alpha * v)
					}
					continue
				}
				for i, v := range h {
					acc[i] = acc[i] + float32(yt.alpha*v)
				}
			}
			pix := l.Pix[(y*l.W+a)*c : (y*l.W+b+1)*c]
			for i, v := range acc {
				pix[i] = roundByte(v)
			}
			for x := a; x <= b; x++ {
				made[x] = l.gen
			}
			a = b
		}
	}
}

// rowSums returns source row sy's sums for the reduced columns a..b (c
// values each), made where not yet: each column's taps in order, in float.
func (l *lazyScaled) rowSums(sy, a, b int) []float32 {
	c := l.C
	done := l.sumsMade[sy*l.W : (sy+1)*l.W]
	sums := l.sums[sy*l.W*c : (sy+1)*l.W*c]
	row := l.src.Pix[sy*l.src.W*c : (sy+1)*l.src.W*c]
	if c != 2 {
		for x := a; x <= b; x++ {
			if done[x] != l.gen {
				out := sums[x*c : (x+1)*c]
				clear(out)
				for _, xt := range l.xs[l.xofs[x]:l.xofs[x+1]] {
					for ch, v := range row[int(xt.si)*c : int(xt.si+1)*c] {
						out[ch] = out[ch] + float32(float32(v)*xt.alpha)
					}
				}
				done[x] = l.gen
			}
		}
		return sums[a*c : (b+1)*c]
	}
	xofs := l.xofs[a : b+2]
	for i, d := range done[a : b+1] {
		if d == l.gen {
			continue
		}
		var s0, s1 float32
		for _, xt := range l.xs[xofs[i]:xofs[i+1]] {
			o := 2 * int(xt.si)
			_ = row[o+1]
			s0 = s0 + float32(float32(row[o])*xt.alpha)
			s1 = s1 + float32(float32(row[o+1])*xt.alpha)
		}
		x := a + i
		sums[2*x], sums[2*x+1] = s0, s1
		done[x] = l.gen
	}
	return sums[2*a : 2*b+2]
}

// roundByte is saturate_cast<uchar> of a float: rounded half to even,
// clamped to 0..255.
// (v is a sum of non-negative weights of bytes: 0 ≤ v < 2²³, where adding
// 2²³ rounds it to an integer, half to even, as float32 arithmetic does.)
func roundByte(v float32) byte {
	const big = 1 << 23
	return byte(min(255, float32(v+big)-big))
}
