package main

import "testing"

// TestDesignNamesEveryCommand: DESIGN.md's row for cmd/hexiom names every
// command `hexiom help` lists, and no command that is not there.
func TestDesignNamesEveryCommand(t *testing.T) {
	binary().DesignNamesEveryCommand(t, "../../DESIGN.md")
}
