package clitest

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hexiom/internal/cli"
)

// Binary is one program under test: its name as it prints it, its run
// function (main's, without the process), its commands as help lists
// them, and the environment variable that makes its test binary run as
// main (for the checks that need a process of its own).
type Binary struct {
	Name    string
	Run     func(args []string, stdout, stderr io.Writer) int
	Names   []string
	MainEnv string
}

// DesignNamesEveryCommand: DESIGN.md (design, its path) has a row for
// cmd/NAME/ in its table of packages, which names every command the binary
// has, in backquotes, and no command it has not.
func (b Binary) DesignNamesEveryCommand(t *testing.T, design string) {
	t.Helper()
	text, err := os.ReadFile(design)
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `cmd/" + regexp.QuoteMeta(b.Name) + "/` \\|(.*)$").FindSubmatch(text)
	if row == nil {
		t.Fatalf("DESIGN.md has no row for `cmd/%s/` in its table of packages", b.Name)
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`([a-z][a-z-]*)`").FindAllSubmatch(row[1], -1) {
		named[string(m[1])] = true
	}
	for _, n := range b.Names {
		if !named[n] {
			t.Errorf("DESIGN.md's row for cmd/%s does not name the command %s", b.Name, n)
		}
		delete(named, n)
	}
	for n := range named {
		t.Errorf("DESIGN.md's row for cmd/%s names %q, which %s has no command of", b.Name, n, b.Name)
	}
}

// Replaced runs a command that writes the file out (made beforehand with
// old content and a hard link to it) and checks that it wrote a new file
// and renamed it over out: the link keeps the old content (a command that
// truncated and wrote out in place would change it too), out holds the new
// content (want in it), and no temporary file is left beside it.
func (b Binary) Replaced(t *testing.T, out, want string, args ...string) {
	t.Helper()
	if err := os.WriteFile(out, []byte("old content\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := out + ".link"
	if err := os.Link(out, link); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(link)
	var stdout, stderr strings.Builder
	if code := b.Run(args, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("%s %q: exit %d: %s", b.Name, args, code, stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(got), want) {
		t.Errorf("%s %q: %s holds %.100q, %v; want %q in it", b.Name, args, filepath.Base(out), got, err, want)
	}
	if old, _ := os.ReadFile(link); string(old) != "old content\n" {
		t.Errorf("%s %q wrote %s in place (truncated, then wrote): its hard link now holds %.100q", b.Name, args, filepath.Base(out), old)
	}
	ents, _ := os.ReadDir(filepath.Dir(out))
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("%s %q left %s", b.Name, args, e.Name())
		}
	}
}

// Status is a command line and what it must end with: its exit status
// and the one line of stderr that says what is wrong ("" for none, and
// then a success must print nothing on stderr, unless it was asked -h).
type Status struct {
	Args []string
	Code int
	Line string
}

// ExitStatus runs each command line and checks its exit status, and that
// the error is printed once: 2 for a wrong command line, 1 for a command
// that failed, 0 for success and for -h.
func (b Binary) ExitStatus(t *testing.T, cases []Status) {
	t.Helper()
	for _, tc := range cases {
		var stdout, stderr strings.Builder
		code := b.Run(tc.Args, &stdout, &stderr)
		msg := stderr.String()
		if code != tc.Code {
			t.Errorf("%s %q: exit %d, want %d: %s", b.Name, tc.Args, code, tc.Code, msg)
			continue
		}
		if tc.Line == "" {
			if code == cli.ExitOK && tc.Args[len(tc.Args)-1] != "-h" && msg != "" {
				t.Errorf("%s %q: succeeded saying %q", b.Name, tc.Args, msg)
			}
			continue
		}
		if n := strings.Count(msg, tc.Line); n != 1 {
			t.Errorf("%s %q: %q printed %d times, want once, in:\n%s", b.Name, tc.Args, tc.Line, n, msg)
		}
	}
}

// HelpListsEveryCommand: the binary run with no command is a usage error
// (exit 2) whose help lists every command it has.
func (b Binary) HelpListsEveryCommand(t *testing.T) {
	t.Helper()
	var stdout, stderr strings.Builder
	if code := b.Run(nil, &stdout, &stderr); code != cli.ExitUsage {
		t.Errorf("%s alone: exit %d, want %d", b.Name, code, cli.ExitUsage)
	}
	help := stdout.String() + stderr.String()
	for _, n := range b.Names {
		if !strings.Contains(help, "  "+n) {
			t.Errorf("%s's help does not list %s:\n%s", b.Name, n, help)
		}
	}
}

// Refusal is a command line with a flag's value out of its range or list,
// and what the message must name (the flag, or the flag and its value).
type Refusal struct {
	Flag string
	Args []string
}

// FlagValuesRefused: each command line is a usage error (exit 2) whose
// message names the flag, rather than a value clamped or a command run.
func (b Binary) FlagValuesRefused(t *testing.T, cases []Refusal) {
	t.Helper()
	for _, tc := range cases {
		var stdout, stderr strings.Builder
		code := b.Run(tc.Args, &stdout, &stderr)
		if code != cli.ExitUsage || !strings.Contains(stderr.String(), tc.Flag) {
			t.Errorf("%s %q: exit %d, want %d naming %s: %.300s", b.Name, tc.Args, code, cli.ExitUsage, tc.Flag, stderr.String())
		}
	}
}
