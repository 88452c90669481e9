//go:build cgo

package cv

import (
	"cmp"
	"fmt"
	"image"
	"math"
	"sort"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision"
	"hexiom/vision/internal/prep"
)

// The cell scales (relative to board.Pitch) searchPitch tries: from kMin to
// kMax, each kStep times the last, then refined.
const (
	kMin  = 0.7
	kMax  = 1.45
	kStep = 1.02
)

// searchPitch measures the pitch of the board in view: for each size, the
// lattice test at cell scales kMin..kMax (the board's centre staying at the
// area's), refined (pitchOf), and with fitPitch each pitch on its own
// (fitPitches); the best size wins, a larger
// one on a near tie. It returns that size's kind-scale picture, the size,
// the area with its scale and aspect, and its mean score.
func (rd *reader) searchPitch(sizes []int, fitPitch bool) (*Scaled, int, calibration.Area, float64, error) {
	fine, err := Scale(rd.f.WS, rd.f.Origin, kindR/(rd.area.Side*board.Radius(6)*kMin))
	if err != nil {
		return nil, 0, rd.area, 0, err
	}
	defer fine.Close()
	var by [board.MaxSize + 1]pitchFit
	for _, s := range sizes {
		var scan []pitchFit
		if by[s], scan, err = rd.pitchOf(fine, s); err != nil {
			return nil, 0, rd.area, 0, err
		}
		if fitPitch {
			// (every size: at a squashed lattice's wrong aspect its own
			// size may match far worse than a smaller one)
			if err := rd.fitPitches(fine, &by[s], scan, s); err != nil {
				return nil, 0, rd.area, 0, err
			}
		}
		if err := rd.finish(fine, &by[s], s); err != nil {
			return nil, 0, rd.area, 0, err
		}
	}
	bs := sizes[0]
	for _, s := range sizes {
		if by[s].m > by[bs].m {
			bs = s
		}
	}
	for _, s := range sizes {
		if s > bs && by[s].m >= by[bs].m-sizeTie && samePitch(by[s].a.Radius(s), by[bs].a.Radius(bs)) {
			bs = s
		}
	}
	sc, err := fine.Rescale(kindR / by[bs].a.Radius(bs))
	if err != nil {
		return nil, 0, rd.area, 0, err
	}
	return sc, bs, by[bs].a, by[bs].m, nil
}

// pitchFit is the lattice of one size searchPitch fitted: the area that
// draws it and its mean score.
type pitchFit struct {
	a calibration.Area
	m float64
}

// pitchOf is searchPitch's scan of size s, in kind-scale pictures made
// from fine: the lattice test, on every third cell, at cell scales
// kMin..kMax, each scale that of the column pitch (the area's aspect kept:
// columnScaled), then refined. It returns the best lattice and the scan.
func (rd *reader) pitchOf(fine *Scaled, s int) (pitchFit, []pitchFit, error) {
	c, ck := pitchFit{rd.area, -1}, 1.0
	var scan []pitchFit
	try := func(k float64) error {
		a := columnScaled(rd.area, s, k)
		m, err := rd.latticeAt(fine, a, s, true)
		if m > c.m {
			c, ck = pitchFit{a, m}, k
		}
		scan = append(scan, pitchFit{a, m})
		return err
	}
	for k := kMin; k <= kMax; k *= kStep {
		if err := try(k); err != nil {
			return c, nil, err
		}
	}
	n := len(scan) // (the refinement's are no peaks)
	for step := 0.01; step >= 0.0024; step /= 2 {
		for _, f := range []float64{1 - step, 1 + step} {
			if err := try(ck * f); err != nil {
				return c, nil, err
			}
		}
	}
	return c, scan[:n], nil
}

// fitPitches fits the lattice of size s from the pitchPeaks best peaks of
// its scan: the column pitch (the aspect), the row pitch and the column
// pitch again, each on its own (a lattice squashed against the area's
// fits sharply at each, and at the area's aspect the lattice of another
// size may outscore the board's, its columns a little off). c takes the
// best only for a clear gain (aspectGain).
func (rd *reader) fitPitches(fine *Scaled, c *pitchFit, scan []pitchFit, s int) error {
	fitted := *c
	for _, p := range peaks(scan, pitchPeaks) {
		for _, fit := range []func(*Scaled, *pitchFit, int) error{rd.aspectAt, rd.rowsAt, rd.aspectAt} {
			if err := fit(fine, &p, s); err != nil {
				return err
			}
		}
		if p.m > fitted.m {
			fitted = p
		}
	}
	if fitted.m-c.m > aspectGain {
		*c = fitted
	}
	return nil
}

// finish scores c, the lattice of size s, on every cell; 0 where the
// holes are the background and no board of that size is there (rimHolds).
func (rd *reader) finish(fine *Scaled, c *pitchFit, s int) error {
	var err error
	if c.m, err = rd.latticeAt(fine, c.a, s, false); err != nil {
		return err
	}
	if rd.skyHole && s > 2 {
		sc, err := fine.Rescale(kindR / c.a.Radius(s))
		if err != nil {
			return err
		}
		if !rd.rimHolds(sc, c.a, s) {
			c.m = 0
		}
		sc.Close()
	}
	return nil
}

// columnScaled returns a with the lattice of size s at k times
// board.Pitch's column pitch, its aspect kept.
func columnScaled(a calibration.Area, s int, k float64) calibration.Area {
	return a.WithScale(s, k/a.AspectOf(s))
}

// pitchPeaks is how many peaks of its scale scan pitchOf fits the pitches
// from.
const pitchPeaks = 2

// peaks returns the n highest local maxima of scan, the highest first.
func peaks(scan []pitchFit, n int) []pitchFit {
	var out []pitchFit
	for i, p := range scan {
		if (i > 0 && scan[i-1].m > p.m) || (i+1 < len(scan) && scan[i+1].m >= p.m) {
			continue
		}
		out = append(out, p)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].m > out[j].m })
	return out[:min(n, len(out))]
}

// rowsAt refines the row pitch of c's lattice of size s, its column pitch
// kept (fitRowsOf), and rescores c.
func (rd *reader) rowsAt(fine *Scaled, c *pitchFit, s int) error {
	var failed error
	a, _ := fitRowsOf(c.a, s, func(a calibration.Area) float64 {
		m, err := rd.latticeAt(fine, a, s, true)
		failed = cmp.Or(failed, err)
		return m
	})
	if failed != nil {
		return failed
	}
	return rd.rescore(fine, c, a, s)
}

// aspectAt fits the aspect of c's lattice of size s (fitAspectOf) in the
// kind-scale picture made from fine for c's cells, and rescores c.
// The picture is made only where the crops read (lazyScaled, as
// latticeAt's), where it can be.
func (rd *reader) aspectAt(fine *Scaled, c *pitchFit, s int) error {
	k := kindR / c.a.Radius(s)
	var sc picture = &rd.lazy
	if !rd.lazy.reset(fine, k) {
		full, err := fine.Rescale(k)
		if err != nil {
			return err
		}
		defer full.Close()
		sc = full
	}
	a, _ := fitAspectOf(c.a, s, func(a calibration.Area) float64 {
		return rd.lattice(sc, sparse(a.Cells(s), s), 0, 0)
	})
	return rd.rescore(fine, c, a, s)
}

// rescore makes a, the lattice of size s, c when it scores better.
func (rd *reader) rescore(fine *Scaled, c *pitchFit, a calibration.Area, s int) error {
	if a.AspectOf(s) == c.a.AspectOf(s) && a.ScaleOf(s) == c.a.ScaleOf(s) {
		return nil
	}
	m, err := rd.latticeAt(fine, a, s, true)
	if err != nil {
		return err
	}
	if m > c.m {
		*c = pitchFit{a, m}
	}
	return nil
}

// samePitch reports whether two lattices of cell radius r1 and r2 (centred
// alike) are one lattice: then a board of the smaller size matches the
// larger one's inner cells exactly, and only the ring around it tells them
// apart. Lattices of other pitches are told apart by their cells, so a
// near tie between them is no reason to take the larger (in a look whose
// holes are the plain background, a lattice of another pitch lands most
// of its cells on background that matches the hole template).
func samePitch(r1, r2 float64) bool { return math.Abs(r1-r2) <= 0.02*math.Max(r1, r2) }

// latticeAt is the lattice test of size s drawn by a, at the kind scale
// made from fine; on every third cell only when sub.
// The picture is made only where the cells' crops read (lazyScaled: the
// same pixels as Rescale's).
func (rd *reader) latticeAt(fine *Scaled, a calibration.Area, s int, sub bool) (float64, error) {
	pts := a.Cells(s)
	if sub {
		pts = sparse(pts, s)
	}
	k := kindR / a.Radius(s)
	if rd.lazy.reset(fine, k) {
		return rd.lattice(&rd.lazy, pts, 0, 0), nil
	}
	sc, err := fine.Rescale(k)
	if err != nil {
		return 0, err
	}
	defer sc.Close()
	return rd.lattice(sc, pts, 0, 0), nil
}

// ringIsSky checks, in the size-s kind picture sc, that where the outer ring
// of a size-(s+1) board would be there is only what is in the game area's
// corners (the background): else the board may be a larger board whose
// outer cells the templates do not know (or, at size 6, on a look whose
// holes are the background, the calibration is a cell off the board).
// Where the holes are the background, cells around it that read surely as
// anything else fail it too (cellsAround).
func (rd *reader) ringIsSky(sc *Scaled, s int) error {
	a := rd.area
	if n, cells := rd.cellsAround(sc, s); len(cells) > 0 {
		return fmt.Errorf("%w: the cells match a size-%d board, but around it, where a size-%d board's cells %v would be, there are cells that are not holes: a larger board, or the calibration a cell off the board (hexiom calibrate)", vision.ErrSize, s, n, cells)
	}
	var sky [][kindC]float32
	crop := make([]float32, kindC*kindSz*kindSz)
	for _, c := range [][2]float64{{0.07, 0.07}, {0.93, 0.07}, {0.07, 0.93}, {0.93, 0.93}} {
		cx, cy := sc.At(calibration.Point{X: a.Left + c[0]*a.Side, Y: a.Top + c[1]*a.Side})
		// (a corner off the picture: the picture's nearest corner; the
		// area may reach past a screen's edge where the board does not)
		cx = math.Max(kindSz/2+1, math.Min(cx, float64(sc.W-kindSz/2-2)))
		cy = math.Max(kindSz/2+1, math.Min(cy, float64(sc.H-kindSz/2-2)))
		sc.Crop(crop, cx, cy, kindSz, kindSz)
		_, m := prep.ZeroMean(crop)
		sky = append(sky, m)
	}
	// size s+1's cells at size s's pitch
	n := s + 1
	ring := a.Like(n, s)
	var odd []int
	for i, p := range ring.Cells(n) {
		if board.Geom(n).Ring(i) < s {
			continue // the board of size s
		}
		cx, cy := sc.At(p)
		if !sc.Crop(crop, cx, cy, kindSz, kindSz) {
			continue // off the picture: no evidence either way
		}
		_, m := prep.ZeroMean(crop)
		near := math.Inf(1)
		for _, k := range sky {
			near = math.Min(near, math.Hypot(float64(m[0]-k[0]), float64(m[1]-k[1])))
		}
		if near > 30 {
			odd = append(odd, i)
		}
	}
	if len(odd) > 0 && s >= largest {
		return fmt.Errorf("%w: the cells match a size-%d board, but just around it (cells %v of the ring a size-%d board would add) the picture is not the background: is the calibration a cell off the board? (hexiom calibrate)", vision.ErrSize, s, odd, n)
	}
	if len(odd) > 0 {
		return fmt.Errorf("%w: the cells match a size-%d board, but around it, where a size-%d board's cells %v would be, the picture is not the background; are these cells of a look the templates do not know? (hexiom learn)", vision.ErrSize, s, n, odd)
	}
	return nil
}

// cellsAround returns, on a look whose holes are the background, the cells
// of the ring a size-n board would add around the board of size s (at its
// pitch, in the kind-scale picture sc) that read surely as something other
// than a hole, for the first n from s+1 that has any, and n: a board's
// cells there, whatever the area's corners show (an area drawn inside a
// larger board has its corners on that board's cells, so ringIsSky's
// comparison with them sees nothing odd). The rings of sizes up to 6 are
// looked at (a larger board's next ring may be all holes) where they lie
// inside the area, where the game draws its board; size s+1's ring
// wherever it is on the picture.
func (rd *reader) cellsAround(sc *Scaled, s int) (int, []int) {
	if !rd.skyHole {
		return 0, nil
	}
	crop := make([]float32, kindC*kindSz*kindSz)
	for n := s + 1; n <= max(s+1, largest); n++ {
		g := board.Geom(n)
		var odd []int
		for i, p := range rd.area.Like(n, s).Cells(n) {
			if g.Ring(i) != n-1 || n > s+1 && !rd.area.Contains(p) {
				continue
			}
			cx, cy := sc.At(p)
			if v, k, inside := rd.cellBest(crop, sc, cx, cy); inside && k != Hole && v >= minKind {
				odd = append(odd, i)
			}
		}
		if len(odd) > 0 {
			return n, odd
		}
	}
	return 0, nil
}

// lattice returns the mean, over the cells centred at pts (moved by (dx, dy)
// pixels of sc), of each cell's best masked correlation with the kind
// templates: how well a board of that size, there, explains the picture.
// It computes the same score as kindsOf, in Go, for speed: the lattice is
// tested for every size and several offsets.
func (rd *reader) lattice(sc picture, pts []calibration.Point, dx, dy float64) float64 {
	crop := make([]float32, kindC*kindSz*kindSz)
	sum, n := 0.0, 0
	for _, p := range pts {
		cx, cy := sc.At(p)
		best, bestK, _ := rd.cellBest(crop, sc, cx+dx, cy+dy)
		if rd.skyHole && bestK == Hole {
			continue
		}
		sum += best
		n++
	}
	if rd.skyHole && n < minCells {
		return 0
	}
	return sum / float64(max(1, n))
}

// cellBest returns the best kind score, and its kind, of the cell centred
// at (cx, cy) in sc, and whether its crop lay inside sc; crop is scratch
// space of a kind crop's size.
func (rd *reader) cellBest(crop []float32, sc picture, cx, cy float64) (float64, Kind, bool) {
	inside := sc.Crop(crop, cx, cy, kindSz, kindSz)
	best, bestK := rd.cropBest(crop)
	return best, bestK, inside
}

// cropBest is cellBest of a kind crop made (it makes it zero-mean).
func (rd *reader) cropBest(crop []float32) (float64, Kind) {
	hole := rd.innerHole(crop)
	std, mean := prep.ZeroMean(crop)
	best, bestK := 0.0, Hole
	for k := range rd.tpl.p.Kinds {
		p := rd.tpl.p.Kinds[k]
		var v float64
		switch {
		case !p.OK:
			continue
		case p.Flat:
			v = flatScore(std, mean, p.Mean)
		case std < 1:
			v = 0
		default:
			v = rd.corrOf(crop, std, mean, p)
			for _, a := range rd.tpl.p.KindAlts[k] {
				v = max(v, rd.corrOf(crop, std, mean, a))
			}
		}
		if Kind(k) == Hole {
			v = max(v, hole, rd.plainHole(std, mean))
		}
		if v > best {
			best, bestK = v, Kind(k)
		}
	}
	return best, bestK
}

// corrOf is maskedCorr, times colourNear where the set's templates are
// each of one colour (kindScores).
func (rd *reader) corrOf(crop []float32, std float64, mean [kindC]float32, p prep.KindTemplate) float64 {
	v := maskedCorr(crop, std, p)
	if rd.byColour {
		v *= colourNear(mean, p.Mean)
	}
	return v
}

// maskedCorr is the correlation of a zero-mean kind crop of spread std
// with template p within the mask.
func maskedCorr(crop []float32, std float64, p prep.KindTemplate) float64 {
	var dot float64
	crop, pix := crop[:kindC*kindSz*kindSz], p.Pix[:kindC*kindSz*kindSz]
	for _, j := range prep.MaskAt {
		// (the two channels, kindC, written out: the same sum in the
		// same order)
		a, b := crop[2*j:2*j+2:2*j+2], pix[2*j:2*j+2:2*j+2]
		dot += float64(a[0]) * float64(b[0])
		dot += float64(a[1]) * float64(b[1])
	}
	return dot / (p.Norm * std * float64(prep.MaskVals))
}

// rimHolds reports whether the outer ring of a size-s board laid out by a,
// in the kind-scale picture sc, holds a cell that reads surely as
// something other than a hole. Where the holes look like the background a
// board's outer ring must: else a person sees a smaller board (and a
// lattice of a larger size, laid over a smaller board and the background
// around it, matches as well as the board's own).
func (rd *reader) rimHolds(sc *Scaled, a calibration.Area, s int) bool {
	crop := make([]float32, kindC*kindSz*kindSz)
	g := board.Geom(s)
	for i, p := range a.Cells(s) {
		if g.Ring(i) != s-1 {
			continue
		}
		cx, cy := sc.At(p)
		// a cell off the picture is no evidence of a board there
		if v, k, inside := rd.cellBest(crop, sc, cx, cy); inside && k != Hole && v >= minKind {
			return true
		}
	}
	return false
}

// minCells is how many cells that are not holes a lattice must find on a
// picture whose holes look like the background.
const minCells = 3

// holeIsSky reports whether the four corners of the part of the game area
// on the picture (in the kind-scale picture sc), which no board reaches,
// read surely as the hole template, or as a hole by their inner part
// (innerHole) or their plainness (plainHole): the look's holes are its
// plain background.
func (rd *reader) holeIsSky(sc *Scaled) bool {
	h := rd.tpl.p.Kinds[Hole]
	flat := h.OK && !h.StandIn && h.Flat
	if !flat && !rd.tpl.p.HoleInnerOK && !rd.tpl.p.HolePlainOK {
		return false
	}
	a := rd.area.Rect().Intersect(image.Rectangle{Min: rd.f.Origin, Max: rd.f.Origin.Add(rd.f.WS.Size())})
	crop := make([]float32, kindC*kindSz*kindSz)
	for _, c := range [][2]float64{{0.07, 0.07}, {0.93, 0.07}, {0.07, 0.93}, {0.93, 0.93}} {
		cx, cy := sc.At(calibration.Point{X: float64(a.Min.X) + c[0]*float64(a.Dx()), Y: float64(a.Min.Y) + c[1]*float64(a.Dy())})
		if !sc.Crop(crop, cx, cy, kindSz, kindSz) {
			return false
		}
		v := rd.innerHole(crop)
		std, mean := prep.ZeroMean(crop)
		if v = max(v, rd.plainHole(std, mean)); flat {
			v = max(v, flatScore(std, mean, h.Mean))
		}
		if v < minKind {
			return false
		}
	}
	return true
}
