package tantrix

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"

	"hexiom/tantrix/internal/search"
)

func walker(n int, c Colour) *search.Walker {
	var tiles [10][6]uint8
	var count [10]int
	for t := 0; t < NumTiles; t++ {
		for e := 0; e < 6; e++ {
			tiles[t][e] = uint8(Tiles[t][e])
		}
		count[t] = TileCount(n, t+1)
	}
	return search.NewWalker(tiles, count, uint8(c))
}

func walkTiles(wk *search.Walker) []Placed {
	out := make([]Placed, len(wk.Path))
	for i, cell := range wk.Path {
		q, r := wk.Cell(cell)
		c := int(wk.Combos[i])
		out[i] = Placed{Place{q, r}, c/6 + 1, c % 6}
	}
	return out
}

// Rotate returns the tiles turned k·60° clockwise about place (0, 0).
func Rotate(ts []Placed, k int) []Placed {
	out := make([]Placed, len(ts))
	for i, t := range ts {
		q, r := t.Q, t.R
		for j := 0; j < ((k%6)+6)%6; j++ {
			q, r = -r, q+r
		}
		out[i] = Placed{Place{q, r}, t.Tile, (t.Rot + k%6 + 6) % 6}
	}
	return out
}

// Normalize returns the tiles moved so that their bounding box (in q and
// r) starts at (0, 0), sorted by r then q.
func Normalize(ts []Placed) []Placed {
	out := append([]Placed(nil), ts...)
	if len(out) == 0 {
		return out
	}
	minQ, minR := out[0].Q, out[0].R
	for _, t := range out {
		minQ, minR = min(minQ, t.Q), min(minR, t.R)
	}
	for i := range out {
		out[i].Q -= minQ
		out[i].R -= minR
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].R != out[j].R {
			return out[i].R < out[j].R
		}
		return out[i].Q < out[j].Q
	})
	return out
}

func key(ts []Placed) string {
	b := make([]byte, 0, 4*len(ts))
	for _, t := range ts {
		b = append(b, byte(t.Q), byte(t.R), byte(t.Tile), byte(t.Rot))
	}
	return string(b)
}

// canonical returns the key of the rotation class of ts (the least key of
// its six rotations, each normalized) and how many of the six rotations
// give that same key (its symmetry order).
func canonical(ts []Placed) (string, int) {
	best, sym := "", 0
	for k := 0; k < 6; k++ {
		s := key(Normalize(Rotate(ts, k)))
		switch {
		case k == 0 || s < best:
			best, sym = s, 1
		case s == best:
			sym++
		}
	}
	return best, sym
}

// OffsetHoles reports whether lwiest/SolvingTantrix would call the shape
// holed: it lays the places out in "even-r" offset rows (row r, column
// q + (r + r&1)/2, place (0, 0) on an even row), floods the empty cells of
// the bounding box from its border stepping only left, right, up and down
// in that array, and calls every empty cell left a hole. That flood cannot
// take the diagonal steps between rows that hexagons allow, so it finds
// holes where the true test (Holes) finds an opening.
func OffsetHoles(ps []Place) bool {
	type cell struct{ c, r int }
	in := map[cell]bool{}
	minC, maxC, minR, maxR := 1<<30, -1<<30, 1<<30, -1<<30
	for _, p := range ps {
		c := cell{p.Q + (p.R+(p.R&1))/2, p.R}
		in[c] = true
		minC, maxC, minR, maxR = min(minC, c.c), max(maxC, c.c), min(minR, c.r), max(maxR, c.r)
	}
	seen := map[cell]bool{}
	var stack []cell
	for r := minR; r <= maxR; r++ {
		for c := minC; c <= maxC; c++ {
			if (r == minR || r == maxR || c == minC || c == maxC) && !in[cell{c, r}] {
				seen[cell{c, r}] = true
				stack = append(stack, cell{c, r})
			}
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [4]cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			y := cell{x.c + d.c, x.r + d.r}
			if y.c < minC || y.c > maxC || y.r < minR || y.r > maxR || in[y] || seen[y] {
				continue
			}
			seen[y] = true
			stack = append(stack, y)
		}
	}
	return len(seen)+len(in) < (maxC-minC+1)*(maxR-minR+1)
}

// CountResult is what Count found.
type CountResult struct {
	N      int
	Colour Colour
	// Translation counts the distinct solutions up to translation: every
	// rotation of a solution counts apart, as tiles are never flipped.
	Translation int
	// Rotation counts them up to rotation and translation (each class once).
	Rotation int
	// Holed counts the rotation classes rejected for enclosing a hole.
	Holed int
	// Offset counts the rotation classes without a hole by the test
	// lwiest/SolvingTantrix applies (OffsetHoles), applied as that program
	// does to the solution with a tile 1 unrotated at place (0, 0). Its
	// published counts are of this kind.
	Offset int
	Nodes  int64
	// Examples holds one solution of each rotation class (up to max asked).
	Examples [][]Placed
}

// Count enumerates every free-shape solution with the tiles of challenge n
// and designated colour c: all n tiles on any places of the lattice, edge
// colours matching, the lines of colour c one loop through every tile, no
// hole enclosed. The walk starts from a tile 1 unrotated at (0, 0), which
// every rotation class holds in one of its six turns, and follows the loop
// from the lower-numbered end of that tile's line; classes found more than
// once (n > 10 has several tiles 1) are merged by their canonical form.
// keep > 0 keeps that many example solutions.
func Count(ctx context.Context, n int, c Colour, keep int) (CountResult, error) {
	if n < 3 || n > 40 {
		return CountResult{}, fmt.Errorf("tantrix: count for %d tiles: expected 3..40", n)
	}
	res := CountResult{N: n, Colour: c}
	wk := walker(n, c)
	seen := map[string]bool{}
	var err error
	ok := wk.Enumerate(0, 0, func() bool {
		if wk.Nodes()&0xfff == 0 && ctx.Err() != nil {
			err = ctx.Err()
			return true
		}
		ts := walkTiles(wk)
		k, sym := canonical(ts)
		if seen[k] {
			return false
		}
		seen[k] = true
		ps := make([]Place, len(ts))
		for i, t := range ts {
			ps[i] = t.Place
		}
		if len(Holes(ps)) > 0 {
			res.Holed++
		} else {
			res.Rotation++
			res.Translation += 6 / sym
			if len(res.Examples) < keep {
				res.Examples = append(res.Examples, ts)
			}
		}
		if !OffsetHoles(ps) {
			res.Offset++
		}
		return false
	})
	res.Nodes = wk.Nodes()
	if err == nil && !ok {
		err = ctx.Err()
	}
	if err != nil {
		return res, fmt.Errorf("tantrix: count %d %s stopped: %w", n, c.Name(), err)
	}
	return res, nil
}

// MaxGenerate is the largest challenge Generate makes a board for.
const MaxGenerate = 1000

// LoopPossible returns nil when the tile counts of challenge n allow a
// single loop of colour c, else why not. The loop is a simple closed curve,
// so its turns add up to ±360°: a tile whose line of colour c joins two
// touching edges turns it by ±120°, one that skips an edge by ±60°, a
// straight one not at all. So the number of ±60° tiles is even, the turns
// can reach 360° (2·sharp + gentle ≥ 6), and with no ±60° tile the
// number of ±120° ones is odd. The challenge's own colour (DefaultColour)
// always passes; about half of the others do not.
func LoopPossible(n int, c Colour) error {
	var sharp, gentle int
	for t := 1; t <= NumTiles; t++ {
		a, b := Line(t, 0, c)
		switch min(b-a, 6-(b-a)) {
		case 1:
			sharp += TileCount(n, t)
		case 2:
			gentle += TileCount(n, t)
		}
	}
	switch {
	case gentle%2 == 1:
		return fmt.Errorf("challenge %d in %s has %d tiles whose %s line turns by 60°, an odd number: no loop can close", n, c.Name(), gentle, c.Name())
	case 2*sharp+gentle < 6:
		return fmt.Errorf("challenge %d in %s: its %s lines cannot turn a full circle", n, c.Name(), c.Name())
	case gentle == 0 && sharp%2 == 0:
		return fmt.Errorf("challenge %d in %s has no tile whose %s line turns by 60° and an even number turning by 120°: no loop can close", n, c.Name(), c.Name())
	}
	return nil
}

// Generate builds a board of n places with colour c that has a solution:
// the shape of a random loop of all the tiles (see search.Walker.Random),
// moved so its bounding box starts at (0, 0). It returns the board and the
// loop it was made from. The same n, c and seed give the same board. When
// no loop exists (LoopPossible, or for n ≤ 12 a complete walk that finds
// none) it says so; ctx ends it early.
func Generate(ctx context.Context, n int, c Colour, seed uint64) (*Board, []Placed, error) {
	if n < 3 || n > MaxGenerate {
		return nil, nil, fmt.Errorf("tantrix: generate %d tiles: expected 3 to %d", n, MaxGenerate)
	}
	if err := LoopPossible(n, c); err != nil {
		return nil, nil, fmt.Errorf("tantrix: generate: %w", err)
	}
	wk := walker(n, c)
	wk.Stop = func() bool { return ctx.Err() != nil }
	for attempt := uint64(0); ; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, fmt.Errorf("tantrix: generate n=%d seed %d: %w", n, seed, err)
		}
		rng := rand.New(rand.NewPCG(seed, attempt))
		var ts []Placed
		if attempt >= 10 && n <= 12 {
			// Some small challenges have no loop the two-ended walk finds
			// (n = 11..13 yellow needed up to 100 attempts).
			var found, complete bool
			if ts, found, complete = enumerateLoop(wk, rng); !found {
				if complete {
					return nil, nil, fmt.Errorf("tantrix: generate: challenge %d in %s has no loop without a hole", n, c.Name())
				}
				continue // stopped by ctx
			}
		} else if wk.Random(rng, int64(2000*n+100000)) {
			ts = walkTiles(wk)
		} else {
			continue
		}
		b := boardOf(ts, n, c)
		if len(Holes(b.Places)) > 0 {
			continue // the last tailFree tiles of a two-ended walk may shut one in
		}
		sort.Slice(b.Places, func(i, j int) bool {
			if b.Places[i].R != b.Places[j].R {
				return b.Places[i].R < b.Places[j].R
			}
			return b.Places[i].Q < b.Places[j].Q
		})
		return b, ts, nil
	}
}

// enumerateLoop walks one end until it comes back, from tile 1 in a
// random rotation, and returns the first loop without a hole (found).
// Every loop holds tile 1, so the walk from any of its rotations meets
// every loop up to rotation: when it ends without one (complete, not
// found), there is none.
func enumerateLoop(wk *search.Walker, rng *rand.Rand) (ts []Placed, found, complete bool) {
	complete = wk.Enumerate(rng.IntN(6), 0, func() bool {
		ts = walkTiles(wk)
		ps := make([]Place, len(ts))
		for i := range ts {
			ps[i] = ts[i].Place
		}
		found = len(Holes(ps)) == 0
		return found
	})
	return ts, found, complete
}

// boardOf moves the tiles ts so that their least q and r are 0 and
// returns the board of n places, theirs (in ts's order), in colour c.
func boardOf(ts []Placed, n int, c Colour) *Board {
	minQ, minR := ts[0].Q, ts[0].R
	for _, t := range ts {
		minQ, minR = min(minQ, t.Q), min(minR, t.R)
	}
	b := &Board{N: n, Colour: c, Places: make([]Place, n)}
	for i := range ts {
		ts[i].Q -= minQ
		ts[i].R -= minR
		b.Places[i] = ts[i].Place
	}
	return b
}
