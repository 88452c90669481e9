package most

import (
	"os"
	"path/filepath"
	"testing"

	"hexiom/board"
)

func levelFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("../../levels/level*.txt")
	if err != nil || len(files) != 40 {
		t.Fatalf("want the 40 official levels in ../../levels, found %d (%v)", len(files), err)
	}
	return files
}

func readLevel(t testing.TB, file string) board.Position {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := board.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
