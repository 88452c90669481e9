package tantrix

import (
	"fmt"
	"sort"
	"strings"
)

// Placed is one tile on one place: Tile 1..10 turned Rot·60° clockwise.
type Placed struct {
	Place
	Tile, Rot int
}

// Rules a solution can break, as named in Violation.Rule.
const (
	RulePlace    = "place"    // a place without a tile, a tile off the board, two tiles on one place
	RuleTile     = "tile"     // a tile number or rotation out of range
	RuleCount    = "count"    // tile i not used TileCount(n, i) times
	RuleMatch    = "match"    // touching edges of different colours
	RuleBoundary = "boundary" // a line of the designated colour runs off the board
	RuleLoop     = "loop"     // the designated lines do not form one single loop
	RuleBoard    = "board"    // the board itself is not valid (see Board.Validate)
)

// Violation is one broken rule.
type Violation struct {
	Rule   string
	Detail string
}

func (v Violation) String() string { return v.Rule + ": " + v.Detail }

// CheckError lists every rule a solution breaks.
type CheckError []Violation

func (e CheckError) Error() string {
	s := make([]string, len(e))
	for i, v := range e {
		s[i] = v.String()
	}
	return "tantrix: not a solution: " + strings.Join(s, "; ")
}

// Check returns nil when sol solves board b, else a CheckError naming every
// broken rule (each colour mismatch, each line off the board, each tile
// count, the number of separate designated lines). A board that is not
// valid (Board.Validate: too few places, a place twice, coordinates beyond
// ±MaxCoord, where the neighbour arithmetic could wrap) has no solution:
// Check names that alone.
func Check(b *Board, sol []Placed) error {
	var vs violations
	if err := b.Validate(); err != nil {
		vs.add(RuleBoard, "%v", err)
		return CheckError(vs)
	}
	idx := b.Index()
	at := vs.placed(idx, sol)
	for _, p := range b.Places {
		if _, ok := at[p]; !ok {
			vs.add(RulePlace, "place %d %d has no tile", p.Q, p.R)
		}
	}
	var used [NumTiles + 1]int
	for _, t := range at {
		used[t.Tile]++
	}
	for i := 1; i <= NumTiles; i++ {
		if want := TileCount(b.N, i); used[i] != want {
			vs.add(RuleCount, "tile %d used %d times, expected %d", i, used[i], want)
		}
	}
	vs.edges(b, idx, at)
	// The designated lines: join places whose touching edges are both of
	// the colour; count the pieces.
	if len(at) > 0 {
		pieces, loops := designatedPieces(at, b.Colour)
		if pieces != 1 || loops != 1 {
			vs.add(RuleLoop, "the %s lines form %d separate pieces (%d of them closed loops), expected one loop", b.Colour.Name(), pieces, loops)
		}
	}
	if vs == nil {
		return nil
	}
	return CheckError(vs)
}

// violations are what Check found, in order.
type violations []Violation

func (vs *violations) add(rule, format string, a ...any) {
	*vs = append(*vs, Violation{rule, fmt.Sprintf(format, a...)})
}

// placed returns the tiles of sol by place (idx: the board's places),
// each one off the board, on a place taken already or not a tile a
// violation instead.
func (vs *violations) placed(idx map[Place]int, sol []Placed) map[Place]Placed {
	at := make(map[Place]Placed, len(sol))
	for _, t := range sol {
		if _, on := idx[t.Place]; !on {
			vs.add(RulePlace, "tile %d on place %d %d, which is not on the board", t.Tile, t.Q, t.R)
			continue
		}
		if u, dup := at[t.Place]; dup {
			vs.add(RulePlace, "place %d %d holds two tiles (%d and %d)", t.Q, t.R, u.Tile, t.Tile)
			continue
		}
		if t.Tile < 1 || t.Tile > NumTiles || t.Rot < 0 || t.Rot > 5 {
			vs.add(RuleTile, "place %d %d: tile %d rotation %d, expected tile 1..10 and rotation 0..5", t.Q, t.R, t.Tile, t.Rot)
			continue
		}
		at[t.Place] = t
	}
	return at
}

// edges checks the edges, each inner edge once (from the place whose edge
// is NE, E or SE), and the designated colour at the board's rim.
func (vs *violations) edges(b *Board, idx map[Place]int, at map[Place]Placed) {
	for _, p := range sortedPlaces(at) {
		t := at[p]
		for e := 0; e < 6; e++ {
			c := EdgeColour(t.Tile, t.Rot, e)
			np := p.Neighbour(e)
			u, ok := at[np]
			if !ok {
				if _, on := idx[np]; !on && c == b.Colour {
					vs.add(RuleBoundary, "place %d %d: the %s line runs off the board across edge %s", p.Q, p.R, b.Colour.Name(), EdgeNames[e])
				}
				continue
			}
			if e >= 3 {
				continue
			}
			if d := EdgeColour(u.Tile, u.Rot, Opposite(e)); d != c {
				vs.add(RuleMatch, "place %d %d edge %s is %s but place %d %d edge %s is %s", p.Q, p.R, EdgeNames[e], c.Name(), np.Q, np.R, EdgeNames[Opposite(e)], d.Name())
			}
		}
	}
}

func sortedPlaces(at map[Place]Placed) []Place {
	ps := make([]Place, 0, len(at))
	for p := range at {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].R != ps[j].R {
			return ps[i].R < ps[j].R
		}
		return ps[i].Q < ps[j].Q
	})
	return ps
}

// designatedPieces counts the connected pieces of the lines of colour c
// among the tiles in at, and how many of them are closed loops.
func designatedPieces(at map[Place]Placed, c Colour) (pieces, loops int) {
	ps, closed := linePieces(at, c)
	for _, cl := range closed {
		if cl {
			loops++
		}
	}
	return len(ps), loops
}

// Pieces returns the places of each connected piece of the lines of colour
// c among the tiles ts (places in the order the line visits them, pieces
// by their first place in reading order), and whether each is a closed
// loop. A solution has one piece, closed, through every tile.
func Pieces(ts []Placed, c Colour) ([][]Place, []bool) {
	at := make(map[Place]Placed, len(ts))
	for _, t := range ts {
		at[t.Place] = t
	}
	return linePieces(at, c)
}

func linePieces(at map[Place]Placed, c Colour) ([][]Place, []bool) {
	var pieces [][]Place
	var closedAll []bool
	seen := make(map[Place]bool, len(at))
	for _, p := range sortedPlaces(at) {
		if seen[p] {
			continue
		}
		closed := true
		var piece []Place
		stack := []Place{p}
		seen[p] = true
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			piece = append(piece, x)
			t := at[x]
			a, bb := Line(t.Tile, t.Rot, c)
			for _, e := range [2]int{a, bb} {
				y := x.Neighbour(e)
				u, ok := at[y]
				if !ok || EdgeColour(u.Tile, u.Rot, Opposite(e)) != c {
					closed = false
					continue
				}
				if !seen[y] {
					seen[y] = true
					stack = append(stack, y)
				}
			}
		}
		pieces = append(pieces, piece)
		closedAll = append(closedAll, closed)
	}
	return pieces, closedAll
}

// Holes returns the places not in ps that are enclosed by them: empty
// places from which no path of empty places (stepping across edges) leads
// out of the bounding box of ps. The free-shape puzzle allows no hole.
func Holes(ps []Place) []Place {
	if len(ps) == 0 {
		return nil
	}
	in := make(map[Place]bool, len(ps))
	minQ, maxQ, minR, maxR := ps[0].Q, ps[0].Q, ps[0].R, ps[0].R
	for _, p := range ps {
		in[p] = true
		minQ, maxQ = min(minQ, p.Q), max(maxQ, p.Q)
		minR, maxR = min(minR, p.R), max(maxR, p.R)
	}
	// Flood the empty places of the box widened by one from its border.
	minQ, maxQ, minR, maxR = minQ-1, maxQ+1, minR-1, maxR+1
	outside := map[Place]bool{}
	var stack []Place
	for q := minQ; q <= maxQ; q++ {
		for r := minR; r <= maxR; r++ {
			if q == minQ || q == maxQ || r == minR || r == maxR {
				p := Place{q, r}
				outside[p] = true
				stack = append(stack, p)
			}
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for e := 0; e < 6; e++ {
			y := x.Neighbour(e)
			if y.Q < minQ || y.Q > maxQ || y.R < minR || y.R > maxR || in[y] || outside[y] {
				continue
			}
			outside[y] = true
			stack = append(stack, y)
		}
	}
	var holes []Place
	for r := minR; r <= maxR; r++ {
		for q := minQ; q <= maxQ; q++ {
			p := Place{q, r}
			if !in[p] && !outside[p] {
				holes = append(holes, p)
			}
		}
	}
	return holes
}
