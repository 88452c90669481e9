package solver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

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

// 1,000 random levels of each game size, solved and checked. -short cuts
// this to 100 per size.
func TestRandomLevels(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	for size := 3; size <= 6; size++ {
		t.Run(fmt.Sprintf("size%d", size), func(t *testing.T) {
			t.Parallel()
			var optimal int
			for seed := uint64(0); seed < uint64(n); seed++ {
				level := board.Random(size, seed)
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				res, err := Solve(ctx, level)
				cancel()
				if err != nil {
					t.Fatalf("size %d seed %d: %v\n%s", size, seed, err, level)
				}
				checkSolution(t, fmt.Sprintf("size %d seed %d", size, seed), level, res)
				if res.Optimal {
					optimal++
				}
			}
			t.Logf("size %d: %d of %d with proven fewest moves", size, optimal, n)
		})
	}
}

// The fewest moves are really the fewest: compare with an exhaustive count
// over every solution of small levels.
func TestFewestMovesIsMinimal(t *testing.T) {
	for seed := uint64(0); seed < 25; seed++ {
		level := board.Random(3, seed)
		res, err := Solve(context.Background(), level, MaxOptNodes(0))
		if err != nil {
			t.Fatal(err)
		}
		if !res.Optimal {
			t.Fatalf("seed %d: unbounded search did not prove its moves", seed)
		}
		if best := bruteFewestMoves(level); best != res.Moves {
			t.Fatalf("seed %d: Moves %d, brute force finds %d\n%s", seed, res.Moves, best, level)
		}
	}
}

// bruteFewestMoves tries every set of occupied cells of a small level.
func bruteFewestMoves(level board.Position) int {
	var free []int
	for i, c := range level.Cells {
		if !c.Fixed {
			free = append(free, i)
		}
	}
	want := level.Counts()
	best := -1
	p := level.Clone()
	for mask := 0; mask < 1<<len(free); mask++ {
		for b, i := range free {
			p.Cells[i].Tile = board.None
			if mask>>b&1 == 1 {
				p.Cells[i].Tile = 0
			}
		}
		for _, i := range free {
			if p.Cells[i].Tile != board.None {
				p.Cells[i].Tile = int8(p.Occupied(i))
			}
		}
		if p.Counts() != want || !p.Solved() {
			continue
		}
		moves := 0
		for i, c := range level.Cells {
			if c.Movable() && p.Cells[i].Tile != c.Tile {
				moves++
			}
		}
		if best < 0 || moves < best {
			best = moves
		}
	}
	return best
}

func TestUnsolvable(t *testing.T) {
	cases := []struct{ name, level string }{
		// Three 6s cannot all have six neighbours on a size-2 board.
		{"count cannot fit", "2\n  6 6\n 6 . .\n  . .\n"},
		// 1+1+1: the sum of the numbers must be even (handshake).
		{"odd handshake sum", "3\n   1 . .\n  . . . 1\n . . . . .\n  . . 1 .\n   . . .\n"},
		// A locked 6 next to a hole can never see six tiles.
		{"locked 6 beside a hole", "2\n +. 1\n 1+6 1\n  1 1\n"},
		// Two 0s and a locked 1 in the middle of a size-2 board:
		// every cell touches the middle.
		{"no room for zeros", "2\n  0 .\n .+1 0\n  . .\n"},
		// Enough parity and room, but no arrangement: a 5 needs five
		// occupied neighbours and only four other tiles exist.
		{"too few tiles for a 5", "3\n   5 1 1\n  1 1 . .\n . . . . .\n  . . . .\n   . . .\n"},
	}
	for _, c := range cases {
		level, err := board.Parse(c.name, []byte(c.level))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		res, err := Solve(ctx, level)
		cancel()
		if !errors.Is(err, ErrNoSolution) {
			t.Errorf("%s: got %v (%v), want ErrNoSolution", c.name, err, res.Solution)
		}
		if res.Nodes > 10_000 {
			t.Errorf("%s: %d nodes to prove it, want a quick proof", c.name, res.Nodes)
		}
	}
}

func TestContextHonoured(t *testing.T) {
	level := readLevel(t, "../board/testdata/levels/level38.txt")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Solve(ctx, level)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrNoSolution) {
		t.Fatalf("cancelled context: got %v", err)
	}
	// A deadline that passes during the search stops it: level 38 takes
	// over 100,000 nodes in reading order, far more than a millisecond.
	ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	res, err := Solve(ctx, level, NoRestarts(), FirstSolution())
	if !errors.Is(err, context.DeadlineExceeded) || res.Nodes == 0 {
		t.Fatalf("deadline during the search: got %v after %d nodes", err, res.Nodes)
	}
}

func TestMalformedPosition(t *testing.T) {
	p := board.New(3)
	p.Cells = p.Cells[:5]
	if _, err := Solve(context.Background(), p); err == nil || errors.Is(err, ErrNoSolution) {
		t.Fatalf("malformed position: got %v", err)
	}
}

// The search allocates per call, not per node: a level that takes many
// nodes allocates no more than one that takes few.
func TestNoAllocationPerNode(t *testing.T) {
	easy := readLevel(t, "../board/testdata/levels/level01.txt")
	hard := readLevel(t, "../board/testdata/levels/level38.txt")
	ctx := context.Background()
	res, _ := Solve(ctx, hard, FirstSolution())
	if res.Nodes < 10_000 {
		t.Fatalf("level 38 took only %d nodes; pick a harder level", res.Nodes)
	}
	a := testing.AllocsPerRun(5, func() { Solve(ctx, easy, FirstSolution()) })
	b := testing.AllocsPerRun(5, func() { Solve(ctx, hard, FirstSolution()) })
	t.Logf("allocations: level 1 %.0f, level 38 %.0f (%d nodes)", a, b, res.Nodes)
	if b > a+50 {
		t.Fatalf("level 38 allocates %.0f times, level 1 %.0f: allocation grows with nodes", b, a)
	}
}
