//go:build cgo

package cv

import (
	"fmt"
	"math"

	"hexiom/calibration"
)

// digitsOf reads the digit of every tile among cells of size s. The tiles'
// search boxes (the digit box grown by search pixels each way) are laid side
// by side in one mosaic and each digit template is matched against the whole
// mosaic in one MatchTemplate call; a cell's best is the maximum over the
// windows inside its own box.
func (rd *reader) digitsOf(s int, area calibration.Area, cells []CellReading) error {
	var tiles []int
	for i, c := range cells {
		if c.Kind == Movable || c.Kind == Locked {
			tiles = append(tiles, i)
		}
	}
	if len(tiles) == 0 {
		return nil
	}
	sc, err := Scale(rd.f.W, rd.f.Origin, digitR/area.Radius(s))
	if err != nil {
		return err
	}
	defer sc.Close()
	bw, bh := digitW+2*search, digitH+2*search
	n := len(tiles)
	g := int(math.Ceil(math.Sqrt(float64(n))))
	rows := (n + g - 1) / g
	mw := g * bw
	buf := make([]float32, bw*bh)
	mosaic := make([]byte, mw*rows*bh)
	pts := area.Cells(s)
	for t, i := range tiles {
		cx, cy := sc.At(pts[i])
		sc.Crop(buf, cx, cy+digitDY, bw, bh)
		x0, y0 := (t%g)*bw, (t/g)*bh
		for y := 0; y < bh; y++ {
			row := mosaic[(y0+y)*mw+x0:]
			for x := 0; x < bw; x++ {
				row[x] = byte(buf[y*bw+x] + 0.5)
			}
		}
		c := &cells[i]
		c.DigitScore, c.DigitNext = -1, -1
		c.DigitScores = [7]float64{-1, -1, -1, -1, -1, -1, -1}
	}
	// every digit's scores over each tile's search window
	nw := (2*search + 1) * (2*search + 1)
	winBuf := make([]float32, len(tiles)*7*nw)
	win := make([][7][]float32, len(tiles))
	for t := range win {
		for d := range win[t] {
			o := (t*7 + d) * nw
			win[t][d] = winBuf[o : o : o+nw]
		}
	}
	for d, m := range rd.digits {
		if m < 0 {
			continue
		}
		res, rw, err := rd.m.MatchGrey(mosaic, mw, rows*bh, m)
		if err != nil {
			return fmt.Errorf("vision: digit scores: %w", err)
		}
		for t, i := range tiles {
			best := float32(-1)
			x0, y0 := (t%g)*bw, (t/g)*bh
			w := win[t][d][:0]
			for y := y0; y <= y0+2*search; y++ {
				for x := x0; x <= x0+2*search; x++ {
					v := res[y*rw+x]
					w = append(w, v)
					if v > best {
						best = v
					}
				}
			}
			win[t][d] = w
			v := float64(best)
			c := &cells[i]
			c.DigitScores[d] = v
			rank(&c.Digit, &c.DigitScore, &c.NextDigit, &c.DigitNext, int8(d), v)
		}
	}
	// The runner-up's score where the best digit matched best: how far
	// the tile lies from the runner-up towards the best (see digitMargin).
	for t, i := range tiles {
		c := &cells[i]
		if c.Digit < 0 || c.NextDigit < 0 {
			continue
		}
		a, b := win[t][c.Digit], win[t][c.NextDigit]
		at := 0
		for j, v := range a {
			if v > a[at] {
				at = j
			}
		}
		c.NextAtBest = float64(b[at])
	}
	return nil
}
