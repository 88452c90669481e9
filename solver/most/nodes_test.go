package most

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/internal/tier"
	"hexiom/solver"
)

var updateNodes = flag.Bool("update-nodes", false, "rewrite testdata/nodes.golden with the node counts found")

// nodeCase is one solve whose node count with Threads(1) is pinned.
type nodeCase struct {
	name  string
	full  bool // only in the full tier (not -short, not under the race detector)
	solve func() (string, error)
}

// nodeCases are the solves of testdata/nodes.golden: the 40 official
// levels and random size-6 seeds to the first solution (plain and
// learning) and with the search for fewest moves, a seed that reaches
// the portfolio past the first walk and one of a long walk; the official levels and
// random levels of sizes 3 to 5 with two tiles raised, solve -max for
// tiles and for points; and issue 27's far levels (ZeroSets).
func nodeCases(t *testing.T) []nodeCase {
	var cases []nodeCase
	first := func(name string, full bool, p board.Position, opts ...solver.Option) {
		cases = append(cases, nodeCase{name, full, func() (string, error) {
			res, err := solver.Solve(context.Background(), p, append(opts, solver.Threads(1))...)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%d moves=%d optimal=%v", res.Nodes, res.Moves, res.Optimal), nil
		}})
	}
	maxi := func(name string, full bool, p board.Position) {
		for _, obj := range []Objective{Tiles, Points} {
			cases = append(cases, nodeCase{name + " " + obj.String(), full, func() (string, error) {
				res, err := Solve(context.Background(), p, obj, Threads(1))
				if errors.Is(err, solver.ErrNoSolution) {
					return fmt.Sprintf("%d none", res.Nodes), nil
				}
				if err != nil {
					return "", err
				}
				return fmt.Sprintf("%d objective=%d optimal=%v", res.Nodes, res.Objective, res.Optimal), nil
			}})
		}
	}
	var official []board.Position
	for _, f := range levelFiles(t) {
		official = append(official, readLevel(t, f))
	}
	for k, p := range official {
		name := strings.TrimSuffix(filepath.Base(levelFiles(t)[k]), ".txt")
		first(name+" first", false, p, solver.FirstSolution())
		first(name+" learn", false, p, solver.FirstSolution(), solver.Learn())
		first(name+" fewest", true, p)
	}
	for seed := range uint64(1000) {
		p := board.Random(6, seed)
		name := fmt.Sprintf("random-s6-%d", seed)
		first(name+" first", seed >= 200, p, solver.FirstSolution())
		first(name+" learn", seed >= 200, p, solver.FirstSolution(), solver.Learn())
		if seed < 100 {
			first(name+" fewest", true, p)
		}
	}
	// A random level whose first walk and lone search both fail (one in
	// the 200,000 of 1,000,000.. and 4,000,000.. since the walk looks for
	// exits and throws its tiles again): the portfolio after the walk
	// (solver's walkedLanes, the walk lane walking on); and the longest
	// walk of 1,000,000.. (some 48,000 steps, its tiles thrown again).
	for _, seed := range []uint64{4018912, 1086386} {
		first(fmt.Sprintf("random-s6-%d first", seed), false, board.Random(6, seed), solver.FirstSolution())
	}
	for k, p := range official {
		name := strings.TrimSuffix(filepath.Base(levelFiles(t)[k]), ".txt") + "+2"
		maxi(name, k >= 10, board.Raise(p, 2, uint64(k+1)))
	}
	for _, s := range []int{3, 4, 5, 6} {
		for seed := range uint64(30) {
			p := board.Raise(board.Random(s, seed), 2, maxRaiseSeed(s, seed))
			maxi(fmt.Sprintf("random-s%d-%d+2", s, seed), s >= 5 || seed >= 5, p)
		}
	}
	for _, f := range []string{"far-s4-26.txt", "far-s4-30.txt", "far-s5-6.txt", "far-s5-53.txt", "far-s5-68.txt", "far-s5-88.txt", "far-s5-32.txt"} {
		maxi(strings.TrimSuffix(f, ".txt"), true, readLevel(t, filepath.Join("../testdata/far", f)))
	}
	return cases
}

// maxRaiseSeed is hexiom bench-max's seed of board.Raise for a random
// level.
func maxRaiseSeed(size int, seed uint64) uint64 { return 1000*uint64(size) + seed }

// With Threads(1) the searches visit the same nodes on every run and
// every build: plain, learning, fewest moves and the overconstrained
// variant, level by level, as testdata/nodes.golden recorded them (a
// change to the search that should not change what it visits, as a
// restructure, must leave them all equal; one that should, rewrites the
// file with -update-nodes and says so). The fast tier (-short) and the
// race detector check the first part of the list.
func TestNodeCounts(t *testing.T) {
	const golden = "../testdata/nodes.golden"
	want := map[string]string{}
	if !*updateNodes {
		f, err := os.Open(golden)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			name, got, ok := strings.Cut(sc.Text(), ": ")
			if !ok || name == "" || got == "" {
				t.Fatalf("%s:%d: want NAME: NODES ..., found %q", golden, line, sc.Text())
			}
			want[name] = got
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", golden, err)
		}
	}
	short := testing.Short() || tier.Race
	var out strings.Builder
	checked := 0
	for _, c := range nodeCases(t) {
		if c.full && short && !*updateNodes {
			continue
		}
		t0 := time.Now()
		got, err := c.solve()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		fmt.Fprintf(&out, "%s: %s\n", c.name, got)
		if d := time.Since(t0); *updateNodes && d > 200*time.Millisecond {
			t.Logf("%s: %v", c.name, d)
		}
		if *updateNodes {
			continue
		}
		w, ok := want[c.name]
		if !ok {
			t.Fatalf("%s: not in %s (rewrite it with -update-nodes)", c.name, golden)
		}
		if got != w {
			t.Errorf("%s: %s, %s has %s", c.name, got, golden, w)
		}
		checked++
	}
	if *updateNodes {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Logf("%d solves as %s has them", checked, golden)
}
