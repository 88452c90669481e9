package tantrix

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
)

// triangle is a hand-made solution of challenge 3 (yellow): tiles 1, 2, 3
// on three places that touch each other, each turning its yellow line
// towards the other two.
func triangle() (*Board, []Placed) {
	b := &Board{N: 3, Colour: Yellow, Places: []Place{{0, 0}, {1, 0}, {0, 1}}}
	return b, []Placed{{Place{0, 0}, 1, 5}, {Place{1, 0}, 2, 1}, {Place{0, 1}, 3, 0}}
}

// twoLoops is a hand-made arrangement of the tiles of challenge 9 (yellow)
// in two loops far apart: 1, 4, 7, 2, 6 and 3, 8, 5, 9. Every edge matches
// and no line runs off the board; only the one-loop rule is broken.
func twoLoops() (*Board, []Placed) {
	ts := []Placed{
		{Place{0, 0}, 1, 0}, {Place{0, 1}, 4, 0}, {Place{-1, 2}, 7, 0}, {Place{-2, 2}, 2, 4}, {Place{-1, 1}, 6, 5},
		{Place{10, 0}, 3, 0}, {Place{11, -1}, 8, 4}, {Place{11, -2}, 5, 3}, {Place{10, -1}, 9, 3},
	}
	b := &Board{N: 9, Colour: Yellow}
	for _, t := range ts {
		b.Places = append(b.Places, t.Place)
	}
	return b, ts
}

func rules(err error) []string {
	var ce CheckError
	if !errors.As(err, &ce) {
		return nil
	}
	var rs []string
	for _, v := range ce {
		rs = append(rs, v.Rule)
	}
	sort.Strings(rs)
	return rs
}

func TestCheckAcceptsHandMadeSolution(t *testing.T) {
	b, ts := triangle()
	if err := Check(b, ts); err != nil {
		t.Fatal(err)
	}
}

func TestCheckNamesEachBrokenRule(t *testing.T) {
	with := func(f func(ts []Placed) []Placed) []Placed {
		_, ts := triangle()
		return f(ts)
	}
	cases := []struct {
		name  string
		tiles []Placed
		want  string // a rule that must be named
		only  bool   // and no other
	}{
		{"place without tile", with(func(ts []Placed) []Placed { return ts[:2] }), RulePlace, false},
		{"tile off the board", with(func(ts []Placed) []Placed {
			ts[2].Place = Place{5, 5}
			return ts
		}), RulePlace, false},
		{"two tiles on a place", with(func(ts []Placed) []Placed {
			return append(ts, Placed{Place{0, 0}, 3, 0})
		}), RulePlace, false},
		{"tile number out of range", with(func(ts []Placed) []Placed {
			ts[0].Tile = 11
			return ts
		}), RuleTile, false},
		{"rotation out of range", with(func(ts []Placed) []Placed {
			ts[0].Rot = 6
			return ts
		}), RuleTile, false},
		{"tile used twice", with(func(ts []Placed) []Placed {
			// Tile 2 instead of 3, turned so its yellow line still joins
			// the other two: only the count is wrong.
			ts[2] = Placed{Place{0, 1}, 2, 3}
			return ts
		}), RuleCount, true},
		{"line off the board", with(func(ts []Placed) []Placed {
			ts[2].Rot = 1
			return ts
		}), RuleBoundary, false},
	}
	b, _ := triangle()
	for _, c := range cases {
		err := Check(b, c.tiles)
		rs := rules(err)
		found, others := false, false
		for _, r := range rs {
			found = found || r == c.want
			others = others || r != c.want
		}
		if !found || (c.only && others) {
			t.Errorf("%s: rules %v, want %q (only: %v); error: %v", c.name, rs, c.want, c.only, err)
		}
	}
}

func TestCheckNamesColourMismatch(t *testing.T) {
	// A straight row of three places: tiles 1, 2, 3 cannot make a loop
	// there, but the test is about one edge: put the tiles so that the
	// edge between the first two shows blue against red.
	b := &Board{N: 3, Colour: Yellow, Places: []Place{{0, 0}, {1, 0}, {2, 0}}}
	ts := []Placed{{Place{0, 0}, 1, 0}, {Place{1, 0}, 2, 0}, {Place{2, 0}, 3, 0}}
	// Tile 1 unrotated shows red at E; tile 2 unrotated shows blue at W.
	if EdgeColour(1, 0, E) != Red || EdgeColour(2, 0, W) != Blue {
		t.Fatal("tile table changed")
	}
	rs := rules(Check(b, ts))
	if !strings.Contains(strings.Join(rs, " "), RuleMatch) {
		t.Fatalf("rules %v, want %q", rs, RuleMatch)
	}
	var ce CheckError
	errors.As(Check(b, ts), &ce)
	for _, v := range ce {
		if v.Rule == RuleMatch && !strings.Contains(v.Detail, "place 0 0 edge E is red but place 1 0 edge W is blue") {
			t.Errorf("match detail %q does not name the places, edges and colours", v.Detail)
		}
	}
}

func TestCheckNamesSecondLoop(t *testing.T) {
	b, ts := twoLoops()
	err := Check(b, ts)
	if rs := rules(err); len(rs) != 1 || rs[0] != RuleLoop {
		t.Fatalf("rules %v, want only %q; error: %v", rs, RuleLoop, err)
	}
	if !strings.Contains(err.Error(), "2 separate pieces (2 of them closed loops)") {
		t.Errorf("error %q does not count the loops", err)
	}
}

func TestParseBoard(t *testing.T) {
	b, err := ParseBoard(strings.NewReader("# a triangle\ntantrix 3\n0 0\n1 0\n\n0 1\n"), "t.txt")
	if err != nil {
		t.Fatal(err)
	}
	if b.N != 3 || b.Colour != Yellow || len(b.Places) != 3 {
		t.Fatalf("got %+v", b)
	}
	var sb strings.Builder
	if err := b.Format(&sb); err != nil {
		t.Fatal(err)
	}
	b2, err := ParseBoard(strings.NewReader(sb.String()), "again")
	if err != nil || fmt.Sprint(b2) != fmt.Sprint(&Board{3, Yellow, []Place{{0, 0}, {1, 0}, {0, 1}}}) {
		t.Fatalf("round trip: %v %v", b2, err)
	}
	bad := []struct{ in, want string }{
		{"", "t.txt:0: expected `tantrix N [COLOUR]`"},
		{"hexiom 3\n", "t.txt:1: expected `tantrix N [COLOUR]`"},
		{"tantrix 2\n", "t.txt:1: expected a challenge number from 3"},
		{"tantrix 3 green\n", "t.txt:1: colour \"green\""},
		{"tantrix 3\n0 0\n1\n", "t.txt:3: expected a place `q r`"},
		{"tantrix 3\n0 0\n1 x\n", "t.txt:3: expected two integers"},
		{"tantrix 3\n0 0\n0 0\n", "t.txt:3: place 0 0 already listed on line 2"},
		{"tantrix 3\n0 0\n1 0\n", "t.txt:3: expected 3 places for challenge 3, got 2"},
		{"tantrix 3\n0 0\n1 0\n0 1\n1 1\n", "t.txt:5: expected 3 places for challenge 3, got more"},
		{"tantrix 3\n0 0\n1000001 0\n", "t.txt:3: place 1000001 0: expected coordinates from -1000000 to 1000000"},
		{"tantrix 3\n0 0\n0 -1000001\n", "t.txt:3: place 0 -1000001: expected coordinates"},
		{"tantrix 3 Y\n-9223372036854775808 0\n9223372036854775807 1\n-9223372036854775808 1\n", "t.txt:2: place -9223372036854775808 0: expected coordinates"},
	}
	for _, c := range bad {
		_, err := ParseBoard(strings.NewReader(c.in), "t.txt")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
}

// Issue 24: places at q = −2⁶³ and 2⁶³−1 touched, as the neighbour
// arithmetic wrapped, and the checker accepted a loop across them. The
// loop is the solution of the triangle (0, 0), (−1, 1), (0, 1) moved so
// that q = 0 becomes −2⁶³ and q = −1 becomes 2⁶³−1.
func TestCheckRefusesWrappingCoordinates(t *testing.T) {
	tri := &Board{N: 3, Colour: Yellow, Places: []Place{{0, 0}, {-1, 1}, {0, 1}}}
	res, err := Solve(context.Background(), tri)
	if err != nil || !res.Solved {
		t.Fatalf("the triangle: solved %v, %v", res.Solved, err)
	}
	move := func(p Place) Place { return Place{p.Q + math.MinInt64, p.R} } // wraps −1 to 2⁶³−1
	far := &Board{N: 3, Colour: Yellow}
	var sol []Placed
	for i, p := range tri.Places {
		far.Places = append(far.Places, move(p))
		sol = append(sol, Placed{move(res.Tiles[i].Place), res.Tiles[i].Tile, res.Tiles[i].Rot})
	}
	err = Check(far, sol)
	var ce CheckError
	if !errors.As(err, &ce) || len(ce) != 1 || ce[0].Rule != RuleBoard || !strings.Contains(ce[0].Detail, "expected coordinates from -1000000 to 1000000") {
		t.Fatalf("Check of the wrapped loop: %v, want one board violation naming the bound", err)
	}
	if _, err := Solve(context.Background(), far); err == nil || !strings.Contains(err.Error(), "expected coordinates") {
		t.Fatalf("Solve of the far board: %v, want it refused", err)
	}
	// At the bound itself the arithmetic holds: the same triangle at
	// q = MaxCoord−1..MaxCoord is solved and checked.
	edge := &Board{N: 3, Colour: Yellow}
	for _, p := range tri.Places {
		edge.Places = append(edge.Places, Place{p.Q + MaxCoord, p.R - MaxCoord})
	}
	if res, err := Solve(context.Background(), edge); err != nil || !res.Solved {
		t.Fatalf("the triangle at the bound: solved %v, %v", res.Solved, err)
	}
}

func TestDefaultColourAndCounts(t *testing.T) {
	want := map[int]Colour{1: Yellow, 2: Yellow, 3: Yellow, 4: Red, 5: Red, 6: Blue, 7: Red, 8: Blue, 9: Yellow, 10: Blue, 60: Blue, 200: Blue, 35: Red}
	for n, c := range want {
		if DefaultColour(n) != c {
			t.Errorf("DefaultColour(%d) = %v, want %v", n, DefaultColour(n), c)
		}
	}
	for _, n := range []int{3, 9, 10, 11, 20, 60, 61, 500} {
		sum := 0
		for i := 1; i <= NumTiles; i++ {
			sum += TileCount(n, i)
		}
		if sum != n {
			t.Errorf("tile counts for %d sum to %d", n, sum)
		}
	}
	if TileCount(60, 1) != 6 || TileCount(61, 1) != 7 || TileCount(61, 2) != 6 {
		t.Error("TileCount")
	}
}

// The counts published by lwiest/SolvingTantrix (README, "numbers of
// solutions by tile set and loop color"). That program ran every colour
// for every n; "-" in its table (here 0) means it found none. It fixes tile
// 1 unrotated, so it counts up to rotation.
var published = []struct {
	n       int
	r, b, y int
}{
	{3, 0, 0, 2}, {4, 2, 0, 0}, {5, 4, 0, 0}, {6, 0, 8, 0}, {7, 32, 36, 0},
	{8, 0, 84, 0}, {9, 0, 0, 114}, {10, 1280, 952, 388},
}

func TestCountMatchesPublished(t *testing.T) {
	for _, p := range published {
		for _, c := range []struct {
			col  Colour
			want int
		}{{Red, p.r}, {Blue, p.b}, {Yellow, p.y}} {
			res, err := Count(context.Background(), p.n, c.col, 0)
			if err != nil {
				t.Fatal(err)
			}
			// Up to rotation: the published figure. Every rotation of a
			// solution counts apart up to translation; for n ≤ 10 (every
			// tile once) no solution is its own rotation, so six each.
			if res.Rotation != c.want || res.Translation != 6*c.want || res.Offset != c.want {
				t.Errorf("n=%d %s: %d up to rotation (%d by lwiest's hole test), %d up to translation; published %d",
					p.n, c.col.Name(), res.Rotation, res.Offset, res.Translation, c.want)
			}
		}
	}
}

func TestCountSolutionsPassTheChecker(t *testing.T) {
	res, err := Count(context.Background(), 8, Blue, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Examples) != res.Rotation {
		t.Fatalf("kept %d examples of %d", len(res.Examples), res.Rotation)
	}
	for _, ts := range res.Examples {
		b := &Board{N: 8, Colour: Blue}
		for _, t := range ts {
			b.Places = append(b.Places, t.Place)
		}
		if err := Check(b, ts); err != nil {
			t.Fatal(err)
		}
		if h := Holes(b.Places); len(h) > 0 {
			t.Fatalf("holes %v", h)
		}
	}
}

func TestHoles(t *testing.T) {
	// The six places around (0, 0) enclose it.
	var ring []Place
	for e := 0; e < 6; e++ {
		ring = append(ring, Place{}.Neighbour(e))
	}
	if h := Holes(ring); len(h) != 1 || h[0] != (Place{}) {
		t.Errorf("ring: holes %v", h)
	}
	if h := Holes(ring[:5]); len(h) != 0 {
		t.Errorf("open ring: holes %v", h)
	}
}

func TestWriteSVG(t *testing.T) {
	_, ts := triangle()
	var sb strings.Builder
	if err := WriteSVG(&sb, ts, Yellow); err != nil {
		t.Fatal(err)
	}
	s := sb.String()
	if strings.Count(s, "<polygon") != 3 || strings.Count(s, "<path") != 9 || strings.Count(s, `stroke-width="8"`) != 3 {
		t.Errorf("want 3 hexagons and 9 lines, 3 of them wide:\n%s", s)
	}
}
