package board

import (
	"errors"
	"math"
	"strings"
	"testing"

	"hexiom/levels"
)

func TestGeometry(t *testing.T) {
	for s := 1; s <= MaxSize; s++ {
		g := Geom(s)
		if g.N() != NumCells(s) {
			t.Fatalf("size %d: %d cells, want %d", s, g.N(), NumCells(s))
		}
		edges := 0
		for i := range g.Coords {
			for _, j := range g.Nbrs[i] {
				if !g.Adjacent(j, i) {
					t.Fatalf("size %d: %d→%d not symmetric", s, i, j)
				}
				edges++
			}
		}
		// A hexagon of side s has 3(s−1)(3s−2)... count edges directly: 3N − 3(2s−1) bonds.
		if want := 2 * (3*NumCells(s) - 3*(2*s-1)); s > 0 && edges != want {
			t.Fatalf("size %d: %d directed edges, want %d", s, edges, want)
		}
	}
	if got := len(Geom(3).Nbrs[Geom(3).Index(2, 2)]); got != 6 {
		t.Fatalf("centre of size 3 has %d neighbours", got)
	}
}

// The README's neighbour rule, straight from the text columns: same row ±1,
// and rows above and below whose symbol column differs by exactly 1.
func TestNeighboursMatchTextColumns(t *testing.T) {
	for s := 1; s <= 7; s++ {
		g := Geom(s)
		col := func(i int) (int, int) {
			r, k := g.RowCol(i)
			return r, abs(s-1-r) + 2*k + 1
		}
		for i := range g.Coords {
			for j := range g.Coords {
				ri, ci := col(i)
				rj, cj := col(j)
				want := (ri == rj && abs(ci-cj) == 2) || (abs(ri-rj) == 1 && abs(ci-cj) == 1)
				if g.Adjacent(i, j) != want {
					t.Fatalf("size %d cells %d,%d adjacent=%v want %v", s, i, j, !want, want)
				}
			}
		}
	}
}

// levelTexts returns the files of the 40 official levels.
func levelTexts(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for n := 1; n <= levels.N; n++ {
		data, err := levels.Text(n)
		if err != nil {
			t.Fatal(err)
		}
		out[levels.Name(n)] = data
	}
	return out
}

func TestLevelsRoundTrip(t *testing.T) {
	for f, data := range levelTexts(t) {
		p, err := Parse(f, data)
		if err != nil {
			t.Fatalf("%v", err)
		}
		text := p.Format()
		q, err := Parse("formatted", []byte(text))
		if err != nil {
			t.Fatalf("%s: reparse: %v\n%s", f, err, text)
		}
		if !p.Equal(q) || q.Format() != text {
			t.Fatalf("%s: round trip differs", f)
		}
		// The file, less CR and trailing blanks, is exactly what Format writes.
		var clean []string
		for _, l := range strings.Split(strings.ReplaceAll(string(data), "\r", ""), "\n") {
			if l = strings.TrimRight(l, " "); l != "" {
				clean = append(clean, l)
			}
		}
		if got := strings.Join(clean, "\n") + "\n"; got != text {
			t.Fatalf("%s: Format differs from the file:\n%s\nvs\n%s", f, text, got)
		}
	}
}

func TestLevel10Solution(t *testing.T) {
	level := mustParse(t, "3\n  +.+. .\n +. 0 . 2\n . 1+2 1 .\n  2 . 0+.\n   .+.+.\n")
	sol := mustParse(t, "3\n  +.+. 1\n +. 1 . 2\n 0 .+2 2 .\n  . . .+.\n   0+.+.\n")
	if pr := Check(level, sol); pr != nil {
		t.Fatalf("README solution rejected: %v", pr)
	}
	if !sol.Solved() || level.Solved() {
		t.Fatal("Solved wrong")
	}
	if pr := Check(level, level); len(pr) == 0 {
		t.Fatal("unsolved start accepted")
	}
}

func TestCheckNamesEveryProblem(t *testing.T) {
	level := mustParse(t, "2\n  .+1\n 1+. .\n  . .\n")
	cases := []struct {
		sol  string
		want []string
	}{
		{"2\n  . .\n 1+. 1\n  . .\n", []string{"locked tile 1 moved", "tile 1 has 0"}},
		{"2\n  .+1\n 1+1 .\n  . .\n", []string{"on a hole", "tiles changed"}},
		{"2\n  .+1\n 2+. .\n  . .\n", []string{"tiles changed: 1×1 (level has 2) 1×2 (level has 0)"}},
		{"2\n  1+1\n .+. .\n  . .\n", nil},
	}
	for _, c := range cases {
		pr := Check(level, mustParse(t, c.sol))
		var all []string
		for _, p := range pr {
			all = append(all, p.String())
		}
		joined := strings.Join(all, "; ")
		if len(c.want) == 0 && len(pr) != 0 {
			t.Errorf("%q: unexpected problems %s", c.sol, joined)
		}
		for _, w := range c.want {
			if !strings.Contains(joined, w) {
				t.Errorf("%q: problems %q lack %q", c.sol, joined, w)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "x:1:1: expected the board size"},
		{"9x\n", "x:1:1: expected the board size"},
		{"13\n", "x:1:1: expected the board size"},
		{"2\n  . .\n", "x:3: expected board row 2 of 3"},
		{"2\n  . .\n 1 . 7\n  . .\n", "x:3:6: expected '.' or a digit"},
		{"2\n  . .\n 1*. .\n  . .\n", "x:3:3: expected ' ' or '+'"},
		{"2\n  . .\n 1 .\n  . .\n", "x:3:5: expected 3 cells in row 2, found 2"},
		{"2\n  . .\n 1 . . .\n  . .\n", "x:3:7: expected the end of row 2"},
		{"2\n x. .\n 1 . .\n  . .\n", "x:2:2: expected ' ' or '+'"},
		{"2\nx . .\n 1 . .\n  . .\n", "x:2:1: expected 1 spaces"},
		{"2\n  . .\n 1 . .\n  . .\n5\n", "x:5:1: expected nothing after"},
	}
	for _, c := range cases {
		_, err := Parse("x", []byte(c.in))
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want prefix %q", c.in, err, c.want)
		}
	}
	// Accepted variants: CRLF, trailing blanks, no final newline, blank tail.
	for _, in := range []string{"2\r\n  . .\r\n 1 . 1\r\n  . .\r\n", "2  \n  . .  \n 1 . 1\n  . .", "2\n  . .\n 1 . 1\n  . .\n   \n\n"} {
		if _, err := Parse("ok", []byte(in)); err != nil {
			t.Errorf("Parse(%q): %v", in, err)
		}
	}
}

func TestApply(t *testing.T) {
	p := mustParse(t, "2\n  . .\n 1+. 1\n  .+3\n")
	if err := p.Apply(Move{From: 2, To: 0}); err != nil {
		t.Fatal(err)
	}
	if p.Cells[0].Tile != 1 || p.Cells[2].Tile != None {
		t.Fatal("tile did not move")
	}
	for _, m := range []Move{{6, 1}, {3, 1}, {4, 0}, {0, 3}, {0, 99}} {
		before := p.Clone()
		if err := p.Apply(m); err == nil {
			t.Errorf("illegal move %v accepted", m)
		}
		if !p.Equal(before) {
			t.Errorf("illegal move %v changed the position", m)
		}
	}
}

func TestLayoutFitsArea(t *testing.T) {
	for s := 1; s <= MaxSize; s++ {
		r := Radius(s)
		for i := range Geom(s).Coords {
			x, y := Centre(s, i)
			if x-r < 0 || x+r > 1 || y-r < 0 || y+r > 1 {
				t.Fatalf("size %d cell %d at (%.3f,%.3f) r=%.3f leaves the area", s, i, x, y, r)
			}
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, data := range levelTexts(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("fuzz", data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		q, err := Parse("again", []byte(p.Format()))
		if err != nil || !q.Equal(p) {
			t.Fatalf("accepted input does not round trip: %v", err)
		}
	})
}

func mustParse(t *testing.T, s string) Position {
	t.Helper()
	p, err := Parse("test", []byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCheckArrangement(t *testing.T) {
	level, err := Parse("level", []byte("2\n  1 1\n 2 . .\n  .+0\n"))
	if err != nil {
		t.Fatal(err)
	}
	ok, _ := Parse("ok", []byte("2\n  1 .\n 1 . .\n  .+0\n"))
	if pr := CheckArrangement(level, ok, []int8{2}); pr != nil {
		t.Fatalf("a right arrangement rejected: %v", pr)
	}
	for _, c := range []struct {
		name  string
		sol   string
		aside []int8
	}{
		{"a tile lost", "2\n  1 .\n 1 . .\n  .+0\n", nil},
		{"a tile made up", "2\n  1 .\n 1 . .\n  .+0\n", []int8{2, 2}},
		{"a number wrong", "2\n  1 2\n 1 . .\n  .+0\n", nil},
		{"a tile beside the locked 0", "2\n  . .\n . 1 1\n  .+0\n", []int8{2}},
		{"the locked tile gone", "2\n  1 .\n 1 . .\n  .+.\n", []int8{2}},
	} {
		sol, err := Parse(c.name, []byte(c.sol))
		if err != nil {
			t.Fatal(err)
		}
		if pr := CheckArrangement(level, sol, c.aside); pr == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
}

// Dist is the number of steps through neighbours (a breadth-first search),
// and Ring the distance from the centre cell.
func TestDistIsSteps(t *testing.T) {
	for s := 1; s <= 7; s++ {
		g := Geom(s)
		for a := range g.Coords {
			steps := make([]int, g.N())
			for i := range steps {
				steps[i] = -1
			}
			steps[a] = 0
			queue := []int{a}
			for len(queue) > 0 {
				c := queue[0]
				queue = queue[1:]
				for _, nb := range g.Nbrs[c] {
					if steps[nb] < 0 {
						steps[nb] = steps[c] + 1
						queue = append(queue, nb)
					}
				}
			}
			for b := range g.Coords {
				if d := g.Dist(a, b); d != steps[b] {
					t.Fatalf("size %d: Dist(%d, %d) = %d, %d steps", s, a, b, d, steps[b])
				}
			}
		}
		rim := 0
		for i := range g.Coords {
			if g.Ring(i) == s-1 {
				rim++
			}
		}
		if want := max(1, 6*(s-1)); rim != want {
			t.Errorf("size %d: %d cells on the rim, want %d", s, rim, want)
		}
	}
}

// TestPitchIsTheOriginalsTable: Pitch gives GAME.md's DX and DY as the
// original drew them in a 400 px area (DX/DY from 1.67 to 1.74, not √3),
// and a cell's centre is (X0 + DX·(x−y), Y0 + DY·(x+y)) from the top cell.
func TestPitchIsTheOriginalsTable(t *testing.T) {
	for _, c := range []struct{ s, dx, dy int }{{2, 48, 28}, {3, 48, 28}, {4, 40, 23}, {5, 31, 18}, {6, 25, 15}} {
		dx, dy := Pitch(c.s)
		if math.Abs(dx*400-float64(c.dx)) > 1e-9 || math.Abs(dy*400-float64(c.dy)) > 1e-9 {
			t.Errorf("size %d: Pitch = %.3f, %.3f px of 400, want %d, %d", c.s, dx*400, dy*400, c.dx, c.dy)
		}
		x0, y0 := Centre(c.s, 0)
		for i, p := range Geom(c.s).Coords {
			x, y := Centre(c.s, i)
			wx, wy := x0+dx*float64(p.X-p.Y), y0+dy*float64(p.X+p.Y)
			if math.Abs(x-wx) > 1e-12 || math.Abs(y-wy) > 1e-12 {
				t.Fatalf("size %d cell %d at (%.4f,%.4f), want (%.4f,%.4f)", c.s, i, x, y, wx, wy)
			}
		}
		if _, cy := Centre(c.s, Geom(c.s).Index(c.s-1, c.s-1)); math.Abs(cy-0.5) > 1e-12 {
			t.Errorf("size %d: centre cell at y %.4f, want 0.5", c.s, cy)
		}
	}
	// beyond the table: size 6's pitch shrunk to its span
	dx6, dy6 := Pitch(6)
	dx, dy := Pitch(11)
	if math.Abs(dx*10-dx6*5) > 1e-12 || math.Abs(dy*10-dy6*5) > 1e-12 {
		t.Errorf("size 11: Pitch = %v, %v; want half of size 6's %v, %v", dx, dy, dx6, dy6)
	}
}
