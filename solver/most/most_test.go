package most

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// hexNbrs lists the neighbours of each cell from the cells' coordinates
// alone, for the checker and the brute force below, which share no code
// with the search (not even board.Geometry.Nbrs).
func hexNbrs(p board.Position) [][]int {
	coords := p.Geom().Coords
	at := map[board.Coord]int{}
	for i, c := range coords {
		at[c] = i
	}
	out := make([][]int, len(coords))
	for i, c := range coords {
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}} {
			if j, ok := at[board.Coord{X: c.X + d[0], Y: c.Y + d[1]}]; ok {
				out[i] = append(out[i], j)
			}
		}
	}
	return out
}

// checkMax checks a Solve answer on its own: fixed cells as in the
// level, every tile on the board with its number of occupied neighbours,
// the tiles placed and set aside exactly the level's movable tiles, and the
// objective what the board holds.
func checkMax(t *testing.T, name string, level board.Position, obj Objective, res Result) {
	t.Helper()
	sol := res.Solution
	if sol.Size != level.Size || len(sol.Cells) != len(level.Cells) {
		t.Fatalf("%s: solution of size %d, %d cells", name, sol.Size, len(sol.Cells))
	}
	nbrs := hexNbrs(level)
	var pool [7]int
	for i, c := range level.Cells {
		s := sol.Cells[i]
		if s.Fixed != c.Fixed || (c.Fixed && s.Tile != c.Tile) {
			t.Fatalf("%s: cell %d was %+v, now %+v\n%s", name, i, c, s, sol)
		}
		if c.Movable() {
			pool[c.Tile]++
		}
	}
	value := 0
	for i, s := range sol.Cells {
		if s.Tile < 0 {
			continue
		}
		if s.Tile > 6 {
			t.Fatalf("%s: cell %d holds %d", name, i, s.Tile)
		}
		k := 0
		for _, j := range nbrs[i] {
			if sol.Cells[j].Tile >= 0 {
				k++
			}
		}
		if k != int(s.Tile) {
			t.Fatalf("%s: cell %d: tile %d has %d occupied neighbours\n%s", name, i, s.Tile, k, sol)
		}
		if !s.Fixed {
			pool[s.Tile]--
		}
		if obj == Points {
			value += int(s.Tile)
		} else {
			value++
		}
	}
	for _, v := range res.SetAside {
		pool[v]--
	}
	if pool != [7]int{} {
		t.Fatalf("%s: placed and set aside tiles differ from the level's by %v (set aside %v)\n%s", name, pool, res.SetAside, sol)
	}
	if value != res.Objective {
		t.Fatalf("%s: Objective %d, the board holds %d", name, res.Objective, value)
	}
	if res.Bound < res.Objective || res.Optimal != (res.Bound == res.Objective) {
		t.Fatalf("%s: Objective %d, Bound %d, Optimal %v", name, res.Objective, res.Bound, res.Optimal)
	}
}

// bruteMax tries every set of occupied free cells (Gray code order, counts
// kept incrementally) and returns the best tiles and points objectives, -1
// when no set satisfies the locked tiles, and for each number the most
// movable tiles of it any arrangement places (most[7]: of 5 and 6
// together).
func bruteMax(level board.Position) (tiles, points int, most [8]int) {
	nbrs := hexNbrs(level)
	var free []int
	var pool [7]int
	occ := make([]bool, len(level.Cells))
	isFree := make([]bool, len(level.Cells))
	lockedT, lockedP := 0, 0
	for i, c := range level.Cells {
		switch {
		case !c.Fixed:
			free = append(free, i)
			isFree[i] = true
			if c.Tile >= 0 {
				pool[c.Tile]++
			}
		case c.Tile >= 0:
			occ[i] = true
			lockedT++
			lockedP += int(c.Tile)
		}
	}
	cnt := make([]int, len(level.Cells)) // occupied neighbours
	for i := range level.Cells {
		for _, j := range nbrs[i] {
			if occ[j] {
				cnt[i]++
			}
		}
	}
	wrong := 0 // locked tiles whose count differs from their number
	for i, c := range level.Cells {
		if c.Locked() && cnt[i] != int(c.Tile) {
			wrong++
		}
	}
	var hist [7]int // placed free cells by count
	placed, sum := 0, 0
	tiles, points = -1, -1
	try := func() {
		if wrong != 0 {
			return
		}
		for v := range hist {
			if hist[v] > pool[v] {
				return
			}
		}
		tiles = max(tiles, lockedT+placed)
		points = max(points, lockedP+sum)
		for v := range hist {
			most[v] = max(most[v], hist[v])
		}
		most[7] = max(most[7], hist[5]+hist[6])
	}
	try()
	for g := 1; g < 1<<len(free); g++ {
		b := 0 // the bit that flips from gray(g-1) to gray(g)
		for g>>b&1 == 0 {
			b++
		}
		i := free[b]
		on := !occ[i]
		d := 1
		if !on {
			d = -1
		}
		if on {
			occ[i] = true
			placed++
			hist[cnt[i]]++
			sum += cnt[i]
		} else {
			occ[i] = false
			placed--
			hist[cnt[i]]--
			sum -= cnt[i]
		}
		for _, j := range nbrs[i] {
			c := level.Cells[j]
			if c.Locked() && cnt[j] == int(c.Tile) {
				wrong++
			}
			if isFree[j] && occ[j] {
				hist[cnt[j]]--
				sum -= cnt[j]
			}
			cnt[j] += d
			if isFree[j] && occ[j] {
				if cnt[j] > 6 {
					panic("count above 6")
				}
				hist[cnt[j]]++
				sum += cnt[j]
			}
			if c.Locked() && cnt[j] == int(c.Tile) {
				wrong--
			}
		}
		try()
	}
	return tiles, points, most
}

// smallBoard is a random board of side s with about `fixed` of its cells
// holes or locked tiles: a random occupancy gives the locked tiles their
// numbers (so they can be satisfied) and some movable tiles theirs; the
// other movable tiles get any number.
func smallBoard(s int, fixed float64, rng *rand.Rand) board.Position {
	return occupiedBoard(s, fixed, 0.6, rng, func(_ int, k int8) int8 {
		if rng.IntN(3) > 0 {
			return k
		}
		return int8(rng.IntN(7))
	})
}

// occupiedBoard is a random board of side s: each cell occupied with
// probability density; about `fixed` of the cells are made holes (empty
// ones) or locked tiles with their count of occupied neighbours; each other
// occupied cell i gets the movable tile movable(i, count).
func occupiedBoard(s int, fixed, density float64, rng *rand.Rand, movable func(i int, k int8) int8) board.Position {
	p := board.New(s)
	nbrs := hexNbrs(p)
	occ := make([]bool, len(p.Cells))
	for i := range occ {
		occ[i] = rng.Float64() < density
	}
	for i := range p.Cells {
		k := 0
		for _, j := range nbrs[i] {
			if occ[j] {
				k++
			}
		}
		switch r := rng.Float64(); {
		case r < fixed && !occ[i]:
			p.Cells[i] = board.Cell{Tile: board.None, Fixed: true}
		case r < fixed:
			p.Cells[i] = board.Cell{Tile: int8(k), Fixed: true}
		case occ[i]:
			p.Cells[i].Tile = movable(i, int8(k))
		}
	}
	return p
}

func TestSolveMaxAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	type tc struct {
		name  string
		level board.Position
	}
	var cases []tc
	for k := range 60 {
		cases = append(cases, tc{fmt.Sprintf("size 2 #%d", k), smallBoard(2, 0.15, rng)})
	}
	for k := range 30 {
		cases = append(cases, tc{fmt.Sprintf("size 3 #%d", k), smallBoard(3, 0.2, rng)})
	}
	for seed := range uint64(10) {
		cases = append(cases, tc{fmt.Sprintf("size 3 random %d raised", seed), board.Raise(board.Random(3, seed), 2, seed)})
		// Issue 27's hard kind: 4 to 13 tiles changed, locked ones too.
		cases = append(cases, tc{fmt.Sprintf("size 3 far %d", seed), board.FarLevel(3, seed)})
	}
	for k := range 8 {
		cases = append(cases, tc{fmt.Sprintf("size 4 #%d", k), smallBoard(4, 0.45, rng)})
	}
	none := 0
	for k, c := range cases {
		if freeCells(c.level) > 22 {
			continue // too many for the brute force
		}
		bt, bp, _ := bruteMax(c.level)
		for _, obj := range []Objective{Tiles, Points} {
			want := bt
			if obj == Points {
				want = bp
			}
			// Every other case on one goroutine (up's short searches,
			// then down alone).
			threads := 2
			if k%2 == 1 {
				threads = 1
			}
			res, err := Solve(context.Background(), c.level, obj, Threads(threads))
			name := fmt.Sprintf("%s %v (threads %d)", c.name, obj, threads)
			if want < 0 {
				none++
				if !errors.Is(err, solver.ErrNoSolution) {
					t.Fatalf("%s: brute force finds no arrangement, Solve: %v %+v\n%s", name, err, res, c.level)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v (brute force: %d)\n%s", name, err, want, c.level)
			}
			checkMax(t, name, c.level, obj, res)
			if !res.Optimal || res.Objective != want {
				t.Fatalf("%s: objective %d (optimal %v, bound %d), brute force %d\n%s\n%s",
					name, res.Objective, res.Optimal, res.Bound, want, c.level, res.Solution)
			}
		}
	}
	t.Logf("%d cases, %d answers \"no solution\"", len(cases), none)
}

// On a solvable level the optimum places every tile.
func TestSolveMaxSolvable(t *testing.T) {
	files := levelFiles(t)
	var levels []board.Position
	for _, f := range []string{files[0], files[19], files[37]} {
		levels = append(levels, readLevel(t, f))
	}
	for seed := range uint64(5) {
		levels = append(levels, board.Random(5, seed), board.Random(6, seed))
	}
	for k, level := range levels {
		for _, obj := range []Objective{Tiles, Points} {
			res, err := Solve(context.Background(), level, obj)
			name := fmt.Sprintf("level %d %v", k, obj)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkMax(t, name, level, obj, res)
			// For points a 0 may be set aside: it is worth nothing.
			all := 0
			for _, c := range level.Cells {
				if c.Tile >= 0 && obj == Tiles {
					all++
				} else if c.Tile >= 0 {
					all += int(c.Tile)
				}
			}
			if res.Objective != all || !res.Optimal {
				t.Fatalf("%s: objective %d of %d (set aside %v), optimal %v", name, res.Objective, all, res.SetAside, res.Optimal)
			}
		}
	}
}

// Official levels with two tiles raised: every answer checked, and proved.
func TestSolveMaxRaisedLevels(t *testing.T) {
	for k, f := range levelFiles(t) {
		level := board.Raise(readLevel(t, f), 2, uint64(k+1))
		for _, obj := range []Objective{Tiles, Points} {
			name := filepath.Base(f) + " " + obj.String()
			// Generous: the proofs take well under a second each on a busy
			// 2-core machine; this only stops a runaway.
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			res, err := Solve(ctx, level, obj)
			cancel()
			if errors.Is(err, solver.ErrNoSolution) && freeCells(level) <= 22 {
				// The locked tiles cannot all be satisfied: the brute
				// force must agree.
				if bt, bp, _ := bruteMax(level); bt >= 0 || bp >= 0 {
					t.Fatalf("%s: no solution, brute force finds %d tiles, %d points", name, bt, bp)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkMax(t, name, level, obj, res)
			if !res.Optimal {
				t.Errorf("%s: not proved (objective %d, bound %d)", name, res.Objective, res.Bound)
			}
		}
	}
}

func TestSolveMaxLockedUnsatisfiable(t *testing.T) {
	cases := []string{
		// A locked 6 beside a hole can never see six tiles.
		"2\n +. 1\n 1+6 1\n  1 1\n",
		// A locked 3 in a corner of size 2 with two holes beside it.
		"2\n +3+.\n+. . .\n  1 1\n",
		// Two locked 0s side by side.
		"2\n +0+0\n . . .\n  1 1\n",
	}
	for _, c := range cases {
		level, err := board.Parse("case", []byte(c))
		if err != nil {
			t.Fatal(err)
		}
		for _, obj := range []Objective{Tiles, Points} {
			if res, err := Solve(context.Background(), level, obj); !errors.Is(err, solver.ErrNoSolution) {
				t.Errorf("%q %v: got %v %+v, want solver.ErrNoSolution", c, obj, err, res)
			}
		}
	}
}

func freeCells(p board.Position) int {
	free := 0
	for _, c := range p.Cells {
		if !c.Fixed {
			free++
		}
	}
	return free
}

// A time limit returns the best arrangement found with its bound: deadlines
// grow from 1 ms, by a quarter each (doubling once jumped over the window
// at load 16), until one ends the search between its first arrangement and
// its proof (waiting for that, not for a fixed time, keeps the test right
// on a busy machine).
func TestSolveMaxTimeLimit(t *testing.T) {
	// Official level 35 with two tiles raised: its proof takes over
	// 100,000 nodes.
	level := board.Raise(readLevel(t, levelFiles(t)[34]), 2, 35)
	full, err := Solve(context.Background(), level, Tiles)
	if err != nil || !full.Optimal {
		t.Fatalf("without a limit: %v, %+v", err, full)
	}
	if full.Nodes < 50_000 {
		t.Fatalf("the proof took only %d nodes; pick a harder level", full.Nodes)
	}
	for d := time.Millisecond; ; d = d * 5 / 4 {
		if d > time.Minute {
			t.Fatal("no deadline stopped the search between an arrangement and the proof")
		}
		ctx, cancel := context.WithTimeout(context.Background(), d)
		res, err := Solve(ctx, level, Tiles)
		cancel()
		if err != nil {
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("deadline %v: %v", d, err)
			}
			continue
		}
		checkMax(t, fmt.Sprintf("deadline %v", d), level, Tiles, res)
		if res.Bound < full.Objective || res.Objective > full.Objective {
			t.Fatalf("deadline %v: objective %d, bound %d; the optimum is %d", d, res.Objective, res.Bound, full.Objective)
		}
		if !res.Optimal {
			t.Logf("deadline %v: objective %d, bound %d (optimum %d)", d, res.Objective, res.Bound, full.Objective)
			return
		}
	}
}

// Solve allocates per call, not per node: a level that takes many nodes
// allocates no more than one that takes few.
func TestSolveMaxNoAllocationPerNode(t *testing.T) {
	files := levelFiles(t)
	easy := board.Raise(readLevel(t, files[0]), 2, 1)
	hard := board.Raise(readLevel(t, files[34]), 2, 35)
	ctx := context.Background()
	res, err := Solve(ctx, hard, Tiles)
	if err != nil || res.Nodes < 20_000 {
		t.Fatalf("level 35 raised: %v after %d nodes; pick a harder level", err, res.Nodes)
	}
	a := testing.AllocsPerRun(1, func() { Solve(ctx, easy, Tiles) })
	b := testing.AllocsPerRun(1, func() { Solve(ctx, hard, Tiles) })
	t.Logf("allocations: level 1 raised %.0f, level 35 raised %.0f (%d nodes)", a, b, res.Nodes)
	if b > a+100 {
		t.Fatalf("level 35 allocates %.0f times, level 1 %.0f: allocation grows with nodes", b, a)
	}
}

// BenchmarkSolveMaxRaised solves the official levels with two tiles raised
// (the set of `hexiom bench-max`), all 40 in one op:
//
//	go test -run '^$' -bench SolveMaxRaised ./solver/most/
func BenchmarkSolveMaxRaised(b *testing.B) {
	var levels []board.Position
	for k, f := range levelFiles(b) {
		levels = append(levels, board.Raise(readLevel(b, f), 2, uint64(k+1)))
	}
	for _, obj := range []Objective{Tiles, Points} {
		b.Run(obj.String(), func(b *testing.B) {
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				nodes = 0
				for _, level := range levels {
					res, err := Solve(context.Background(), level, obj)
					if err != nil && !errors.Is(err, solver.ErrNoSolution) {
						b.Fatal(err)
					}
					nodes += res.Nodes
				}
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}

// On one goroutine Solve visits the same nodes on every run.
func TestSolveMaxOneThreadDeterministic(t *testing.T) {
	level := board.Raise(readLevel(t, levelFiles(t)[15]), 2, 16)
	for _, obj := range []Objective{Tiles, Points} {
		a, errA := Solve(context.Background(), level, obj, Threads(1))
		b, errB := Solve(context.Background(), level, obj, Threads(1))
		if errA != nil || errB != nil {
			t.Fatalf("%v: %v, %v", obj, errA, errB)
		}
		checkMax(t, "level 16 raised", level, obj, a)
		if !a.Optimal || a.Nodes != b.Nodes || !a.Solution.Equal(b.Solution) {
			t.Fatalf("%v: runs differ or not optimal: %d nodes %v, %d nodes %v", obj, a.Nodes, a.Optimal, b.Nodes, b.Optimal)
		}
		t.Logf("%v: objective %d, %d nodes", obj, a.Objective, a.Nodes)
	}
}

// TestPlaceZerosKeepsPlaced gives placeZeros whole solutions of the
// official levels with movable 0s (as Solve's whole lanes find them,
// 0s placed): it must count the 0s already placed and add none, so the
// arrangement stays a valid one setting nothing aside; and with the 0s
// taken off (the max search's points arrangements), put back a valid
// arrangement.
func TestPlaceZerosKeepsPlaced(t *testing.T) {
	files, err := filepath.Glob("../../levels/level*.txt")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		level := readLevel(t, f)
		zeros := 0
		for _, c := range level.Cells {
			if c.Movable() && c.Tile == 0 {
				zeros++
			}
		}
		if zeros == 0 {
			continue
		}
		res, err := solver.Solve(context.Background(), level, solver.FirstSolution(), solver.Threads(1))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		sol := make([]int8, len(level.Cells))
		for i, c := range res.Solution.Cells {
			sol[i] = c.Tile
		}
		placeZeros(level, sol)
		got, aside := arrangement(level, sol)
		if len(aside) != 0 || !got.Equal(res.Solution) {
			t.Fatalf("%s: placeZeros on a whole solution set aside %v, gave\n%s\nwant\n%s", f, aside, got, res.Solution)
		}
		for i, c := range level.Cells {
			if !c.Fixed && sol[i] == 0 {
				sol[i] = search.Empty
			}
		}
		placeZeros(level, sol)
		again, aside := arrangement(level, sol)
		value := 0
		for _, c := range again.Cells {
			value += max(int(c.Tile), 0)
		}
		checkMax(t, f+" 0s put back", level, Points, Result{Solution: again, SetAside: aside, Objective: value, Bound: value, Optimal: true})
		checked++
	}
	if checked == 0 {
		t.Fatal("no official level with a movable 0")
	}
	t.Logf("%d levels with movable 0s", checked)
}
