package board

import "fmt"

// None is the Tile value of a cell that holds no tile.
const None int8 = -1

// Cell is what one cell holds, exactly as the text format says it: a tile
// number 0..6 or None, and whether the cell is fixed ("+" in the format).
// A fixed cell without a tile is a hole: it never holds a tile.
type Cell struct {
	Tile  int8
	Fixed bool
}

// Hole reports whether the cell can never hold a tile.
func (c Cell) Hole() bool { return c.Fixed && c.Tile == None }

// Locked reports whether the cell holds a tile that cannot move.
func (c Cell) Locked() bool { return c.Fixed && c.Tile != None }

// Movable reports whether the cell holds a tile that can move.
func (c Cell) Movable() bool { return !c.Fixed && c.Tile != None }

// Free reports whether a movable tile may be put on the cell now.
func (c Cell) Free() bool { return !c.Fixed && c.Tile == None }

// String names what the cell holds, for messages: "a hole", "locked 3",
// "tile 3" (movable) or "empty".
func (c Cell) String() string {
	switch {
	case c.Hole():
		return "a hole"
	case c.Locked():
		return "locked " + digit(c.Tile)
	case c.Movable():
		return "tile " + digit(c.Tile)
	default:
		return "empty"
	}
}

// Kind is the cell's kind in one word: "hole", "locked", "movable" or
// "empty".
func (c Cell) Kind() string {
	switch {
	case c.Hole():
		return "hole"
	case c.Locked():
		return "locked"
	case c.Movable():
		return "movable"
	default:
		return "empty"
	}
}

// Position is a board of one size with what each cell holds.
type Position struct {
	Size  int
	Cells []Cell // indexed as Geom(Size).Coords
}

// New returns an all-empty position of side s.
func New(s int) Position {
	p := Position{Size: s, Cells: make([]Cell, NumCells(s))}
	for i := range p.Cells {
		p.Cells[i].Tile = None
	}
	return p
}

// Geom returns the position's geometry.
func (p Position) Geom() *Geometry { return Geom(p.Size) }

// Clone returns a deep copy.
func (p Position) Clone() Position {
	return Position{Size: p.Size, Cells: append([]Cell(nil), p.Cells...)}
}

// Equal reports whether two positions hold the same thing in every cell.
func (p Position) Equal(q Position) bool {
	if p.Size != q.Size || len(p.Cells) != len(q.Cells) {
		return false
	}
	for i := range p.Cells {
		if p.Cells[i] != q.Cells[i] {
			return false
		}
	}
	return true
}

// Counts returns how many tiles of each number 0..6 the position holds,
// locked or not.
func (p Position) Counts() [7]int {
	var c [7]int
	for _, cell := range p.Cells {
		if cell.Tile != None {
			c[cell.Tile]++
		}
	}
	return c
}

// Tiles returns the number of tiles on the board.
func (p Position) Tiles() int {
	n := 0
	for _, cell := range p.Cells {
		if cell.Tile != None {
			n++
		}
	}
	return n
}

// Occupied returns how many neighbours of cell i hold a tile.
func (p Position) Occupied(i int) int {
	n := 0
	for _, j := range Geom(p.Size).Nbrs[i] {
		if p.Cells[j].Tile != None {
			n++
		}
	}
	return n
}

// Status says how a tile stands against the rule; the game colours tiles by it.
type Status int8

const (
	NoTile  Status = iota // the cell holds no tile
	Right                 // exactly as many occupied neighbours as its number (yellow)
	TooFew                // fewer occupied neighbours than its number (green)
	TooMany               // more occupied neighbours than its number (red)
)

// StatusOf returns the status of the tile on cell i.
func (p Position) StatusOf(i int) Status {
	t := p.Cells[i].Tile
	if t == None {
		return NoTile
	}
	switch n := p.Occupied(i); {
	case n == int(t):
		return Right
	case n < int(t):
		return TooFew
	default:
		return TooMany
	}
}

// Solved reports whether every tile's number equals its count of occupied
// neighbours.
func (p Position) Solved() bool {
	for i := range p.Cells {
		if p.StatusOf(i) != NoTile && p.StatusOf(i) != Right {
			return false
		}
	}
	return true
}

// Validate checks that the position is well formed: a supported size, the
// right number of cells, tile numbers 0..6.
func (p Position) Validate() error {
	if !ValidSize(p.Size) {
		return fmt.Errorf("board size %d outside 1..%d", p.Size, MaxSize)
	}
	if len(p.Cells) != NumCells(p.Size) {
		return fmt.Errorf("board of size %d has %d cells, want %d", p.Size, len(p.Cells), NumCells(p.Size))
	}
	for i, c := range p.Cells {
		if c.Tile < None || c.Tile > 6 {
			return fmt.Errorf("cell %d holds tile %d, want 0..6 or none", i, c.Tile)
		}
	}
	return nil
}
