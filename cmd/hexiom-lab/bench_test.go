package main

import (
	"bytes"
	"strings"
	"testing"
)

// bench -altered solves board.Altered levels (hexiom gen -altered prints
// them) and lists the slowest.
func TestBenchAltered(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"bench", "-levels", "", "-altered", "-random", "4", "-size", "5", "-first", "-threads", "1", "-slowest", "2"}, &out, &errb); st != exitOK {
		t.Fatalf("bench -altered: status %d, stderr %s", st, errb.String())
	}
	for _, want := range []string{"altered size 5, seeds 0..3", "CPU time", "failed or timed out: 0", "the 2 that took the most nodes"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("bench output lacks %q:\n%s", want, out.String())
		}
	}
}

// bench -learn (solver.Learn) says so in its heading.
func TestBenchLearn(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"bench", "-levels", "", "-random", "3", "-size", "5", "-first", "-threads", "1", "-learn"}, &out, &errb); st != exitOK {
		t.Fatalf("bench -learn: status %d, stderr %s", st, errb.String())
	}
	if !strings.Contains(out.String(), "first solution, learning") {
		t.Fatalf("bench -learn output lacks its mode:\n%s", out.String())
	}
}

// bench -from starts the random seeds there (scripts/tail-scan.sh scans
// seeds no tuning used).
func TestBenchFrom(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"bench", "-levels", "none", "-random", "2", "-from", "1000000", "-size", "4", "-first", "-threads", "1", "-slowest", "2"}, &out, &errb); st != exitOK {
		t.Fatalf("bench -from: status %d, stderr %s", st, errb.String())
	}
	for _, want := range []string{"random size 4, seeds 1000000..1000001", "the 2 that took the most nodes", "  100000"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("bench -from output lacks %q:\n%s", want, out.String())
		}
	}
	if st := run([]string{"bench", "-levels", "none", "-random", "1", "-from", "-1"}, &out, &errb); st == exitOK {
		t.Fatal("bench -from -1 accepted")
	}
}
