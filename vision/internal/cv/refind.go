//go:build cgo

package cv

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"sort"

	"hexiom/board"
	"hexiom/calibration"
)

// movedTries is how many of the best areas FindMoved reads from scratch in
// each part of the picture it searches.
const movedTries = 3

// FindMoved finds the board of a calibration after the game moved on the
// screen at the same scale (a window moved, a page scrolled): an area of
// old's side and cell scale elsewhere in img. It looks near old first
// (within a side of it), then over all of img: on each of the board's
// outlines there (as FindArea finds them) that a board at old's scale may
// fill, it lays an area of old's side, centred on the plate measured at
// full resolution, and reads the board there from scratch; when none
// holds, each size that may fill an outline is searched around with the
// pitch fixed and the best read again from scratch. That board must be
// read with no doubt, at old's scale, and lie whole on the picture
// (FindArea's rule for a board cut by the edge). A plate in old's place,
// at old's scale, whose board does not read so is refused at once
// (errInPlace). It returns the area and the board read, or why none holds.
func FindMoved(img image.Image, old calibration.Area, tpl *Templates) (calibration.Area, Reading, error) {
	if err := old.Valid(); err != nil {
		return calibration.Area{}, Reading{}, fmt.Errorf("find the board moved: %w", err)
	}
	ts, err := newSet(tpl)
	if err != nil {
		return calibration.Area{}, Reading{}, fmt.Errorf("find the board moved: %w", err)
	}
	old.Screen = image.Rectangle{}
	var why error
	for _, win := range searchWindows(img.Bounds(), old) {
		a, r, err := movedIn(img, win, old, tpl, ts)
		if err == nil || errors.Is(err, errInPlace) {
			return a, r, err
		}
		if why == nil || isCutOff(err) && !isCutOff(why) {
			why = err
		}
	}
	return calibration.Area{}, Reading{}, why
}

// searchWindows returns where FindMoved looks, in order: the part of pic
// within a side of old's area, then all of pic.
func searchWindows(pic image.Rectangle, old calibration.Area) []image.Rectangle {
	d := int(math.Ceil(old.Side))
	near := old.Rect().Inset(-d).Intersect(pic)
	if near.Empty() || near == pic {
		return []image.Rectangle{pic}
	}
	return []image.Rectangle{near, pic}
}

// subImager is an image that gives a part of itself (image.RGBA does).
type subImager interface {
	SubImage(r image.Rectangle) image.Image
}

// movedIn is FindMoved in the part win of img: on each outline there, an
// area of old's side centred on it is read from scratch (the plate's
// outline puts it within a pixel or two, which Read's refinement reaches);
// then, when none holds, the areas of the sizes the outline may hold, each
// searched around with the pitch fixed first.
func movedIn(img image.Image, win image.Rectangle, old calibration.Area, tpl *Templates, ts *set) (calibration.Area, Reading, error) {
	part := img
	if si, ok := img.(subImager); ok && win != img.Bounds() {
		part = si.SubImage(win)
	}
	outlines, err := boardOutlines(part, ts)
	if err != nil {
		return calibration.Area{}, Reading{}, err
	}
	var first error
	keep := func(err error) {
		if first == nil || isCutOff(err) && !isCutOff(first) {
			first = err
		}
	}
	var tried []calibration.Area
	for i, o := range outlines {
		if !mayHold(o, i == 0, old) {
			continue
		}
		if i == 0 {
			o = plateBox(img, o, plateColours(ts))
		}
		a := centredOn(old, o)
		if slices.ContainsFunc(tried, func(b calibration.Area) bool { return math.Hypot(a.Left-b.Left, a.Top-b.Top) < 0.02*old.Side }) {
			continue // the same place
		}
		tried = append(tried, a)
		a, r, err := sureAt(img, a, old, tpl)
		if err == nil {
			return a, r, nil
		}
		if i == 0 && inPlace(o, old) && !isCutOff(err) {
			return a, r, fmt.Errorf("%w (%w)", errInPlace, err)
		}
		keep(err)
	}
	for _, c := range movedCandidates(img, tpl, outlines, old) {
		a, r, err := sureAt(img, c.area, old, tpl)
		if err == nil {
			return a, r, nil
		}
		keep(err)
	}
	if first == nil {
		first = fmt.Errorf("find the board moved: no board of the calibrated scale (cells of %v) in %v", old, win)
	}
	return calibration.Area{}, Reading{}, first
}

// errInPlace is FindMoved's refusal when the board's plate is where old
// puts it, at old's scale, and the board there does not read with no
// doubt (a panel over it, a look the templates do not know): the game did
// not move, and a search elsewhere would find nothing better.
var errInPlace = errors.New("find the board moved: the board's plate is where it was calibrated, at its scale, but the board there does not read with no doubt")

// inPlace says whether the plate's outline o (measured at full
// resolution) is old's board's: centred within 1 % of old's side of old's
// centre, and of the size a board of some size at old's scale fills,
// within 3 %.
func inPlace(o [4]float64, old calibration.Area) bool {
	cx, cy := o[0]+o[2]/2, o[1]+o[3]/2
	if math.Hypot(cx-old.Left-old.Side/2, cy-old.Top-old.Side/2) > 0.01*old.Side {
		return false
	}
	return slices.ContainsFunc(board.ScreenSizes(), func(s int) bool {
		return math.Abs(plateSide(o, old, s, true)-old.Side) <= 0.03*old.Side
	})
}

// centredOn returns old centred on the outline o.
func centredOn(old calibration.Area, o [4]float64) calibration.Area {
	old.Left, old.Top = o[0]+o[2]/2-old.Side/2, o[1]+o[3]/2-old.Side/2
	return old
}

// movedCandidates returns, for each outline, the area of old's side
// centred on it for each size whose board may fill it (its height, and for
// the plate its width too, within 12 % of what old's side gives), read
// with the pitch fixed there, the best movedTries in all.
func movedCandidates(img image.Image, tpl *Templates, outlines [][4]float64, old calibration.Area) []candidate {
	var cands []candidate
	for i, o := range outlines {
		a := centredOn(old, o)
		for _, s := range board.ScreenSizes() {
			if !fills(o, i == 0, old, s) {
				continue
			}
			if c, ok := tryArea(img, tpl, a, s); ok {
				cands = append(cands, c)
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	return cands[:min(len(cands), movedTries)]
}

// fills says whether a board of size s drawn in an area of old's side
// fills the outline o: the outline's height, and a plate's width too, are
// within 12 % of what that board's plate measures (as FindArea measures
// it).
func fills(o [4]float64, plate bool, old calibration.Area, s int) bool {
	dx, dy := board.Pitch(s)
	k, asp := old.ScaleOf(s), old.AspectOf(s)
	rr := board.Radius(s) * k
	h := old.Side * (k*4*dy*float64(s-1) + 1.1*math.Sqrt(3)*rr*asp)
	w := old.Side * asp * (k*2*dx*float64(s-1) + 2.2*rr)
	return math.Abs(o[3]-h) <= 0.12*h && (!plate || math.Abs(o[2]-w) <= 0.12*w)
}

// mayHold says whether the outline o may be the plate of a board of some
// size drawn at old's scale.
func mayHold(o [4]float64, plate bool, old calibration.Area) bool {
	return slices.ContainsFunc(board.ScreenSizes(), func(s int) bool { return fills(o, plate, old, s) })
}

// plateBox measures the plate's outline o (found at a quarter of the
// resolution) at full resolution: the first and last rows and columns,
// near o, that hold a few pixels of the plate's colours.
func plateBox(img image.Image, o [4]float64, plate [][2]float32) [4]float64 {
	r := image.Rect(int(o[0]), int(o[1]), int(math.Ceil(o[0]+o[2])), int(math.Ceil(o[1]+o[3]))).Inset(-8).Intersect(img.Bounds())
	rows, cols := make([]int, r.Dy()), make([]int, r.Dx())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if isPlate(img.At(x, y), plate) {
				rows[y-r.Min.Y]++
				cols[x-r.Min.X]++
			}
		}
	}
	x0, x1, okX := span(cols)
	y0, y1, okY := span(rows)
	if !okX || !okY {
		return o
	}
	return [4]float64{float64(r.Min.X + x0), float64(r.Min.Y + y0), float64(x1 - x0 + 1), float64(y1 - y0 + 1)}
}

// span returns the first and last index of counts holding at least 3.
func span(counts []int) (first, last int, ok bool) {
	first, last = -1, -1
	for i, n := range counts {
		if n >= 3 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	return first, last, first >= 0
}

// sureAt reads the board in area a of img from scratch, as Read does, and
// keeps it only when it is read with no doubt, its cells at old's scale
// (else the zoom changed: Refind searches at another scale), and whole on
// the picture.
func sureAt(img image.Image, a, old calibration.Area, tpl *Templates) (calibration.Area, Reading, error) {
	r, err := Read(img, a, tpl)
	if err != nil {
		return a, r, fmt.Errorf("find the board moved: in %v: %w", a, err)
	}
	k, k0 := r.Area.ScaleOf(r.Size), old.ScaleOf(r.Size)
	if math.Abs(k-k0) > 0.02*k0 {
		return r.Area, r, fmt.Errorf("find the board moved: a size-%d board in %v, its cells %.2f times as large as calibrated: the zoom changed", r.Size, r.Area, k/k0)
	}
	if why := cutOff(img, r.Area, r.Size); why != "" {
		return r.Area, r, fmt.Errorf("find the board moved: a size-%d board in %v, but %w", r.Size, r.Area, cutOffError(why))
	}
	return r.Area, r, nil
}

// Refind finds the board of the calibration old wherever the game is now
// in img: at old's scale first (FindMoved); then, unless a board of that
// scale is there but cut by the picture's edge or covered in its place,
// at another scale (the zoom changed, the window was resized): the side
// the board's outlines give (findScaled), else FindArea's search. The
// area found must hold as a first calibration's does: the board read from
// scratch there with no doubt, whole on the picture. It returns the area
// and the board read, or why none holds.
func Refind(img image.Image, old calibration.Area, tpl *Templates) (calibration.Area, Reading, error) {
	old.Screen = image.Rectangle{}
	a, r, err := FindMoved(img, old, tpl)
	if err == nil || isCutOff(err) || errors.Is(err, errInPlace) {
		return a, r, err
	}
	a, r, err2 := findScaled(img, old, tpl)
	if err2 == nil || isCutOff(err2) {
		return a, r, err2
	}
	a, _, err2 = FindArea(img, tpl)
	if err2 != nil {
		return calibration.Area{}, Reading{}, fmt.Errorf("%w; at another scale: %w", err, err2)
	}
	r, err2 = Read(img, a, tpl)
	if err2 != nil {
		return calibration.Area{}, r, fmt.Errorf("%w; at another scale, in %v: %w", err, a, err2)
	}
	return r.Area, r, nil
}

// findScaled finds the board at another scale than old's when its
// outlines show it: the plate's outline (measured at full resolution), then
// the patch of edges, give the side of the area of each size that fills
// it (as FindArea's candidates from an outline); each side within the
// reach of a page zoom (0.5 to 2 times old's) is read from scratch there,
// old's cell scales kept (the look's rule), until one holds with no doubt,
// whole on the picture.
func findScaled(img image.Image, old calibration.Area, tpl *Templates) (calibration.Area, Reading, error) {
	ts, err := newSet(tpl)
	if err != nil {
		return calibration.Area{}, Reading{}, err
	}
	outlines, err := boardOutlines(img, ts)
	if err != nil {
		return calibration.Area{}, Reading{}, err
	}
	why := fmt.Errorf("find the board: no outline of a board at another scale on the picture")
	for i, o := range outlines {
		if i == 0 {
			o = plateBox(img, o, plateColours(ts))
		}
		for _, sd := range scaledSides(o, i == 0, old) {
			a := old
			a.Left, a.Top, a.Side = o[0]+o[2]/2-sd/2, o[1]+o[3]/2-sd/2, sd
			r, err := readScaled(img, a, old, tpl)
			if err != nil {
				why = fmt.Errorf("find the board: in %v: %w", a, err)
				continue
			}
			if c := cutOff(img, r.Area, r.Size); c != "" {
				return r.Area, r, fmt.Errorf("find the board: a size-%d board in %v, but %w", r.Size, r.Area, cutOffError(c))
			}
			return r.Area, r, nil
		}
	}
	return calibration.Area{}, Reading{}, why
}

// scaledSides returns the sides of the areas whose board of some size, at
// old's cell scales, fills the outline o (a plate: its height and width;
// else its height), largest size first, each once (3 %), within 0.5 to 2
// times old's side.
func scaledSides(o [4]float64, plate bool, old calibration.Area) []float64 {
	var sides []float64
	for _, s := range slices.Backward(board.ScreenSizes()) {
		sd := plateSide(o, old, s, plate)
		if sd < 0.5*old.Side || sd > 2*old.Side || slices.ContainsFunc(sides, func(v float64) bool { return math.Abs(v-sd) < 0.03*sd }) {
			continue
		}
		sides = append(sides, sd)
	}
	return sides
}

// plateSide returns the side of the area whose board of size s, at old's
// cell scale, fills the outline o: its height and, for a plate, its width
// (as FindArea's candidates measure a plate).
func plateSide(o [4]float64, old calibration.Area, s int, plate bool) float64 {
	dx, dy := board.Pitch(s)
	k, asp := old.ScaleOf(s), old.AspectOf(s)
	rr := board.Radius(s) * k
	h := o[3] / (k*4*dy*float64(s-1) + 1.1*math.Sqrt(3)*rr*asp)
	if !plate {
		return h
	}
	w := o[2] / (asp * (k*2*dx*float64(s-1) + 2.2*rr))
	return (h + w) / 2
}

// readScaled reads the board in a from scratch; when Read measured its
// cells at another scale than old's (the side taken from the plate is a
// few per cent off), it reads it again in the area of the side that draws
// them at old's scale, so that every size's cells follow the look's rule
// as they did.
func readScaled(img image.Image, a, old calibration.Area, tpl *Templates) (Reading, error) {
	r, err := Read(img, a, tpl)
	if err != nil {
		return r, err
	}
	k, k0 := r.Area.ScaleOf(r.Size), old.ScaleOf(r.Size)
	if math.Abs(k/k0-1) <= 0.005 {
		return r, nil
	}
	c := r.Area.Centre(r.Size, board.NumCells(r.Size)/2)
	b := old
	b.Side = a.Side * k / k0
	b.Left, b.Top = c.X-b.Side/2, c.Y-b.Side/2
	return Read(img, b, tpl)
}
