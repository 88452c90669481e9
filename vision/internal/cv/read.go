//go:build cgo

package cv

import (
	"errors"
	"fmt"
	"image"
	"image/draw"
	"math"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision"
)

// Read reads the board in the calibrated area of img, whose Bounds are
// screen coordinates (as capture returns them): it finds the board size in
// view, then reads every cell. When a cell is in doubt it returns a
// *DoubtError (with the Reading). Read writes nothing: a caller that wants
// a picture of a refusal draws one from the Reading (package picture).
func Read(img image.Image, area calibration.Area, tpl *Templates) (Reading, error) {
	return read(img, area, 0, tpl, 0)
}

// ReadSize is Read for a board whose size s is known.
func ReadSize(img image.Image, area calibration.Area, s int, tpl *Templates) (Reading, error) {
	if !board.OnScreen(s) {
		return Reading{}, fmt.Errorf("vision: board size %d outside %d..%d", s, board.MinScreen, board.MaxScreen)
	}
	return read(img, area, s, tpl, 0)
}

// How read reads, besides as Read does.
const (
	fixedPitch  = 1 << iota // keep the calibration's pitch (no searchPitch: FindArea tries areas of its own)
	learning                // Learn's reading back: no standInCheck (the picture shows only what was learnt)
	noPairCheck             // no pair check: the tests that show what it reads
	fitAspect               // fit the aspect of the size read all the same (aspectOf), though of a known family
	fitLarge                // with fixedPitch: fit it as Read does, on a board of minFitCells cells
)

// read reads as Read and ReadSize do, as mode says.
func read(img image.Image, area calibration.Area, size int, tpl *Templates, mode int) (Reading, error) {
	rd, err := newReader(img, area, tpl)
	if err != nil {
		return Reading{}, err
	}
	rd.fixed = mode&fixedPitch != 0
	rd.fitAspect = mode&fitAspect != 0
	rd.fitLarge = !rd.fixed || mode&fitLarge != 0
	rd.learning = mode&learning != 0
	rd.noPair = mode&noPairCheck != 0
	defer rd.Close()
	r, err := rd.read(size)
	if err != nil {
		return r, err
	}
	if err := doubts(r); err != nil {
		return r, err
	}
	return r, nil
}

// reader holds the features of one picture and the templates in a matcher.
type reader struct {
	fixed     bool // never search the pitch
	fitAspect bool // fit the aspect of the size read though it is known (aspectOf)
	fitLarge  bool // fit it on a board of minFitCells cells (aspectOf)
	searched  bool // the pitch was searched (searchPitch)
	learning  bool // Learn reads its own picture back
	noPair    bool // no pair check (tests)
	// skyHole: the picture around the board (the game area's corners)
	// reads as a hole, or did where the set was learnt
	// (Templates.SkyHoles), as in a look whose holes are the plain
	// background, or the set tells its holes by their plainness
	// (Templates.PlainHole: the background then reads as holes too,
	// wherever the area's corners lie, HEXCOUNT's on its HUD);
	// then a lattice is judged by its cells that are not holes (see
	// lattice), since any lattice laid over the background scores well.
	skyHole bool
	// byColour: the set learnt a template a colour group of a kind
	// (KindAlts), each template of one colour: a crop's correlation with
	// one counts as near as its colour is (colourNear)
	byColour bool
	area     calibration.Area
	tpl      *set
	f        *Features
	m        *Matcher
	kinds    [numKinds]int   // the matcher's template of each non-flat kind, else −1
	alts     [numKinds][]int // the matcher's templates of each kind's others (KindAlts)
	digits   [7]int          // of each digit, else −1
	lazy     lazyScaled      // latticeAt's picture (its buffers kept)
	win      windows         // nearby's wider crops (its buffers kept)
}

func newReader(img image.Image, area calibration.Area, tpl *Templates) (*reader, error) {
	if tpl == nil {
		return nil, errors.New("vision: no templates")
	}
	if err := area.Valid(); err != nil {
		return nil, fmt.Errorf("vision: %w", err)
	}
	ts, err := newSet(tpl)
	if err != nil {
		return nil, fmt.Errorf("vision: templates: %w", err)
	}
	f, err := newFeatures(img, area)
	if err != nil {
		return nil, err
	}
	rd := &reader{area: area, tpl: ts, f: f, m: NewMatcher()}
	for _, alts := range ts.p.KindAlts {
		rd.byColour = rd.byColour || len(alts) > 0
	}
	for k := range ts.p.Kinds {
		rd.kinds[k] = -1
		if p := ts.p.Kinds[k]; p.OK && !p.Flat {
			if rd.kinds[k], err = rd.m.AddFloat(p.Pix, kindSz, kindSz, kindC); err != nil {
				rd.Close()
				return nil, fmt.Errorf("vision: %s template: %w", Kind(k), err)
			}
		}
	}
	for k, alts := range ts.p.KindAlts {
		for _, p := range alts {
			id, err := rd.m.AddFloat(p.Pix, kindSz, kindSz, kindC)
			if err != nil {
				rd.Close()
				return nil, fmt.Errorf("vision: %s template: %w", Kind(k), err)
			}
			rd.alts[k] = append(rd.alts[k], id)
		}
	}
	for d, b := range ts.p.Digits {
		rd.digits[d] = -1
		if b != nil {
			if rd.digits[d], err = rd.m.AddGrey(b, digitW, digitH); err != nil {
				rd.Close()
				return nil, fmt.Errorf("vision: digit %d template: %w", d, err)
			}
		}
	}
	return rd, nil
}

func (rd *reader) Close() {
	rd.f.Close()
	rd.m.Close()
}

// newFeatures computes the features of the part of img under the area. img's
// Bounds are screen coordinates.
func newFeatures(img image.Image, area calibration.Area) (*Features, error) {
	// Only the part of the area on the picture counts: an area may reach
	// past the screen's edge while the board is on the screen.
	r := area.Rect().Intersect(img.Bounds())
	if r.Dx() < 8 || r.Dy() < 8 {
		return nil, fmt.Errorf("vision: the %v (%v) is not on the picture %v; calibrate again", area, area.Rect(), img.Bounds())
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(r)
		draw.Draw(rgba, r, img, r.Min, draw.Src)
	}
	f, err := NewFeatures(rgba, r)
	if err != nil {
		return nil, fmt.Errorf("vision: %w", err)
	}
	return f, nil
}

// read reads a board of size s, or finds the size first when s is 0, in
// the steps the package comment names: the size (sizeOf: the lattice test),
// the place (placeOf: the ring, the pitch), the shift (shiftOf), then the
// cells (cellsOf: kind, digit, judged).
func (rd *reader) read(s int) (Reading, error) {
	var r Reading
	sizes := board.ScreenSizes()
	if s != 0 {
		sizes = []int{s}
	}
	// Each size's kind-scale picture is made from the finest one (size
	// 6's), itself made from the full picture: a resize of a small picture
	// is much cheaper. Learn makes its crops the same way.
	base, err := Scale(rd.f.WS, rd.f.Origin, kindR/rd.area.Radius(6))
	if err != nil {
		return r, err
	}
	defer base.Close()
	rd.skyHole = rd.tpl.SkyHoles || rd.tpl.p.HolePlainOK || rd.holeIsSky(base)
	best := &fit{mean: -1}
	defer best.Close()
	if err := rd.sizeOf(best, base, sizes, &r); err != nil {
		return r, err
	}
	if err := rd.placeOf(best, sizes, &r); err != nil {
		return r, err
	}
	r.Size = best.s
	r.SkyHoles = rd.skyHole
	rd.shiftOf(best.sc, &r)
	if rd.fitAspect || rd.fitLarge && (!known(rd.area, r.Size) || rd.counted(best.sc, r.Area.Cells(r.Size)) >= minFitCells) {
		if err := rd.aspectOf(best, base, &r); err != nil {
			return r, err
		}
	}
	if err := rd.cellsOf(best.sc, &r); err != nil {
		return r, err
	}
	return r, nil
}

// fit is the best lattice so far: its size, its cells' mean kind score and
// its kind-scale picture.
type fit struct {
	sc   *Scaled
	s    int
	mean float64
}

// keep makes the lattice of size s in sc, scoring mean, the best.
func (f *fit) keep(sc *Scaled, s int, mean float64) {
	f.Close()
	f.sc, f.s, f.mean = sc, s, mean
}

func (f *fit) Close() {
	if f.sc != nil {
		f.sc.Close()
	}
}

// sizeOf is the lattice test: every cell of each size, at the calibrated
// place, in the kind-scale picture made from base (size 6's); each size's
// mean goes to r.SizeScore, the best to best. A larger size close to the
// best wins when its lattice holds the best's: a size-3 board matches the
// size-2 lattice as well as its own.
func (rd *reader) sizeOf(best *fit, base *Scaled, sizes []int, r *Reading) error {
	var means [board.MaxSize + 1]float64
	for _, s := range sizes {
		sc, err := base.Rescale(kindR / rd.area.Radius(s))
		if err != nil {
			return err
		}
		mean := rd.lattice(sc, rd.area.Cells(s), 0, 0)
		if rd.skyHole && s > 2 && !rd.rimHolds(sc, rd.area, s) {
			mean = 0
		}
		means[s] = mean
		r.SizeScore[s] = mean
		if mean > best.mean {
			best.keep(sc, s, mean)
		} else {
			sc.Close()
		}
	}
	var areas [board.MaxSize + 1]calibration.Area // each size's place
	for _, s := range sizes {
		areas[s] = rd.area
	}
	if best.mean < fitGood && !rd.fixed {
		if err := rd.sizeNearby(best, base, sizes, &means, &areas, r); err != nil {
			return err
		}
	}
	for _, s := range sizes {
		if s > best.s && means[s] >= best.mean-sizeTie && samePitch(rd.area.Radius(s), rd.area.Radius(best.s)) {
			sc, err := base.Rescale(kindR / rd.area.Radius(s))
			if err != nil {
				return err
			}
			best.keep(sc, s, means[s])
		}
	}
	rd.area = areas[best.s]
	return nil
}

// sizeNearby is the lattice test again, each size's cells searched for
// within nearReach of the calibrated place (nearby), where no size fitted
// well there: a person's three clicks put the area a few pixels off (the
// centre is the mean of two clicks, the side their span over the board's),
// and on the original's lattice a size-6 board 3 px off matched its own
// lattice worse than a size-5 one (the flat and bevel looks and HEXCOUNT
// refused most boards through an area 3 px off). A size moved so scores
// only by its cells that are not holes where those are the background, and
// only with its outer ring holding a board's cell (rimHolds); where it
// beats the first test, areas[s] is its place (sizeOf makes the chosen
// size's the reader's area).
// nearGain is how much better than the best size at the calibrated place
// a size moved about it must match for sizeNearby to take it, and it must
// fit well (nearFit): where the holes are the background, a lattice moved
// over a smaller board scores by fewer cells, and the flash look's level 39
// (a size-5 board, exactly calibrated, its best at 0.85) matched a size-6
// lattice moved a cell off a little better; a squashed lattice (the
// classic look drawn 1.667 times as wide) is the pitch search's to find,
// and a size-3 lattice moved over level 23's size-4 board matched it
// better than its own did unsquashed.
const nearGain = 0.1

// nearFit is the least a size moved by sizeNearby must match at: HEXCOUNT's
// and the flat look's size-5 boards match their own lattice at 0.85-0.9,
// which the pitch search's fitGood would refuse.
const nearFit = 0.8

func (rd *reader) sizeNearby(best *fit, base *Scaled, sizes []int, means *[board.MaxSize + 1]float64, areas *[board.MaxSize + 1]calibration.Area, r *Reading) error {
	at := rd.area
	defer func() { rd.area = at }()
	first := best.mean
	for _, s := range sizes {
		sc, err := base.Rescale(kindR / at.Radius(s))
		if err != nil {
			return err
		}
		rd.area = at
		mean := rd.nearby(sc, s)
		if rd.skyHole && s > 2 && !rd.rimHolds(sc, rd.area, s) {
			mean = 0
		}
		if mean <= means[s] || mean < max(first+nearGain, nearFit) {
			sc.Close()
			continue
		}
		means[s], r.SizeScore[s], areas[s] = mean, mean, rd.area
		if mean > best.mean {
			best.keep(sc, s, mean)
		} else {
			sc.Close()
		}
	}
	return nil
}

// placeOf checks that the best lattice is the board and moves it to where
// the cells are: the ring around a board smaller than 6 must be the
// background (ringIsSky); when the cells do not sit where the calibration
// puts them, the pitch is measured (searchPitch, which may find another
// size: rd.area then takes its scale); FindArea's guess is searched around
// (nearby). It fails with vision.ErrNoBoard when no lattice matches well enough,
// and when the ring holds cells.
func (rd *reader) placeOf(best *fit, sizes []int, r *Reading) error {
	// The ring around a board smaller than 6 must be the background: else
	// the board is larger, its inner cells matching the smaller lattice.
	// Where the holes are the background, around a board of 6 too: else
	// the lattice is a cell off the board, whose cells on one side lie
	// past it unread (the other side reading as holes).
	var ringErr error
	if (best.s < largest || rd.skyHole) && len(sizes) > 1 && best.mean >= minBoard {
		ringErr = rd.ringIsSky(best.sc, best.s)
	}
	// The cells do not sit where the calibration puts them: a look whose
	// cells follow another rule than board.Pitch, or a board of another
	// size than the one clicked on. Measure the pitch; where that still
	// does not fit, each pitch on its own (a lattice squashed against the
	// calibration's).
	for _, fitPitch := range []bool{false, true} {
		if rd.fixed || best.mean >= fitGood && ringErr == nil {
			break
		}
		if err := rd.searchAgain(best, sizes, fitPitch, r, &ringErr); err != nil {
			return err
		}
	}
	if rd.fixed && len(sizes) == 1 {
		// FindArea's guess of the cells' place may be off by more than
		// the refinement (shiftOf) reaches: search around it first.
		best.mean = rd.nearby(best.sc, best.s)
		if rd.skyHole && best.s > 2 && !rd.rimHolds(best.sc, rd.area, best.s) {
			best.mean = 0 // no board of this size there (see rimHolds)
		}
		r.SizeScore[best.s] = best.mean
	}
	if best.mean < minBoard {
		return fmt.Errorf("%w: best lattice is size %d, its cells match at %.2f on average (need %.2f)", vision.ErrNoBoard, best.s, best.mean, minBoard)
	}
	return ringErr
}

// minFitCells is how many cells a lattice of a known family (regular,
// board.Pitch's: a calibration's by clicks assumes the original's columns)
// must be judged by for Read to fit its aspect: on fewer (a small board
// among holes that are the background) a fit follows noise.
const minFitCells = 12

// counted is how many of the cells at pts of sc the lattice test judges a
// lattice by: all, or where the holes are the background those that do not
// look most like a hole.
func (rd *reader) counted(sc *Scaled, pts []calibration.Point) int {
	if !rd.skyHole {
		return len(pts)
	}
	crop := make([]float32, kindC*kindSz*kindSz)
	n := 0
	for _, p := range pts {
		cx, cy := sc.At(p)
		if _, k, _ := rd.cellBest(crop, sc, cx, cy); k != Hole {
			n++
		}
	}
	return n
}

// searchAgain measures the pitch (searchPitch, fitting each pitch on its
// own when fitPitch) and takes the lattice found when it fits better than
// best, or best's ring is not the background (ringErr).
func (rd *reader) searchAgain(best *fit, sizes []int, fitPitch bool, r *Reading, ringErr *error) error {
	sc, s, a, m, err := rd.searchPitch(sizes, fitPitch)
	if err != nil {
		return err
	}
	if m <= best.mean && (*ringErr == nil || m < minBoard) {
		sc.Close()
		return nil
	}
	best.keep(sc, s, m)
	rd.area, rd.searched = a, true
	r.SizeScore[s] = m
	*ringErr = nil
	if (best.s < largest || rd.skyHole) && len(sizes) > 1 {
		*ringErr = rd.ringIsSky(best.sc, best.s)
	}
	return nil
}

// aspectOf fits the aspect of the lattice of r.Size (how much wider than
// board.Pitch, against its height, the picture draws it: Area.Aspect),
// about the place shiftOf found (r.Area), when that aspect was measured
// or the board has minFitCells cells to judge it by (a lattice of a
// family's base, regular or board.Pitch's, is kept on fewer: a fit on a
// board of a few cells follows noise; see known), or FindArea asks
// (fitAspect: its lattice's aspect was not measured): it widens or narrows the lattice
// while its cells match better, and, when the pitch was searched (about a
// place that may have been a pixel or two off) or is FindArea's guess,
// refits the rows too (pitchAgain); then it remakes best's kind-scale
// picture from base for the cells' new size and refines the place again
// (r.Shift adds both shifts). A person reads a squashed or
// stretched lattice at a glance; so does this, on the lattice the size
// test placed.
func (rd *reader) aspectOf(best *fit, base *Scaled, r *Reading) error {
	c, ok, err := rd.pitchAgain(best, base, r)
	if err != nil || !ok {
		return err
	}
	shift := r.Shift
	rd.area = c.a
	sc, err := base.Rescale(kindR / rd.area.Radius(r.Size))
	if err != nil {
		return err
	}
	best.keep(sc, r.Size, best.mean)
	rd.shiftOf(best.sc, r)
	r.Shift = calibration.Point{X: shift.X + r.Shift.X, Y: shift.Y + r.Shift.Y}
	return nil
}

// pitchAgain is aspectOf's fit: the lattice of r.Size refitted about
// r.Area, and whether it is to be kept (clearly better, or the pitch was
// searched).
func (rd *reader) pitchAgain(best *fit, base *Scaled, r *Reading) (pitchFit, bool, error) {
	s := r.Size
	if !rd.searched && !rd.fixed {
		// a calibration's: its aspect alone, in best's picture (where
		// it holds, as it mostly does, no rescaling)
		score := func(a calibration.Area) float64 { return rd.lattice(best.sc, sparse(a.Cells(s), s), 0, 0) }
		a, gain := fitAspectOf(r.Area, s, score)
		return pitchFit{a, 0}, gain > aspectGain, nil
	}
	m, err := rd.latticeAt(base, r.Area, s, true)
	if err != nil {
		return pitchFit{}, false, err
	}
	c := pitchFit{r.Area, m}
	for _, fit := range []func(*Scaled, *pitchFit, int) error{rd.aspectAt, rd.rowsAt, rd.aspectAt} {
		if err := fit(base, &c, s); err != nil {
			return c, false, err
		}
	}
	// (a lattice searched, or FindArea's measured coarsely: a clear gain
	// too; a fit of noise would move it)
	return c, c.m-m > aspectGain, nil
}

// aspectGain is how much better (in mean kind score) the cells must match
// for aspectOf to change a lattice's aspect: a place a pixel or two off
// moves the best aspect by a fraction of a per cent, enough to put the
// outer cells of a large board a pixel off.
const aspectGain = 0.01

// fitAspectOf returns a with the aspect of size s's lattice at which
// score is the highest it climbs to, within Area.Aspect's bounds, in
// steps of 2 % down to a quarter of a per cent, and how much higher than
// a's that is.
func fitAspectOf(a calibration.Area, s int, score func(calibration.Area) float64) (calibration.Area, float64) {
	return climb(a, score, func(a calibration.Area, f float64) (calibration.Area, bool) {
		k := a.AspectOf(s) * f
		return a.WithAspect(s, k), k >= calibration.MinAspect && k <= calibration.MaxAspect
	})
}

// fitRowsOf is fitAspectOf for the row pitch of size s's lattice, its
// column pitch kept.
func fitRowsOf(a calibration.Area, s int, score func(calibration.Area) float64) (calibration.Area, float64) {
	return climb(a, score, func(a calibration.Area, f float64) (calibration.Area, bool) {
		dx, dy := a.Pitch(s)
		b := a.WithPitch(s, dx, dy*f)
		return b, b.AspectOf(s) >= calibration.MinAspect && b.AspectOf(s) <= calibration.MaxAspect
	})
}

// climb changes a by the factors 1 ± 2 % down to 1 ± ¼ % (change, which
// says whether the area is allowed) while score climbs, and returns where
// it stops and how much higher score is there.
func climb(a calibration.Area, score func(calibration.Area) float64, change func(calibration.Area, float64) (calibration.Area, bool)) (calibration.Area, float64) {
	cur := score(a)
	start := cur
	for step := 0.02; step >= 0.0024; step /= 2 {
		for moved := true; moved; {
			moved = false
			for _, f := range []float64{1 + step, 1 - step} {
				b, ok := change(a, f)
				if !ok {
					continue
				}
				if m := score(b); m > cur+1e-4 {
					a, cur, moved = b, m, true
				}
			}
		}
	}
	return a, cur - start
}

// sparse returns every third of the cells pts of a board of size s larger
// than 3, all of a smaller one: enough to place a lattice.
func sparse(pts []calibration.Point, s int) []calibration.Point {
	if s <= 3 {
		return pts
	}
	var out []calibration.Point
	for i, p := range pts {
		if i%3 == 0 {
			out = append(out, p)
		}
	}
	return out
}

// shiftOf refines the calibration: it moves the lattice of r.Size, in the
// kind-scale picture sc, by up to about a fifth of a cell radius to where
// its cells match best, and sets r.Shift and r.Area.
func (rd *reader) shiftOf(sc *Scaled, r *Reading) {
	var pts []calibration.Point
	for i, p := range rd.area.Cells(r.Size) {
		if i%3 == 0 || r.Size <= 3 {
			pts = append(pts, p)
		}
	}
	dx, dy := 0.0, 0.0
	cur := rd.lattice(sc, pts, 0, 0)
	for step := 1.0; step >= 0.25; step /= 2 {
		for moved := true; moved; {
			moved = false
			for _, d := range [4][2]float64{{step, 0}, {-step, 0}, {0, step}, {0, -step}} {
				if math.Hypot(dx+d[0], dy+d[1]) > 2.5 {
					continue
				}
				if m := rd.lattice(sc, pts, dx+d[0], dy+d[1]); m > cur+1e-4 {
					cur, dx, dy, moved = m, dx+d[0], dy+d[1], true
				}
			}
		}
	}
	r.Area = rd.area.Shift(dx/sc.K, dy/sc.K)
	r.Shift = calibration.Point{X: dx / sc.K, Y: dy / sc.K}
}

// cellsOf reads every cell of the board of r where r.Area puts it: its
// kind in the kind-scale picture sc (kindsOf), each tile's digit
// (digitsOf), each cell judged (judge, the pair check, the stand-in
// check); r.Pos and r.Conf say what was read and how surely.
func (rd *reader) cellsOf(sc *Scaled, r *Reading) error {
	cells, err := rd.kindsOf(r.Size, sc, r.Area)
	if err != nil {
		return err
	}
	r.Cells = cells
	if err := rd.digitsOf(r.Size, r.Area, r.Cells); err != nil {
		return err
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
	if !rd.noPair {
		if err := rd.pairCheck(r); err != nil {
			return err
		}
	}
	if !rd.learning {
		rd.tpl.standInCheck(r)
	}
	return nil
}

// nearReach is how far (kind-scale px, a cell's radius being kindR) nearby
// looks around the calibrated place.
const nearReach = 4

// nearby moves rd.area to where, within nearReach of it, the cells of size
// s match best in the kind-scale picture sc (a grid search, each px), and
// returns the lattice score there.
func (rd *reader) nearby(sc *Scaled, s int) float64 {
	var pts []calibration.Point
	for i, p := range rd.area.Cells(s) {
		if i%3 == 0 || s <= 3 {
			pts = append(pts, p)
		}
	}
	bx, by, bv := 0.0, 0.0, rd.lattice(sc, pts, 0, 0)
	w := rd.windowsOf(sc, pts)
	for dy := -nearReach; dy <= nearReach; dy++ {
		for dx := -nearReach; dx <= nearReach; dx++ {
			if dx*dx+dy*dy > nearReach*nearReach || dx == 0 && dy == 0 {
				continue
			}
			if v := rd.latticeMoved(w, dx, dy); v > bv {
				bx, by, bv = float64(dx), float64(dy), v
			}
		}
	}
	rd.area = rd.area.Shift(bx/sc.K, by/sc.K)
	return rd.lattice(sc, rd.area.Cells(s), 0, 0)
}
