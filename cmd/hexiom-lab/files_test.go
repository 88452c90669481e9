package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// replaced runs a command that writes the file out (made beforehand with
// old content and a hard link to it) and checks that it wrote a new file
// and renamed it over out: the link keeps the old content (a command that
// truncated and wrote out in place would change it too), out holds the new
// content (want in it), and no temporary file is left beside it.
func replaced(t *testing.T, out, want string, args ...string) {
	t.Helper()
	if err := os.WriteFile(out, []byte("old content\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := out + ".link"
	if err := os.Link(out, link); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("hexiom-lab %q: exit %d: %s", args, code, stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(got), want) {
		t.Errorf("hexiom-lab %q: %s holds %.100q, %v; want %q in it", args, filepath.Base(out), got, err, want)
	}
	if old, _ := os.ReadFile(link); string(old) != "old content\n" {
		t.Errorf("hexiom-lab %q wrote %s in place (truncated, then wrote): its hard link now holds %.100q", args, filepath.Base(out), old)
	}
	ents, _ := os.ReadDir(filepath.Dir(out))
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("hexiom-lab %q left %s", args, e.Name())
		}
	}
	os.Remove(link)
}

// TestOutputsReplaced: cnf -o writes through a temporary file and a
// rename, the plain CNF and the variant's.
func TestOutputsReplaced(t *testing.T) {
	dir := t.TempDir()
	level := levelsDir + "level10.txt"
	replaced(t, filepath.Join(dir, "l.cnf"), "p cnf ", "cnf", "-o", filepath.Join(dir, "l.cnf"), level)
	replaced(t, filepath.Join(dir, "m.cnf"), "c objective ", "cnf", "-max", "points", level, "-o", filepath.Join(dir, "m.cnf"))
}
