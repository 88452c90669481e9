package formats

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/solver/most"
	"hexiom/tantrix"
)

func readLevel(t *testing.T, name string) board.Position {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := board.Read(name, f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func readBoard(t *testing.T, name string) *tantrix.Board {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := tantrix.ParseBoard(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWritersWriteTheFiles: each writer, on a real level or board, writes
// byte for byte the file in testdata, which the same code wrote before it
// moved here (from package solver and cmd/hexiom): level 5 has a locked
// tile, level 10 holes and a locked tile; 004-hole-22 is written with
// three cuts.
func TestWritersWriteTheFiles(t *testing.T) {
	levels := "../levels/"
	for _, c := range []struct {
		in, want string
		write    func(io.Writer, string) error
	}{
		{levels + "level05.txt", "level05.cnf", nil},
		{levels + "level10.txt", "level10.cnf", nil},
		{levels + "level05.txt", "level05-tiles.cnf", nil},
		{levels + "level10.txt", "level10-tiles.cnf", nil},
		{levels + "level05.txt", "level05-points.cnf", nil},
		{levels + "level10.txt", "level10-points.cnf", nil},
		{levels + "level05.txt", "level05.dzn", nil},
		{levels + "level10.txt", "level10.dzn", nil},
		{"../tantrix/testdata/hard/001-moved-20.txt", "001-moved-20.dzn", nil},
		{"../tantrix/testdata/hard/004-hole-22.txt", "004-hole-22-cuts.dzn", nil},
		{"testdata/t10-1.txt", "t10-1.dzn", nil},
	} {
		var buf bytes.Buffer
		var err error
		switch name := c.want; {
		case strings.HasSuffix(name, "-tiles.cnf"):
			err = WriteMaxCNF(&buf, readLevel(t, c.in), most.Tiles)
		case strings.HasSuffix(name, "-points.cnf"):
			err = WriteMaxCNF(&buf, readLevel(t, c.in), most.Points)
		case strings.HasSuffix(name, ".cnf"):
			err = WriteCNF(&buf, readLevel(t, c.in))
		case strings.HasPrefix(name, "level"):
			err = WriteLevelDZN(&buf, readLevel(t, c.in))
		case strings.HasSuffix(name, "-cuts.dzn"):
			err = WriteTantrixDZN(&buf, readBoard(t, c.in), [][]int{{0, 1, 2, 5}, {3, 4}, {21}})
		default:
			err = WriteTantrixDZN(&buf, readBoard(t, c.in), nil)
		}
		if err != nil {
			t.Errorf("%s: %v", c.want, err)
			continue
		}
		want, err := os.ReadFile(filepath.Join("testdata", c.want))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s from %s: %d bytes differ from testdata's %d", c.want, c.in, buf.Len(), len(want))
		}
	}
}

// TestReadCNF: the CNFs in testdata read back with what their comments
// say (the free cells of the level; the variant's objective), and broken
// ones are refused with the line.
func TestReadCNF(t *testing.T) {
	for _, c := range []struct {
		file, level string
		obj         string // the variant's objective; "" for the plain CNF
	}{
		{"level05.cnf", "level05.txt", ""},
		{"level10.cnf", "level10.txt", ""},
		{"level10-tiles.cnf", "level10.txt", "tiles"},
		{"level10-points.cnf", "level10.txt", "points"},
	} {
		f, err := os.Open(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		cnf, err := ReadCNF(f, c.file)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		level := readLevel(t, "../levels/"+c.level)
		var free []int
		for i, cell := range level.Cells {
			if !cell.Fixed {
				free = append(free, i)
			}
		}
		if !slices.Equal(cnf.Cells, free) || cnf.Vars < len(free) || len(cnf.Clauses) == 0 {
			t.Errorf("%s: cells %v (want the free cells %v), %d vars, %d clauses", c.file, cnf.Cells, free, cnf.Vars, len(cnf.Clauses))
		}
		total, step := 0, 1 // of the objective
		for _, cell := range level.Cells {
			if cell.Tile != board.None && c.obj == "points" {
				total, step = total+int(cell.Tile), 2
			} else if cell.Tile != board.None {
				total++
			}
		}
		switch {
		case c.obj == "" && (len(cnf.GE) != 0 || cnf.Step != 0):
			t.Errorf("%s: a plain CNF with an objective: %+v", c.file, cnf.GE)
		case c.obj != "" && (cnf.Total != total || len(cnf.GE) == 0 || cnf.Step != step):
			t.Errorf("%s: total %d (want %d), step %d, %d outputs", c.file, cnf.Total, total, cnf.Step, len(cnf.GE))
		}
	}
	for _, c := range []struct{ text, want string }{
		{"c x\n1 2 0\n", "bad.cnf:2: a clause before the problem line"},
		{"p cnf 2 1\n1 3 0\n", `bad.cnf:2: literal "3": want ±1..2`},
		{"p cnf 2 1\n1 -2\n", "bad.cnf:2: a clause not ended by 0"},
		{"p cnf 2 2\n1 -2 0\n", "bad.cnf:2: 1 clauses, the problem line says 2"},
		{"p cnf two 1\n", `bad.cnf:1: expected "p cnf VARS CLAUSES"`},
		{"p cnf 2 1\np cnf 2 1\n", "bad.cnf:2: a second problem line"},
		{"c cells: 1 x\np cnf 1 0\n", `bad.cnf:1: "c cells:": "x" is not a number`},
		{"c ge 2 5\n", `bad.cnf:1: "c ge 2" after 0 of them`},
		{"1 0\n", "bad.cnf:1: a clause before the problem line"},
		{"c only\n", `bad.cnf: no problem line`},
	} {
		_, err := ReadCNF(strings.NewReader(c.text), "bad.cnf")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

// TestReadModel: CaDiCaL's answers in testdata (to level10.cnf and to the
// CNF of unsolvable.txt) read back: level 10's model, through the CNF's
// cells, is a solution of the level; broken answers are refused with the
// line.
func TestReadModel(t *testing.T) {
	for _, c := range []struct {
		answer, cnf, level string
		status             string
	}{
		{"level10.cadical.txt", "level10.cnf", "../levels/level10.txt", Satisfiable},
		{"unsolvable.cadical.txt", "", "testdata/unsolvable.txt", Unsatisfiable},
	} {
		f, err := os.Open(filepath.Join("testdata", c.answer))
		if err != nil {
			t.Fatal(err)
		}
		vars := 1000 // the unsolvable level's CNF is not in testdata
		var cnf *CNF
		if c.cnf != "" {
			g, err := os.Open(filepath.Join("testdata", c.cnf))
			if err != nil {
				t.Fatal(err)
			}
			cnf, err = ReadCNF(g, c.cnf)
			g.Close()
			if err != nil {
				t.Fatal(err)
			}
			vars = cnf.Vars
		}
		m, err := ReadModel(f, c.answer, vars)
		f.Close()
		if err != nil || m.Status != c.status {
			t.Errorf("%s: %v, status %q, want %q", c.answer, err, m.Status, c.status)
			continue
		}
		if cnf == nil {
			continue
		}
		level := readLevel(t, c.level)
		sol, err := Solution(level, cnf.Cells, cnf.Occupied(m))
		if err != nil {
			t.Fatalf("%s: %v", c.answer, err)
		}
		if pr := board.Check(level, sol); pr != nil {
			t.Errorf("%s: the model is not a solution of %s: %v\n%s", c.answer, c.level, pr, sol)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"v 1 0\n", "bad.txt:1: values not after"},
		{"s SATISFIABLE\nv 1 -2\n", "bad.txt:2: the values end without 0"},
		{"s SATISFIABLE\nv 1 x 0\n", `bad.txt:2: literal "x" is not a number`},
		{"s MAYBE\n", "bad.txt:1: expected one line"},
		{"s UNSATISFIABLE\ns UNSATISFIABLE\n", "bad.txt:2: expected one line"},
		{"c nothing\n", "bad.txt: no status line"},
		{"s SATISFIABLE\nx\n", "bad.txt:2: expected a line starting c, s or v"},
	} {
		_, err := ReadModel(strings.NewReader(c.text), "bad.txt", 10)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

// TestReadTantrixMZN: MiniZinc's output in testdata (Gecode on
// scripts/tantrix.mzn with -s) reads back: a solution that tantrix.Check
// accepts, a proof of none, a run out of time (=====UNKNOWN=====); broken
// output is refused with the line: a solveTime not a finite number of
// seconds (NaN, Inf, negative), a solution that fills some places only or
// one twice, output with no answer at all.
func TestReadTantrixMZN(t *testing.T) {
	for _, c := range []struct {
		output, board  string
		tiles          int
		unsat, unknown bool
	}{
		{"t10-1.gecode.txt", "testdata/t10-1.txt", 10, false, false},
		{"none3.gecode.txt", "testdata/none3.txt", 0, true, false},
		{"001-timeout.gecode.txt", "../tantrix/testdata/hard/001-moved-20.txt", 0, false, true},
	} {
		b := readBoard(t, c.board)
		f, err := os.Open(filepath.Join("testdata", c.output))
		if err != nil {
			t.Fatal(err)
		}
		a, err := ReadTantrixMZN(f, c.output, b)
		f.Close()
		if err != nil || len(a.Tiles) != c.tiles || a.Unsatisfiable != c.unsat || a.Unknown != c.unknown || a.SolveS <= 0 {
			t.Errorf("%s: %v: %d tiles (want %d), unsatisfiable %v, unknown %v, solveTime %v", c.output, err, len(a.Tiles), c.tiles, a.Unsatisfiable, a.Unknown, a.SolveS)
			continue
		}
		if c.tiles > 0 {
			if err := tantrix.Check(b, a.Tiles); err != nil {
				t.Errorf("%s: %v", c.output, err)
			}
		}
	}
	b := readBoard(t, "testdata/t10-1.txt")
	for _, c := range []struct{ text, want string }{
		{"place 11 1 0\n", `bad.txt:1: "place 11 1 0": want place 1..10`},
		{"x\nplace 1 11 0\n", "bad.txt:2:"},
		{"place 1 1 6\n", "bad.txt:1:"},
		{"place one\n", `bad.txt:1: expected "place J TILE ROT"`},
		{"%%%mzn-stat: solveTime=soon\n", `bad.txt:1: solveTime "soon"`},
		{"place 1 1 0\n=====UNSATISFIABLE=====\n", "bad.txt: both"},
		{"=====UNKNOWN=====\n%%%mzn-stat: solveTime=NaN\n", `bad.txt:2: solveTime "NaN" is not a number of seconds`},
		{"=====UNKNOWN=====\n%%%mzn-stat: solveTime=+Inf\n", `bad.txt:2: solveTime "+Inf"`},
		{"=====UNKNOWN=====\n%%%mzn-stat: solveTime=-0.5\n", `bad.txt:2: solveTime "-0.5"`},
		{"place 1 1 0\nplace 2 2 0\n----------\n", "bad.txt: 2 places filled, want all 10"},
		{placeLines(1, 2, 3, 4, 5, 6, 7, 8, 9, 9), "bad.txt: place {"},
		{"", "bad.txt: no placement, =====UNSATISFIABLE===== or =====UNKNOWN====="},
		{"=====ERROR=====\nminizinc: some failure\n", "bad.txt: no placement"},
	} {
		_, err := ReadTantrixMZN(strings.NewReader(c.text), "bad.txt", b)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

// TestReadTantrixSolution: the solutions scripts/tantrix-sat.cpp (CaDiCaL
// with lazy sub-loop cuts) wrote for two boards read back into placements
// tantrix.Check accepts; broken lines are refused with the line.
func TestReadTantrixSolution(t *testing.T) {
	for _, c := range []struct{ solution, board string }{
		{"t10-1.solution.txt", "testdata/t10-1.txt"},
		{"005-poly-23.solution.txt", "../tantrix/testdata/hard/005-poly-23.txt"},
	} {
		f, err := os.Open(filepath.Join("testdata", c.solution))
		if err != nil {
			t.Fatal(err)
		}
		ts, err := ReadTantrixSolution(f, c.solution)
		f.Close()
		b := readBoard(t, c.board)
		if err != nil || len(ts) != b.N {
			t.Errorf("%s: %v, %d places of %d", c.solution, err, len(ts), b.N)
			continue
		}
		if err := tantrix.Check(b, ts); err != nil {
			t.Errorf("%s: %v", c.solution, err)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"# q r tile rotation\n0 0 1\n", "bad.txt:2: expected q r tile rotation"},
		{"\n0 0 one 2\n", `bad.txt:2: "one" is not a number`},
	} {
		_, err := ReadTantrixSolution(strings.NewReader(c.text), "bad.txt")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

// placeLines is MiniZinc's solution with place j's tile j, turned 0.
func placeLines(places ...int) string {
	var b strings.Builder
	for i, j := range places {
		fmt.Fprintf(&b, "place %d %d 0\n", j, i+1)
	}
	return b.String() + "----------\n"
}
