package formats

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/board"
)

// TestReadersBounded (issue 42): ReadModel takes only literals within the
// CNF's variables (one of -2^63 panicked, one of 400,000,000 allocated
// 2.2 GB); ReadCNF takes only distinct cells of a board, no more than its
// variables, and at most MaxVars variables; Solution refuses cells that
// are not free cells of the level (it panicked on "c cells: 5000 -3").
func TestReadersBounded(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"s SATISFIABLE\nv -9223372036854775808 0\n", "bad.txt:2: literal -9223372036854775808: want ±1..10"},
		{"s SATISFIABLE\nv 400000000 0\n", "bad.txt:2: literal 400000000: want ±1..10"},
		{"s SATISFIABLE\nv 1 -2\nv 11 0\n", "bad.txt:3: literal 11: want ±1..10"},
	} {
		m, err := ReadModel(strings.NewReader(c.text), "bad.txt", 10)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadModel %q: %v (%d values), want %q", c.text, err, len(m.True), c.want)
		}
	}
	if m, err := ReadModel(strings.NewReader("s SATISFIABLE\nv -1 10 0\n"), "good.txt", 10); err != nil || len(m.True) != 11 || !m.Value(10) || m.Value(1) {
		t.Errorf("literals within the variables: %v, %v", err, m.True)
	}
	for _, c := range []struct{ text, want string }{
		{"c cells: 5000 -3\np cnf 2 0\n", `bad.cnf:1: "c cells:": cell 5000 out of 0..396`},
		{"c cells: 1 -3\np cnf 2 0\n", `bad.cnf:1: "c cells:": cell -3 out of 0..396`},
		{"c cells: 4 4\np cnf 2 0\n", `bad.cnf:1: "c cells:": cell 4 twice`},
		{"c x\nc cells: 1 2 3\np cnf 2 0\n", "bad.cnf:2: 3 cells, more than the 2 variables"},
		{"p cnf 16777217 0\n", "bad.cnf:1: 16777217 variables, over the limit of 16777216"},
	} {
		_, err := ReadCNF(strings.NewReader(c.text), "bad.cnf")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadCNF %q: %v, want %q", c.text, err, c.want)
		}
	}
	level := readLevel(t, "../levels/level10.txt") // size 3: cells 0..18, 0 a hole, 2 free
	for _, c := range []struct {
		cells, occupied []int
		want            string
	}{
		{[]int{5000}, nil, "cell 5000: not a free cell of the level (size 3, cells 0..18)"},
		{[]int{-3}, nil, "cell -3: not a free cell"},
		{[]int{0}, nil, "cell 0: not a free cell"},
		{[]int{2}, []int{19}, "cell 19: not a free cell"},
	} {
		if _, err := Solution(level, c.cells, c.occupied); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Solution(level 10, %v, %v): %v, want %q", c.cells, c.occupied, err, c.want)
		}
	}
}

// fuzzSeeds adds the files in testdata named and texts to f as []byte.
func fuzzSeeds(f *testing.F, files []string, texts ...string) {
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range texts {
		f.Add([]byte(s))
	}
}

// FuzzReadCNF: ReadCNF never panics; a CNF it takes has its literals
// within ±Vars and distinct cells of a board, no more than Vars, and
// Solution on level 10 with every cell occupied either refuses the cells
// or fills exactly them.
func FuzzReadCNF(f *testing.F) {
	fuzzSeeds(f, []string{"level10.cnf", "level10-tiles.cnf", "level05-points.cnf"},
		"c cells: 5000 -3\np cnf 2 0\n", "c cells: 1 2\np cnf 2 1\n1 -2 0\n", "c ge 1 3\nc pairs 1 2\np cnf 3 0\n",
		"p cnf 9223372036854775807 0\n", "p cnf 2 1\n-9223372036854775808 0\n")
	level, err := board.Level(10)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cnf, err := ReadCNF(strings.NewReader(string(data)), "fuzz.cnf")
		if err != nil {
			return
		}
		for _, cl := range cnf.Clauses {
			for _, l := range cl {
				if l == 0 || l > cnf.Vars || -l > cnf.Vars {
					t.Fatalf("literal %d of %d variables taken", l, cnf.Vars)
				}
			}
		}
		if len(cnf.Cells) > cnf.Vars || checkCells(cnf.Cells) != nil {
			t.Fatalf("cells %v of %d variables taken", cnf.Cells, cnf.Vars)
		}
		sol, err := Solution(level, cnf.Cells, cnf.Cells)
		if err != nil {
			return
		}
		for _, i := range cnf.Cells {
			if sol.Cells[i].Tile == board.None {
				t.Fatalf("cell %d left empty", i)
			}
		}
	})
}

// FuzzReadModel: ReadModel never panics and holds no more values than the
// CNF's variables (and True[0]).
func FuzzReadModel(f *testing.F) {
	for _, s := range []string{
		"s SATISFIABLE\nv -9223372036854775808 0\n", "s SATISFIABLE\nv 400000000 0\n",
		"s SATISFIABLE\nv 1 -2\nv 3 0\n", "c x\ns UNSATISFIABLE\n", "s UNKNOWN\n",
	} {
		f.Add([]byte(s), uint16(10))
	}
	data, err := os.ReadFile(filepath.Join("testdata", "level10.cadical.txt"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data, uint16(2000))
	f.Fuzz(func(t *testing.T, data []byte, vars uint16) {
		m, err := ReadModel(strings.NewReader(string(data)), "fuzz.txt", int(vars))
		if err != nil {
			return
		}
		if len(m.True) > int(vars)+1 {
			t.Fatalf("%d values for %d variables", len(m.True), vars)
		}
		if m.Status != Satisfiable && m.Status != Unsatisfiable && m.Status != Unknown {
			t.Fatalf("status %q", m.Status)
		}
	})
}
