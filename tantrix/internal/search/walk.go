package search

import (
	"math"
	"math/rand/v2"
)

// Walker builds free-shape solutions by walking the designated loop: it
// puts a first tile at the origin, then a tile on the place each line
// leads to in turn, until the loop comes back to the first tile. Colours
// must match every tile already down. Places are cells of a square grid
// in axial coordinates reaching n/2+3 places from the origin, farther than
// any loop of n tiles through it goes, but at most 8√n+80 places: a grid
// of side n would take memory as n² (n = 20,000: 2.8 GB), so from n ≈ 500
// the grid is smaller and the walks never put a tile on its rim. Memory
// grows as n.
type Walker struct {
	walkGrid
	walkTiles
	walkBoard

	// Path holds the cells of the loop in order, Combos their combos.
	Path   []int32
	Combos []int8

	walkRun
	// Stop, when not nil, is called every 4,096 tiles tried; true ends
	// the walk as if maxNodes had run out.
	Stop func() bool

	randomTuning
	pocketScratch
}

// walkGrid is the grid of places, set by NewWalker.
type walkGrid struct {
	n      int
	w      int   // grid side
	off    int   // axial coordinate of grid column/row 0 is −off
	in     int16 // tiles go on cells with |q|, |r| < in (off: off the rim)
	step   [6]int32
	cq, cr []int16
}

// walkTiles is the challenge's tiles (counts, colours, lines), set by NewWalker.
type walkTiles struct {
	colour uint8
	col    [NumCombos][6]uint8
	line   [NumCombos][2]int8
	// opts[t][e] lists the rotations of tile t whose designated line has an
	// end at edge e (two of them).
	opts  [10][6][2]int8
	count [10]int
}

// walkBoard is the tiles down besides Path: cells, tiles left, way back, boxes.
type walkBoard struct {
	occ                    []int8 // combo+1, 0 when empty
	remain                 [10]int
	back                   int32   // the cell the first tile's line leads back to
	minQ, maxQ, minR, maxR []int16 // bounding box per depth (index = tiles down)
}

// walkRun is one Enumerate or Random call's limits, callback and count.
type walkRun struct {
	nodes, maxNodes int64
	stopped         bool
	rng             *rand.Rand
	onSolution      func() bool // returns true to stop
}

// randomTuning is Random's options per depth and its weights and budget.
type randomTuning struct {
	opt       [][2][20]randOpt
	subBudget int64
	gap       int32
	balance   int32
}

// pocketScratch is the pocket test's floods and stamps.
type pocketScratch struct {
	stamp      []int32
	curStamp   int32
	fills      [24][]int32
	root       [24]int8
	head       [24]int
	done, open [24]bool
}

// NewWalker prepares a walker for challenge counts count (tiles 0..9) and
// designated colour colour; tiles holds the unrotated tiles' edge colours.
func NewWalker(tiles [10][6]uint8, count [10]int, colour uint8) *Walker {
	n := 0
	for _, c := range count {
		n += c
	}
	wk := &Walker{walkGrid: walkGrid{n: n}, walkTiles: walkTiles{colour: colour, count: count}}
	wk.off = min(n/2+3, int(8*math.Sqrt(float64(n)))+80)
	wk.in = int16(wk.off)
	wk.w = 2*wk.off + 1
	w := int32(wk.w)
	dirs := [6][2]int32{{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}}
	for e, d := range dirs {
		wk.step[e] = d[0] + d[1]*w
	}
	wk.occ = make([]int8, wk.w*wk.w)
	wk.stamp = make([]int32, wk.w*wk.w)
	wk.cq = make([]int16, wk.w*wk.w)
	wk.cr = make([]int16, wk.w*wk.w)
	for i := range wk.cq {
		wk.cq[i] = int16(i%wk.w - wk.off)
		wk.cr[i] = int16(i/wk.w - wk.off)
	}
	for c := 0; c < NumCombos; c++ {
		t, rot := c/6, c%6
		k := 0
		for e := 0; e < 6; e++ {
			wk.col[c][e] = tiles[t][((e-rot)%6+6)%6]
			if wk.col[c][e] == colour && k < 2 {
				wk.line[c][k] = int8(e)
				k++
			}
		}
	}
	for t := 0; t < 10; t++ {
		for e := 0; e < 6; e++ {
			k := 0
			for rot := 0; rot < 6; rot++ {
				c := 6*t + rot
				if (wk.line[c][0] == int8(e) || wk.line[c][1] == int8(e)) && k < 2 {
					wk.opts[t][e][k] = int8(rot)
					k++
				}
			}
		}
	}
	wk.Path = make([]int32, 0, n)
	wk.Combos = make([]int8, 0, n)
	wk.minQ = make([]int16, n+1)
	wk.maxQ = make([]int16, n+1)
	wk.minR = make([]int16, n+1)
	wk.maxR = make([]int16, n+1)
	return wk
}

// Cell returns the axial coordinates of grid cell i.
func (wk *Walker) Cell(i int32) (q, r int) { return int(wk.cq[i]), int(wk.cr[i]) }

// Nodes returns the tiles tried since the last Enumerate or Random.
func (wk *Walker) Nodes() int64 { return wk.nodes }

func (wk *Walker) origin() int32 { return int32(wk.off*wk.w + wk.off) }

// onRim reports whether cell x is on the rim of the grid, where no tile
// goes (its step to the east would wrap to the next row).
func (wk *Walker) onRim(x int32) bool {
	q, r := wk.cq[x], wk.cr[x]
	return q <= -wk.in || q >= wk.in || r <= -wk.in || r >= wk.in
}

func (wk *Walker) dist(a, b int32) int {
	dq := int(wk.cq[a]) - int(wk.cq[b])
	dr := int(wk.cr[a]) - int(wk.cr[b])
	ds := dq + dr
	if dq < 0 {
		dq = -dq
	}
	if dr < 0 {
		dr = -dr
	}
	if ds < 0 {
		ds = -ds
	}
	return (dq + dr + ds) / 2
}

func (wk *Walker) reset() {
	for _, c := range wk.Path {
		wk.occ[c] = 0
	}
	wk.Path, wk.Combos = wk.Path[:0], wk.Combos[:0]
	wk.remain = wk.count
	wk.nodes, wk.stopped = 0, false
}

func (wk *Walker) put(x int32, c int) {
	wk.occ[x] = int8(c + 1)
	wk.Path = append(wk.Path, x)
	wk.Combos = append(wk.Combos, int8(c))
	wk.remain[c/6]--
	k := len(wk.Path)
	q, r := wk.cq[x], wk.cr[x]
	if k == 1 {
		wk.minQ[1], wk.maxQ[1], wk.minR[1], wk.maxR[1] = q, q, r, r
	} else {
		wk.minQ[k], wk.maxQ[k] = min(wk.minQ[k-1], q), max(wk.maxQ[k-1], q)
		wk.minR[k], wk.maxR[k] = min(wk.minR[k-1], r), max(wk.maxR[k-1], r)
	}
}

func (wk *Walker) take() {
	k := len(wk.Path) - 1
	x := wk.Path[k]
	wk.remain[wk.Combos[k]/6]++
	wk.occ[x] = 0
	wk.Path, wk.Combos = wk.Path[:k], wk.Combos[:k]
}

// fits reports whether combo c matches the colours of every tile next to
// cell x.
func (wk *Walker) fits(x int32, c int) bool {
	for e := 0; e < 6; e++ {
		if o := wk.occ[x+wk.step[e]]; o != 0 && wk.col[o-1][(e+3)%6] != wk.col[c][e] {
			return false
		}
	}
	return true
}

// Enumerate calls found for every loop that starts with combo first at the
// origin and leaves it by the first end of its line (lower edge number).
// found sees Path and Combos; it returns true to stop. maxNodes > 0 limits
// the tiles tried. It returns false when stopped early.
func (wk *Walker) Enumerate(first int, maxNodes int64, found func() bool) bool {
	wk.reset()
	wk.maxNodes, wk.onSolution, wk.rng = maxNodes, found, nil
	o := wk.origin()
	wk.put(o, first)
	a, b := wk.line[first][0], wk.line[first][1]
	wk.back = o + wk.step[b]
	wk.walk(o+wk.step[a], int((a+3)%6))
	wk.take()
	return !wk.stopped
}

// walk puts the next tile on cell x, entered across edge in.
func (wk *Walker) walk(x int32, in int) {
	k := len(wk.Path) // tiles down
	last := k+1 == wk.n
	if last != (x == wk.back) {
		return
	}
	for t := 0; t < 10; t++ {
		if wk.remain[t] == 0 {
			continue
		}
		for _, rot := range wk.opts[t][in] {
			c := 6*t + int(rot)
			wk.nodes++
			if !wk.fits(x, c) {
				continue
			}
			if last {
				// fits: the first tile's open end faces x, so this tile's
				// line closes the loop.
				wk.put(x, c)
				stop := wk.onSolution()
				wk.take()
				if stop {
					wk.stopped = true
					return
				}
				continue
			}
			out := int(wk.line[c][0])
			if out == in {
				out = int(wk.line[c][1])
			}
			y := x + wk.step[out]
			if wk.occ[y] != 0 || wk.dist(y, wk.back) > wk.n-k-2 || wk.onRim(y) {
				continue
			}
			wk.put(x, c)
			wk.walk(y, (out+3)%6)
			wk.take()
			if wk.stopped || (wk.maxNodes > 0 && wk.nodes > wk.maxNodes) || (wk.nodes&4095 == 0 && wk.Stop != nil && wk.Stop()) {
				wk.stopped = true
				return
			}
		}
	}
}
