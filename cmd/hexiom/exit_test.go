package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/internal/cli"
	"hexiom/internal/cli/clitest"
	"hexiom/internal/pngtest"
)

// The exit statuses (package internal/cli's).
const (
	exitOK     = cli.ExitOK
	exitFailed = cli.ExitFailed
	exitUsage  = cli.ExitUsage
)

// binary is hexiom for the checks every binary shares (internal/cli/clitest).
func binary() clitest.Binary {
	return clitest.Binary{Name: "hexiom", Run: run, Names: program.Names(), MainEnv: "HEXIOM_TEST_AS_MAIN"}
}

// hugePNG writes a PNG whose header says 65535×65535 px (17 GB once
// decoded) and returns its path.
func hugePNG(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "huge.png")
	if err := os.WriteFile(p, pngtest.Header(65535, 65535), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestExitCodesAndMessages: bad flags and bad input exit 2 with a message
// that says what is wrong (and not a whole file); a failure to write what
// was asked for is not a success.
func TestExitCodesAndMessages(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	level := levelsDir + "level10.txt"
	long := filepath.Join(dir, "long.txt")
	if err := os.WriteFile(long, []byte(strings.Repeat("9", 65000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	longRow := filepath.Join(dir, "longrow.txt")
	if err := os.WriteFile(longRow, []byte("1\n .x"+strings.Repeat("y", 65000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	readArgs, _ := fixtureArgs(t, "random6-09-1920x1080")
	cal := readArgs[len(readArgs)-1]
	absurd := filepath.Join(dir, "absurd.json")
	if err := os.WriteFile(absurd, []byte(`{"left":1e300,"top":0,"side":400}`), 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "hugeside.json")
	if err := os.WriteFile(huge, []byte(`{"left":0,"top":0,"side":1`+strings.Repeat("0", 300)+`}`), 0o644); err != nil {
		t.Fatal(err)
	}
	offPicture := filepath.Join(dir, "off.json")
	if err := os.WriteFile(offPicture, []byte(`{"left":5000,"top":100,"side":800}`), 0o644); err != nil {
		t.Fatal(err)
	}
	image := readArgs[:4] // -image PNG -at X,Y
	for _, tc := range []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"solve", "-timeout", "0", level}, exitUsage, "-timeout"},
		{[]string{"solve", "-timeout", "-5s", level}, exitUsage, "-timeout"},
		{[]string{"solve", long}, exitFailed, "long.txt:1:1: expected the board size"},
		{[]string{"solve", longRow}, exitFailed, "longrow.txt:2"},
		{[]string{"calibrate", "-timeout", "-1s"}, exitUsage, "-timeout"},
		{[]string{"calibrate", "-timeout", "0"}, exitUsage, "-timeout"},
		{[]string{"game", "-addr", "127.0.0.1:99999"}, exitUsage, "port"},
		{append(append([]string{"read"}, readArgs...), "-debug", filepath.Join(dir, "missing", "x.png")), exitFailed, "missing"},
		{append(append([]string{"read"}, readArgs...), "-o", filepath.Join(dir, "missing", "x.txt")), exitFailed, "missing"},
		{[]string{"read", "-image", hugePNG(t), "-calibration", cal}, exitFailed, "65535×65535 px: picture too large"},
		{append([]string{"read", "-calibration", absurd}, image...), exitFailed, "off any screen"},
		{append([]string{"read", "-calibration", huge}, image...), exitFailed, "larger than any screen"},
		{append([]string{"read", "-calibration", offPicture}, image...), exitFailed, "does not fit"},
		{[]string{"learn", "-level", level, "-image", hugePNG(t), "-calibration", cal, "-o", filepath.Join(dir, "t.json")}, exitFailed, "too large"},
	} {
		var stdout, stderr strings.Builder
		code := run(tc.args, &stdout, &stderr)
		msg := stderr.String()
		if code != tc.code || !strings.Contains(msg, tc.want) {
			t.Errorf("hexiom %.120q: exit %d, want %d with %q in: %.300s", tc.args, code, tc.code, tc.want, msg)
		}
		if len(msg) > 600 {
			t.Errorf("hexiom %.120q: a %d-byte message: %.300s…", tc.args, len(msg), msg)
		}
		if stdout.Len() > 0 && tc.args[0] == "read" {
			t.Errorf("hexiom %.120q: printed a board although it failed", tc.args)
		}
	}
	// A debug picture that cannot be saved after a good read (the name is
	// a folder's) is a failure, not exit 0.
	debug := filepath.Join(dir, "x.png")
	if err := os.Mkdir(debug, 0o755); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	if code := run(append(append([]string{"read"}, readArgs...), "-debug", debug), &strings.Builder{}, &stderr); code != exitFailed || !strings.Contains(stderr.String(), "x.png") {
		t.Errorf("read -debug onto a folder: exit %d, want %d: %s", code, exitFailed, stderr.String())
	}
}

// runAs runs one command as `hexiom name args…` does and returns its exit
// status.
func runAs(name string, args []string, stdout, stderr io.Writer) int {
	return run(append([]string{name}, args...), stdout, stderr)
}

// The exit status says what went wrong: 2 for a wrong command line, 1 for
// a command that failed (a bad input file among them, named with its line:
// "file:line: what"), 0 for success and for -h; the error is printed once,
// on one line that names the command.
func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("3\n   . . .\n  . 9 . .\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	level := levelsDir + "level10.txt"
	binary().ExitStatus(t, []clitest.Status{
		{Args: []string{"nosuch"}, Code: exitUsage, Line: `hexiom: unknown command "nosuch"; run 'hexiom help'`},
		{Args: []string{"solve", "-bogus", level}, Code: exitUsage, Line: "flag provided but not defined: -bogus"},
		{Args: []string{"solve"}, Code: exitUsage, Line: "hexiom solve: no level file; usage: hexiom " + program.Usage("solve")},
		{Args: []string{"gen", "-seed", "1", "extra"}, Code: exitUsage, Line: `hexiom gen: unexpected argument "extra"`},
		{Args: []string{"tantrix", "count", "-n", "2"}, Code: exitUsage, Line: "hexiom tantrix: -n 2: want 3 tiles or more"},
		{Args: []string{"solve", bad}, Code: exitFailed, Line: "hexiom solve: " + bad + ":3:5: expected '.' or a digit"},
		{Args: []string{"solve", filepath.Join(dir, "none.txt")}, Code: exitFailed, Line: "hexiom solve: read level: open " + filepath.Join(dir, "none.txt") + ": no such file or directory"},
		{Args: []string{"read", "-calibration", filepath.Join(dir, "none.json")}, Code: exitFailed, Line: filepath.Join(dir, "none.json")},
		{Args: []string{"solve", "-first", level}, Code: exitOK, Line: ""},
		{Args: []string{"solve", "-h"}, Code: exitOK, Line: ""},
	})
	binary().HelpListsEveryCommand(t)
}
