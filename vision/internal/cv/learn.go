//go:build cgo

package cv

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"

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
	t, r, err := learnWith(into, img, fe, area, truth, nil)
	if err != nil {
		return nil, err
	}
	if le := disagree(r, truth); le != nil {
		t0, r0 := t, r
		if t, r = byColour(into, img, fe, area, truth, r); t == nil {
			// holes told from empty cells by their plainness alone
			t, r = t0, r0
			if tp, rp := byPlain(t, img, fe, area, truth, r); tp != nil {
				t, r = tp, rp
			}
			// locked tiles told from movable ones by a small mark alone
			if disagree(r, truth) != nil {
				if t, r = byMark(t, img, area, truth, r); t == nil {
					return nil, le
				}
			}
		}
	}
	thinMark(t, r, truth)
	if t, r, err = widenPlain(t, img, fe, area, truth, r); err != nil {
		return nil, err
	}
	ts, err := newSet(t)
	if err != nil {
		return nil, fmt.Errorf("learn: %w", err)
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

// copyOf returns a copy of the set into, or a new empty one for nil.
func copyOf(into *Templates) *Templates {
	t := &Templates{Name: "learnt"}
	if into == nil {
		return t
	}
	t.Name, t.MarkGap, t.PlainHole = into.Name, into.MarkGap, into.PlainHole
	for k, smp := range into.Kinds {
		t.Kinds[k] = clone(smp)
	}
	for k, alts := range into.KindAlts {
		for _, smp := range alts {
			t.KindAlts[k] = append(t.KindAlts[k], clone(smp))
		}
	}
	for d, smp := range into.Digits {
		t.Digits[d] = clone(smp)
	}
	return t
}

// addGroups adds the sums of kind k's colour groups to t: the largest
// group into the kind's template, the others each a template of its own
// (KindAlts).
func addGroups(t *Templates, k Kind, sum [][]float64, n []int) {
	first := 0
	for g := range n {
		if n[g] > n[first] {
			first = g
		}
	}
	for g := range sum {
		switch {
		case n[g] == 0:
		case g == first:
			add(&t.Kinds[k], kindSz, kindSz, kindC, sum[g], n[g])
		default:
			var alt *Sample
			add(&alt, kindSz, kindSz, kindC, sum[g], n[g])
			t.KindAlts[k] = append(t.KindAlts[k], alt)
		}
	}
}

// byColour learns img again where one mean crop of a kind read its cells
// back wrong, as they come in several colours (issue 40: a tile's colour by
// its state, some lighter than the plate, some darker): each colour's cells
// a template of their own, the kind's score the best; then the cells of a
// kind still read back wrong but as the level has them (holes of the plain
// background at the board's edge, half the plate around them) one more. It
// returns nil when that does not read truth back either; r is the first
// reading back, with one mean crop a kind.
func byColour(into *Templates, img image.Image, fe *Features, area calibration.Area, truth board.Position, r Reading) (*Templates, Reading) {
	groups, split, err := colourGroups(fe, area, truth)
	if err != nil {
		return nil, Reading{}
	}
	for round := 0; round < 2; round++ {
		if (round > 0 || !split) && !regroup(groups.group, truth, disagree(r, truth)) {
			return nil, Reading{}
		}
		t, rr, err := learnWith(into, img, fe, area, truth, groups)
		if err != nil {
			return nil, Reading{}
		}
		if r = rr; disagree(r, truth) == nil {
			return t, r
		}
	}
	return nil, Reading{}
}

// learnWith learns the cells of img into a copy of into and reads img back
// with it; groups, when set, gives each cell's colour group within its kind
// (colourGroups): each group is a template of its own, the largest the
// kind's first, the others its KindAlts.
func learnWith(into *Templates, img image.Image, fe *Features, area calibration.Area, truth board.Position, c *colouring) (*Templates, Reading, error) {
	var groups []int
	if c != nil {
		groups = c.group
	}
	s := truth.Size
	R := area.Radius(s)
	var kindSum [numKinds][][]float64
	var kindN [numKinds][]int
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
		if err := learnAt(f, fe, area, truth, groups, &kindSum, &kindN, &digitSum, &digitN, nil); err != nil {
			return nil, Reading{}, fmt.Errorf("learn: %w", err)
		}
	}

	t := copyOf(into)
	for k := range kindSum {
		addGroups(t, Kind(k), kindSum[k], kindN[k])
	}
	if c != nil {
		crossColours(t, truth, c, kindSum, kindN)
	}
	for d := range digitSum {
		add(&t.Digits[d], digitW, digitH, 1, digitSum[d], digitN[d])
	}
	if _, err := newSet(t); err != nil {
		return nil, Reading{}, fmt.Errorf("learn: %w", err)
	}
	r, err := read(img, area, s, t, learning)
	var de *DoubtError
	if err != nil && !errors.As(err, &de) {
		return nil, Reading{}, fmt.Errorf("learn: the picture does not show this level at its start: reading it back with what was learnt: %w", err)
	}
	return t, r, nil
}

// regroup puts the cells e names that were read as the level has them,
// only not surely, into a new group of their kind: one more template,
// learnt from them alone. A cell read as something else is never
// regrouped: a picture that does not show the level still fails. It
// reports whether it moved any.
func regroup(groups []int, truth board.Position, e *LearnError) bool {
	if e == nil || len(e.Cells) == 0 || len(e.Cells) > len(truth.Cells)/4 {
		return false
	}
	for _, d := range e.Cells {
		if d.Read != d.Was {
			return false
		}
	}
	var next [numKinds]int
	for i, c := range truth.Cells {
		k := kindOf(c)
		next[k] = max(next[k], groups[i]+1)
	}
	var used [numKinds]bool
	for _, d := range e.Cells {
		k := kindOf(truth.Cells[d.Cell])
		if next[k] >= maxGroups+2 {
			continue
		}
		groups[d.Cell] = next[k]
		used[k] = true
	}
	return used != [numKinds]bool{}
}

// groupNear is how far apart (meanDist, grey levels) two cells' mean
// colours may be to count as one colour group of their kind; maxGroups
// bounds the groups of a kind.
const (
	groupNear = 20
	maxGroups = 4
)

// colourGroups returns each cell's colour group within its kind: cells of
// one kind whose crops' mean colours (W, S) lie within groupNear of a
// group's running mean share it (up to maxGroups, then the nearest), and
// whether some kind has more than one group.
func colourGroups(fe *Features, area calibration.Area, truth board.Position) (*colouring, bool, error) {
	means := make([][kindC]float32, len(truth.Cells))
	if err := learnAt(1, fe, area, truth, nil, nil, nil, nil, nil, means); err != nil {
		return nil, false, err
	}
	type group struct {
		sum [kindC]float64
		n   int
	}
	centre := func(g group) (c [kindC]float32) {
		for j := range c {
			c[j] = float32(g.sum[j] / float64(g.n))
		}
		return c
	}
	var groups [numKinds][]group
	out := make([]int, len(truth.Cells))
	split := false
	for i, c := range truth.Cells {
		k := kindOf(c)
		best, bestD := -1, math.Inf(1)
		for g := range groups[k] {
			if d := prep.MeanDist(means[i], centre(groups[k][g])); d < bestD {
				best, bestD = g, d
			}
		}
		if best < 0 || (bestD > groupNear && len(groups[k]) < maxGroups) {
			groups[k] = append(groups[k], group{})
			best = len(groups[k]) - 1
		}
		for j := range means[i] {
			groups[k][best].sum[j] += float64(means[i][j])
		}
		groups[k][best].n++
		out[i] = best
	}
	// A group of one cell is no colour of the look (one cell unlike the
	// others of its kind: perhaps not what the level says): it joins the
	// nearest group of several.
	for i, c := range truth.Cells {
		k := kindOf(c)
		if groups[k][out[i]].n >= 2 {
			continue
		}
		best, bestD := out[i], math.Inf(1)
		for g := range groups[k] {
			if d := prep.MeanDist(means[i], centre(groups[k][g])); groups[k][g].n >= 2 && d < bestD {
				best, bestD = g, d
			}
		}
		out[i] = best
	}
	for i := range out {
		split = split || out[i] > 0
	}
	return &colouring{group: out, mean: means}, split, nil
}

// colouring is each cell's colour group within its kind (colourGroups) and
// its crop's mean colour.
type colouring struct {
	group []int
	mean  [][kindC]float32
}

// crossColours adds to t, for the two kinds of tile, the colours one kind
// was seen in and the other was not (issue 40: a look that colours a tile
// by its state, whose start has no locked tile of some state): the other
// kind's template in a colour both were seen in, moved by how that colour
// differs from the new one in the first kind, pixel by pixel. What tells a
// locked tile from a movable one (a border, a mark) then counts in every
// colour.
func crossColours(t *Templates, truth board.Position, c *colouring, sum [numKinds][][]float64, n [numKinds][]int) {
	mean := func(k Kind, g int) []float64 {
		out := make([]float64, len(sum[k][g]))
		for i, v := range sum[k][g] {
			out[i] = v / float64(n[k][g])
		}
		return out
	}
	for _, pair := range [][2]Kind{{Locked, Movable}, {Movable, Locked}} {
		a, b := pair[0], pair[1] // a may lack colours b has
		ga, gb, unmatched := matchColours(c.centres(truth, a, len(sum[a])), c.centres(truth, b, len(sum[b])))
		if ga < 0 {
			continue
		}
		ma, mb := mean(a, ga), mean(b, gb)
		for _, h := range unmatched {
			mh := mean(b, h)
			out := make([]float64, len(mh))
			for i := range out {
				out[i] = math.Max(0, math.Min(255, ma[i]+mh[i]-mb[i]))
			}
			var smp *Sample
			add(&smp, kindSz, kindSz, kindC, out, 1)
			t.KindAlts[a] = append(t.KindAlts[a], smp)
		}
	}
}

// centres returns the mean colour of each of kind k's groups (ng of them);
// nil for a group with no cell.
func (c *colouring) centres(truth board.Position, k Kind, ng int) []*[kindC]float32 {
	acc := make([][kindC]float64, ng)
	cnt := make([]int, ng)
	for i, cell := range truth.Cells {
		if g := c.group[i]; kindOf(cell) == k && g < ng {
			for j := range acc[g] {
				acc[g][j] += float64(c.mean[i][j])
			}
			cnt[g]++
		}
	}
	out := make([]*[kindC]float32, ng)
	for g := range out {
		if cnt[g] > 0 {
			var m [kindC]float32
			for j := range m {
				m[j] = float32(acc[g][j] / float64(cnt[g]))
			}
			out[g] = &m
		}
	}
	return out
}

// matchColours matches the colour groups of one kind (ca) to another's
// (cb), nearest first, one to one (a locked tile's border darkens its
// mean: no threshold). It returns the nearest pair, the colour both were
// seen in (−1, −1: none), and cb's groups left over: colours the first kind
// was not seen in.
func matchColours(ca, cb []*[kindC]float32) (ga, gb int, unmatched []int) {
	type cand struct {
		i, j int
		d    float64
	}
	var cs []cand
	for i := range ca {
		for j := range cb {
			if ca[i] != nil && cb[j] != nil {
				cs = append(cs, cand{i, j, prep.MeanDist(*ca[i], *cb[j])})
			}
		}
	}
	slices.SortFunc(cs, func(x, y cand) int { return cmp.Compare(x.d, y.d) })
	usedA, usedB := map[int]bool{}, map[int]bool{}
	ga, gb = -1, -1
	for _, c := range cs {
		if usedA[c.i] || usedB[c.j] {
			continue
		}
		usedA[c.i], usedB[c.j] = true, true
		if ga < 0 {
			ga, gb = c.i, c.j
		}
	}
	for j := range cb {
		if cb[j] != nil && !usedB[j] {
			unmatched = append(unmatched, j)
		}
	}
	return ga, gb, unmatched
}

// learnShrink are the factors Learn shrinks the picture by to learn each
// cell as it would look drawn smaller; minLearnR the smallest cell radius
// (px) it shrinks to.
var learnShrink = []float64{1, 0.75, 0.55}

const minLearnR = 16

// learnAt adds the crops of every cell of the picture shrunk by f (1: as it
// is) to the sums.
func learnAt(f float64, fe *Features, area calibration.Area, truth board.Position, groups []int, kindSum *[numKinds][][]float64, kindN *[numKinds][]int, digitSum *[7][]float64, digitN *[7]int, means [][kindC]float32) error {
	s := truth.Size
	R := area.Radius(s)
	ks, err := kindScaleAt(f, fe, area, s)
	if err != nil {
		return err
	}
	defer ks.Close()
	wF := fe.W
	if f != 1 {
		b, err := Scale(fe.W, fe.Origin, f)
		if err != nil {
			return err
		}
		defer b.Close()
		wF = b.Mat
	}
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
		if means != nil {
			// colourGroups: only each cell's colour, its face's (a
			// locked tile's thick dark border moves its mean toward
			// another state's colour)
			crop := make([]float32, kindC*kindSz*kindSz)
			if !ks.Crop(crop, cx, cy, kindSz, kindSz) {
				return fmt.Errorf("cell %d lies outside the picture", i)
			}
			means[i] = prep.FaceColour(crop)
			continue
		}
		g := 0
		if groups != nil {
			g = groups[i]
		}
		if !addCrop(&kindSum[k], &kindN[k], g, ks, cx, cy) {
			return fmt.Errorf("cell %d lies outside the picture", i)
		}
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

// kindScaleAt returns the kind-scale picture of a size-s board laid out by
// area, from the picture shrunk by f (1: as it is): the same pyramid as
// read, size 6's kind scale, then this size's.
func kindScaleAt(f float64, fe *Features, area calibration.Area, s int) (*Scaled, error) {
	wsF := fe.WS
	if f != 1 {
		a, err := Scale(fe.WS, fe.Origin, f)
		if err != nil {
			return nil, err
		}
		defer a.Close()
		wsF = a.Mat
	}
	ks6, err := Scale(wsF, fe.Origin, kindR/area.Radius(6)/f)
	if err != nil {
		return nil, err
	}
	ks6.K *= f
	defer ks6.Close()
	return ks6.Rescale(kindR / area.Radius(s))
}

// learnScale returns area with the lattice of truth's size at which the
// cells of each kind look most alike: the pitch of the board in view,
// measured with no template: the scale of the column pitch searched
// kMin..kMax and refined, the aspect kept, then the column pitch (the
// aspect), the row pitch and the column pitch again, each on its own
// (fitAspectOf, fitRowsOf). The calibration's own lattice is kept unless
// another is clearly better, each step on its own.
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
	best, bestK := cur, area.ScaleOf(s)*area.AspectOf(s)
	for k := kMin; k <= kMax; k *= kStep {
		if m := alike(columnScaled(area, s, k)); m > best {
			best, bestK = m, k
		}
	}
	for step := 0.01; step >= 0.0024; step /= 2 {
		for _, f := range []float64{1 - step, 1 + step} {
			if m := alike(columnScaled(area, s, bestK*f)); m > best {
				best, bestK = m, bestK*f
			}
		}
	}
	// (a scale clearly better than the calibration's: the pitches are
	// fitted from there)
	from := area
	if best >= cur+0.02 {
		from = columnScaled(area, s, bestK)
	}
	fitted, gain := from, 0.0
	for _, fit := range []func(calibration.Area, int, func(calibration.Area) float64) (calibration.Area, float64){fitAspectOf, fitRowsOf, fitAspectOf} {
		var g float64
		fitted, g = fit(fitted, s, alike)
		gain += g
	}
	if failed != nil {
		return area, failed
	}
	if gain >= learnFitGain {
		return fitted, nil
	}
	return from, nil
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

// addCrop adds the kind crop of sc centred on (cx, cy) to colour group g's
// sum and count; false if it does not lie inside sc.
func addCrop(sum *[][]float64, n *[]int, g int, sc *Scaled, cx, cy float64) bool {
	for len(*sum) <= g {
		*sum = append(*sum, nil)
		*n = append(*n, 0)
	}
	if (*sum)[g] == nil {
		(*sum)[g] = make([]float64, kindC*kindSz*kindSz)
	}
	(*n)[g]++
	return accumulate((*sum)[g], sc, cx, cy, kindSz, kindSz)
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
