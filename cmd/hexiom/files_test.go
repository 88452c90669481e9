package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hexiom/internal/tier"
)

// replaced checks that a command writes out through a temporary file and
// a rename (clitest.Binary.Replaced).
func replaced(t *testing.T, out, want string, args ...string) {
	t.Helper()
	binary().Replaced(t, out, want, args...)
}

// TestOutputsReplaced: tantrix gen -o, tantrix solve -o and tantrix count
// -o write through a temporary file and a rename (hexiom-lab cnf -o: its
// own TestOutputsReplaced).
func TestOutputsReplaced(t *testing.T) {
	dir := t.TempDir()
	board := genBoard(t, "10", "3")
	replaced(t, filepath.Join(dir, "b.txt"), "# hexiom tantrix gen -n 10", "tantrix", "gen", "-n", "10", "-o", filepath.Join(dir, "b.txt"))
	replaced(t, filepath.Join(dir, "s.svg"), "<svg", "tantrix", "solve", "-o", filepath.Join(dir, "s.svg"), board)
	replaced(t, filepath.Join(dir, "c.svg"), "<svg", "tantrix", "count", "-n", "4", "-o", filepath.Join(dir, "c.svg"))
}

// TestReadOutputsReplaced: read -o and -debug write through a temporary
// file and a rename; a refused read's debug picture in the temporary
// folder is a new file only its owner can read, under a name with a random
// part, and the refusal says where it is.
func TestReadOutputsReplaced(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	args, truth := fixtureArgs(t, "random6-09-1920x1080")
	out, debug := filepath.Join(dir, "board.txt"), filepath.Join(dir, "overlay.png")
	replaced(t, out, truth, append([]string{"read", "-o", out}, args...)...)
	replaced(t, debug, "PNG", append([]string{"read", "-debug", debug}, args...)...)

	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	refused, _ := fixtureArgs(t, "neon-level10-1280x800") // the built-in set refuses it
	var stdout, stderr strings.Builder
	if code := run(append([]string{"read"}, refused...), &stdout, &stderr); code != exitFailed {
		t.Fatalf("read of a neon board with the classic set: exit %d: %s", code, stderr.String())
	}
	seen := regexp.MustCompile(`see (\S+/hexiom-doubt-\d{8}-\d{6}\.\d{3}-\d+\.png)`).FindStringSubmatch(stderr.String())
	if seen == nil || filepath.Dir(seen[1]) != tmp {
		t.Fatalf("the refusal names no debug picture hexiom-doubt-WHEN-RANDOM.png in %s: %s", tmp, stderr.String())
	}
	if st, err := os.Lstat(seen[1]); err != nil || !st.Mode().IsRegular() || st.Mode().Perm() != 0o600 {
		t.Errorf("debug picture %s: %v, %v; want a file only its owner reads", seen[1], st.Mode(), err)
	}
}
