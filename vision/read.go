package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unsafe"

	"gocv.io/x/gocv"

	"hexiom/board"
	"hexiom/calibration"
)

// Thresholds of doubt. A cell is read only when its best kind scores at least
// MinKind and beats the second best by MinKindGap, and, for a tile, its best
// digit scores at least MinDigit and beats the second by MinDigitGap.
const (
	MinKind     = 0.60
	MinKindGap  = 0.10
	MinDigit    = 0.60
	MinDigitGap = 0.08
	// MinBoard is the least mean kind score of a board size's cells for a
	// board of that size to be in view at all.
	MinBoard = 0.55
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
	Doubt      string // why the cell is in doubt; "" when sure
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
	Reading Reading
	Doubts  []Doubt
	Picture string
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
	}
	return b.String()
}

// ErrNoBoard is returned (wrapped) when no board size's lattice matches the
// picture.
var ErrNoBoard = errors.New("vision: no Hexiom board in the calibrated area")

// DebugDir is where Read writes its debug picture when in doubt.
var DebugDir = os.TempDir()

// Read reads the board in the calibrated area of img, whose Bounds are
// screen coordinates (as capture returns them): it finds the board size in
// view, then reads every cell. When a cell is in doubt it returns a
// *DoubtError (with the Reading) and writes a debug picture into DebugDir.
func Read(img image.Image, area calibration.Area, tpl *Templates) (Reading, error) {
	return read(img, area, 0, tpl)
}

// ReadSize is Read for a board whose size s is known.
func ReadSize(img image.Image, area calibration.Area, s int, tpl *Templates) (Reading, error) {
	if s < 2 || s > 6 {
		return Reading{}, fmt.Errorf("vision: board size %d outside 2..6", s)
	}
	return read(img, area, s, tpl)
}

func read(img image.Image, area calibration.Area, size int, tpl *Templates) (Reading, error) {
	rd, err := newReader(img, area, tpl)
	if err != nil {
		return Reading{}, err
	}
	defer rd.Close()
	r, err := rd.read(size)
	if err != nil {
		return r, err
	}
	if err := doubts(r); err != nil {
		err.Picture = writeDebug(img, area, r)
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

func writeDebug(img image.Image, area calibration.Area, r Reading) string {
	pic, err := Overlay(img, area, r)
	if err != nil {
		return ""
	}
	p := filepath.Join(DebugDir, fmt.Sprintf("hexiom-doubt-%s.png", time.Now().Format("20060102-150405.000")))
	if err := savePNG(p, pic); err != nil {
		return ""
	}
	return p
}

// reader holds the features of one picture and the templates as Mats.
type reader struct {
	area   calibration.Area
	tpl    *Templates
	f      *features
	kinds  [numKinds]gocv.Mat // CV_32FC2, for non-flat kind templates
	digits [7]gocv.Mat        // CV_8UC1
	res    gocv.Mat
	none   gocv.Mat // empty mask
	crop   []float32
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
	rd := &reader{area: area, tpl: tpl, f: f, res: gocv.NewMat(), none: gocv.NewMat(), crop: make([]float32, 2*kindSz*kindSz)}
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
	sizes := []int{2, 3, 4, 5, 6}
	if s != 0 {
		sizes = []int{s}
	}
	type trial struct {
		s     int
		cells []CellReading
		mean  float64
	}
	var trials []trial
	for _, s := range sizes {
		cells, mean, err := rd.kindsOf(s)
		if err != nil {
			return r, err
		}
		r.SizeScore[s] = mean
		trials = append(trials, trial{s, cells, mean})
	}
	best := trials[0]
	for _, t := range trials[1:] {
		if t.mean > best.mean {
			best = t
		}
	}
	for _, t := range trials {
		if t.s > best.s && t.mean >= best.mean-sizeTie {
			best = t
		}
	}
	if best.mean < MinBoard {
		return r, fmt.Errorf("%w: best lattice is size %d, its cells match at %.2f on average (need %.2f)", ErrNoBoard, best.s, best.mean, MinBoard)
	}
	r.Size = best.s
	r.Cells = best.cells
	if err := rd.digitsOf(r.Size, r.Cells); err != nil {
		return r, err
	}
	r.Pos = board.New(r.Size)
	r.Conf = make([]float64, len(r.Cells))
	for i := range r.Cells {
		c := &r.Cells[i]
		judge(c)
		r.Conf[i] = c.KindScore
		if c.Kind == Movable || c.Kind == Locked {
			r.Conf[i] = math.Min(c.KindScore, c.DigitScore)
		}
		r.Pos.Cells[i] = board.Cell{Tile: c.Digit, Fixed: c.Kind == Hole || c.Kind == Locked}
	}
	return r, nil
}

// judge sets c.Doubt when c is not read with enough confidence.
func judge(c *CellReading) {
	switch {
	case c.KindScore < MinKind:
		c.Doubt = fmt.Sprintf("looks %s at only %.2f (need %.2f)", c.Kind, c.KindScore, MinKind)
	case c.KindScore-c.KindNext < MinKindGap:
		c.Doubt = fmt.Sprintf("looks %s at %.2f and %s at %.2f: too close", c.Kind, c.KindScore, c.NextKind, c.KindNext)
	case c.Kind != Movable && c.Kind != Locked:
	case c.Digit < 0:
		c.Doubt = "no digit template matches"
	case c.DigitScore < MinDigit:
		c.Doubt = fmt.Sprintf("its digit looks like %d at only %.2f (need %.2f)", c.Digit, c.DigitScore, MinDigit)
	case c.DigitScore-c.DigitNext < MinDigitGap:
		c.Doubt = fmt.Sprintf("its digit looks like %d at %.2f and %d at %.2f: too close", c.Digit, c.DigitScore, c.NextDigit, c.DigitNext)
	}
}

// kindsOf scores every cell of size s against the kind templates and
// returns the cells (kind decided, digits not yet) and the mean best score.
func (rd *reader) kindsOf(s int) ([]CellReading, float64, error) {
	R := rd.area.Radius(s)
	sc, err := scale(rd.f.ws, rd.f.origin, kindR/R)
	if err != nil {
		return nil, 0, err
	}
	defer sc.Close()
	cells := make([]CellReading, board.NumCells(s))
	sum := 0.0
	for i, p := range rd.area.Cells(s) {
		cx, cy := sc.at(p)
		var score [numKinds]float64
		rd.kindScores(sc, cx, cy, &score)
		c := &cells[i]
		c.Kind, c.KindScore, c.NextKind, c.KindNext = 0, -1, 0, -1
		for k, v := range score {
			switch {
			case v > c.KindScore:
				c.NextKind, c.KindNext = c.Kind, c.KindScore
				c.Kind, c.KindScore = Kind(k), v
			case v > c.KindNext:
				c.NextKind, c.KindNext = Kind(k), v
			}
		}
		c.Digit, c.NextDigit = board.None, board.None
		sum += math.Max(0, c.KindScore)
	}
	return cells, sum / float64(len(cells)), nil
}

// kindScores scores the cell centred at (cx, cy) of sc against each kind.
// Kinds without a template score -1.
func (rd *reader) kindScores(sc *scaled, cx, cy float64, out *[numKinds]float64) {
	x0 := int(math.Round(cx - kindR))
	y0 := int(math.Round(cy - kindR))
	crop := rd.crop
	var sum [2]float64
	n := 0
	for y := 0; y < kindSz; y++ {
		for x := 0; x < kindSz; x++ {
			i := y*kindSz + x
			var a, b float32
			if xx, yy := x0+x, y0+y; xx >= 0 && yy >= 0 && xx < sc.w && yy < sc.h {
				o := 2 * (yy*sc.w + xx)
				a, b = float32(sc.pix[o]), float32(sc.pix[o+1])
			}
			crop[2*i], crop[2*i+1] = a, b
			if kindMask[i] {
				sum[0] += float64(a)
				sum[1] += float64(b)
				n++
			}
		}
	}
	mean := [2]float32{float32(sum[0] / float64(n)), float32(sum[1] / float64(n))}
	for i, in := range kindMask {
		if in {
			crop[2*i] -= mean[0]
			crop[2*i+1] -= mean[1]
		} else {
			crop[2*i], crop[2*i+1] = 0, 0
		}
	}
	std := stdOf(crop)
	var cm gocv.Mat
	for k := range out {
		p := rd.tpl.kinds[k]
		switch {
		case !p.ok:
			out[k] = -1
		case p.flat:
			out[k] = flatScore(std, mean, p.mean)
		case std < 1:
			out[k] = 0 // a flat crop correlates with nothing
		default:
			if cm.Ptr() == nil {
				var err error
				cm, err = gocv.NewMatFromBytes(kindSz, kindSz, gocv.MatTypeCV32FC2, floatBytes(crop))
				if err != nil {
					out[k] = -1
					continue
				}
				defer cm.Close()
			}
			gocv.MatchTemplate(cm, rd.kinds[k], &rd.res, gocv.TmCcoeffNormed, rd.none)
			out[k] = float64(rd.res.GetFloatAt(0, 0))
		}
	}
}

// flatScore scores a crop against a flat template: 1 for a crop as flat as
// the template and of the same mean, falling to 0 with spread or distance.
func flatScore(std float64, mean, tmean [2]float32) float64 {
	flat := 1 - std/12
	d := math.Hypot(float64(mean[0]-tmean[0]), float64(mean[1]-tmean[1]))
	near := 1 - d/30
	if flat < 0 || near < 0 {
		return 0
	}
	return flat * near
}

// digitsOf reads the digit of every tile among cells of size s.
func (rd *reader) digitsOf(s int, cells []CellReading) error {
	any := false
	for _, c := range cells {
		if c.Kind == Movable || c.Kind == Locked {
			any = true
		}
	}
	if !any {
		return nil
	}
	sc, err := scale(rd.f.w, rd.f.origin, digitR/rd.area.Radius(s))
	if err != nil {
		return err
	}
	defer sc.Close()
	bw, bh := digitW+2*search, digitH+2*search
	for i, p := range rd.area.Cells(s) {
		c := &cells[i]
		if c.Kind != Movable && c.Kind != Locked {
			continue
		}
		c.DigitScore, c.DigitNext = -1, -1
		cx, cy := sc.at(p)
		x0 := int(math.Round(cx - digitW/2.0 - search))
		y0 := int(math.Round(cy + digitDY - digitH/2.0 - search))
		if x0 < 0 || y0 < 0 || x0+bw > sc.w || y0+bh > sc.h {
			continue
		}
		reg := sc.mat.Region(image.Rect(x0, y0, x0+bw, y0+bh))
		for d, m := range rd.digits {
			if m.Ptr() == nil {
				continue
			}
			gocv.MatchTemplate(reg, m, &rd.res, gocv.TmCcoeffNormed, rd.none)
			_, v32, _, _ := gocv.MinMaxLoc(rd.res)
			v := float64(v32)
			switch {
			case v > c.DigitScore:
				c.NextDigit, c.DigitNext = c.Digit, c.DigitScore
				c.Digit, c.DigitScore = int8(d), v
			case v > c.DigitNext:
				c.NextDigit, c.DigitNext = int8(d), v
			}
		}
		reg.Close()
	}
	return nil
}
