package tantrix

import (
	"fmt"
	"strings"
)

// Colour is the colour of a line: Red, Blue or Yellow.
type Colour uint8

// The three line colours.
const (
	Red Colour = iota
	Blue
	Yellow
)

// String returns "R", "B" or "Y".
func (c Colour) String() string {
	switch c {
	case Red:
		return "R"
	case Blue:
		return "B"
	case Yellow:
		return "Y"
	}
	return fmt.Sprintf("Colour(%d)", uint8(c))
}

// Name returns "red", "blue" or "yellow".
func (c Colour) Name() string {
	switch c {
	case Red:
		return "red"
	case Blue:
		return "blue"
	case Yellow:
		return "yellow"
	}
	return c.String()
}

// ParseColour reads a colour: R, B, Y or red, blue, yellow, in any case.
func ParseColour(s string) (Colour, error) {
	switch strings.ToLower(s) {
	case "r", "red":
		return Red, nil
	case "b", "blue":
		return Blue, nil
	case "y", "yellow":
		return Yellow, nil
	}
	return 0, fmt.Errorf("colour %q: expected R, B or Y", s)
}

// Edges of a place, clockwise from the north-east one.
const (
	NE = iota
	E
	SE
	SW
	W
	NW
)

// EdgeNames are the names of the edges 0..5.
var EdgeNames = [6]string{"NE", "E", "SE", "SW", "W", "NW"}

// Opposite returns the edge of the neighbour across edge e that touches e.
func Opposite(e int) int { return (e + 3) % 6 }

// Dirs are the axial steps (dq, dr) across the edges NE, E, SE, SW, W, NW.
var Dirs = [6][2]int{{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}}

// NumTiles is the number of distinct tiles, numbered 1..NumTiles.
const NumTiles = 10

// Tiles holds the edge colours of the unrotated tiles 1..10 (index 0 is
// tile 1), edges NE, E, SE, SW, W, NW.
var Tiles = [NumTiles][6]Colour{
	{Blue, Red, Yellow, Yellow, Blue, Red}, // 1
	{Red, Blue, Yellow, Yellow, Blue, Red}, // 2
	{Yellow, Red, Red, Blue, Blue, Yellow}, // 3
	{Red, Blue, Red, Yellow, Blue, Yellow}, // 4
	{Yellow, Red, Blue, Blue, Red, Yellow}, // 5
	{Blue, Yellow, Blue, Red, Yellow, Red}, // 6
	{Yellow, Red, Blue, Blue, Yellow, Red}, // 7
	{Red, Yellow, Blue, Blue, Red, Yellow}, // 8
	{Blue, Red, Blue, Yellow, Red, Yellow}, // 9
	{Red, Blue, Yellow, Yellow, Red, Blue}, // 10
}

// EdgeColour returns the colour tile (1..10) turned rot·60° clockwise shows
// at edge e: the colour the unrotated tile has at edge (e − rot) mod 6.
func EdgeColour(tile, rot, e int) Colour {
	return Tiles[tile-1][((e-rot)%6+6)%6]
}

// Line returns the two edges (a < b) that tile (1..10) turned rot·60°
// clockwise joins with its line of colour c.
func Line(tile, rot int, c Colour) (a, b int) {
	a = -1
	for e := 0; e < 6; e++ {
		if EdgeColour(tile, rot, e) == c {
			if a < 0 {
				a = e
			} else {
				return a, e
			}
		}
	}
	panic("tantrix: tile table has a colour not twice")
}

// TileCount returns how many copies of tile i (1..10) challenge n uses:
// ⌈(n+1−i)/10⌉, and 0 when i > n.
func TileCount(n, i int) int {
	if i > n {
		return 0
	}
	return (n + 1 - i + 9) / 10
}

// DefaultColour returns the designated colour of challenge n: the colour of
// the number on the back of the tile numbered by the last digit of n (10
// for 0): 1–3 yellow, 4 and 5 red, 6 blue, 7 red, 8 blue, 9 yellow, 10
// blue. Sources disagree on 7 and 10; these are the defaults, and every
// command takes the colour as a flag.
func DefaultColour(n int) Colour {
	return [10]Colour{Blue, Yellow, Yellow, Yellow, Red, Red, Blue, Red, Blue, Yellow}[n%10]
}
