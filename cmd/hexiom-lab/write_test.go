package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/formats"
	"hexiom/internal/cli"
)

// dzn prints a level as MiniZinc data (formats.WriteLevelDZN; its file
// byte for byte: package formats' tests), one after the other.
func TestDZN(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"dzn", levelsDir + "level10.txt", levelsDir + "level10.txt"}, &out, &errb); st != exitOK {
		t.Fatalf("status %d, stderr %s", st, errb.String())
	}
	d := out.String()
	for _, want := range []string{"n = 19;", "counttiles = array1d(0..7, [2,2,3,0,0,0,0,12]);", "nbrs = [{2,4,5}, "} {
		if strings.Count(d, want) != 2 {
			t.Errorf("dzn of level 10 twice: %q not twice in:\n%s", want, d)
		}
	}
}

// cnf writes a CNF that a real SAT solver (CaDiCaL, installed by
// scripts/install-deps.sh) solves, and its model, read back through the
// "c cells:" comment, is a solution of the level.
func TestCNFWithCaDiCaL(t *testing.T) {
	cnf := filepath.Join(t.TempDir(), "level10.cnf")
	var out, errb bytes.Buffer
	if st := run([]string{"cnf", "-o", cnf, levelsDir + "level10.txt"}, &out, &errb); st != exitOK {
		t.Fatalf("status %d, stderr %s", st, errb.String())
	}
	data, err := os.ReadFile(cnf)
	if err != nil {
		t.Fatal(err)
	}
	f, err := formats.ReadCNF(bytes.NewReader(data), cnf)
	if err != nil || len(f.Cells) == 0 {
		t.Fatalf("%v; cells %v", err, f)
	}
	// CaDiCaL exits 10 when it finds a model.
	answer, err := exec.Command("cadical", "-q", cnf).Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 10 {
		t.Fatalf("cadical: %v (want exit status 10, satisfiable)\n%s", err, answer)
	}
	m, err := formats.ReadModel(bytes.NewReader(answer), "cadical's answer", f.Vars)
	if err != nil || m.Status != formats.Satisfiable {
		t.Fatalf("cadical's answer: %v, %q", err, m.Status)
	}
	level, err := cli.ReadLevel(levelsDir + "level10.txt")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := formats.Solution(level, f.Cells, f.Occupied(m))
	if err != nil {
		t.Fatal(err)
	}
	if pr := board.Check(level, sol); pr != nil {
		t.Fatalf("CaDiCaL's model is not a solution: %v\n%s", pr, sol)
	}
}

// The seed article's integer program on Gecode, with its sub-loop cuts.
func TestTantrixMiniZinc(t *testing.T) {
	f := genBoard(t, 10, 1)
	var out, errb bytes.Buffer
	st := run([]string{"tantrix-mzn", "-json", "-timeout", "5m", "-model", "../../scripts/tantrix.mzn", f}, &out, &errb)
	if st != exitOK {
		t.Fatalf("status %d, stderr %s", st, errb.String())
	}
	var rep mznReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || !rep.Solved || rep.Iterations < 1 {
		t.Fatalf("report %+v, %v", rep, err)
	}
}

// tantrix-mzn with a fake minizinc on PATH: output that is not an answer
// of the model (some places filled, none of the three answers, a solveTime
// of NaN) fails saying what is wrong with it, not as a run out of time; a
// real run out of time (=====UNKNOWN=====) is reported as one, its JSON
// valid, proved false.
func TestTantrixMiniZincFake(t *testing.T) {
	f := genBoard(t, 10, 1)
	for _, c := range []struct {
		output, stderr string
		code           int
	}{
		{"place 1 1 0\nplace 2 2 0\n----------\n", "minizinc's output: 2 places filled, want all 10", exitFailed},
		{"=====ERROR=====\n", "minizinc's output: no placement, =====UNSATISFIABLE===== or =====UNKNOWN=====", exitFailed},
		{"=====UNKNOWN=====\n%%%mzn-stat: solveTime=NaN\n", `solveTime "NaN" is not a number of seconds`, exitFailed},
		{"=====UNKNOWN=====\n%%%mzn-stat: solveTime=0.25\n", "n=10: not solved (proved false)", exitFailed},
	} {
		bin := t.TempDir()
		script := "#!/bin/sh\ncat <<'END'\n" + c.output + "END\n"
		if err := os.WriteFile(filepath.Join(bin, "minizinc"), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		var out, errb bytes.Buffer
		st := run([]string{"tantrix-mzn", "-json", f}, &out, &errb)
		if st != c.code || !strings.Contains(errb.String(), c.stderr) {
			t.Errorf("%q: status %d, stderr %q; want %d saying %q", c.output, st, errb.String(), c.code, c.stderr)
		}
		if c.stderr == "n=10: not solved (proved false)" {
			var rep mznReport
			if err := json.Unmarshal(out.Bytes(), &rep); err != nil || rep.Solved || rep.Proved || rep.Iterations != 1 || rep.SolveS != 0.25 {
				t.Errorf("run out of time: report %+v, %v (%q)", rep, err, out.String())
			}
		} else if strings.Contains(errb.String(), "not solved") {
			t.Errorf("%q: reported as not solved (time ran out): %q", c.output, errb.String())
		}
	}
}
