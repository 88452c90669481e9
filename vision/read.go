package vision

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
	"unsafe"

	"gocv.io/x/gocv"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/capture"
)

// Thresholds of doubt. A cell is read only when its best kind is one the set
// learnt, scores at least MinKind and beats the second best by MinKindGap,
// and, for a tile, its best digit is one the set learnt, scores at least
// MinDigit (MinDigitLacking when the set lacks some digit) and beats the
// second by MinDigitGap. A flat template (a hole: plain board) scores a crop
// by its flatness and by how near its mean is (flatScore).
const (
	MinKind     = 0.75
	MinKindGap  = 0.10
	MinDigit    = 0.75
	MinDigitGap = 0.08
	// MinDigitMargin: a digit closer than MinDigitGap to the runner-up is
	// still read when it scores at least MinDigitLacking and lies this far
	// from the runner-up's template towards its own (digitMargin). In the
	// flash look (FreeSans, where 5 and 6 correlate at 0.87–0.91) true 5s
	// and 6s read at another zoom lie 0.36–0.6 of the way.
	MinDigitMargin = 0.3
	// MinDigitLacking is MinDigit for a set that has not learnt every
	// digit: in the looks tried, a digit scores up to 0.85 against another
	// digit's template of the same font, and 0.85 and more against its own.
	MinDigitLacking = 0.88
	// MinBoard is the least mean kind score of a board size's cells for a
	// board of that size to be in view at all.
	MinBoard = 0.55
	// FitGood is the mean kind score of the best size's cells under which
	// the reader measures the pitch (searchPitch) instead of taking the
	// calibration's.
	FitGood = 0.90
	// sizeTie: a larger size whose mean kind score is within sizeTie of
	// the best wins (a size-3 board matches the size-2 lattice as well).
	sizeTie = 0.08
)

// Reading is a board read off a picture.
type Reading struct {
	Size  int
	Pos   board.Position
	Conf  []float64     // per cell, 0..1: the lower of its kind and digit scores
	Cells []CellReading // per cell, the details
	// SizeScore[s] is the mean best kind score of the cells of size s's
	// lattice (0 for sizes not tried).
	SizeScore [board.MaxSize + 1]float64
	// Shift is how far (screen pixels) the cells were found from where the
	// calibration put them; the reading used the shifted centres.
	Shift calibration.Point
	// Area is the geometry the cells were read with: the calibration moved
	// by Shift and, when the cells did not follow board.Pitch, with the
	// cell scale measured for this size (Area.Scale).
	Area calibration.Area
}

// Centres returns where each cell of the board read lies on the screen, as
// the reading found them (r.Area); area is the calibration it was read
// with, used when r has no Area.
func (r Reading) Centres(area calibration.Area) []calibration.Point {
	if r.Size == 0 {
		return nil
	}
	if r.Area.Side > 0 {
		return r.Area.Cells(r.Size)
	}
	return area.Shift(r.Shift.X, r.Shift.Y).Cells(r.Size)
}

// CellReading is what was seen in one cell and how sure it is.
type CellReading struct {
	Kind       Kind
	Digit      int8 // 0..6 on a tile, else board.None
	KindScore  float64
	NextKind   Kind    // the runner-up
	KindNext   float64 // its score
	DigitScore float64 // tiles only
	NextDigit  int8
	DigitNext  float64
	// NextAtBest is the runner-up digit's score where the best digit
	// matched best.
	NextAtBest float64
	Doubt      string // why the cell is in doubt; "" when sure
	// Every class's score: -1 for a class the set has no template for;
	// digits are scored on tiles only.
	KindScores  [numKinds]float64
	DigitScores [7]float64
}

// Label is the cell as the level format writes it: " .", "+.", " 3", "+3".
func (c CellReading) Label() string {
	switch c.Kind {
	case Hole:
		return "+."
	case Empty:
		return " ."
	case Locked:
		return fmt.Sprintf("+%d", c.Digit)
	default:
		return fmt.Sprintf(" %d", c.Digit)
	}
}

// Doubt is one cell read without enough confidence.
type Doubt struct {
	Cell  int
	Coord board.Coord
	Seen  string // what it looks most like, in the level format
	Why   string
}

// DoubtError is returned when some cells could not be read with confidence.
// Reading holds everything read, doubtful cells included; Picture is the
// debug picture written (empty if it could not be written).
type DoubtError struct {
	Reading    Reading
	Doubts     []Doubt
	Picture    string
	PictureErr error // why the picture could not be written
}

func (e *DoubtError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "vision: not sure of %d of the %d cells of the size-%d board:", len(e.Doubts), len(e.Reading.Cells), e.Reading.Size)
	for i, d := range e.Doubts {
		if i == 8 {
			fmt.Fprintf(&b, "; and %d more", len(e.Doubts)-i)
			break
		}
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " cell %d (row %d, column %d) looks like %q but %s", d.Cell, d.Coord.Y, d.Coord.X, d.Seen, d.Why)
	}
	if e.Picture != "" {
		fmt.Fprintf(&b, "; debug picture %s", e.Picture)
	} else if e.PictureErr != nil {
		fmt.Fprintf(&b, "; no debug picture: %v", e.PictureErr)
	}
	return b.String()
}

// largest is the largest board size the game shows.
const largest = 6

// ErrNoBoard is returned (wrapped) when no board size's lattice matches the
// picture.
var ErrNoBoard = errors.New("vision: no Hexiom board in the calibrated area")

// DebugDir is where Read writes its debug picture when in doubt; "" writes
// none.
var DebugDir = os.TempDir()

// Read reads the board in the calibrated area of img, whose Bounds are
// screen coordinates (as capture returns them): it finds the board size in
// view, then reads every cell. When a cell is in doubt it returns a
// *DoubtError (with the Reading) and writes a debug picture into DebugDir.
func Read(img image.Image, area calibration.Area, tpl *Templates) (Reading, error) {
	return read(img, area, 0, tpl, false)
}

// ReadSize is Read for a board whose size s is known.
func ReadSize(img image.Image, area calibration.Area, s int, tpl *Templates) (Reading, error) {
	if !board.OnScreen(s) {
		return Reading{}, fmt.Errorf("vision: board size %d outside %d..%d", s, board.MinScreen, board.MaxScreen)
	}
	return read(img, area, s, tpl, false)
}

// read reads as Read and ReadSize do; fixed keeps the calibration's pitch
// (no searchPitch: FindArea tries areas of its own).
func read(img image.Image, area calibration.Area, size int, tpl *Templates, fixed bool) (Reading, error) {
	rd, err := newReader(img, area, tpl)
	if err != nil {
		return Reading{}, err
	}
	rd.fixed = fixed
	defer rd.Close()
	r, err := rd.read(size)
	if err != nil {
		if errors.Is(err, ErrSize) {
			if p, perr := writeDebug(img, area, r); perr == nil {
				err = fmt.Errorf("%w; debug picture %s", err, p)
			}
		}
		return r, err
	}
	if err := doubts(r); err != nil {
		p, perr := writeDebug(img, area, r)
		err.Picture = p
		err.PictureErr = perr
		return r, err
	}
	return r, nil
}

func doubts(r Reading) *DoubtError {
	var ds []Doubt
	g := board.Geom(r.Size)
	for i, c := range r.Cells {
		if c.Doubt != "" {
			ds = append(ds, Doubt{Cell: i, Coord: g.Coords[i], Seen: c.Label(), Why: c.Doubt})
		}
	}
	if ds == nil {
		return nil
	}
	return &DoubtError{Reading: r, Doubts: ds}
}

// writeDebug writes the overlay of r into DebugDir and returns its path.
func writeDebug(img image.Image, area calibration.Area, r Reading) (string, error) {
	if DebugDir == "" {
		return "", errors.New("no debug directory")
	}
	pic, err := Overlay(img, area, r)
	if err != nil {
		return "", err
	}
	p := filepath.Join(DebugDir, fmt.Sprintf("hexiom-doubt-%s.png", time.Now().Format("20060102-150405.000")))
	// fast rather than small: Read writes it on its way to refusing
	if err := capture.WritePNG(p, pic, png.BestSpeed); err != nil {
		return "", err
	}
	return p, nil
}

// reader holds the features of one picture and the templates as Mats.
type reader struct {
	fixed  bool // never search the pitch
	area   calibration.Area
	tpl    *Templates
	f      *features
	kinds  [numKinds]gocv.Mat // CV_32FC2, for non-flat kind templates
	digits [7]gocv.Mat        // CV_8UC1
	res    gocv.Mat
	none   gocv.Mat // empty mask
}

func newReader(img image.Image, area calibration.Area, tpl *Templates) (*reader, error) {
	if tpl == nil {
		return nil, errors.New("vision: no templates")
	}
	if err := area.Valid(); err != nil {
		return nil, fmt.Errorf("vision: %w", err)
	}
	if err := tpl.prepare(); err != nil {
		return nil, fmt.Errorf("vision: templates: %w", err)
	}
	f, err := newFeatures(img, area)
	if err != nil {
		return nil, err
	}
	rd := &reader{area: area, tpl: tpl, f: f, res: gocv.NewMat(), none: gocv.NewMat()}
	for k := range tpl.kinds {
		if p := tpl.kinds[k]; p.ok && !p.flat {
			m, err := gocv.NewMatFromBytes(kindSz, kindSz, gocv.MatTypeCV32FC2, floatBytes(p.pix))
			if err != nil {
				rd.Close()
				return nil, fmt.Errorf("vision: %s template: %w", Kind(k), err)
			}
			rd.kinds[k] = m
		}
	}
	for d, b := range tpl.digits {
		if b != nil {
			m, err := gocv.NewMatFromBytes(digitH, digitW, gocv.MatTypeCV8UC1, b)
			if err != nil {
				rd.Close()
				return nil, fmt.Errorf("vision: digit %d template: %w", d, err)
			}
			rd.digits[d] = m
		}
	}
	return rd, nil
}

func (rd *reader) Close() {
	defer runtime.KeepAlive(rd.tpl) // the template Mats point into it
	rd.f.Close()
	rd.res.Close()
	rd.none.Close()
	for _, m := range rd.kinds {
		if m.Ptr() != nil {
			m.Close()
		}
	}
	for _, m := range rd.digits {
		if m.Ptr() != nil {
			m.Close()
		}
	}
}

func floatBytes(f []float32) []byte {
	if len(f) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&f[0])), 4*len(f))
}

// read reads a board of size s, or finds the size first when s is 0.
func (rd *reader) read(s int) (Reading, error) {
	var r Reading
	sizes := board.ScreenSizes()
	if s != 0 {
		sizes = []int{s}
	}
	// The lattice test: every cell of each size, at the calibrated place.
	var best *scaled
	defer func() {
		if best != nil {
			best.Close()
		}
	}()
	bestS, bestMean := 0, -1.0
	keep := func(sc *scaled, s int, mean float64) {
		if best != nil {
			best.Close()
		}
		best, bestS, bestMean = sc, s, mean
	}
	var means [board.MaxSize + 1]float64
	// Each size's kind-scale picture is made from the finest one (size
	// 6's), itself made from the full picture: a resize of a small picture
	// is much cheaper. Learn makes its crops the same way.
	base, err := scale(rd.f.ws, rd.f.origin, kindR/rd.area.Radius(6))
	if err != nil {
		return r, err
	}
	defer base.Close()
	for _, s := range sizes {
		sc, err := base.rescale(kindR / rd.area.Radius(s))
		if err != nil {
			return r, err
		}
		mean := rd.lattice(sc, rd.area.Cells(s), 0, 0)
		means[s] = mean
		r.SizeScore[s] = mean
		if mean > bestMean {
			keep(sc, s, mean)
		} else {
			sc.Close()
		}
	}
	// A larger size close to the best wins: a size-3 board matches the
	// size-2 lattice as well as its own.
	for _, s := range sizes {
		if s > bestS && means[s] >= bestMean-sizeTie {
			sc, err := base.rescale(kindR / rd.area.Radius(s))
			if err != nil {
				return r, err
			}
			keep(sc, s, means[s])
		}
	}
	// The ring around a board smaller than 6 must be the background: else
	// the board is larger, its inner cells matching the smaller lattice.
	var ringErr error
	if bestS < largest && len(sizes) > 1 && bestMean >= MinBoard {
		ringErr = rd.ringIsSky(best, bestS)
	}
	if !rd.fixed && (bestMean < FitGood || ringErr != nil) {
		// The cells do not sit where the calibration puts them: a look whose
		// cells follow another rule than board.Pitch, or a board of another
		// size than the one clicked on. Measure the pitch.
		sc, s, k, m, err := rd.searchPitch(sizes)
		if err != nil {
			return r, err
		}
		if m > bestMean || (ringErr != nil && m >= MinBoard) {
			keep(sc, s, m)
			rd.area = rd.area.WithScale(s, k)
			r.SizeScore[s] = m
			ringErr = nil
			if bestS < largest && len(sizes) > 1 {
				ringErr = rd.ringIsSky(best, bestS)
			}
		} else {
			sc.Close()
		}
	}
	if bestMean < MinBoard {
		return r, fmt.Errorf("%w: best lattice is size %d, its cells match at %.2f on average (need %.2f)", ErrNoBoard, bestS, bestMean, MinBoard)
	}
	if ringErr != nil {
		return r, ringErr
	}
	r.Size = bestS
	// Refine the calibration: move the lattice by up to about a fifth of a
	// cell radius to where its cells match best.
	var pts []calibration.Point
	for i, p := range rd.area.Cells(r.Size) {
		if i%3 == 0 || r.Size <= 3 {
			pts = append(pts, p)
		}
	}
	dx, dy := 0.0, 0.0
	cur := rd.lattice(best, pts, 0, 0)
	for step := 1.0; step >= 0.25; step /= 2 {
		for moved := true; moved; {
			moved = false
			for _, d := range [4][2]float64{{step, 0}, {-step, 0}, {0, step}, {0, -step}} {
				if math.Hypot(dx+d[0], dy+d[1]) > 2.5 {
					continue
				}
				if m := rd.lattice(best, pts, dx+d[0], dy+d[1]); m > cur+1e-4 {
					cur, dx, dy, moved = m, dx+d[0], dy+d[1], true
				}
			}
		}
	}
	area := rd.area.Shift(dx/best.k, dy/best.k)
	r.Shift = calibration.Point{X: dx / best.k, Y: dy / best.k}
	r.Area = area
	cells, err := rd.kindsOf(r.Size, best, area)
	if err != nil {
		return r, err
	}
	r.Cells = cells
	if err := rd.digitsOf(r.Size, area, r.Cells); err != nil {
		return r, err
	}
	r.Pos = board.New(r.Size)
	r.Conf = make([]float64, len(r.Cells))
	for i := range r.Cells {
		c := &r.Cells[i]
		rd.tpl.judge(c)
		r.Conf[i] = c.KindScore
		if c.Kind == Movable || c.Kind == Locked {
			r.Conf[i] = math.Min(c.KindScore, c.DigitScore)
		}
		r.Pos.Cells[i] = board.Cell{Tile: c.Digit, Fixed: c.Kind == Hole || c.Kind == Locked}
	}
	return r, nil
}

// The cell scales (relative to board.Pitch) searchPitch tries: from kMin to
// kMax, each kStep times the last, then refined.
const (
	kMin  = 0.7
	kMax  = 1.45
	kStep = 1.02
)

// searchPitch measures the pitch of the board in view: for each size, the
// lattice test at cell scales kMin..kMax (the board's centre staying at the
// area's), refined; the best size wins, a larger one on a near tie. It
// returns that size's kind-scale picture, the size, the scale and its mean
// score.
func (rd *reader) searchPitch(sizes []int) (*scaled, int, float64, float64, error) {
	fine, err := scale(rd.f.ws, rd.f.origin, kindR/(rd.area.Side*board.Radius(6)*kMin))
	if err != nil {
		return nil, 0, 0, 0, err
	}
	defer fine.Close()
	type cand struct{ k, m float64 }
	var by [board.MaxSize + 1]cand
	for _, s := range sizes {
		c := cand{1, -1}
		for k := kMin; k <= kMax; k *= kStep {
			m, err := rd.latticeAt(fine, s, k, true)
			if err != nil {
				return nil, 0, 0, 0, err
			}
			if m > c.m {
				c = cand{k, m}
			}
		}
		for step := 0.01; step >= 0.0024; step /= 2 {
			for _, f := range []float64{1 - step, 1 + step} {
				m, err := rd.latticeAt(fine, s, c.k*f, true)
				if err != nil {
					return nil, 0, 0, 0, err
				}
				if m > c.m {
					c = cand{c.k * f, m}
				}
			}
		}
		if c.m, err = rd.latticeAt(fine, s, c.k, false); err != nil {
			return nil, 0, 0, 0, err
		}
		by[s] = c
	}
	bs := sizes[0]
	for _, s := range sizes {
		if by[s].m > by[bs].m {
			bs = s
		}
	}
	for _, s := range sizes {
		if s > bs && by[s].m >= by[bs].m-sizeTie {
			bs = s
		}
	}
	sc, err := fine.rescale(kindR / rd.area.WithScale(bs, by[bs].k).Radius(bs))
	if err != nil {
		return nil, 0, 0, 0, err
	}
	return sc, bs, by[bs].k, by[bs].m, nil
}

// latticeAt is the lattice test of size s at cell scale k, at the kind
// scale made from fine; on every third cell only when sub.
func (rd *reader) latticeAt(fine *scaled, s int, k float64, sub bool) (float64, error) {
	a := rd.area.WithScale(s, k)
	sc, err := fine.rescale(kindR / a.Radius(s))
	if err != nil {
		return 0, err
	}
	defer sc.Close()
	pts := a.Cells(s)
	if sub && s > 3 {
		n := 0
		for i := range pts {
			if i%3 == 0 {
				pts[n] = pts[i]
				n++
			}
		}
		pts = pts[:n]
	}
	return rd.lattice(sc, pts, 0, 0), nil
}

// ErrSize is returned (wrapped) when the board's size cannot be told.
var ErrSize = errors.New("vision: not sure of the board size")

// ringIsSky checks, in the size-2 kind picture sc, that where the outer ring
// of a size-3 board would be there is only what is in the game area's
// corners (the background): else the board may be a size-3 board whose outer
// cells the templates do not know.
func (rd *reader) ringIsSky(sc *scaled, s int) error {
	a := rd.area
	var sky [][2]float32
	crop := make([]float32, 2*kindSz*kindSz)
	for _, c := range [][2]float64{{0.07, 0.07}, {0.93, 0.07}, {0.07, 0.93}, {0.93, 0.93}} {
		cx, cy := sc.at(calibration.Point{X: a.Left + c[0]*a.Side, Y: a.Top + c[1]*a.Side})
		sc.crop(crop, cx, cy, kindSz, kindSz)
		_, m := zeroMean(crop)
		sky = append(sky, m)
	}
	// size s+1's cells at size s's pitch
	n := s + 1
	ring := a.WithScale(n, a.ScaleOf(s)*board.Radius(s)/board.Radius(n))
	var odd []int
	for i, p := range ring.Cells(n) {
		if board.Geom(n).Ring(i) < s {
			continue // the board of size s
		}
		cx, cy := sc.at(p)
		sc.crop(crop, cx, cy, kindSz, kindSz)
		_, m := zeroMean(crop)
		near := math.Inf(1)
		for _, k := range sky {
			near = math.Min(near, math.Hypot(float64(m[0]-k[0]), float64(m[1]-k[1])))
		}
		if near > 30 {
			odd = append(odd, i)
		}
	}
	if len(odd) > 0 {
		return fmt.Errorf("%w: the cells match a size-%d board, but around it, where a size-%d board's cells %v would be, the picture is not the background; are these cells of a look the templates do not know? (hexiom learn)", ErrSize, s, n, odd)
	}
	return nil
}

// lattice returns the mean, over the cells centred at pts (moved by (dx, dy)
// pixels of sc), of each cell's best masked correlation with the kind
// templates: how well a board of that size, there, explains the picture.
// It computes the same score as kindsOf, in Go, for speed: the lattice is
// tested for every size and several offsets.
func (rd *reader) lattice(sc *scaled, pts []calibration.Point, dx, dy float64) float64 {
	crop := make([]float32, 2*kindSz*kindSz)
	sum := 0.0
	for _, p := range pts {
		cx, cy := sc.at(p)
		sc.crop(crop, cx+dx, cy+dy, kindSz, kindSz)
		std, mean := zeroMean(crop)
		best := 0.0
		for k := range rd.tpl.kinds {
			p := rd.tpl.kinds[k]
			var v float64
			switch {
			case !p.ok:
				continue
			case p.flat:
				v = flatScore(std, mean, p.mean)
			case std < 1:
				v = 0
			default:
				var dot float64
				for j, in := range kindMask {
					if in {
						dot += float64(crop[2*j])*float64(p.pix[2*j]) + float64(crop[2*j+1])*float64(p.pix[2*j+1])
					}
				}
				v = dot / (p.norm * std * float64(2*maskN))
			}
			if v > best {
				best = v
			}
		}
		sum += best
	}
	return sum / float64(len(pts))
}

// zeroMean subtracts from a 2-channel kind crop each channel's mean within
// kindMask, zeroes it outside the mask, and returns its spread and means.
func zeroMean(crop []float32) (float64, [2]float32) {
	var sum [2]float64
	for j, in := range kindMask {
		if in {
			sum[0] += float64(crop[2*j])
			sum[1] += float64(crop[2*j+1])
		}
	}
	mean := [2]float32{float32(sum[0] / float64(maskN)), float32(sum[1] / float64(maskN))}
	for j, in := range kindMask {
		if in {
			crop[2*j] -= mean[0]
			crop[2*j+1] -= mean[1]
		} else {
			crop[2*j], crop[2*j+1] = 0, 0
		}
	}
	return stdOf(crop), mean
}

// judge sets c.Doubt when c is not read with enough confidence. lacks
// says whether the set lacks some kind or digit (its stand-ins are the
// built-in set's).
func (t *Templates) judge(c *CellReading) {
	lacksDigit := false
	for _, si := range t.digitStandIn {
		lacksDigit = lacksDigit || si
	}
	tile := c.Kind == Movable || c.Kind == Locked
	switch {
	case t.kinds[c.Kind].standIn:
		c.Doubt = fmt.Sprintf("looks most like a %s (%.2f), which this template set has not learnt (hexiom learn)", c.Kind, c.KindScore)
	case c.KindScore < MinKind:
		c.Doubt = fmt.Sprintf("looks %s at only %.2f (need %.2f)", c.Kind, c.KindScore, MinKind)
	case c.KindScore-c.KindNext < MinKindGap:
		c.Doubt = fmt.Sprintf("looks %s at %.2f and %s at %.2f: too close", c.Kind, c.KindScore, c.NextKind, c.KindNext)
	case !tile:
	case c.Digit < 0:
		c.Doubt = "no digit template matches"
	case t.digitStandIn[c.Digit]:
		c.Doubt = fmt.Sprintf("its digit looks most like %d (%.2f), which this template set has not learnt (hexiom learn)", c.Digit, c.DigitScore)
	case c.DigitScore < MinDigit:
		c.Doubt = fmt.Sprintf("its digit looks like %d at only %.2f (need %.2f)", c.Digit, c.DigitScore, MinDigit)
	case lacksDigit && c.DigitScore < MinDigitLacking:
		c.Doubt = fmt.Sprintf("its digit looks like %d at only %.2f, and the set has not learnt %s (need %.2f then)", c.Digit, c.DigitScore, t.missingDigits(), MinDigitLacking)
	case c.DigitScore-c.DigitNext < MinDigitGap && (t.digitMargin(c) < MinDigitMargin || c.DigitScore < MinDigitLacking):
		c.Doubt = fmt.Sprintf("its digit looks like %d at %.2f and %d at %.2f: too close (%.2f of the way from a %d to a %d, need %.2f)", c.Digit, c.DigitScore, c.NextDigit, c.DigitNext, t.digitMargin(c), c.NextDigit, c.Digit, MinDigitMargin)
	}
}

// digitMargin is where a tile's digit lies between its best digit's
// template and the runner-up's: the gap between their scores, both where
// the best matched best, over the gap a perfect match of the best would
// leave (1 − their templates' correlation). 1 is a perfect match of the best, 0 halfway. Two digits
// alike in a font (5 and 6 in FreeSans correlate at 0.92) then need no
// larger gap than their templates leave.
func (t *Templates) digitMargin(c *CellReading) float64 {
	if c.Digit < 0 || c.NextDigit < 0 {
		return 1
	}
	rho := t.digitRho[c.Digit][c.NextDigit]
	if rho >= 1-1e-6 {
		return 0
	}
	return (c.DigitScore - c.NextAtBest) / (1 - rho)
}

// missingDigits names the digits the set has not learnt: "0, 1".
func (t *Templates) missingDigits() string {
	var ds []string
	for d, si := range t.digitStandIn {
		if si {
			ds = append(ds, fmt.Sprint(d))
		}
	}
	return strings.Join(ds, ", ")
}

// kindsOf scores every cell of size s, centred as area says, in the
// kind-scale picture sc, against the kind templates and returns the cells
// (kind decided, digits not yet).
//
// The cells' crops (hexagonal mask, digit box left out, zero mean) are laid
// side by side in one mosaic, and each kind template is matched against the
// mosaic in one MatchTemplate call: where a window is exactly one cell's
// crop, both it and the template have zero mean and nothing outside the
// mask, so TM_CCOEFF_NORMED there is the masked correlation.
func (rd *reader) kindsOf(s int, sc *scaled, area calibration.Area) ([]CellReading, error) {
	pts := area.Cells(s)
	n := len(pts)
	// The crops are laid out in a mosaic of g columns: a squarish picture
	// matches much faster than a long strip.
	g := int(math.Ceil(math.Sqrt(float64(n))))
	rows := (n + g - 1) / g
	mw := g * kindSz
	mosaic := make([]float32, 2*mw*rows*kindSz)
	crop := make([]float32, 2*kindSz*kindSz)
	type stat struct {
		std  float64
		mean [2]float32
	}
	stats := make([]stat, n)
	for i, p := range pts {
		cx, cy := sc.at(p)
		sc.crop(crop, cx, cy, kindSz, kindSz)
		std, mean := zeroMean(crop)
		stats[i] = stat{std, mean}
		x0, y0 := (i%g)*kindSz, (i/g)*kindSz
		for y := 0; y < kindSz; y++ {
			copy(mosaic[2*((y0+y)*mw+x0):], crop[2*y*kindSz:2*(y+1)*kindSz])
		}
	}
	var scores [numKinds][]float32
	sm, err := gocv.NewMatFromBytes(rows*kindSz, mw, gocv.MatTypeCV32FC2, floatBytes(mosaic))
	if err != nil {
		return nil, fmt.Errorf("vision: kind mosaic: %w", err)
	}
	defer sm.Close()
	for k := range rd.tpl.kinds {
		if p := rd.tpl.kinds[k]; p.ok && !p.flat {
			gocv.MatchTemplate(sm, rd.kinds[k], &rd.res, gocv.TmCcoeffNormed, rd.none)
			res, err := rd.res.DataPtrFloat32()
			if err != nil {
				return nil, fmt.Errorf("vision: kind scores: %w", err)
			}
			rw := rd.res.Cols()
			scores[k] = make([]float32, n)
			for i := range scores[k] {
				scores[k][i] = res[(i/g)*kindSz*rw+(i%g)*kindSz]
			}
		}
	}
	runtime.KeepAlive(mosaic) // sm points into it (NewMatFromBytes does not copy)
	cells := make([]CellReading, n)
	for i := range cells {
		c := &cells[i]
		c.Kind, c.KindScore, c.NextKind, c.KindNext = 0, -1, 0, -1
		c.Digit, c.NextDigit = board.None, board.None
		for k := range rd.tpl.kinds {
			p := rd.tpl.kinds[k]
			var v float64
			switch {
			case !p.ok:
				v = -1
			case p.flat:
				v = flatScore(stats[i].std, stats[i].mean, p.mean)
			case stats[i].std < 1:
				v = 0 // a flat crop correlates with nothing
			default:
				v = float64(scores[k][i])
			}
			c.KindScores[k] = v
			switch {
			case v > c.KindScore:
				c.NextKind, c.KindNext = c.Kind, c.KindScore
				c.Kind, c.KindScore = Kind(k), v
			case v > c.KindNext:
				c.NextKind, c.KindNext = Kind(k), v
			}
		}
	}
	return cells, nil
}

// flatNear is how far (grey levels of W and S) a crop's mean may be from a
// flat template's for the crop to score above 0 against it.
const flatNear = 12

// meanDist is how far apart two crops' means (W, S) are. Noise on a grey
// crop lowers W (the least of three noisy channels) and raises S (their
// spread) but leaves W + S/2 (the mid-range) alone, so the distance is
// measured in the mid-range, with S counting a quarter.
func meanDist(a, b [2]float32) float64 {
	dw, ds := float64(a[0]-b[0]), float64(a[1]-b[1])
	return math.Hypot(dw+ds/2, ds/4)
}

// flatScore scores a crop against a flat template: 1 for a crop as flat as
// the template and of the same mean, falling to 0 with spread or distance.
func flatScore(std float64, mean, tmean [2]float32) float64 {
	flat := 1 - math.Max(0, std-2)/20
	near := 1 - meanDist(mean, tmean)/flatNear
	if flat < 0 || near < 0 {
		return 0
	}
	return flat * near
}

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
	sc, err := scale(rd.f.w, rd.f.origin, digitR/area.Radius(s))
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
		cx, cy := sc.at(pts[i])
		sc.crop(buf, cx, cy+digitDY, bw, bh)
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
	sm, err := gocv.NewMatFromBytes(rows*bh, mw, gocv.MatTypeCV8UC1, mosaic)
	if err != nil {
		return fmt.Errorf("vision: digit mosaic: %w", err)
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
	defer sm.Close()
	for d, m := range rd.digits {
		if m.Ptr() == nil {
			continue
		}
		gocv.MatchTemplate(sm, m, &rd.res, gocv.TmCcoeffNormed, rd.none)
		res, err := rd.res.DataPtrFloat32()
		if err != nil {
			return fmt.Errorf("vision: digit scores: %w", err)
		}
		rw := rd.res.Cols()
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
			switch {
			case v > c.DigitScore:
				c.NextDigit, c.DigitNext = c.Digit, c.DigitScore
				c.Digit, c.DigitScore = int8(d), v
			case v > c.DigitNext:
				c.NextDigit, c.DigitNext = int8(d), v
			}
		}
	}
	runtime.KeepAlive(mosaic) // sm points into it
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
