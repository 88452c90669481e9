package main

import (
	"os"
	"path/filepath"
	"testing"

	"hexiom/internal/cli/clitest"
)

// The exit status rule holds for hexiom-lab as for hexiom: 2 for a wrong
// command line, 1 for a command that failed (a bad input file named with
// its line), 0 for success and for -h; the error is printed once, on one
// line that names the command.
func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("3\n   . . .\n  . 9 . .\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	level := levelsDir + "level10.txt"
	binary().ExitStatus(t, []clitest.Status{
		{Args: []string{"nosuch"}, Code: exitUsage, Line: `hexiom-lab: unknown command "nosuch"; run 'hexiom-lab help'`},
		{Args: []string{"solve", level}, Code: exitUsage, Line: `hexiom-lab: unknown command "solve"; run 'hexiom-lab help'`},
		{Args: []string{"cnf", "-bogus", level}, Code: exitUsage, Line: "flag provided but not defined: -bogus"},
		{Args: []string{"cnf"}, Code: exitUsage, Line: "hexiom-lab cnf: want exactly one level file; usage: hexiom-lab " + program.Usage("cnf")},
		{Args: []string{"cnf", level, level}, Code: exitUsage, Line: "hexiom-lab cnf: want exactly one level file"},
		{Args: []string{"cnf", "-max", "most", level}, Code: exitUsage, Line: "hexiom-lab cnf: -max:"},
		{Args: []string{"dzn"}, Code: exitUsage, Line: "hexiom-lab dzn: no level file"},
		{Args: []string{"tantrix-mzn"}, Code: exitUsage, Line: "hexiom-lab tantrix-mzn: want one BOARD file"},
		{Args: []string{"bench", "-levels", "none", "-random", "1", "extra"}, Code: exitUsage, Line: `hexiom-lab bench: unexpected argument "extra"`},
		{Args: []string{"bench", "-levels", "none", "-size", "13"}, Code: exitUsage, Line: "hexiom-lab bench: want -size 1..12"},
		{Args: []string{"bench-max", "-sizes", "3,x"}, Code: exitUsage, Line: `hexiom-lab bench-max: -sizes "3,x"`},
		{Args: []string{"cnf", bad}, Code: exitFailed, Line: "hexiom-lab cnf: " + bad + ":3:5: expected '.' or a digit"},
		{Args: []string{"dzn", level, bad}, Code: exitFailed, Line: "hexiom-lab dzn: " + bad + ":3:5: expected '.' or a digit"},
		{Args: []string{"dzn", filepath.Join(dir, "none.txt")}, Code: exitFailed, Line: "hexiom-lab dzn: read level: open " + filepath.Join(dir, "none.txt") + ": no such file or directory"},
		{Args: []string{"bench", "-levels", dir}, Code: exitFailed, Line: "hexiom-lab bench: -levels: no level*.txt in " + dir},
		{Args: []string{"cnf", level}, Code: exitOK, Line: ""},
		{Args: []string{"cnf", "-h"}, Code: exitOK, Line: ""},
		{Args: []string{"help"}, Code: exitOK, Line: ""},
	})
	binary().HelpListsEveryCommand(t)
}
