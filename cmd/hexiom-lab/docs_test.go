package main

import "testing"

// TestDesignNamesEveryCommand: DESIGN.md's row for cmd/hexiom-lab names every
// command `hexiom-lab help` lists, and no command that is not there.
func TestDesignNamesEveryCommand(t *testing.T) {
	binary().DesignNamesEveryCommand(t, "../../DESIGN.md")
}
