//go:build cgo

package cv

import (
	"fmt"
	"math"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision/internal/prep"
)

// kindsOf scores every cell of size s, centred as area says, in the
// kind-scale picture sc, against the kind templates and returns the cells
// (kind decided, digits not yet).
//
// The cells' crops (hexagonal mask, digit box left out, zero mean) are laid
// side by side in one mosaic, and each kind template is matched against the
// mosaic in one MatchTemplate call: where a window is exactly one cell's
// crop, both it and the template have zero mean and nothing outside the
// mask, so TM_CCOEFF_NORMED there is the masked correlation.
func (rd *reader) kindsOf(s int, sc *Scaled, area calibration.Area) ([]CellReading, error) {
	return rd.kindsAt(sc, area.Cells(s))
}

// kindsAt is kindsOf for the cells centred at pts (ReadCells: a few).
func (rd *reader) kindsAt(sc *Scaled, pts []calibration.Point) ([]CellReading, error) {
	n := len(pts)
	// The crops are laid out in a mosaic of g columns: a squarish picture
	// matches much faster than a long strip.
	g := int(math.Ceil(math.Sqrt(float64(n))))
	rows := (n + g - 1) / g
	mw := g * kindSz
	mosaic := make([]float32, kindC*mw*rows*kindSz)
	crop := make([]float32, kindC*kindSz*kindSz)
	type stat struct {
		std  float64
		mean [kindC]float32
		hole float64 // the score as a hole by its inner part (innerHole)
	}
	stats := make([]stat, n)
	for i, p := range pts {
		cx, cy := sc.At(p)
		sc.Crop(crop, cx, cy, kindSz, kindSz)
		hole := rd.innerHole(crop)
		std, mean := prep.ZeroMean(crop)
		stats[i] = stat{std, mean, hole}
		x0, y0 := (i%g)*kindSz, (i/g)*kindSz
		for y := 0; y < kindSz; y++ {
			copy(mosaic[kindC*((y0+y)*mw+x0):], crop[kindC*y*kindSz:kindC*(y+1)*kindSz])
		}
	}
	means := make([][kindC]float32, n)
	for i := range stats {
		means[i] = stats[i].mean
	}
	scores, err := rd.kindScores(mosaic, mw, rows, g, means)
	if err != nil {
		return nil, err
	}
	cells := make([]CellReading, n)
	for i := range cells {
		c := &cells[i]
		c.Kind, c.KindScore, c.NextKind, c.KindNext = 0, -1, 0, -1
		c.Digit, c.NextDigit = board.None, board.None
		for k := range rd.tpl.p.Kinds {
			p := rd.tpl.p.Kinds[k]
			var v float64
			switch {
			case !p.OK:
				v = -1
			case p.Flat:
				v = flatScore(stats[i].std, stats[i].mean, p.Mean)
			case stats[i].std < 1:
				v = 0 // a flat crop correlates with nothing
			default:
				v = float64(scores[k][i])
			}
			if Kind(k) == Hole {
				v = max(v, stats[i].hole, rd.plainHole(stats[i].std, stats[i].mean))
			}
			c.KindScores[k] = v
			rank(&c.Kind, &c.KindScore, &c.NextKind, &c.KindNext, Kind(k), v)
		}
	}
	return cells, nil
}

// kindScores matches every non-flat kind's templates against the mosaic of
// the crops in g columns and rows rows (mw wide), whose means are means,
// and returns each crop's score for each kind: its best over the kind's
// templates (KindAlts), each times colourNear where the set's templates
// are each of one colour.
func (rd *reader) kindScores(mosaic []float32, mw, rows, g int, means [][kindC]float32) ([numKinds][]float32, error) {
	n := len(means)
	var scores [numKinds][]float32
	for k, t := range rd.kinds {
		if t < 0 {
			continue
		}
		scores[k] = make([]float32, n)
		for j, id := range append([]int{t}, rd.alts[k]...) {
			res, rw, err := rd.m.MatchFloat(mosaic, mw, rows*kindSz, kindC, id)
			if err != nil {
				return scores, fmt.Errorf("vision: kind scores: %w", err)
			}
			tm := rd.tpl.p.Kinds[k].Mean
			if j > 0 {
				tm = rd.tpl.p.KindAlts[k][j-1].Mean
			}
			for i := range scores[k] {
				v := res[(i/g)*kindSz*rw+(i%g)*kindSz]
				if rd.byColour {
					v *= float32(colourNear(means[i], tm))
				}
				if j == 0 || v > scores[k][i] {
					scores[k][i] = v
				}
			}
		}
	}
	return scores, nil
}

// innerHole scores a kind crop (not yet zero-mean) as a hole by its inner
// part alone, where the set's holes are plain there and no other kind is
// of their colour (prep.HoleInner): a hole that is the plain background
// reads so whichever neighbours it has. 0 in other sets.
func (rd *reader) innerHole(crop []float32) float64 {
	if !rd.tpl.p.HoleInnerOK {
		return 0
	}
	std, mean := prep.InnerStats(crop)
	return flatScore(std, mean, rd.tpl.p.HoleInner)
}

// plainHole scores a kind crop of spread std and mean (prep.ZeroMean's)
// as a hole by its plainness, where Learn measured the set's holes
// plainer than every other cell (prep.PlainHole): a hole that is a
// background of changing colour reads so wherever it lies. 0 in other
// sets.
func (rd *reader) plainHole(std float64, mean [kindC]float32) float64 {
	if !rd.tpl.p.HolePlainOK {
		return 0
	}
	return rd.tpl.p.HolePlain.Score(std, mean)
}

// colourNear weighs a crop's correlation with a template of one colour
// (a set that learnt a template a colour group: Templates.KindAlts) by how
// near the crop's mean colour is to the template's: 1 within twice the
// groups' own spread (groupNear), falling to 0 at four times it. Where a
// tile's colour is its state, a locked tile and a movable one differ by a
// border or a mark, which correlation sees, and the movable tiles of a
// state by their colour, which it does not (it takes out the mean): an
// ivory movable tile correlates with the ivory locked one almost as well
// as with the ivory movable ones.
func colourNear(mean, tmean [kindC]float32) float64 {
	d := prep.MeanDist(mean, tmean)
	return max(0, min(1, 1-(d-2*groupNear)/(2*groupNear)))
}

// flatNear is how far (grey levels of W and S) a crop's mean may be from a
// flat template's for the crop to score above 0 against it.
const flatNear = 12

// flatScore scores a crop against a flat template: 1 for a crop as flat as
// the template and of the same mean, falling to 0 with spread or distance.
func flatScore(std float64, mean, tmean [kindC]float32) float64 {
	flat := 1 - math.Max(0, std-2)/20
	near := 1 - prep.MeanDist(mean, tmean)/flatNear
	if flat < 0 || near < 0 {
		return 0
	}
	return flat * near
}
