package vision

import (
	"errors"
	"fmt"
	"image"
	"math"

	"hexiom/board"
	"hexiom/calibration"
)

// Learn returns the set into (nil for a new one) extended with every cell of
// a picture img showing the known position truth in the calibrated area: the
// start of a level, so that every cell's kind and digit are known. The crops
// are averaged into the templates (merging with what into already held).
// Learn then reads img with the new set and fails unless it reads truth.
func Learn(into *Templates, img image.Image, area calibration.Area, truth board.Position) (*Templates, error) {
	if err := truth.Validate(); err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	s := truth.Size
	if s < 2 || s > 6 {
		return nil, fmt.Errorf("learn: board size %d outside 2..6", s)
	}
	if err := area.Valid(); err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	f, err := newFeatures(img, area)
	if err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	defer f.Close()
	R := area.Radius(s)
	ks, err := scale(f.ws, f.origin, kindR/R)
	if err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	defer ks.Close()
	ds, err := scale(f.w, f.origin, digitR/R)
	if err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	defer ds.Close()

	var kindSum [numKinds][]float64
	var kindN [numKinds]int
	var digitSum [7][]float64
	var digitN [7]int
	for i, p := range area.Cells(s) {
		c := truth.Cells[i]
		k := Movable
		switch {
		case c.Hole():
			k = Hole
		case c.Locked():
			k = Locked
		case c.Tile == board.None:
			k = Empty
		}
		cx, cy := ks.at(p)
		x0, y0 := int(math.Round(cx-kindR)), int(math.Round(cy-kindR))
		if kindSum[k] == nil {
			kindSum[k] = make([]float64, 2*kindSz*kindSz)
		}
		if !accumulate(kindSum[k], ks, x0, y0, kindSz, kindSz) {
			return nil, fmt.Errorf("learn: cell %d lies outside the picture", i)
		}
		kindN[k]++
		if c.Tile == board.None {
			continue
		}
		cx, cy = ds.at(p)
		x0 = int(math.Round(cx - digitW/2.0))
		y0 = int(math.Round(cy + digitDY - digitH/2.0))
		d := c.Tile
		if digitSum[d] == nil {
			digitSum[d] = make([]float64, digitW*digitH)
		}
		if !accumulate(digitSum[d], ds, x0, y0, digitW, digitH) {
			return nil, fmt.Errorf("learn: cell %d lies outside the picture", i)
		}
		digitN[d]++
	}

	t := &Templates{Name: "learnt"}
	if into != nil {
		t.Name = into.Name
		for k, smp := range into.Kinds {
			t.Kinds[k] = smp.clone()
		}
		for d, smp := range into.Digits {
			t.Digits[d] = smp.clone()
		}
	}
	for k := range kindSum {
		add(&t.Kinds[k], kindSz, kindSz, 2, kindSum[k], kindN[k])
	}
	for d := range digitSum {
		add(&t.Digits[d], digitW, digitH, 1, digitSum[d], digitN[d])
	}
	if err := t.prepare(); err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	r, err := ReadSize(img, area, s, t)
	var de *DoubtError
	if err != nil && !errors.As(err, &de) {
		return nil, fmt.Errorf("learn: reading the picture back: %w", err)
	}
	if !r.Pos.Equal(truth) {
		return nil, fmt.Errorf("learn: the picture does not show this level at its start: read back\n%s", r.Pos.Format())
	}
	return t, nil
}

func (s *Sample) clone() *Sample {
	if s == nil {
		return nil
	}
	c := *s
	c.Mean = append([]float32(nil), s.Mean...)
	return &c
}

// accumulate adds the w×h crop of sc at (x0, y0) to sum; false if it does not
// lie inside sc.
func accumulate(sum []float64, sc *scaled, x0, y0, w, h int) bool {
	if x0 < 0 || y0 < 0 || x0+w > sc.w || y0+h > sc.h {
		return false
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			for ch := 0; ch < sc.c; ch++ {
				sum[(y*w+x)*sc.c+ch] += float64(sc.pix[((y0+y)*sc.w+x0+x)*sc.c+ch])
			}
		}
	}
	return true
}
