package tantrix

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Place is a hexagon of the lattice in axial coordinates: its neighbours
// across NE, E, SE, SW, W, NW are (q+1, r−1), (q+1, r), (q, r+1),
// (q−1, r+1), (q−1, r), (q, r−1).
type Place struct{ Q, R int }

// MaxCoord bounds the coordinates of a board's places: |q|, |r| ≤ MaxCoord,
// so that the neighbour arithmetic never wraps (at q = 2⁶³−1, q+1 would be
// −2⁶³, and two places a lattice apart would touch).
const MaxCoord = 1_000_000

// inRange reports whether p's coordinates are within ±MaxCoord.
func (p Place) inRange() bool {
	return p.Q >= -MaxCoord && p.Q <= MaxCoord && p.R >= -MaxCoord && p.R <= MaxCoord
}

// Neighbour returns the place across edge e.
func (p Place) Neighbour(e int) Place { return Place{p.Q + Dirs[e][0], p.R + Dirs[e][1]} }

// Board is a fixed-board challenge: N tiles (1..10 repeated as TileCount
// says) to put on the N places, with the lines of Colour forming one loop.
type Board struct {
	N      int
	Colour Colour
	Places []Place
}

// Index returns a map from each place to its position in b.Places.
func (b *Board) Index() map[Place]int {
	m := make(map[Place]int, len(b.Places))
	for i, p := range b.Places {
		m[p] = i
	}
	return m
}

// Neighbours returns, for place i and edge e, the index of the place across
// that edge at [6*i+e], or −1 when it is not on the board.
func (b *Board) Neighbours() []int32 {
	idx := b.Index()
	nb := make([]int32, 6*len(b.Places))
	for i, p := range b.Places {
		for e := 0; e < 6; e++ {
			j, ok := idx[p.Neighbour(e)]
			if !ok {
				j = -1
			}
			nb[6*i+e] = int32(j)
		}
	}
	return nb
}

// Validate checks that the board has N ≥ 3 distinct places, each with
// |q|, |r| ≤ MaxCoord.
func (b *Board) Validate() error {
	if b.N < 3 {
		return fmt.Errorf("challenge number %d: expected at least 3", b.N)
	}
	if len(b.Places) != b.N {
		return fmt.Errorf("board has %d places for challenge %d: expected as many places as tiles", len(b.Places), b.N)
	}
	seen := make(map[Place]bool, len(b.Places))
	for _, p := range b.Places {
		if !p.inRange() {
			return fmt.Errorf("place %d %d: expected coordinates from %d to %d", p.Q, p.R, -MaxCoord, MaxCoord)
		}
		if seen[p] {
			return fmt.Errorf("place %d %d listed twice", p.Q, p.R)
		}
		seen[p] = true
	}
	return nil
}

// addPlace adds the place of a place line (its fields f, its text) to b:
// two integers within ±MaxCoord, not more than b.N places, none listed
// before (seen: each place's line, this one's added).
func (b *Board) addPlace(f []string, text string, line int, seen map[Place]int) error {
	if len(f) != 2 {
		return fmt.Errorf("expected a place `q r`, got %q", text)
	}
	q, err1 := strconv.Atoi(f[0])
	rr, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return fmt.Errorf("expected two integers `q r`, got %q", text)
	}
	if len(b.Places) == b.N {
		return fmt.Errorf("expected %d places for challenge %d, got more", b.N, b.N)
	}
	p := Place{q, rr}
	if !p.inRange() {
		return fmt.Errorf("place %d %d: expected coordinates from %d to %d", q, rr, -MaxCoord, MaxCoord)
	}
	if l, dup := seen[p]; dup {
		return fmt.Errorf("place %d %d already listed on line %d", q, rr, l)
	}
	seen[p] = line
	b.Places = append(b.Places, p)
	return nil
}

// ParseBoard reads a board file: a first line `tantrix N [COLOUR]`, then
// one place `q r` per line, |q|, |r| ≤ MaxCoord. Blank lines and lines
// starting with # are ignored. Without COLOUR the colour is DefaultColour(N). Errors name the
// file (name) and line.
func ParseBoard(r io.Reader, name string) (*Board, error) {
	sc := bufio.NewScanner(r)
	var b *Board
	line := 0
	seen := map[Place]int{}
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Fields(text)
		if b == nil {
			var err error
			if b, err = parseHeader(f, text); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, line, err)
			}
			continue
		}
		if err := b.addPlace(f, text, line, seen); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if b == nil {
		return nil, fmt.Errorf("%s:%d: expected `tantrix N [COLOUR]`, got an empty file", name, line)
	}
	if len(b.Places) != b.N {
		return nil, fmt.Errorf("%s:%d: expected %d places for challenge %d, got %d", name, line, b.N, b.N, len(b.Places))
	}
	return b, nil
}

// parseHeader parses the line `tantrix N [COLOUR]` (text, in fields f).
func parseHeader(f []string, text string) (*Board, error) {
	if f[0] != "tantrix" || len(f) < 2 || len(f) > 3 {
		return nil, fmt.Errorf("expected `tantrix N [COLOUR]`, got %q", text)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 3 || n > 1_000_000 {
		return nil, fmt.Errorf("expected a challenge number from 3, got %q", f[1])
	}
	b := &Board{N: n, Colour: DefaultColour(n)}
	if len(f) == 3 {
		c, err := ParseColour(f[2])
		if err != nil {
			return nil, err
		}
		b.Colour = c
	}
	return b, nil
}

// Format writes b in the board file format, places sorted by row then
// column.
func (b *Board) Format(w io.Writer) error {
	ps := append([]Place(nil), b.Places...)
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].R != ps[j].R {
			return ps[i].R < ps[j].R
		}
		return ps[i].Q < ps[j].Q
	})
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "tantrix %d %s\n", b.N, b.Colour)
	for _, p := range ps {
		fmt.Fprintf(bw, "%d %d\n", p.Q, p.R)
	}
	return bw.Flush()
}
