//go:build cgo

package cv

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"math"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision"
	"hexiom/vision/internal/prep"
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
	if !board.OnScreen(s) {
		return nil, fmt.Errorf("learn: board size %d outside %d..%d", s, board.MinScreen, board.MaxScreen)
	}
	if err := area.Valid(); err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	fe, err := newFeatures(img, area)
	if err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	defer fe.Close()
	// Where the cells are: the calibration's pitch, unless the cells match
	// each other better at another (a look with another pitch rule).
	if area, err = learnScale(fe, area, truth); err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	R := area.Radius(s)
	var kindSum [numKinds][]float64
	var kindN [numKinds]int
	var digitSum [7][]float64
	var digitN [7]int
	// Every cell is learnt as it is on the picture, and as it would look
	// drawn smaller (the picture shrunk by f, down to a cell radius of
	// minLearnR px): a look learnt at one zoom or board size then reads at
	// the others, whose cells are drawn at other sizes.
	for _, f := range learnShrink {
		if f < 1 && R*f < minLearnR {
			continue
		}
		if err := learnAt(f, fe, area, truth, &kindSum, &kindN, &digitSum, &digitN); err != nil {
			return nil, fmt.Errorf("learn: %w", err)
		}
	}

	t := &Templates{Name: "learnt"}
	if into != nil {
		t.Name = into.Name
		for k, smp := range into.Kinds {
			t.Kinds[k] = clone(smp)
		}
		for d, smp := range into.Digits {
			t.Digits[d] = clone(smp)
		}
	}
	for k := range kindSum {
		add(&t.Kinds[k], kindSz, kindSz, kindC, kindSum[k], kindN[k])
	}
	for d := range digitSum {
		add(&t.Digits[d], digitW, digitH, 1, digitSum[d], digitN[d])
	}
	ts, err := newSet(t)
	if err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	r, err := read(img, area, s, t, learning)
	var de *DoubtError
	if err != nil && !errors.As(err, &de) {
		return nil, fmt.Errorf("learn: the picture does not show this level at its start: reading it back with what was learnt: %w", err)
	}
	if le := disagree(r, truth); le != nil {
		return nil, le
	}
	var old *Separation
	if into != nil {
		old = into.Sep
	}
	t.Sep = merge(old, ts.measure(r, truth))
	t.SkyHoles = r.SkyHoles || into != nil && into.SkyHoles
	if err := t.Validate(); err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	return t, nil
}

// learnShrink are the factors Learn shrinks the picture by to learn each
// cell as it would look drawn smaller; minLearnR the smallest cell radius
// (px) it shrinks to.
var learnShrink = []float64{1, 0.75, 0.55}

const minLearnR = 16

// learnAt adds the crops of every cell of the picture shrunk by f (1: as it
// is) to the sums.
func learnAt(f float64, fe *Features, area calibration.Area, truth board.Position, kindSum *[numKinds][]float64, kindN *[numKinds]int, digitSum *[7][]float64, digitN *[7]int) error {
	s := truth.Size
	R := area.Radius(s)
	// the same pyramid as read: size 6's kind scale, then this size's
	wsF, wF := fe.WS, fe.W
	if f != 1 {
		a, err := Scale(fe.WS, fe.Origin, f)
		if err != nil {
			return err
		}
		defer a.Close()
		b, err := Scale(fe.W, fe.Origin, f)
		if err != nil {
			return err
		}
		defer b.Close()
		wsF, wF = a.Mat, b.Mat
	}
	ks6, err := Scale(wsF, fe.Origin, kindR/area.Radius(6)/f)
	if err != nil {
		return err
	}
	ks6.K *= f
	defer ks6.Close()
	ks, err := ks6.Rescale(kindR / R)
	if err != nil {
		return err
	}
	defer ks.Close()
	ds, err := Scale(wF, fe.Origin, digitR/R/f)
	if err != nil {
		return err
	}
	ds.K *= f
	defer ds.Close()
	for i, p := range area.Cells(s) {
		c := truth.Cells[i]
		k := kindOf(c)
		cx, cy := ks.At(p)
		if kindSum[k] == nil {
			kindSum[k] = make([]float64, kindC*kindSz*kindSz)
		}
		if !accumulate(kindSum[k], ks, cx, cy, kindSz, kindSz) {
			return fmt.Errorf("cell %d lies outside the picture", i)
		}
		kindN[k]++
		if c.Tile == board.None {
			continue
		}
		cx, cy = ds.At(p)
		d := c.Tile
		if digitSum[d] == nil {
			digitSum[d] = make([]float64, digitW*digitH)
		}
		if !accumulate(digitSum[d], ds, cx, cy+digitDY, digitW, digitH) {
			return fmt.Errorf("cell %d lies outside the picture", i)
		}
		digitN[d]++
	}
	return nil
}

// learnScale returns area with the lattice of truth's size at which the
// cells of each kind look most alike: the pitch of the board in view,
// measured with no template: the scale searched kMin..kMax, then the
// column pitch (the aspect), the row pitch and the column pitch again, each
// on its own (fitAspectOf, fitRowsOf). The calibration's own lattice is
// kept unless another is clearly better.
func learnScale(f *Features, area calibration.Area, truth board.Position) (calibration.Area, error) {
	s := truth.Size
	fine, err := Scale(f.WS, f.Origin, kindR/(area.Side*board.Radius(6)*kMin))
	if err != nil {
		return area, err
	}
	defer fine.Close()
	kinds := make([]Kind, len(truth.Cells))
	for i, c := range truth.Cells {
		kinds[i] = kindOf(c)
	}
	var failed error
	alike := func(a calibration.Area) float64 {
		sc, err := fine.Rescale(kindR / a.Radius(s))
		if err != nil {
			failed = cmp.Or(failed, err)
			return 0
		}
		defer sc.Close()
		return alikeness(sc, a.Cells(s), kinds)
	}
	cur := alike(area)
	best, bestA := cur, area
	for k := kMin; k <= kMax; k *= kStep {
		if m := alike(area.WithScale(s, k)); m > best {
			best, bestA = m, area.WithScale(s, k)
		}
	}
	// (a scale clearly better than the calibration's: the pitches are
	// fitted from there)
	scanned := best >= cur+0.02
	if !scanned {
		bestA = area
	}
	fitted, gain := bestA, 0.0
	for _, fit := range []func(calibration.Area, int, func(calibration.Area) float64) (calibration.Area, float64){fitAspectOf, fitRowsOf, fitAspectOf} {
		var g float64
		fitted, g = fit(fitted, s, alike)
		gain += g
	}
	if failed != nil {
		return area, failed
	}
	switch {
	case gain >= learnFitGain:
		return fitted, nil
	case scanned:
		return bestA, nil
	}
	return area, nil
}

// learnFitGain is how much more alike (alikeness) the cells must be for
// learnScale to take the pitches it fitted: a lattice 1 % narrower than
// the look's (flash's at size 3 against board.Pitch) gains about 0.009; a
// fit of noise about 0.001, and that moved the neon set's lattice by
// 0.1 %, its learnt 1 and 4 then too close.
const learnFitGain = 0.005

// alikeness is how alike the kind crops at pts are within each kind: the
// mean correlation of each crop with its kind's mean crop, over the kinds
// with at least two cells.
func alikeness(sc *Scaled, pts []calibration.Point, kinds []Kind) float64 {
	crops := make([][]float32, len(pts))
	var sum [numKinds][]float64
	var n [numKinds]int
	for i, p := range pts {
		c := make([]float32, kindC*kindSz*kindSz)
		cx, cy := sc.At(p)
		sc.Crop(c, cx, cy, kindSz, kindSz)
		prep.ZeroMean(c)
		crops[i] = c
		k := kinds[i]
		if sum[k] == nil {
			sum[k] = make([]float64, len(c))
		}
		for j, v := range c {
			sum[k][j] += float64(v)
		}
		n[k]++
	}
	total, cells := 0.0, 0
	for i, c := range crops {
		k := kinds[i]
		if n[k] < 2 {
			continue
		}
		var dot, a2, b2 float64
		for j, v := range c {
			m := sum[k][j] / float64(n[k])
			dot += float64(v) * m
			a2 += float64(v) * float64(v)
			b2 += m * m
		}
		if a2 > 0 && b2 > 0 {
			total += dot / math.Sqrt(a2*b2)
		}
		cells++
	}
	if cells == 0 {
		return 0
	}
	return total / float64(cells)
}

// disagree compares the reading r with truth, cell by cell.
func disagree(r Reading, truth board.Position) *LearnError {
	if r.Size != truth.Size || len(r.Cells) != len(truth.Cells) {
		return &LearnError{Read: r.Pos, Reading: r}
	}
	g := board.Geom(truth.Size)
	var ds []Disagreement
	for i, c := range r.Cells {
		if r.Pos.Cells[i] != truth.Cells[i] || c.Doubt != "" {
			ds = append(ds, Disagreement{Cell: i, Coord: g.Coords[i], Read: c.Label(), Was: cellLabel(truth.Cells[i]), Doubt: c.Doubt})
		}
	}
	if ds == nil {
		return nil
	}
	return &LearnError{Read: r.Pos, Cells: ds, Reading: r}
}

// cellLabel writes a cell of a position as the level format does.
func cellLabel(c board.Cell) string {
	switch {
	case c.Hole():
		return "+."
	case c.Tile == board.None:
		return " ."
	case c.Fixed:
		return fmt.Sprintf("+%d", c.Tile)
	}
	return fmt.Sprintf(" %d", c.Tile)
}

// clone copies a sample (nil: nil).
func clone(s *Sample) *Sample {
	if s == nil {
		return nil
	}
	c := *s
	c.Mean = append([]float32(nil), s.Mean...)
	return &c
}

// accumulate adds the w×h crop of sc centred on (cx, cy) to sum; false if
// it does not lie inside sc.
func accumulate(sum []float64, sc *Scaled, cx, cy float64, w, h int) bool {
	buf := make([]float32, w*h*sc.C)
	if !sc.Crop(buf, cx, cy, w, h) {
		return false
	}
	for i, v := range buf {
		sum[i] += float64(v)
	}
	return true
}

// add merges n crops (their sum) into the sample *s.
func add(s **Sample, w, h, c int, sum []float64, n int) {
	if n == 0 {
		return
	}
	if *s == nil {
		*s = &Sample{W: w, H: h, C: c, Mean: make([]float32, w*h*c)}
	}
	old := float64((*s).N)
	for i := range sum {
		// clamped: the mean of grey levels 0..255, but for rounding
		// (255.00002 would fail Validate, which every load applies)
		v := (float64((*s).Mean[i])*old + sum[i]) / (old + float64(n))
		(*s).Mean[i] = float32(math.Max(0, math.Min(255, v)))
	}
	(*s).N += n
}

// digitClass names the class of digit d, as vision.Classes does.
func digitClass(d int) string { return vision.Classes()[numKinds+d] }
