package formats

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/solver/most"
)

// TestCadicalMaxAgrees: scripts/cadical-max.cpp, the optimiser of the
// comparison (scripts/sat-compare-max.sh), built here with g++ and
// libcadical-dev (scripts/install-deps.sh installs both; without them the
// test fails), proves on far levels of sizes 3 and 4 (board.FarLevel) the
// optimum most.Solve proves, both objectives, run three ways: plain (the
// bound raised one value at a time); every target split by histogram at
// once (-split-after 0: each number's count exact, the occupied pairs at
// half the numbers' sum); and each histogram split again by the middle
// row's occupancy (-cube mid), so that the split and the cubes are what
// decides each target; and that last way as two runs sharing the cubes
// (-part 0/2, 1/2), whose largest value is the optimum. A part without
// cubes is refused, and so is a cube of more than 20 cells.
func TestCadicalMaxAgrees(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "cadical-max")
	build := exec.Command("g++", "-O2", "-std=c++17", "-o", bin, "../scripts/cadical-max.cpp", "-lcadical")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("g++ scripts/cadical-max.cpp (scripts/install-deps.sh installs g++ and libcadical-dev): %v\n%s", err, out)
	}
	cubes := []string{"-split-after", "0", "-cube", "mid"}
	ways := [][]string{nil, {"-split", "-split-after", "0"}, cubes,
		append([]string{"-part", "0/2"}, cubes...), append([]string{"-part", "1/2"}, cubes...)}
	split := 0 // runs that split a target
	for _, c := range []struct{ size, seeds int }{{3, 8}, {4, 3}} {
		for seed := uint64(0); seed < uint64(c.seeds); seed++ {
			level := board.FarLevel(c.size, seed)
			for _, obj := range []most.Objective{most.Tiles, most.Points} {
				name := fmt.Sprintf("far size %d seed %d %v", c.size, seed, obj)
				res, err := most.Solve(context.Background(), level, obj)
				if err != nil || !res.Optimal {
					t.Fatalf("%s: most.Solve: %v (optimal %v)", name, err, res.Optimal)
				}
				var buf bytes.Buffer
				if err := WriteMaxCNF(&buf, level, obj); err != nil {
					t.Fatal(err)
				}
				cnf := filepath.Join(dir, "level.cnf")
				if err := os.WriteFile(cnf, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				parts := -1 // the largest value of the -part runs
				for _, way := range ways {
					cmd := exec.Command(bin, append(append([]string{"-v", "-t", "120"}, way...), cnf)...)
					var stderr bytes.Buffer
					cmd.Stderr = &stderr
					out, err := cmd.Output()
					if err != nil {
						t.Fatalf("%s: cadical-max %v: %v\n%s", name, way, err, stderr.Bytes())
					}
					f := strings.Fields(string(out))
					if len(f) != 5 || f[0] != "OPT" {
						t.Fatalf("%s: cadical-max %v: %q, want OPT VALUE CPU WALL SOLVES", name, way, out)
					}
					got, err := strconv.Atoi(f[1])
					if len(way) > 0 && way[0] == "-part" {
						if err != nil || got > res.Objective {
							t.Fatalf("%s: cadical-max %v: %q, most.Solve proved %d", name, way, out, res.Objective)
						}
						parts = max(parts, got)
					} else if err != nil || got != res.Objective {
						t.Fatalf("%s: cadical-max %v: %q, most.Solve proved %d", name, way, out, res.Objective)
					}
					if way != nil && !strings.Contains(stderr.String(), " 0 histograms solved") {
						split++
					}
				}
				if parts != res.Objective {
					t.Fatalf("%s: the -part runs' largest value %d, most.Solve proved %d", name, parts, res.Objective)
				}
			}
		}
	}
	// A part without cubes would skip its histograms' one solve: refused.
	if out, err := exec.Command(bin, "-split", "-part", "1/2", filepath.Join(dir, "level.cnf")).CombinedOutput(); err == nil || !strings.Contains(string(out), "-part needs -cube") {
		t.Errorf("cadical-max -split -part 1/2 without -cube: %v, %q; want exit 2 and why", err, out)
	}
	// A cube of more than 20 cells (2^k solves a histogram) is refused.
	if out, err := exec.Command(bin, "-cube", "0-90", filepath.Join(dir, "level.cnf")).CombinedOutput(); err == nil || !strings.Contains(string(out), "at most 20") {
		t.Errorf("cadical-max -cube 0-90 on size 4: %v, %q; want exit 2 and why", err, out)
	}
	if split == 0 {
		t.Fatal("no run split a target by histogram")
	}
	t.Logf("%d split runs", split)
}
