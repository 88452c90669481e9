package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/internal/cli/clitest"
)

// TestBenchMaxCountsRefused (issue 42): -random and -far out of 0..maxRandom
// and 0..maxFar are usage errors naming the flag, refused before the set is
// built (-random -1 was 2^64−1 seeds: out of memory at 1.9 GB).
func TestBenchMaxCountsRefused(t *testing.T) {
	var cases []clitest.Refusal
	for _, c := range []struct {
		flag string
		n    int
	}{
		{"-random", -1},
		{"-random", maxRandom + 1},
		{"-random", -1 << 63},
		{"-far", -1},
		{"-far", maxFar + 1},
	} {
		cases = append(cases, clitest.Refusal{Flag: c.flag,
			Args: []string{"bench-max", "-levels", "none", "-random", "0", c.flag, strconv.Itoa(c.n), "-write", t.TempDir()}})
	}
	binary().FlagValuesRefused(t, cases)
}

// TestBenchMaxSetStops (issue 42): building the largest set bench-max
// takes stops at once when the context is done (SIGTERM, SIGINT), with
// the context's error.
func TestBenchMaxSetStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	names, levels, err := benchMaxSet(ctx, officialLevels, maxRandom, []int{3, 4, 5, 6}, maxFar, []int{3, 4, 5, 6})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "interrupted") || names != nil || levels != nil {
		t.Fatalf("a cancelled build: %v, %d levels; want context.Canceled and none", err, len(levels))
	}
}

// TestBenchMaxWriteReplacesLinks (issue 42): -write DIR writes each level
// through a temporary file and a rename: a symbolic link at DIR/NAME.txt
// to a file outside DIR is replaced by the level's file, and the file it
// pointed to keeps its content; no temporary file is left.
func TestBenchMaxWriteReplacesLinks(t *testing.T) {
	dir, outside := t.TempDir(), filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(outside, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "far-s4-0.txt")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	if st := run([]string{"bench-max", "-levels", "none", "-random", "0", "-far", "2", "-far-sizes", "4", "-write", dir}, &out, &errb); st != exitOK {
		t.Fatalf("bench-max -write: status %d, stderr %s", st, errb.String())
	}
	if got, err := os.ReadFile(outside); err != nil || string(got) != "keep" {
		t.Fatalf("the file outside DIR the link pointed to: %q, %v; want it unchanged", got, err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) != 2 {
		t.Fatalf("DIR holds %v (%v), want the 2 levels", ents, err)
	}
	for seed, e := range ents {
		want := board.FarLevel(4, uint64(seed)).Format()
		got, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if e.Name() != "far-s4-"+strconv.Itoa(seed)+".txt" || !e.Type().IsRegular() || err != nil || string(got) != want {
			t.Errorf("%s (%v): %q, %v; want a regular file holding\n%s", e.Name(), e.Type(), got, err, want)
		}
	}
}
