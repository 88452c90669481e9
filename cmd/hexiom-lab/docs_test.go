package main

import (
	"os"
	"regexp"
	"testing"
)

// TestDesignNamesEveryCommand: DESIGN.md's row for cmd/hexiom-lab names
// every command `hexiom-lab help` lists, and no command that is not there.
func TestDesignNamesEveryCommand(t *testing.T) {
	design, err := os.ReadFile("../../DESIGN.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `cmd/hexiom-lab/` \\|(.*)$").FindSubmatch(design)
	if row == nil {
		t.Fatal("DESIGN.md has no row for `cmd/hexiom-lab/` in its table of packages")
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`([a-z][a-z-]*)`").FindAllSubmatch(row[1], -1) {
		named[string(m[1])] = true
	}
	for _, n := range program.Names() {
		if !named[n] {
			t.Errorf("DESIGN.md's row for cmd/hexiom-lab does not name the command %s", n)
		}
		delete(named, n)
	}
	for n := range named {
		t.Errorf("DESIGN.md's row for cmd/hexiom-lab names %q, which hexiom-lab has no command of", n)
	}
}
