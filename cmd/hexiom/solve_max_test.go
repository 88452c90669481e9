package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/internal/cli"
)

func TestSolveMaxCommand(t *testing.T) {
	dir := t.TempDir()
	// Three 6s cannot all be placed on a size-2 board, nor any of them
	// beside the others: the best keeps the 1s.
	over := filepath.Join(dir, "over.txt")
	os.WriteFile(over, []byte("2\n  6 6\n 6 1 .\n  1 .\n"), 0o644)
	var out, errb bytes.Buffer
	if st := run([]string{"solve", "-max", "tiles", over}, &out, &errb); st != exitOK {
		t.Fatalf("status %d, stderr %s", st, errb.String())
	}
	text := out.String()
	head, rest, _ := strings.Cut(text, "\n")
	if !strings.Contains(head, "over.txt: 2 tiles (optimal)") {
		t.Fatalf("summary line: %q", head)
	}
	boardText, aside, ok := strings.Cut(rest, "set aside: ")
	if !ok || strings.TrimSpace(aside) != "6 6 6" {
		t.Fatalf("no or wrong \"set aside\" line:\n%s", text)
	}
	sol, err := board.Parse("out", []byte(boardText))
	if err != nil {
		t.Fatalf("printed board does not parse: %v\n%s", err, text)
	}
	level, _ := cli.ReadLevel(over)
	if pr := board.CheckArrangement(level, sol, []int8{6, 6, 6}); pr != nil {
		t.Fatalf("printed arrangement rejected: %v", pr)
	}
}

func TestSolveMaxJSON(t *testing.T) {
	dir := t.TempDir()
	locked := filepath.Join(dir, "locked.txt")
	// A locked 6 beside a hole: no arrangement at all.
	os.WriteFile(locked, []byte("2\n +. 1\n 1+6 1\n  1 1\n"), 0o644)
	var out, errb bytes.Buffer
	st := run([]string{"solve", "-max", "points", "-json", levelsDir + "level38.txt", locked}, &out, &errb)
	if st != exitFailed {
		t.Fatalf("status %d, want %d (no solution)", st, exitFailed)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 JSON lines, got %d:\n%s", len(lines), out.String())
	}
	var reps [2]solveMaxReport
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &reps[i]); err != nil {
			t.Fatalf("line %d: %v: %s", i, err, l)
		}
	}
	r := reps[0]
	// Level 38 is solvable: the optimum places every tile.
	level, _ := cli.ReadLevel(levelsDir + "level38.txt")
	all := 0
	for _, c := range level.Cells {
		if c.Tile != board.None {
			all += int(c.Tile)
		}
	}
	if !r.Solved || r.Max != "points" || r.Objective != all || r.Bound == nil || *r.Bound != all || !r.Optimal || r.SolveNS <= 0 || r.SetAside == nil {
		t.Fatalf("level 38: %+v, want objective = bound = %d, optimal", r, all)
	}
	sol, err := board.Parse("json", []byte(r.Board))
	if err != nil {
		t.Fatal(err)
	}
	if pr := board.CheckArrangement(level, sol, r.SetAside); pr != nil {
		t.Fatalf("level 38 arrangement rejected: %v", pr)
	}
	if r := reps[1]; r.Solved || !strings.Contains(r.Error, "no solution") || strings.Contains(lines[1], `"bound"`) {
		t.Fatalf("locked: %s, want no solution, no bound", lines[1])
	}
	out.Reset()
	if st := run([]string{"solve", "-max", "most", locked}, &out, &errb); st != exitUsage {
		t.Fatalf("-max most: status %d, want %d", st, exitUsage)
	}
}

// solve -max -json stopped before any arrangement (a -timeout that has
// passed when the search starts) prints no "bound" key, where it printed
// "bound":0 (no bound had been computed), and the text says no bound.
func TestSolveMaxJSONNoBound(t *testing.T) {
	far := "../../solver/testdata/far/far-s6-40.txt"
	var out, errb bytes.Buffer
	st := run([]string{"solve", "-max", "tiles", "-json", "-timeout", "1ns", far}, &out, &errb)
	if st != exitFailed {
		t.Fatalf("status %d, want %d (none found in time): %s", st, exitFailed, errb.String())
	}
	var rep map[string]any
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if _, ok := rep["bound"]; ok || rep["solved"] != false || !strings.Contains(errb.String(), "no arrangement found in 1ns") {
		t.Errorf("report %s, stderr %q; want no bound, not solved, none found in 1ns", out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	run([]string{"solve", "-max", "tiles", "-timeout", "1ns", far}, &out, &errb)
	if strings.Contains(errb.String(), "bound") {
		t.Errorf("text: %q names a bound none computed", errb.String())
	}
}

// -mem takes bytes with K, M or G and refuses anything else, and is
// refused without -max; its default comes from the least memory.max of the
// process's cgroup and its parents; solve -max with a budget no table
// fits answers the best found, unproved, "over_budget" (far s5-18, whose
// proof takes the tables).
func TestSolveMaxMem(t *testing.T) {
	for s, want := range map[string]int64{"1500M": 1500 << 20, "2g": 2 << 30, "64KB": 64 << 10, "0": 0, "123": 123} {
		var m memFlag
		if err := m.Set(s); err != nil || m.n != want {
			t.Errorf("-mem %s: %d, %v; want %d", s, m.n, err, want)
		}
	}
	for _, s := range []string{"x", "-1", "1T", "G", "9999999G"} {
		var m memFlag
		if err := m.Set(s); err == nil {
			t.Errorf("-mem %s: %d, want an error", s, m.n)
		}
	}
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "a", "b"), 0o755)
	os.WriteFile(filepath.Join(root, "a", "b", "memory.max"), []byte("max\n"), 0o644)
	os.WriteFile(filepath.Join(root, "a", "memory.max"), []byte("1073741824\n"), 0o644)
	os.WriteFile(filepath.Join(root, "memory.max"), []byte("2147483648\n"), 0o644)
	self := filepath.Join(root, "self")
	os.WriteFile(self, []byte("1:memory:/x\n0::/a/b\n"), 0o644)
	if got := cgroupLimit(self, root); got != 1<<30 {
		t.Errorf("cgroupLimit: %d, want %d (a's)", got, 1<<30)
	}
	if got := cgroupLimit(filepath.Join(root, "none"), root); got != 0 {
		t.Errorf("cgroupLimit with no cgroup file: %d, want 0", got)
	}
	var out, errb bytes.Buffer
	if st := run([]string{"solve", "-mem", "1G", levelsDir + "level10.txt"}, &out, &errb); st != exitUsage || !strings.Contains(errb.String(), "-mem: only with -max") {
		t.Errorf("-mem without -max: status %d, stderr %q", st, errb.String())
	}
	out.Reset()
	far := "../../solver/testdata/far/far-s5-18.txt"
	if st := run([]string{"solve", "-max", "tiles", "-json", "-mem", "1", "-timeout", "2s", far}, &out, &errb); st != exitOK {
		t.Fatalf("status %d, stderr %s", st, errb.String())
	}
	var rep solveMaxReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || !rep.Solved || rep.Optimal || !rep.OverBudget || rep.Bound == nil {
		t.Errorf("-mem 1: %s (%v); want solved, not optimal, over budget", out.String(), err)
	}
}
