package solver

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"hexiom/board"
)

func levelFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("../board/testdata/levels/level*.txt")
	if err != nil || len(files) != 40 {
		t.Fatalf("want the 40 official levels in ../board/testdata/levels, found %d (%v)", len(files), err)
	}
	return files
}

func readLevel(t testing.TB, file string) board.Position {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := board.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkSolution asserts that res solves level and that Moves counts the
// tiles whose cell changed.
func checkSolution(t *testing.T, name string, level board.Position, res Result) {
	t.Helper()
	if pr := board.Check(level, res.Solution); pr != nil {
		t.Fatalf("%s: solution rejected: %v\n%s", name, pr, res.Solution)
	}
	moves := 0
	for i, c := range level.Cells {
		if c.Movable() && res.Solution.Cells[i].Tile != c.Tile {
			moves++
		}
	}
	if moves != res.Moves {
		t.Fatalf("%s: Moves = %d, but %d tiles stand where the solution differs", name, res.Moves, moves)
	}
}

func TestOfficialLevels(t *testing.T) {
	for _, f := range levelFiles(t) {
		level := readLevel(t, f)
		t.Run(filepath.Base(f), func(t *testing.T) {
			res, err := Solve(context.Background(), level)
			if err != nil {
				t.Fatalf("%v", err)
			}
			checkSolution(t, f, level, res)
			t.Logf("moves %d optimal %v nodes %d", res.Moves, res.Optimal, res.Nodes)
		})
	}
}
