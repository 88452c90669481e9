package board

import (
	"fmt"
	"sync"
)

// MaxSize is the largest board side supported.
const MaxSize = 12

// Coord is a cell's place: text row Y and axial column X.
type Coord struct{ X, Y int }

// Geometry is the shape of a board of one size. It is immutable and shared:
// get it with Geom.
type Geometry struct {
	Size   int
	Coords []Coord // cell index → coordinate
	// Nbrs lists each cell's neighbours, sorted; at most 6.
	Nbrs  [][]int
	index [][]int // [Y][X] → cell index or -1
}

var (
	geomMu    sync.Mutex
	geomCache [MaxSize + 1]*Geometry
)

// NumCells returns 3s²−3s+1, the number of cells of a board of side s.
func NumCells(s int) int { return 3*s*s - 3*s + 1 }

// ValidSize reports whether s is a supported board side.
func ValidSize(s int) bool { return s >= 1 && s <= MaxSize }

// Geom returns the geometry of a board of side s. It panics on a size outside
// 1..MaxSize; check with ValidSize first when s comes from input.
func Geom(s int) *Geometry {
	if !ValidSize(s) {
		panic(fmt.Sprintf("board: size %d outside 1..%d", s, MaxSize))
	}
	geomMu.Lock()
	defer geomMu.Unlock()
	if g := geomCache[s]; g != nil {
		return g
	}
	g := newGeometry(s)
	geomCache[s] = g
	return g
}

// RowRange returns the first and last axial X of text row y.
func RowRange(s, y int) (lo, hi int) {
	return max(0, y-(s-1)), min(2*s-2, y+s-1)
}

func newGeometry(s int) *Geometry {
	g := &Geometry{Size: s}
	n := NumCells(s)
	g.Coords = make([]Coord, 0, n)
	g.index = make([][]int, 2*s-1)
	for y := range g.index {
		g.index[y] = make([]int, 2*s-1)
		for x := range g.index[y] {
			g.index[y][x] = -1
		}
		lo, hi := RowRange(s, y)
		for x := lo; x <= hi; x++ {
			g.index[y][x] = len(g.Coords)
			g.Coords = append(g.Coords, Coord{x, y})
		}
	}
	g.Nbrs = make([][]int, n)
	deltas := [6]Coord{{-1, -1}, {0, -1}, {-1, 0}, {1, 0}, {0, 1}, {1, 1}}
	for i, c := range g.Coords {
		for _, d := range deltas {
			if j := g.Index(c.X+d.X, c.Y+d.Y); j >= 0 {
				g.Nbrs[i] = append(g.Nbrs[i], j)
			}
		}
	}
	return g
}

// N returns the number of cells.
func (g *Geometry) N() int { return len(g.Coords) }

// Index returns the cell at axial (x, y), or -1 when there is none.
func (g *Geometry) Index(x, y int) int {
	if y < 0 || y >= len(g.index) || x < 0 || x >= len(g.index[y]) {
		return -1
	}
	return g.index[y][x]
}

// RowCol returns the text row of cell i and its 0-based position in that row.
func (g *Geometry) RowCol(i int) (row, k int) {
	c := g.Coords[i]
	lo, _ := RowRange(g.Size, c.Y)
	return c.Y, c.X - lo
}

// Dist returns the number of steps from cell a to cell b, from neighbour to
// neighbour.
func (g *Geometry) Dist(a, b int) int {
	ca, cb := g.Coords[a], g.Coords[b]
	dx, dy := ca.X-cb.X, ca.Y-cb.Y
	// Axial neighbours are (±1,0), (0,±1), (1,1) and (−1,−1).
	return max(abs(dx), abs(dy), abs(dx-dy))
}

// Ring returns cell i's distance from the board's centre cell: 0 for the
// centre, s−1 for the cells on the rim.
func (g *Geometry) Ring(i int) int {
	return g.Dist(i, g.Index(g.Size-1, g.Size-1))
}

// Adjacent reports whether cells i and j are neighbours.
func (g *Geometry) Adjacent(i, j int) bool {
	for _, k := range g.Nbrs[i] {
		if k == j {
			return true
		}
	}
	return false
}
