package vision

import (
	"errors"
	"fmt"
	"image"

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
	// the same pyramid as read: size 6's kind scale, then this size's
	ks6, err := scale(f.ws, f.origin, kindR/area.Radius(6))
	if err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	defer ks6.Close()
	ks, err := ks6.rescale(kindR / R)
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
		if kindSum[k] == nil {
			kindSum[k] = make([]float64, 2*kindSz*kindSz)
		}
		if !accumulate(kindSum[k], ks, cx, cy, kindSz, kindSz) {
			return nil, fmt.Errorf("learn: cell %d lies outside the picture", i)
		}
		kindN[k]++
		if c.Tile == board.None {
			continue
		}
		cx, cy = ds.at(p)
		d := c.Tile
		if digitSum[d] == nil {
			digitSum[d] = make([]float64, digitW*digitH)
		}
		if !accumulate(digitSum[d], ds, cx, cy+digitDY, digitW, digitH) {
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
		return nil, fmt.Errorf("learn: the picture does not show this level at its start: reading it back with what was learnt: %w", err)
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

// accumulate adds the w×h crop of sc centred on (cx, cy) to sum; false if
// it does not lie inside sc.
func accumulate(sum []float64, sc *scaled, cx, cy float64, w, h int) bool {
	buf := make([]float32, w*h*sc.c)
	if !sc.crop(buf, cx, cy, w, h) {
		return false
	}
	for i, v := range buf {
		sum[i] += float64(v)
	}
	return true
}
