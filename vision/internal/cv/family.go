//go:build cgo

package cv

import (
	"math"

	"hexiom/board"
	"hexiom/calibration"
)

// A game draws the boards of every size on one kind of lattice: the
// original's (board.Pitch as given, DX/DY from 1.67 to 1.74), regular
// hexagons (DY = DX/√3: the clone before issue 40, most remakes), or one
// of those squashed or stretched (a display that scales one axis). A
// lattice vision measures with no calibration is taken for the nearest of
// the first two unless it is clearly neither, and the sizes it did not
// see are drawn in the same family.

// family is a kind of lattice every size of a game shares: regular
// hexagons or board.Pitch's, its columns widened by factor.
type family struct {
	regular bool
	factor  float64
}

// regularFamily is the lattice of regular hexagons at board.Pitch's
// column pitch, every size: what FindArea measures first (the clone's
// looks drew it before issue 40; so FindArea's areas are those it found
// then).
var regularFamily = family{regular: true, factor: 1}

// snapTol is how far (a share) a lattice's measured DX/DY may be from
// regular hexagons' or board.Pitch's and still be taken for it: the
// honeycomb measures the column pitch to about half a per cent.
const snapTol = 0.012

// snap returns the family of a lattice of size s whose column pitch is h
// and vertical pitch p (2·DY), both screen px: the base (regular or
// board.Pitch's) whose DX/DY is nearer, widened by how far off it the
// lattice is when that is more than snapTol.
func snap(h, p float64, s int) family {
	dx, dy := board.Pitch(s)
	ratio := h / (p / 2)
	reg, tab := ratio/math.Sqrt(3), ratio/(dx/dy)
	f := family{regular: math.Abs(math.Log(reg)) <= math.Abs(math.Log(tab)), factor: tab}
	if f.regular {
		f.factor = reg
	}
	if math.Abs(f.factor-1) <= snapTol {
		f.factor = 1
	}
	return f
}

// apply returns a with every screen size's lattice drawn in f, its rows
// where a puts them.
func (f family) apply(a calibration.Area) calibration.Area {
	if f.regular {
		a = a.Regular()
	}
	if f.factor != 1 {
		b := a // (sizes 2 and 3 share their aspect: widen it once)
		for _, s := range board.ScreenSizes() {
			a = a.WithAspect(s, b.AspectOf(s)*f.factor)
		}
	}
	return a
}

// unit is the area of side 1 whose lattices are f's.
func (f family) unit() calibration.Area { return f.apply(calibration.Area{Side: 1}) }

// area returns the area, every size drawn in f, whose lattice of size s
// has vertical pitch p (screen px) with a cell's centre at c (its centre
// is the area's).
func (f family) area(c calibration.Point, p float64, s int) calibration.Area {
	_, dy := f.unit().Pitch(s)
	sd := p / (2 * dy)
	return f.apply(calibration.Area{Left: c.X - sd/2, Top: c.Y - sd/2, Side: sd, Method: "auto"})
}

// known says whether the lattice of size s in a is of a family's base,
// regular hexagons or board.Pitch's, not widened: a lattice whose aspect
// is known, not measured.
func known(a calibration.Area, s int) bool {
	k := a.AspectOf(s)
	return math.Abs(k-1) < 1e-9 || math.Abs(k-regularAspect(s)) < 1e-9
}

// regularAspect is the aspect (calibration.Area.Aspect) of regular
// hexagons of size s: √3·DY/DX of board.Pitch's.
func regularAspect(s int) float64 {
	dx, dy := board.Pitch(s)
	return math.Sqrt(3) * dy / dx
}
