//go:build cgo

package cv

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision"
)

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// FindArea finds the game area in a picture of the screen with no help: the
// board's plate (the largest patch of the board's colour, which the hole
// template gives) and the patch of edges bound the board, and the cell
// lattice measured inside each with no template gives the cells' pitch and
// a cell's centre; for each size, the areas that would draw a board of that
// size there are read with the pitch fixed, and the best is refined and
// must hold when the board is read from scratch there (else the next best
// is tried). Lattices of other pitches that fit less well are tried only
// when no area of those holds; then all of it again in the solid patch of
// the plate's colour (solidPlate), when that is another outline. It
// returns the area (screen pixels) and the board read with it; a *DoubtError when the area holds but some cells are
// in doubt; any other error when no area holds.
func FindArea(img image.Image, tpl *Templates) (calibration.Area, Reading, error) {
	ts, err := newSet(tpl)
	if err != nil {
		return calibration.Area{}, Reading{}, fmt.Errorf("find board: %w", err)
	}
	outlines, err := boardOutlines(img, ts)
	if err != nil {
		return calibration.Area{}, Reading{}, err
	}
	area, r, err, held := findIn(img, tpl, outlines)
	if held {
		return area, r, err
	}
	// The patch of the plate's colour may have taken in what lies near
	// it in that colour (a page's dark text under a game whose stage is
	// the plate, its holes the background): the solid part of it alone.
	if o, ok, err2 := solidPlate(img, ts); err2 != nil {
		return calibration.Area{}, Reading{}, err2
	} else if ok && within(o, outlines[0]) {
		a2, r2, err2, held := findIn(img, tpl, [][4]float64{o})
		if held {
			return a2, r2, err2
		}
		if err == nil {
			area, r, err = a2, r2, err2
		}
	}
	if err == nil {
		o := outlines[0]
		return calibration.Area{}, Reading{}, fmt.Errorf("find board: the board's outline (the largest patch of its colour or of edges, %.0f×%.0f px at (%.0f,%.0f)) fits no board size's cell lattice: is it a look the templates were not learnt on?", o[2], o[3], o[0], o[1])
	}
	return area, r, err
}

// findIn is FindArea in the outlines (the first the plate's, the second,
// if any, the edges'): held says whether an area held; then area, r and
// err are FindArea's answer, else the first refusal (err nil when no
// area was tried).
func findIn(img image.Image, tpl *Templates, outlines [][4]float64) (calibration.Area, Reading, error, bool) {
	// The cells' vertical pitch, as each outline's lattice measured it
	// with no template: the lattice that fits best, then others of other
	// pitches (measureHoneycomb), measured only for the second round.
	hcs := make([][]honeycomb, len(outlines))
	others := make([]func() []honeycomb, len(outlines))
	for i, o := range outlines {
		hcs[i], others[i] = measureHoneycomb(img, o)
	}
	// Two rounds: the best lattices and the outlines; only when no area
	// of those holds, the other lattices (a lattice finer than the cells
	// reads many bits of a few large cells surely, and would outscore
	// the board).
	var first struct {
		area calibration.Area
		r    Reading
		err  error
	}
	for round := 0; round < 2; round++ {
		lattices := hcs
		if round == 1 {
			lattices = make([][]honeycomb, len(outlines))
			for i := range outlines {
				lattices[i] = others[i]()
			}
		}
		cands := candidates(img, tpl, outlines, lattices, round == 0)
		if len(cands) == 0 {
			continue
		}
		area, r, err, held := holds(img, tpl, cands)
		if held {
			return area, r, err, true
		}
		if first.err == nil || isCutOff(err) && !isCutOff(first.err) {
			first.area, first.r, first.err = area, r, err
		}
	}
	return first.area, first.r, first.err, false
}

// within says whether outline a (left, top, width, height) lies inside b
// and is clearly smaller: a side or an edge of it 5 % of b's size in,
// more than the few px that b's anti-aliased rim adds at the quarter
// resolution the outlines are measured at.
func within(a, b [4]float64) bool {
	in, smaller := true, false
	for i, lo := range [][2]float64{{a[0], b[0]}, {a[1], b[1]}} {
		hiA, hiB := lo[0]+a[2+i], lo[1]+b[2+i]
		in = in && lo[0] >= lo[1]-outlineQ && hiA <= hiB+outlineQ
		tol := math.Max(2*outlineQ, 0.05*b[2+i])
		smaller = smaller || lo[0]-lo[1] > tol || hiB-hiA > tol
	}
	return in && smaller
}

// boardOutlines returns the board's outlines in img (left, top, width,
// height; screen px): the largest patch of the colour of its plate (the
// hole's template, or the empty cell's) and the largest patch of edges, at
// a quarter of the resolution. It fails when there is neither.
func boardOutlines(img image.Image, ts *set) ([][4]float64, error) {
	// The board's outline: the pixels of the colour of its plate (the
	// hole's template) or of its empty cells, whichever the set learnt;
	// tiles leave gaps that a closing fills.
	b := img.Bounds()
	const q = outlineQ
	w, h := b.Dx()/q, b.Dy()/q
	mask := plateMask(img, plateColours(ts), false)
	// A second outline, whatever the look's colours: where the picture has
	// edges (cell rims, digits, claws), closed into one blob.
	grey := make([]int, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, bl, _ := img.At(b.Min.X+x*q+q/2, b.Min.Y+y*q+q/2).RGBA()
			grey[y*w+x] = int(min(r, g, bl)>>8+max(r, g, bl)>>8) / 2
		}
	}
	edges := make([]byte, w*h)
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			i := y*w + x
			gx, gy := grey[i+1]-grey[i-1], grey[i+w]-grey[i-w]
			if gx*gx+gy*gy > 24*24 {
				edges[i] = 255
			}
		}
	}
	var outlines [][4]float64
	for _, c := range []struct {
		mask []byte
		k    int
	}{{mask, 9}, {edges, 15}} {
		o, ok, err := LargestBlob(c.mask, w, h, c.k)
		if err != nil {
			return nil, fmt.Errorf("find board: %w", err)
		}
		if ok {
			outlines = append(outlines, [4]float64{o[0]*q + float64(b.Min.X), o[1]*q + float64(b.Min.Y), o[2] * q, o[3] * q})
		}
	}
	if len(outlines) == 0 {
		return nil, errors.New("find board: no patch of the board's colour and no patch of edges on the screen: is the game in view, showing a board?")
	}
	return outlines, nil
}

// outlineQ is the scale (screen px per mask px) boardOutlines works at:
// the plate is large.
const outlineQ = 4

// plateMask returns where img shows the plate's colours (plateColours), at
// a quarter of the resolution (outlineQ; 255 there, else 0): a pixel
// sampled in each block of 4×4, or with solid, four pixels of it, all of
// the plate's colours (anti-aliased text, its strokes a pixel or two wide,
// is not solid).
func plateMask(img image.Image, plate [][2]float32, solid bool) []byte {
	b := img.Bounds()
	const q = outlineQ
	w, h := b.Dx()/q, b.Dy()/q
	mask := make([]byte, w*h)
	at := [][2]int{{q / 2, q / 2}}
	if solid {
		at = [][2]int{{1, 1}, {3, 1}, {1, 3}, {3, 3}}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			in := true
			for _, d := range at {
				in = in && isPlate(img.At(b.Min.X+x*q+d[0], b.Min.Y+y*q+d[1]), plate)
			}
			if in {
				mask[y*w+x] = 255
			}
		}
	}
	return mask
}

// solidPlate returns the outline of the largest patch of img that is
// solidly of the plate's colours (plateMask), as boardOutlines measures
// its first outline, and whether there is one.
func solidPlate(img image.Image, ts *set) ([4]float64, bool, error) {
	b := img.Bounds()
	const q = outlineQ
	w, h := b.Dx()/q, b.Dy()/q
	o, ok, err := LargestBlob(plateMask(img, plateColours(ts), true), w, h, 9)
	if err != nil {
		return o, false, fmt.Errorf("find board: %w", err)
	}
	return [4]float64{o[0]*q + float64(b.Min.X), o[1]*q + float64(b.Min.Y), o[2] * q, o[3] * q}, ok, nil
}

// plateColours returns the colours (the darkest channel, and the spread of
// the channels) of the board's plate: the hole's and the empty cell's, as
// the set learnt them, else the classic look's grey.
func plateColours(ts *set) [][2]float32 {
	var plate [][2]float32
	for _, k := range []Kind{Hole, Empty} {
		if p := ts.p.Kinds[k]; p.OK && !p.StandIn {
			plate = append(plate, p.Mean)
		}
	}
	if len(plate) == 0 {
		plate = append(plate, [2]float32{108, 0})
	}
	return plate
}

// isPlate says whether c is of one of the plate's colours.
func isPlate(c color.Color, plate [][2]float32) bool {
	r, g, bl, _ := c.RGBA()
	lo := float32(min(r, g, bl) >> 8)
	sp := float32(max(r, g, bl)>>8) - lo
	for _, p := range plate {
		if abs32(lo-p[0]) <= 6 && abs32(sp-p[1]) <= 6 {
			return true
		}
	}
	return false
}

// candidates returns every area FindArea tries for the outlines, each
// scored by how its board reads: for each lattice measured in outline i
// (lattices[i]), the area that draws each size's cells there, at its pitch
// and half of it; with fromOutline, the areas that would draw each size
// with outline i as its plate. Every size is drawn on regular hexagons
// (regularFamily) and, where the best lattice's column pitch measured
// apart from its rows says the game draws another (snap), on that one too.
func candidates(img image.Image, tpl *Templates, outlines [][4]float64, lattices [][]honeycomb, fromOutline bool) []candidate {
	var cands []candidate
	add := func(a calibration.Area, s int, fit bool) {
		if c, ok := tryArea(img, tpl, a, s); ok {
			c.fit = fit
			cands = append(cands, c)
		}
	}
	// (and half each pitch: edges repeat at twice the pitch too)
	var pitches []float64
	for _, l := range lattices {
		for _, hc := range l {
			pitches = append(pitches, hc.p, hc.p/2)
		}
	}
	// pitchAgrees: an area whose cells of size s have a pitch the lattice
	// measured, if it measured any, on a look whose holes are the
	// background: there a lattice finer than the cells can read bits of a
	// few large cells surely (a set learnt at another zoom).
	pitchAgrees := func(a calibration.Area, s int) bool {
		_, dy := a.Pitch(s)
		pv := 2 * dy
		return !tpl.SkyHoles || len(pitches) == 0 || slices.ContainsFunc(pitches, func(p float64) bool { return math.Abs(pv-p) < 0.1*p })
	}
	for i, o := range outlines {
		// The cell lattice measured with no template (any look stacks
		// hexagons in columns): its pitch and a cell's centre give, for
		// each size, the area that draws that size's cells there.
		for _, hc := range lattices[i] {
			latticeAreas(hc, add)
		}
		if !fromOutline {
			continue
		}
		var hc honeycomb // (the outline's best lattice, if any)
		if l := lattices[i]; len(l) > 0 {
			hc = l[0]
		}
		for _, s := range board.ScreenSizes() {
			fams := []family{regularFamily}
			if fr := hc.free; fr != nil && snap(fr.h, fr.p, s) != regularFamily {
				fams = append(fams, snap(fr.h, fr.p, s))
			}
			for _, fam := range fams {
				for _, a := range outlineAreas(o, i == 1, fam, s) {
					if pitchAgrees(a, s) {
						add(a, s, !measured(hc, s, fam))
					}
				}
			}
		}
	}
	return cands
}

// latticeAreas calls add with the area that draws each size's cells on
// the lattice hc, regular, at its pitch and half of it (edges repeat at
// twice the pitch too); and where its free fit snaps to another family,
// in that one, at its pitch and half of it too (fit: see measured). Every size: the outline may be much
// larger than the board (the whole page, where the stage is the hole).
func latticeAreas(hc honeycomb, add func(a calibration.Area, s int, fit bool)) {
	for _, f := range []float64{1, 0.5} {
		for _, s := range board.ScreenSizes() {
			add(regularFamily.area(hc.centre, f*hc.p, s), s, !measured(hc, s, regularFamily))
		}
	}
	for _, f := range []float64{1, 0.5} {
		for _, s := range board.ScreenSizes() {
			if fr := hc.free; fr != nil && snap(fr.h, fr.p, s) != regularFamily {
				fam := snap(fr.h, fr.p, s)
				add(fam.area(fr.centre, f*fr.p, s), s, !measured(hc, s, fam))
			}
		}
	}
}

// measured says whether the lattice hc, fitted free, measured the
// lattice of size s to be of family fam's base, regular or board.Pitch's:
// then its aspect is known and confirm does not fit it again (a fit on the
// few cells of a small board follows noise); a lattice measured off both,
// or not measured, is.
func measured(hc honeycomb, s int, fam family) bool {
	return hc.free != nil && fam.factor == 1 && snap(hc.free.h, hc.free.p, s) == fam
}

// outlineAreas returns the areas, drawn in fam, whose board of size s
// would have the outline o (left, top, width, height) as its plate; edges
// says o is the outline of edges.
func outlineAreas(o [4]float64, edges bool, fam family, s int) []calibration.Area {
	bx, by, bw, bh := o[0], o[1], o[2], o[3]
	cx, cy := bx+bw/2, by+bh/2
	u := fam.unit()
	dx, dy := u.Pitch(s)
	rr := u.Radius(s)
	// The plate reaches about 1.1 r past the outer cells' centres
	// (corners sideways, flat sides up and down).
	sideH := bh / (4*dy*float64(s-1) + 1.1*math.Sqrt(3)*rr)
	sideW := bw / (2*dx*float64(s-1) + 2.2*rr)
	side := (sideH + sideW) / 2
	fs := []float64{0.97, 0.985, 1, 1.015, 1.03}
	if math.Abs(sideH-sideW) > 0.12*side || edges {
		// an outline of edges, or of another look's frame: it
		// may reach further past the cells; try smaller boards
		// inside it, from its height
		side = sideH
		fs = []float64{0.86, 0.89, 0.92, 0.95, 0.98, 1.01}
	}
	var out []calibration.Area
	for _, f := range fs {
		sd := side * f
		out = append(out, fam.apply(calibration.Area{Left: cx - sd/2, Top: cy - sd/2, Side: sd, Method: "auto"}))
	}
	return out
}

// holds confirms the candidates, the best first: the best must hold when
// the board is read from scratch in its area, every size tried as Read
// tries them: a lattice finer than the cells may read many bits of a few
// large cells (a small board on the background, with a set learnt at
// another zoom), but Read then sees the small board and the background
// around it. A candidate that does not hold is set aside with every other
// of its size, nearly its side and its place, and the next best is tried,
// up to maxFindTries. held says whether one held: then area, r and err
// (nil or a *DoubtError) are what FindArea returns; else they are the
// first refusal.
func holds(img image.Image, tpl *Templates, cands []candidate) (area calibration.Area, r Reading, err error, held bool) {
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	var refuted []candidate
	var first struct {
		area calibration.Area
		r    Reading
		err  error
	}
	for _, c := range cands {
		if len(refuted) == maxFindTries {
			break
		}
		if slices.ContainsFunc(refuted, func(o candidate) bool {
			oc, cc := o.area.Centre(o.r.Size, 0), c.area.Centre(c.r.Size, 0)
			return o.r.Size == c.r.Size && math.Abs(o.area.Side-c.area.Side) < 0.1*c.area.Side &&
				oc.Dist(cc) < o.area.Radius(o.r.Size)
		}) {
			continue
		}
		area, r, err := confirm(img, tpl, c, true)
		var de *DoubtError
		if err == nil || errors.As(err, &de) {
			// the board holds (calibrate -auto saves an area whose
			// board has cells in doubt, and says which)
			return area, r, err, true
		}
		if first.err == nil || isCutOff(err) && !isCutOff(first.err) {
			first.area, first.r, first.err = area, r, err
		}
		refuted = append(refuted, c)
	}
	return first.area, first.r, first.err, false
}

// minSeen is how well a cell must match a kind other than the hole for
// FindArea to count it as a cell seen, though maybe in doubt (a set learnt
// at another zoom may match the cells of a large board at 0.65 to 0.75).
const minSeen = 0.5

// maxFindTries is how many candidates FindArea reads from scratch before it
// gives up.
const maxFindTries = 8

// candidate is an area FindArea tried, with the board read there at the
// size tried.
type candidate struct {
	area  calibration.Area
	r     Reading
	score float64 // cells read with confidence, plus the mean confidence
	fit   bool    // confirm fits the aspect of its lattice (see measured)
}

// tryArea reads the board as size s in area a, with the pitch fixed, and
// scores it: the cells read with confidence, then the mean confidence (a
// doubtful read still counts): a smaller board's lattice may fit the inner
// cells of a larger board well, never all its cells. ok is false when no
// board is there.
func tryArea(img image.Image, tpl *Templates, a calibration.Area, s int) (c candidate, ok bool) {
	if !a.Rect().Overlaps(img.Bounds()) {
		return c, false // only the board need be on the picture, not the area
	}
	r, err := read(img, a, s, tpl, fixedPitch)
	var de *DoubtError
	if err != nil && !errors.As(err, &de) {
		return c, false
	}
	// Where the holes are the background, a lattice laid over the
	// background reads holes surely: only the other cells count, one per
	// cell read with confidence and, there, one less per cell in doubt (a
	// larger lattice over a small board finds more cells to read surely,
	// and many more that it cannot), plus their mean confidence.
	mean, n, seen, sure := 0.0, 0, 0, 0
	for i, c := range r.Cells {
		if c.Kind != Hole && c.KindScore >= minSeen {
			seen++
		}
		if r.SkyHoles && c.Kind == Hole {
			continue
		}
		mean += r.Conf[i]
		n++
		switch {
		case c.Doubt == "":
			sure++
		case r.SkyHoles:
			sure--
		}
	}
	if seen < minCells {
		// holes alone, or bits of the background: no board a person
		// would see
		return c, false
	}
	mean = mean/float64(max(1, n)) + float64(sure)
	r.Area.Method, r.Area.When = a.Method, a.When
	return candidate{area: r.Area, r: r, score: mean}, true
}

// confirm refines the side of c's area finely (the plate was measured at a
// quarter of the resolution), keeping the centre its lattice found, then
// reads the board there from scratch, every size tried, at the pitch the
// area gives, the aspect of the size read fitted where that is clearly
// better unless the honeycomb measured it (candidate.fit): it returns the area and the board read, with no error or a
// *DoubtError only when that board is of the candidate's size and, when
// some cells are in doubt, Read, searching the pitch as it does for a
// calibration of another zoom, sees that size there too.
// A board seen off centre (recentring) is, when recentre is set,
// confirmed again where its cells are centred.
func confirm(img image.Image, tpl *Templates, c candidate, recentre bool) (calibration.Area, Reading, error) {
	best := c
	s := c.r.Size
	base := c.area
	ccx, ccy := base.Left+base.Side/2, base.Top+base.Side/2
	for f := 0.985; f <= 1.0151; f += 0.0025 {
		a := base // (its lattices' scales and aspects kept)
		a.Side *= f
		a.Left, a.Top = ccx-a.Side/2, ccy-a.Side/2
		if t, ok := tryArea(img, tpl, a, s); ok && t.score > best.score {
			best = t
		}
	}
	// (a refusal never wraps a *DoubtError: calibrate -auto saves an area
	// returned with one)
	fail := func(r Reading, format string, args ...any) (calibration.Area, Reading, error) {
		return best.area, r, fmt.Errorf("find board: found a size-%d board in %v, but "+format, append([]any{s, best.area}, args...)...)
	}
	mode := fixedPitch | fitLarge
	if c.fit {
		mode |= fitAspect
	}
	r, err := read(img, best.area, 0, tpl, mode)
	var de *DoubtError
	if err != nil && !errors.As(err, &de) {
		if recentre && s >= largest && errors.Is(err, vision.ErrSize) {
			if a, r1, err1, ok := cellOver(img, tpl, best.area, s); ok {
				return a, r1, err1
			}
		}
		return fail(r, "%v", err)
	}
	if r.Size != s {
		// sizes 2 and 3 share the pitch: a size-2 lattice holds a size-3
		// board's inner cells, and the read from scratch sees the board
		// whole: confirmed at its own size, on the same area
		if recentre && samePitch(best.area.Radius(s), best.area.Radius(r.Size)) {
			if t, ok := tryArea(img, tpl, best.area, r.Size); ok {
				t.fit = c.fit
				return confirm(img, tpl, t, false)
			}
		}
		return fail(r, "read from scratch there it is a size-%d board", r.Size)
	}
	// (a cell in doubt counts as what it looks most like)
	if at, s1, why := recentring(r); why != "" {
		if !recentre {
			return fail(r, "%s", why)
		}
		a := sizeCentred(r.Area, s, at, s1)
		a.Method = base.Method
		if t, ok := tryArea(img, tpl, a, s1); ok {
			t.fit = c.fit
			return confirm(img, tpl, t, false)
		}
		return fail(r, "%s", why)
	}
	if err != nil {
		if r2, err2 := Read(img, best.area, tpl); err2 != nil && !errors.As(err2, &de) {
			return fail(r, "%v", err2)
		} else if r2.Size != s {
			return fail(r, "read from scratch there it is a size-%d board", r2.Size)
		}
	}
	// Read's own refinement of the place (Reading.Shift), to a fraction
	// of a pixel
	area := r.Area
	area.Method, area.When = best.area.Method, best.area.When
	if why := cutOff(img, area, s); why != "" {
		return fail(r, "%w", cutOffError(why))
	}
	if err != nil {
		return area, r, fmt.Errorf("find board: found a size-%d board in %v but: %w", s, area, err)
	}
	return area, r, nil
}

// cellOver confirms, in turn, the areas of a size-s board centred on each
// neighbour of a's centre cell, for a board whose cells reach past a's
// lattice on one side: a look whose holes are the background, where a
// board with holes along one edge draws a smaller outline, off centre. It
// returns the one that confirms with every cell read surely, and ok, when
// exactly one does.
func cellOver(img image.Image, tpl *Templates, a calibration.Area, s int) (calibration.Area, Reading, error, bool) {
	g := board.Geom(s)
	var found []calibration.Area
	var read []Reading
	for c := range g.N() {
		if g.Ring(c) != 1 {
			continue
		}
		p, o := a.Centre(s, c), a.Centre(s, g.Index(s-1, s-1))
		// (a's lattices, every size's scale and aspect, moved a cell)
		t, ok := tryArea(img, tpl, a.Shift(p.X-o.X, p.Y-o.Y), s)
		if !ok {
			continue
		}
		if area, r, err := confirm(img, tpl, t, false); err == nil {
			found, read = append(found, area), append(read, r)
		}
	}
	if len(found) != 1 {
		return calibration.Area{}, Reading{}, nil, false
	}
	return found[0], read[0], nil, true
}

// cutOffError is what FindArea's refusal of a board cut by the picture's
// edge wraps (why, from cutOff): of all the refusals, that one is said.
type cutOffError string

func (e cutOffError) Error() string { return string(e) }

// isCutOff says whether err is a refusal of a board cut by the edge.
func isCutOff(err error) bool {
	var c cutOffError
	return errors.As(err, &c)
}

// cutOff says why the board of size s in area a may be a window of a board
// cut by the picture's edge (issue 42: the visible part of a board scrolled
// half off the screen read as a smaller board of the same pitch, a phantom
// that would have been played); "" when nothing says so. A cell of the
// board itself reaching past the picture is a cut. So is a cell of the ring
// a board one size larger would add at its pitch that reaches past the
// picture where the part of it still on the picture shows cell content (as
// many edges as a fair share of the board's own cells: bits of tiles cut by
// the edge), not the plate or the background (a small board near the edge
// of a picture cropped to its game area, or a look drawn larger than
// board.Pitch says).
func cutOff(img image.Image, a calibration.Area, s int) string {
	pic := img.Bounds()
	r := a.Radius(s)
	inside := func(p calibration.Point) bool {
		box := image.Rect(int(math.Floor(p.X-r)), int(math.Floor(p.Y-r)), int(math.Ceil(p.X+r)), int(math.Ceil(p.Y+r)))
		return box.In(pic)
	}
	var off []int
	var energies []float64
	for i, p := range a.Cells(s) {
		if !inside(p) {
			off = append(off, i)
		}
		if e, n := edgeEnergy(img, p.X, p.Y, cutDisc*r); n > 0 {
			energies = append(energies, e)
		}
	}
	if len(off) > 0 {
		return fmt.Sprintf("cells %v of it reach past the screen's edge %v: bring the whole board into view", off, pic)
	}
	n := s + 1
	if n > largest || len(energies) == 0 {
		return ""
	}
	slices.Sort(energies)
	limit := math.Max(cutShare*energies[len(energies)*9/10], cutFloor)
	ring := a.Like(n, s)
	full := math.Pi * cutDisc * cutDisc * r * r
	for i, p := range ring.Cells(n) {
		if board.Geom(n).Ring(i) < s || inside(p) {
			continue
		}
		if e, seen := edgeEnergy(img, p.X, p.Y, cutDisc*r); float64(seen) >= cutSeen*full && e > limit {
			off = append(off, i)
		}
	}
	if len(off) == 0 {
		return ""
	}
	return fmt.Sprintf("around it, where a size-%d board's cells %v would be, the picture ends (%v) across what looks like more cells: it may be part of a larger board cut by the screen's edge; bring the whole board into view", n, off, pic)
}

// What cutOff looks at: a disc of cutDisc cell radii around a cell's centre;
// a ring cell cut by the picture's edge counts when at least cutSeen of
// its disc is on the picture and its edges are stronger than cutShare of
// the board's cells' 90th percentile, and than cutFloor (grey levels a
// pixel): a phantom's cut tiles measured 19-23, 0.53-0.65 of its board's
// tiles; the plate or background past small boards on pictures cropped to
// the game area 0.6-6.7, under 0.3 (the classic, flash fixtures).
const (
	cutDisc  = 0.75
	cutSeen  = 0.15
	cutShare = 0.35
	cutFloor = 4
)

// sizeCentred returns a, every size in its family, with size s1's cells on
// the lattice of size s, centred on its cell at.
func sizeCentred(a calibration.Area, s, at, s1 int) calibration.Area {
	dx, dy := a.Pitch(s)
	_, dy1 := a.Pitch(s1)
	p := a.Centre(s, at)
	b := a
	b.Side *= dy / dy1
	b.Left, b.Top = p.X-b.Side/2, p.Y-b.Side/2
	return b.WithPitch(s1, dx, dy)
}

// recentring says whether the board r read, on a look whose holes are the
// background, is seen off centre, since the game draws a board centred in
// its area: a smaller board (every cell that is not a hole lies within s−2
// steps of a neighbour of the centre cell), or a board of its size whose
// cells are centred on a neighbour of the centre cell (they reach further
// on one side than on the other by two or more steps, and moved there
// still fit). It returns the cell the board is centred on, its size and
// why; why is "" when r is seen centred.
func recentring(r Reading) (at, size int, why string) {
	if !r.SkyHoles || r.Size < 3 {
		return 0, 0, ""
	}
	g := board.Geom(r.Size)
	var cells []int
	for i, cell := range r.Pos.Cells {
		if !cell.Hole() {
			cells = append(cells, i)
		}
	}
	centre := g.Index(r.Size-1, r.Size-1)
	lop := func(c int) int { // how unevenly the cells lie about cell c
		o := g.Coords[c]
		var lo, hi [3]int
		for k, i := range cells {
			p := g.Coords[i]
			d := [3]int{p.X - o.X, p.Y - o.Y, (p.X - o.X) - (p.Y - o.Y)}
			for a := range d {
				if k == 0 || d[a] < lo[a] {
					lo[a] = d[a]
				}
				if k == 0 || d[a] > hi[a] {
					hi[a] = d[a]
				}
			}
		}
		sum := 0
		for a := range lo {
			sum += max(hi[a]+lo[a], -(hi[a] + lo[a]))
		}
		return sum
	}
	reach := func(c int) int {
		m := 0
		for _, i := range cells {
			m = max(m, g.Dist(c, i))
		}
		return m
	}
	here := lop(centre)
	for c := range g.N() {
		if g.Ring(c) != 1 {
			continue
		}
		switch {
		case reach(c) <= r.Size-2:
			return c, r.Size - 1, fmt.Sprintf("its cells all lie within %d of cell %d: a smaller board, drawn centred in a smaller game area", r.Size-2, c)
		case reach(c) <= r.Size-1 && lop(c) <= here-2:
			return c, r.Size, fmt.Sprintf("its cells lie centred on cell %d: the board is drawn there", c)
		}
	}
	return 0, 0, ""
}

// edgeEnergy is the mean gradient magnitude of img's grey level over the
// pixels within radius r of (cx, cy) that lie on the picture, a pixel in
// from its edge, and how many there are.
func edgeEnergy(img image.Image, cx, cy, r float64) (float64, int) {
	b := img.Bounds()
	grey := func(x, y int) float64 {
		cr, cg, cb, _ := img.At(x, y).RGBA()
		return float64(min(cr, cg, cb)>>8+max(cr, cg, cb)>>8) / 2
	}
	sum, n := 0.0, 0
	for y := int(cy - r); y <= int(cy+r); y++ {
		for x := int(cx - r); x <= int(cx+r); x++ {
			if x <= b.Min.X || y <= b.Min.Y || x >= b.Max.X-1 || y >= b.Max.Y-1 {
				continue
			}
			if dx, dy := float64(x)-cx, float64(y)-cy; dx*dx+dy*dy > r*r {
				continue
			}
			gx, gy := grey(x+1, y)-grey(x-1, y), grey(x, y+1)-grey(x, y-1)
			sum += math.Abs(gx) + math.Abs(gy)
			n++
		}
	}
	if n == 0 {
		return 0, 0
	}
	return sum / float64(n), n
}
