package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/internal/cli"
	"hexiom/tantrix"
)

// genBoard runs `hexiom tantrix gen` and writes the board to a file.
func genBoard(t *testing.T, n, seed string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if st := run([]string{"tantrix", "gen", "-n", n, "-seed", seed}, &out, &errb); st != exitOK {
		t.Fatalf("gen: status %d, stderr %s", st, errb.String())
	}
	f := filepath.Join(t.TempDir(), "board.txt")
	if err := os.WriteFile(f, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestTantrixGenSolveJSON(t *testing.T) {
	f := genBoard(t, "60", "4")
	svg := filepath.Join(t.TempDir(), "sol.svg")
	var out, errb bytes.Buffer
	if st := run([]string{"tantrix", "solve", "-json", "-o", svg, f}, &out, &errb); st != exitOK {
		t.Fatalf("solve: status %d, stderr %s", st, errb.String())
	}
	var rep tantrixReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if rep.N != 60 || rep.Colour != "B" || !rep.Solved || len(rep.Places) != 60 || rep.Nodes <= 0 || rep.SolveNS <= 0 {
		t.Fatalf("report %+v", rep)
	}
	b, err := cli.ReadTantrixBoard(f)
	if err != nil {
		t.Fatal(err)
	}
	var ts []tantrix.Placed
	for _, p := range rep.Places {
		ts = append(ts, tantrix.Placed{Place: tantrix.Place{Q: p.Q, R: p.R}, Tile: p.Tile, Rot: p.Rot})
	}
	if err := tantrix.Check(b, ts); err != nil {
		t.Fatal(err)
	}
	pic, err := os.ReadFile(svg)
	if err != nil || strings.Count(string(pic), "<polygon") != 60 {
		t.Fatalf("picture: %v, %d hexagons", err, strings.Count(string(pic), "<polygon"))
	}
}

// tantrix solve -threads 1 is deterministic: the same nodes on every run,
// the full search's alone (the two lanes' nodes, with -threads 2, count
// the plain lane's too, and the solution is checked either way).
func TestTantrixSolveThreads(t *testing.T) {
	f := genBoard(t, "60", "7") // 520 nodes at seed 1
	b, err := cli.ReadTantrixBoard(f)
	if err != nil {
		t.Fatal(err)
	}
	var nodes []int64
	for _, th := range []string{"1", "1", "2"} {
		var out, errb bytes.Buffer
		if st := run([]string{"tantrix", "solve", "-json", "-threads", th, f}, &out, &errb); st != exitOK {
			t.Fatalf("-threads %s: status %d, stderr %s", th, st, errb.String())
		}
		var rep tantrixReport
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("%v: %s", err, out.String())
		}
		var ts []tantrix.Placed
		for _, p := range rep.Places {
			ts = append(ts, tantrix.Placed{Place: tantrix.Place{Q: p.Q, R: p.R}, Tile: p.Tile, Rot: p.Rot})
		}
		if err := tantrix.Check(b, ts); !rep.Solved || err != nil {
			t.Fatalf("-threads %s: solved %v, %v", th, rep.Solved, err)
		}
		nodes = append(nodes, rep.Nodes)
	}
	if nodes[0] != nodes[1] {
		t.Errorf("-threads 1: %d nodes, then %d", nodes[0], nodes[1])
	}
}

func TestTantrixSolveUnsolvableAndBadInput(t *testing.T) {
	f := genBoard(t, "20", "2")
	b, err := cli.ReadTantrixBoard(f)
	if err != nil {
		t.Fatal(err)
	}
	b.Places[0] = tantrix.Place{Q: 50, R: 50} // one place moved away
	var buf bytes.Buffer
	b.Format(&buf)
	os.WriteFile(f, buf.Bytes(), 0o644)
	var out, errb bytes.Buffer
	if st := run([]string{"tantrix", "solve", "-json", f}, &out, &errb); st != exitFailed {
		t.Fatalf("status %d, want %d; %s", st, exitFailed, errb.String())
	}
	var rep tantrixReport
	json.Unmarshal(out.Bytes(), &rep)
	if rep.Solved || !rep.Proved {
		t.Fatalf("report %+v, want proved unsolvable", rep)
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("tantrix 3\n0 0\n1 zero\n"), 0o644)
	out.Reset()
	errb.Reset()
	if st := run([]string{"tantrix", "solve", bad}, &out, &errb); st != exitFailed || !strings.Contains(errb.String(), "bad.txt:3: expected two integers") {
		t.Fatalf("status %d, stderr %q", st, errb.String())
	}
}

// Issue 24: -n had no upper bound (9223372036854775807 panicked in
// makeslice, 200000 ran out of memory); past MaxGenerate it is a usage
// error, and a coordinate beyond ±MaxCoord is refused with its line.
func TestTantrixBounds(t *testing.T) {
	for _, n := range []string{"1001", "200000", "9223372036854775807"} {
		var out, errb bytes.Buffer
		if st := run([]string{"tantrix", "gen", "-n", n}, &out, &errb); st != exitUsage || !strings.Contains(errb.String(), "-n "+n+": want at most 1000 tiles") {
			t.Errorf("gen -n %s: status %d, stderr %q, want a usage error naming the bound", n, st, errb.String())
		}
	}
	f := filepath.Join(t.TempDir(), "far.txt")
	os.WriteFile(f, []byte("tantrix 3 Y\n-9223372036854775808 0\n9223372036854775807 1\n-9223372036854775808 1\n"), 0o644)
	var out, errb bytes.Buffer
	if st := run([]string{"tantrix", "solve", f}, &out, &errb); st != exitFailed || !strings.Contains(errb.String(), "far.txt:2: place -9223372036854775808 0: expected coordinates from -1000000 to 1000000") || strings.Contains(out.String(), "solved") {
		t.Fatalf("solve of the wrapping board: status %d, stdout %q, stderr %q", st, out.String(), errb.String())
	}
}

func TestTantrixCount(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"tantrix", "count", "-n", "7", "-colour", "B"}, &out, &errb); st != exitOK {
		t.Fatalf("status %d, stderr %s", st, errb.String())
	}
	if !strings.Contains(out.String(), "n=7 colour blue: 216 solutions up to translation, 36 up to rotation and translation") {
		t.Fatalf("output:\n%s", out.String())
	}
}
