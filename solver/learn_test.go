package solver

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/internal/tier"
	"hexiom/solver/internal/search"
)

// Learning prunes only subtrees proven to hold no solution, so one search
// in reading order without random swaps finds the same first solution
// with and without it. Checked on the official levels and random levels
// of sizes 4 to 6 (each search stops at 200,000 nodes; a level where the
// plain search stops is compared only if the learning one finds a
// solution, which board.Check must accept). Over all of them learning
// must visit fewer nodes (the official levels: 175,257 without, 153,032
// with).
func TestLearnSameFirstSolution(t *testing.T) {
	var levels []board.Position
	var names []string
	for _, f := range levelFiles(t) {
		levels = append(levels, readLevel(t, f))
		names = append(names, filepath.Base(f))
	}
	n := 100
	if testing.Short() || tier.Race { // the fast tier, the race detector
		n = 20
	}
	for size := 4; size <= 6; size++ {
		for seed := 0; seed < n; seed++ {
			levels = append(levels, board.Random(size, uint64(seed)))
			names = append(names, fmt.Sprintf("size %d seed %d", size, seed))
		}
	}
	s := new(search.Searcher)
	var plainNodes, learnNodes int64
	for k, level := range levels {
		prob, _ := ProblemOf(level)
		var sols [2][]int8
		var outs [2]search.Outcome
		for m, learn := range []bool{false, true} {
			sols[m] = make([]int8, len(level.Cells))
			if !s.Reset(prob) {
				t.Fatalf("%s: Reset says impossible", names[k])
			}
			outs[m] = s.Search(context.Background(), search.Options{Order: search.HighFirst, Best: -1, NodeLimit: 200_000, Learn: learn}, sols[m])
		}
		if outs[1].Found {
			checkSolution(t, names[k]+", learning", level, Result{Solution: solution(level, sols[1]), Moves: movesOf(level, sols[1])})
		}
		if !outs[0].Found {
			continue
		}
		if !outs[1].Found {
			t.Fatalf("%s: the plain search found a solution in %d nodes, the learning one none in %d", names[k], outs[0].Nodes, outs[1].Nodes)
		}
		for i := range sols[0] {
			if sols[0][i] != sols[1][i] {
				t.Fatalf("%s: learning found another first solution\n%s\nagainst\n%s", names[k], solution(level, sols[1]), solution(level, sols[0]))
			}
		}
		plainNodes += outs[0].Nodes
		learnNodes += outs[1].Nodes
	}
	t.Logf("nodes: %d without learning, %d with", plainNodes, learnNodes)
	if learnNodes >= plainNodes {
		t.Fatalf("learning visited %d nodes, the plain search %d: it prunes nothing", learnNodes, plainNodes)
	}
}

func movesOf(level board.Position, sol []int8) int {
	moves := 0
	for i, c := range level.Cells {
		if c.Movable() && sol[i] != c.Tile {
			moves++
		}
	}
	return moves
}

// Solve with Learn: every official level and random and altered levels
// solved and checked, the same answer (solved or not) as without it, the
// same nodes on every run with one thread, "no solution" proved, and no
// allocation per node.
func TestLearnSolve(t *testing.T) {
	ctx := context.Background()
	for _, f := range levelFiles(t) {
		level := readLevel(t, f)
		res, err := Solve(ctx, level, Learn(), Threads(1))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		checkSolution(t, f, level, res)
	}
	n := 200
	switch {
	case tier.Race: // ten times slower, one goroutine
		n = 10
	case testing.Short():
		n = 30
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		for _, level := range []board.Position{board.Random(6, seed), board.Altered(6, seed)} {
			_, plainErr := Solve(ctx, level, FirstSolution(), Threads(1))
			res, err := Solve(ctx, level, FirstSolution(), Threads(1), Learn())
			if (err == nil) != (plainErr == nil) {
				t.Fatalf("seed %d: with learning %v, without %v\n%s", seed, err, plainErr, level)
			}
			if err == nil {
				checkSolution(t, fmt.Sprintf("seed %d, learning", seed), level, res)
			} else if !errors.Is(err, ErrNoSolution) {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	for _, level := range []board.Position{readLevel(t, "../levels/level38.txt"), board.Random(6, 3299)} {
		var nodes int64
		for run := 0; run < 2; run++ {
			res, err := Solve(ctx, level, FirstSolution(), Threads(1), Learn())
			if err != nil {
				t.Fatal(err)
			}
			if run == 1 && res.Nodes != nodes {
				t.Fatalf("learning with one thread: %d nodes, then %d", nodes, res.Nodes)
			}
			nodes = res.Nodes
		}
		res, err := Solve(ctx, level, FirstSolution(), Learn()) // two threads
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, "two threads, learning", level, res)
	}
	for _, c := range []string{"3\n   1 . .\n  . . . 1\n . . . . .\n  . . 1 .\n   . . .\n", "3\n   5 1 1\n  1 1 . .\n . . . . .\n  . . . .\n   . . .\n"} {
		level, err := board.Parse("unsolvable", []byte(c))
		if err != nil {
			t.Fatal(err)
		}
		tctx, cancel := context.WithTimeout(ctx, time.Minute)
		_, err = Solve(tctx, level, Learn())
		cancel()
		if !errors.Is(err, ErrNoSolution) {
			t.Fatalf("unsolvable level with learning: %v\n%s", err, level)
		}
	}
	few, many := readLevel(t, "../levels/level37.txt"), board.Random(6, 5403)
	a := testing.AllocsPerRun(5, func() { Solve(ctx, few, FirstSolution(), Threads(1), Learn()) })
	b := testing.AllocsPerRun(5, func() { Solve(ctx, many, FirstSolution(), Threads(1), Learn()) })
	if b > a+10 {
		t.Fatalf("learning: seed 5403 allocates %.0f times, level 37 %.0f: allocation grows with nodes", b, a)
	}
}
