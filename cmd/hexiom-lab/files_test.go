package main

import (
	"path/filepath"
	"testing"
)

// replaced checks that a command writes out through a temporary file and
// a rename (clitest.Binary.Replaced).
func replaced(t *testing.T, out, want string, args ...string) {
	t.Helper()
	binary().Replaced(t, out, want, args...)
}

// TestOutputsReplaced: cnf -o writes through a temporary file and a
// rename, the plain CNF and the variant's.
func TestOutputsReplaced(t *testing.T) {
	dir := t.TempDir()
	level := levelsDir + "level10.txt"
	replaced(t, filepath.Join(dir, "l.cnf"), "p cnf ", "cnf", "-o", filepath.Join(dir, "l.cnf"), level)
	replaced(t, filepath.Join(dir, "m.cnf"), "c objective ", "cnf", "-max", "points", level, "-o", filepath.Join(dir, "m.cnf"))
}
