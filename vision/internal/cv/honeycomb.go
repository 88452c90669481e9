//go:build cgo

package cv

import (
	"image"
	"math"
	"slices"
	"sort"

	"hexiom/calibration"
)

// honeycomb is the cell lattice of a board measured from a picture with no
// template: every look of the game stacks flat-topped hexagonal cells in
// vertical columns, so the picture's edges repeat along the three lattice
// vectors (0, p) and (±h, p/2), p being the distance between the centres
// of two cells one above the other and h the column pitch: (0, 2·DY) and
// (±DX, DY) in GAME.md's notation. On regular hexagons h = √3/2·p; the
// original's are a little squashed or stretched (DX/DY 1.67..1.74), and a
// picture may be more: both are measured.
type honeycomb struct {
	p      float64           // vertical pitch 2·DY, screen px
	h      float64           // column pitch DX, screen px
	centre calibration.Point // the centre of a cell near the outline's centre
	score  float64           // how strongly the edges repeat (0..1)
	// free is the lattice fitted again with its column pitch apart from
	// its rows (the best lattice's only); the lattice itself is regular.
	free *honeycomb
}

// The column pitch measureHoneycomb looks for, as a share of a regular
// lattice's (√3/2 of the vertical pitch): Area.Aspect's bounds and a
// little more.
const (
	minSquash = 0.78
	maxSquash = 1.28
)

// edgeMap is the edge strength of a part of a picture at a reduced scale.
type edgeMap struct {
	e      []float32 // zero-mean edge strength, w×h
	w, h   int
	q      float64     // screen px per map px
	origin image.Point // screen point of the map's (0, 0)
}

// edgeBlur is how many times the edge map is blurred over 3×3: enough that
// the symmetry of the cells about a point changes smoothly as it moves.
var edgeBlur = 3

// newEdgeMap returns the edge strength of the part r of img (screen
// coordinates) at q screen px per map px: the grey level's gradient
// (mid-range of the channels, so any colour counts), blurred over 3×3 so a
// thin rim is met by a sample a pixel off.
func newEdgeMap(img image.Image, r image.Rectangle, q float64) *edgeMap {
	r = r.Intersect(img.Bounds())
	w, h := int(float64(r.Dx())/q), int(float64(r.Dy())/q)
	if w < 8 || h < 8 {
		return nil
	}
	grey := make([]float32, w*h)
	rgba, _ := img.(*image.RGBA)
	n := max(1, int(q+0.5))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sx, sy := r.Min.X+int(float64(x)*q), r.Min.Y+int(float64(y)*q)
			sum := 0
			for j := 0; j < n; j++ {
				for i := 0; i < n; i++ {
					px, py := min(sx+i, r.Max.X-1), min(sy+j, r.Max.Y-1)
					var lo, hi int
					if rgba != nil {
						o := rgba.PixOffset(px, py)
						c := rgba.Pix[o : o+3 : o+3]
						lo, hi = int(min(c[0], c[1], c[2])), int(max(c[0], c[1], c[2]))
					} else {
						cr, cg, cb, _ := img.At(px, py).RGBA()
						lo, hi = int(min(cr, cg, cb)>>8), int(max(cr, cg, cb)>>8)
					}
					sum += lo + hi
				}
			}
			grey[y*w+x] = float32(sum) / float32(2*n*n)
		}
	}
	g := make([]float32, w*h)
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			i := y*w + x
			gx, gy := grey[i+1]-grey[i-1], grey[i+w]-grey[i-w]
			g[i] = float32(math.Sqrt(float64(gx*gx + gy*gy)))
		}
	}
	e := make([]float32, w*h)
	for pass := 0; pass < edgeBlur; pass++ {
		for y := 1; y < h-1; y++ {
			for x := 1; x < w-1; x++ {
				var v float32
				for j := -1; j <= 1; j++ {
					for i := -1; i <= 1; i++ {
						v += g[(y+j)*w+x+i]
					}
				}
				e[y*w+x] = v / 9
			}
		}
		g, e = e, g
	}
	e = g
	var sum float64
	for _, v := range e {
		sum += float64(v)
	}
	mean := float32(sum / float64(w*h))
	for i := range e {
		e[i] -= mean
	}
	return &edgeMap{e: e, w: w, h: h, q: q, origin: r.Min}
}

// corr is the normalised correlation of the map with itself moved by
// (dx, dy) map px, over where the two overlap.
func (m *edgeMap) corr(dx, dy int) float64 {
	var ab, aa, bb float64
	x0, x1 := max(0, -dx), min(m.w, m.w-dx)
	y0, y1 := max(0, -dy), min(m.h, m.h-dy)
	if x1 <= x0 || y1 <= y0 {
		return 0 // moved past the map (a strip narrower than the shift): no overlap
	}
	for y := y0; y < y1; y++ {
		a := m.e[y*m.w+x0 : y*m.w+x1]
		b := m.e[(y+dy)*m.w+x0+dx : (y+dy)*m.w+x1+dx]
		for i, v := range a {
			ab += float64(v * b[i])
			aa += float64(v * v)
			bb += float64(b[i] * b[i])
		}
	}
	if aa <= 0 || bb <= 0 {
		return 0
	}
	return ab / math.Sqrt(aa*bb)
}

// repeat is how well the map repeats along the three lattice vectors of
// vertical pitch t and column pitch u (map px): the least of the three
// correlations.
func (m *edgeMap) repeat(t, u float64) float64 {
	return min(m.corr(0, int(math.Round(t))), m.diagonals(t, u))
}

// diagonals is how well the map repeats along the two slanting lattice
// vectors (u, ±t/2): the lesser correlation.
func (m *edgeMap) diagonals(t, u float64) float64 {
	dx := int(math.Round(u))
	return min(m.corr(dx, int(math.Round(t/2))), m.corr(dx, -int(math.Round(t/2))))
}

// columnPitch returns the column pitch (map px) along which the map repeats
// best with vertical pitch t, searched each map px over minSquash..maxSquash
// of a regular lattice's.
func (m *edgeMap) columnPitch(t float64) float64 {
	u0 := t * math.Sqrt(3) / 2
	best, bv := u0, m.diagonals(t, u0)
	for u := math.Ceil(u0 * minSquash); u <= u0*maxSquash; u++ {
		if v := m.diagonals(t, u); v > bv {
			best, bv = u, v
		}
	}
	return best
}

// at is the map's value at (x, y) (map px, bilinear), 0 outside.
func (m *edgeMap) at(x, y float64) float32 {
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	if x0 < 0 || y0 < 0 || x0+1 >= m.w || y0+1 >= m.h {
		return 0
	}
	fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
	i := y0*m.w + x0
	top := m.e[i]*(1-fx) + m.e[i+1]*fx
	bot := m.e[i+m.w]*(1-fx) + m.e[i+m.w+1]*fx
	return top*(1-fy) + bot*fy
}

// sym is how six-fold symmetric the edges around (cx, cy) are (map px;
// r the lattice's cell radius, w how much wider than regular the lattice
// is): the correlation of the edge strength at points of the annulus
// 0.45r..r with that at the same points turned by 60°, the annulus and the
// turn widened by w. A cell's rims and bevels are six-fold symmetric about
// its centre (on a squashed lattice, once unsquashed); about a corner of
// the honeycomb or the middle of a side they are not.
//
// (It samples as at does, written out: at is past what Go inlines, and
// sym, thousands of times a lattice, is most of FindArea's measuring.)
func (m *edgeMap) sym(cx, cy, r, w float64) (ab, aa, bb float64) {
	o := symOffsetsOf(r, w)
	return m.symAt(cx, cy, &o)
}

// symOffsets are the points sym samples, about (0, 0): each circle's
// symAngles points (x, y). They depend on the lattice alone, so that a
// search of the centre works them out once.
type symOffsets [symRadii][symAngles][2]float64

// symOffsetsOf returns the points sym samples for cell radius r and width
// w, as sym works them out.
func symOffsetsOf(r, w float64) (o symOffsets) {
	for i := range o {
		rr := r * (0.45 + 0.55*float64(i)/(symRadii-1))
		rw := rr * w
		for j, u := range symUnit {
			o[i][j] = [2]float64{rw * u[0], rr * u[1]}
		}
	}
	return o
}

// symAt is sym about (cx, cy) with the points o.
func (m *edgeMap) symAt(cx, cy float64, o *symOffsets) (ab, aa, bb float64) {
	var ring [symAngles]float64
	e, mw, mh := m.e, m.w, m.h
	for i := range o {
		for j, d := range &o[i] {
			x, y := cx+d[0], cy+d[1]
			x0, y0 := int(math.Floor(x)), int(math.Floor(y))
			var v float32
			if x0 >= 0 && y0 >= 0 && x0+1 < mw && y0+1 < mh {
				fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
				k := y0*mw + x0
				p := e[k : k+mw+2 : k+mw+2]
				top := p[0]*(1-fx) + p[1]*fx
				bot := p[mw]*(1-fx) + p[mw+1]*fx
				v = top*(1-fy) + bot*fy
			}
			ring[j] = float64(v)
		}
		// each point against the point turned by 60° (symAngles/6 on),
		// in order
		const turn = symAngles / 6
		for j, a := range ring[:symAngles-turn] {
			b := ring[j+turn]
			ab += a * b
			aa += a * a
			bb += b * b
		}
		for j, a := range ring[symAngles-turn:] {
			b := ring[j]
			ab += a * b
			aa += a * a
			bb += b * b
		}
	}
	return ab, aa, bb
}

// sym samples symRadii circles at symAngles points each (a multiple of 6,
// so that a point turned by 60° is another point); symUnit holds the
// points' directions.
const symRadii, symAngles = 5, 36

var symUnit = func() (u [symAngles][2]float64) {
	for j := range u {
		a := 2 * math.Pi * float64(j) / symAngles
		u[j] = [2]float64{math.Cos(a), math.Sin(a)}
	}
	return u
}()

// lat is a lattice in an edge map: vertical pitch t and column pitch u
// (map px).
type lat struct{ t, u float64 }

// regular is the lattice of vertical pitch t with regular hexagons.
func regular(t float64) lat { return lat{t, t * math.Sqrt(3) / 2} }

// r is the lattice's cell radius, as tall as a regular hexagon between
// rows; w is how much wider than regular the lattice is.
func (l lat) r() float64 { return l.t / math.Sqrt(3) }
func (l lat) w() float64 { return l.u / (l.t * math.Sqrt(3) / 2) }

// latticePoints calls visit with every point of the lattice l through
// (cx, cy) that lies inside the ellipse of radii (ex, ey) around the map's
// centre.
func (m *edgeMap) latticePoints(l lat, cx, cy, ex, ey float64, visit func(x, y float64)) {
	t, dx := l.t, l.u
	mx, my := float64(m.w)/2, float64(m.h)/2
	nj := int(ex/dx) + 1
	ni := int(ey/t) + 2
	for j := -nj; j <= nj; j++ {
		for i := -ni - nj; i <= ni+nj; i++ {
			x := cx + float64(j)*dx
			y := cy + float64(i)*t + float64(j)*t/2
			if u, v := (x-mx)/ex, (y-my)/ey; u*u+v*v <= 1 {
				visit(x, y)
			}
		}
	}
}

// latticeSym is how six-fold symmetric the edges are about the points of
// the lattice l whose centre cell is at (cx, cy), over the points within
// the ellipse of radii (ex, ey) around the map's centre.
func (m *edgeMap) latticeSym(l lat, cx, cy, ex, ey float64) float64 {
	var ab, aa, bb float64
	o := symOffsetsOf(l.r(), l.w())
	m.latticePoints(l, cx, cy, ex, ey, func(x, y float64) {
		a, b, c := m.symAt(x, y, &o)
		ab, aa, bb = ab+a, aa+b, bb+c
	})
	if aa <= 0 || bb <= 0 {
		return 0
	}
	return ab / math.Sqrt(aa*bb)
}

// fold averages the map over the points of the lattice l around (cx, cy)
// inside the ellipse (ex, ey): the mean cell, a (2n+1)² patch of map px
// centred on the lattice point. Digits and kinds differ from cell to cell;
// the rims every cell has stand out.
func (m *edgeMap) fold(l lat, cx, cy, ex, ey float64, n int) *edgeMap {
	w := 2*n + 1
	out := &edgeMap{e: make([]float32, w*w), w: w, h: w, q: m.q}
	cnt := 0
	m.latticePoints(l, cx, cy, ex, ey, func(x, y float64) {
		for yy := 0; yy < w; yy++ {
			for xx := 0; xx < w; xx++ {
				out.e[yy*w+xx] += m.at(x+float64(xx-n), y+float64(yy-n))
			}
		}
		cnt++
	})
	if cnt > 0 {
		for i := range out.e {
			out.e[i] /= float32(cnt)
		}
	}
	return out
}

// fitLattice finds the centre cell (cx, cy) and the lattice l (map px)
// near l0 best fitting the edges inside (ex, ey). The phase: the mean cell
// folded around the map's centre is searched for its centre of six-fold
// symmetry. The pitches, vertical and across: where the cells, each on its
// own, are the most symmetric (a pitch a little off puts the outer cells
// off their centres). Then the phase again, at those pitches. v is how
// symmetric the cells are (0..1).
func (m *edgeMap) fitLattice(l0 lat, ex, ey float64, free bool) (l lat, cx, cy, v float64) {
	mx, my := float64(m.w)/2, float64(m.h)/2
	n := int(math.Ceil(l0.t))
	phase := func(l lat, cx, cy, span, step float64) (float64, float64) {
		f := m.fold(l, cx, cy, ex, ey, n)
		bx, by, bv := 0.0, 0.0, math.Inf(-1)
		o := symOffsetsOf(l.r(), l.w())
		for uy := -span * l.t / 2; uy < span*l.t/2; uy += step {
			for ux := -span * l.u / 2; ux < span*l.u/2; ux += step {
				a, b, c := f.symAt(float64(n)+ux, float64(n)+uy, &o)
				if b > 0 && c > 0 && a/math.Sqrt(b*c) > bv {
					bx, by, bv = ux, uy, a/math.Sqrt(b*c)
				}
			}
		}
		return cx + bx, cy + by
	}
	cx, cy = phase(l0, mx, my, 1, 0.5)
	l, v = l0, m.latticeSym(l0, cx, cy, ex, ey)
	// (a step back to where the climb came from is a lattice already
	// scored: scored once)
	scored := map[lat]float64{l0: v}
	for s := 0.4; s >= 0.02; s /= 2 {
		for moved := true; moved; {
			moved = false
			for _, k := range steps(l, s, free) {
				w, ok := scored[k]
				if !ok {
					w = m.latticeSym(k, cx, cy, ex, ey)
					scored[k] = w
				}
				if w > v {
					l, v, moved = k, w, true
				}
			}
		}
	}
	cx, cy = phase(l, cx, cy, 1, 0.5)
	cx, cy = phase(l, cx, cy, 0.1, 0.1)
	// Each phase search may move by half a lattice cell: bring the centre
	// back to the lattice point nearest the map's centre (the outline's).
	j := math.Round((mx - cx) / l.u)
	cx += j * l.u
	cy += j * l.t / 2
	cy += math.Round((my-cy)/l.t) * l.t
	return l, cx, cy, m.latticeSym(l, cx, cy, ex, ey)
}

// steps returns the lattices fitLattice tries around l, s map px away:
// each pitch on its own when free, else the vertical pitch, the lattice
// kept regular; the vertical pitch no less than minPitch, the column
// pitch within minSquash..maxSquash of a regular lattice's (on a picture
// of a few cells' edges a climb went on down to a lattice a tenth of a
// map px apart, each step then visiting millions of points: FindArea
// hung).
func steps(l lat, s float64, free bool) []lat {
	ks := []lat{regular(l.t + s), regular(l.t - s)}
	if free {
		ks = []lat{{l.t + s, l.u}, {l.t - s, l.u}, {l.t, l.u + s}, {l.t, l.u - s}}
	}
	var out []lat
	for _, k := range ks {
		if w := k.w(); k.t >= minPitch && w >= minSquash && w <= maxSquash {
			out = append(out, k)
		}
	}
	return out
}

// minPitch is the least vertical pitch (map px) measureHoneycomb scans.
const minPitch = 5

// measureHoneycomb measures the cell lattice inside the outline o (left,
// top, width, height; screen px) of img: the vertical pitch from how the
// edges repeat, then where the cells are, and the pitch finely, from where
// the edges are six-fold symmetric, the lattice regular; the best one then
// again with its column pitch apart from its rows (honeycomb.free). It
// returns the lattice found (none when the edges do not repeat like a
// board's) and others, which measures the others of other pitches that fit
// less well, the best first: FindArea needs them only when no area of the
// best holds, and they cost most of the measuring (a fit from four starts
// about each peak).
func measureHoneycomb(img image.Image, o [4]float64) ([]honeycomb, func() []honeycomb) {
	none := func() []honeycomb { return nil }
	// Work where the outline is about 320 map px tall: a size-6 board's
	// pitch is then about 27 map px.
	q := math.Max(1, o[3]/320)
	r := image.Rect(int(o[0]), int(o[1]), int(math.Ceil(o[0]+o[2])), int(math.Ceil(o[1]+o[3])))
	m := newEdgeMap(img, r, q)
	if m == nil {
		return nil, none
	}
	// A board of size s is 2s−1 cells tall, and a little more.
	hb := float64(m.h)
	lo, hi := hb/13, hb/2.4
	type peak struct{ t, v float64 }
	var scan []peak
	for t := math.Max(minPitch, math.Floor(lo)); t <= hi; t++ {
		scan = append(scan, peak{t, m.repeat(t, regular(t).u)})
	}
	if len(scan) < 3 {
		return nil, none
	}
	best := 0.0
	for _, pk := range scan {
		best = math.Max(best, pk.v)
	}
	if best < 0.1 {
		return nil, none
	}
	// Every strong peak is a candidate (a lattice repeats at twice its
	// pitch too; a look's tiles may repeat at other distances): the one
	// whose cells are the most six-fold symmetric wins. fitLattice climbs
	// to the optimum nearest its start, whose phase it found at the pitch
	// it starts from: starts a map pixel or half off the peaks may reach
	// lattices of other pitches; the best of those are kept too, after
	// the winner, for FindArea to try (the most symmetric lattice is not
	// always the board's).
	at := func(l lat, cx, cy, v float64) honeycomb {
		return honeycomb{p: l.t * q, h: l.u * q, score: v, centre: calibration.Point{X: float64(m.origin.X) + cx*q, Y: float64(m.origin.Y) + cy*q}}
	}
	ex, ey := float64(m.w)/2*0.9, float64(m.h)/2*0.9
	// The lattices are fitted regular; the winner is then fitted again with
	// its column pitch apart from its rows (free).
	var peaks []lat
	for i := 1; i+1 < len(scan); i++ {
		pk := scan[i]
		if pk.v < scan[i-1].v || pk.v < scan[i+1].v || pk.v < 0.6*best {
			continue
		}
		peaks = append(peaks, regular(pk.t))
	}
	// the winner from the peaks themselves
	var win honeycomb
	for _, l0 := range peaks {
		if l, cx, cy, v := m.fitLattice(l0, ex, ey, false); v > win.score {
			win = at(l, cx, cy, v)
		}
	}
	if win.score <= 0 {
		return nil, none
	}
	t0 := win.p / q
	if l, cx, cy, v := m.fitLattice(lat{t0, m.columnPitch(t0)}, ex, ey, true); v > 0 {
		f := at(l, cx, cy, v)
		win.free = &f
	}
	others := func() []honeycomb {
		return otherLattices(m, q, win, peaks, at, ex, ey)
	}
	return []honeycomb{win}, others
}

// otherLattices fits lattices from starts half and one map px off each of
// the peaks in the edge map m (q screen px per map px; at turns a fit into a
// honeycomb): one per pitch, the most symmetric, none of the winner win's
// pitch; the best first.
func otherLattices(m *edgeMap, q float64, win honeycomb, peaks []lat, at func(l lat, cx, cy, v float64) honeycomb, ex, ey float64) []honeycomb {
	hcs := []honeycomb{win}
	for _, l0 := range peaks {
		for _, d := range []float64{-1, -0.5, 0.5, 1} {
			l, cx, cy, v := m.fitLattice(regular(l0.t+d), ex, ey, false)
			if v <= 0 {
				continue
			}
			// one per pitch (2 %), the most symmetric; none of the
			// winner's
			i := slices.IndexFunc(hcs, func(o honeycomb) bool { return math.Abs(o.p-l.t*q) < 0.02*o.p })
			switch {
			case i < 0:
				hcs = append(hcs, at(l, cx, cy, v))
			case i > 0 && v > hcs[i].score:
				hcs[i] = at(l, cx, cy, v)
			}
		}
	}
	sort.SliceStable(hcs[1:], func(i, j int) bool { return hcs[1+i].score > hcs[1+j].score })
	return hcs[1:]
}
