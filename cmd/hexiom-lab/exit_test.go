package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	for _, tc := range []struct {
		args []string
		code int
		line string // the one line of stderr that says what is wrong ("" for none)
	}{
		{[]string{"nosuch"}, exitUsage, `hexiom-lab: unknown command "nosuch"; run 'hexiom-lab help'`},
		{[]string{"solve", level}, exitUsage, `hexiom-lab: unknown command "solve"; run 'hexiom-lab help'`},
		{[]string{"cnf", "-bogus", level}, exitUsage, "flag provided but not defined: -bogus"},
		{[]string{"cnf"}, exitUsage, "hexiom-lab cnf: want exactly one level file; usage: hexiom-lab " + program.Usage("cnf")},
		{[]string{"cnf", level, level}, exitUsage, "hexiom-lab cnf: want exactly one level file"},
		{[]string{"cnf", "-max", "most", level}, exitUsage, "hexiom-lab cnf: -max:"},
		{[]string{"dzn"}, exitUsage, "hexiom-lab dzn: no level file"},
		{[]string{"tantrix-mzn"}, exitUsage, "hexiom-lab tantrix-mzn: want one BOARD file"},
		{[]string{"bench", "-levels", "none", "-random", "1", "extra"}, exitUsage, `hexiom-lab bench: unexpected argument "extra"`},
		{[]string{"bench", "-levels", "none", "-size", "13"}, exitUsage, "hexiom-lab bench: want -size 1..12"},
		{[]string{"bench-max", "-sizes", "3,x"}, exitUsage, `hexiom-lab bench-max: -sizes "3,x"`},
		{[]string{"cnf", bad}, exitFailed, "hexiom-lab cnf: " + bad + ":3:5: expected '.' or a digit"},
		{[]string{"dzn", level, bad}, exitFailed, "hexiom-lab dzn: " + bad + ":3:5: expected '.' or a digit"},
		{[]string{"dzn", filepath.Join(dir, "none.txt")}, exitFailed, "hexiom-lab dzn: read level: open " + filepath.Join(dir, "none.txt") + ": no such file or directory"},
		{[]string{"bench", "-levels", dir}, exitFailed, "hexiom-lab bench: -levels: no level*.txt in " + dir},
		{[]string{"cnf", level}, exitOK, ""},
		{[]string{"cnf", "-h"}, exitOK, ""},
		{[]string{"help"}, exitOK, ""},
	} {
		var stdout, stderr strings.Builder
		code := run(tc.args, &stdout, &stderr)
		msg := stderr.String()
		if code != tc.code {
			t.Errorf("hexiom-lab %q: exit %d, want %d: %s", tc.args, code, tc.code, msg)
			continue
		}
		if tc.line == "" {
			if code == exitOK && tc.args[len(tc.args)-1] != "-h" && msg != "" {
				t.Errorf("hexiom-lab %q: succeeded saying %q", tc.args, msg)
			}
			continue
		}
		if n := strings.Count(msg, tc.line); n != 1 {
			t.Errorf("hexiom-lab %q: %q printed %d times, want once, in:\n%s", tc.args, tc.line, n, msg)
		}
	}
	// help lists every command, and no exit status without one is 0.
	var stdout strings.Builder
	if code := run(nil, &stdout, &strings.Builder{}); code != exitUsage {
		t.Errorf("hexiom-lab alone: exit %d, want %d", code, exitUsage)
	}
	for _, n := range program.Names() {
		if !strings.Contains(stdout.String(), "  "+n) {
			t.Errorf("help does not list %s:\n%s", n, stdout.String())
		}
	}
}
