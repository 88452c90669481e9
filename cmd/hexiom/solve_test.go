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

const levelsDir = "../../levels/"

func TestSolveCommand(t *testing.T) {
	var out, errb bytes.Buffer
	st := run([]string{"solve", levelsDir + "level10.txt"}, &out, &errb)
	if st != exitOK {
		t.Fatalf("status %d, stderr %s", st, errb.String())
	}
	text := out.String()
	if !strings.Contains(text, "level10.txt: solved in") || !strings.Contains(text, "nodes") {
		t.Fatalf("output lacks the summary line:\n%s", text)
	}
	// The board printed is a solution of the level.
	i := strings.Index(text, "\n")
	sol, err := board.Parse("out", []byte(text[i+1:]))
	if err != nil {
		t.Fatalf("printed board does not parse: %v\n%s", err, text)
	}
	level, _ := cli.ReadLevel(levelsDir + "level10.txt")
	if pr := board.Check(level, sol); pr != nil {
		t.Fatalf("printed solution rejected: %v", pr)
	}
}

func TestSolveJSON(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("3\n   . . .\n  . 9 . .\n"), 0o644)
	unsolvable := filepath.Join(dir, "unsolvable.txt")
	os.WriteFile(unsolvable, []byte("2\n  6 6\n 6 . .\n  . .\n"), 0o644)

	var out, errb bytes.Buffer
	st := run([]string{"solve", "-json", levelsDir + "level38.txt", unsolvable, bad}, &out, &errb)
	if st != exitFailed {
		t.Fatalf("status %d, want %d (a level not solved, a file not a level)", st, exitFailed)
	}
	if !strings.Contains(errb.String(), "bad.txt:3:5: expected '.' or a digit") {
		t.Fatalf("stderr lacks file:line:col: %s", errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 JSON lines, got %d:\n%s", len(lines), out.String())
	}
	var reps []solveReport
	for _, l := range lines {
		var r solveReport
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("bad JSON %q: %v", l, err)
		}
		reps = append(reps, r)
	}
	if r := reps[0]; !r.Solved || r.Board == "" || r.Nodes == 0 || r.SolveNS <= 0 || r.Moves <= 0 {
		t.Fatalf("level 38 report: %+v", r)
	}
	sol, err := board.Parse("json", []byte(reps[0].Board))
	level, _ := cli.ReadLevel(levelsDir + "level38.txt")
	if err != nil || board.Check(level, sol) != nil {
		t.Fatalf("level 38 board in JSON is not a solution: %v", err)
	}
	if r := reps[1]; r.Solved || !strings.Contains(r.Error, "no solution") {
		t.Fatalf("unsolvable report: %+v", r)
	}
	if r := reps[2]; r.Solved || !strings.Contains(r.Error, "bad.txt:3:5") {
		t.Fatalf("bad file report: %+v", r)
	}

	// Only an unsolvable level: status 1.
	out.Reset()
	if st := run([]string{"solve", unsolvable}, &out, &errb); st != exitFailed {
		t.Fatalf("unsolvable: status %d, want %d", st, exitFailed)
	}
}

func TestGenCommand(t *testing.T) {
	var a, b, errb bytes.Buffer
	if st := run([]string{"gen", "-size", "6", "-seed", "42"}, &a, &errb); st != exitOK {
		t.Fatalf("status %d: %s", st, errb.String())
	}
	run([]string{"gen", "-size", "6", "-seed", "42"}, &b, &errb)
	if a.String() != b.String() {
		t.Fatal("same seed, different levels")
	}
	p, err := board.Parse("gen", a.Bytes())
	if err != nil || p.Size != 6 || !p.Equal(board.Random(6, 42)) {
		t.Fatalf("gen printed %v:\n%s", err, a.String())
	}
	// It feeds solve through stdin-like files.
	f := filepath.Join(t.TempDir(), "r.txt")
	os.WriteFile(f, a.Bytes(), 0o644)
	var out bytes.Buffer
	if st := run([]string{"solve", "-first", f}, &out, &errb); st != exitOK {
		t.Fatalf("solve of a generated level: status %d %s", st, errb.String())
	}
	if st := run([]string{"gen", "-size", "13"}, &out, &errb); st != exitUsage {
		t.Fatalf("bad size: status %d", st)
	}
}

// -threads 1 is deterministic: the same node count on every run.
func TestSolveOneThreadSameNodes(t *testing.T) {
	var nodes []int64
	for k := 0; k < 2; k++ {
		var out, errb bytes.Buffer
		if st := run([]string{"solve", "-json", "-first", "-threads", "1", levelsDir + "level38.txt"}, &out, &errb); st != exitOK {
			t.Fatalf("status %d, stderr %s", st, errb.String())
		}
		var r solveReport
		if err := json.Unmarshal(out.Bytes(), &r); err != nil || !r.Solved {
			t.Fatalf("%v: %s", err, out.String())
		}
		nodes = append(nodes, r.Nodes)
	}
	if nodes[0] != nodes[1] {
		t.Fatalf("level 38 with -threads 1: %d nodes, then %d", nodes[0], nodes[1])
	}
}

// hexiom gen -altered prints board.Altered (hexiom-lab bench -altered
// solves such levels: TestBenchAltered).
func TestGenAltered(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"gen", "-altered", "-size", "5", "-seed", "7"}, &out, &errb); st != exitOK {
		t.Fatalf("gen -altered: status %d, stderr %s", st, errb.String())
	}
	p, err := board.Parse("gen", out.Bytes())
	if err != nil || !p.Equal(board.Altered(5, 7)) {
		t.Fatalf("gen -altered printed another level (%v):\n%s", err, out.String())
	}
}

// -learn (solver.Learn) solves with backjumping and nogoods, as
// deterministically with -threads 1 (hexiom-lab bench -learn: TestBenchLearn).
// Level 38 in the search for fewest moves: with -first the walk that goes
// first solves it, and learning, which is the tree searches', plays no part.
func TestSolveLearn(t *testing.T) {
	var nodes []int64
	for _, learn := range []bool{false, true, true} {
		args := []string{"solve", "-json", "-threads", "1", levelsDir + "level38.txt"}
		if learn {
			args = append(args[:1], append([]string{"-learn"}, args[1:]...)...)
		}
		var out, errb bytes.Buffer
		if st := run(args, &out, &errb); st != exitOK {
			t.Fatalf("%v: status %d, stderr %s", args, st, errb.String())
		}
		var r solveReport
		if err := json.Unmarshal(out.Bytes(), &r); err != nil || !r.Solved {
			t.Fatalf("%v: %v: %s", args, err, out.String())
		}
		nodes = append(nodes, r.Nodes)
	}
	if nodes[1] != nodes[2] || nodes[1] == nodes[0] {
		t.Fatalf("level 38, fewest moves: %d nodes without -learn, %d and %d with: want the same twice, and not the same as without", nodes[0], nodes[1], nodes[2])
	}
}
