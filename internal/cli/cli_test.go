package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// ParseFlags honours flags after the arguments, up to a "--" (which may
// also be a flag's value), and refuses arguments where none are taken.
func TestParseFlags(t *testing.T) {
	for _, c := range []struct {
		args   []string
		noArgs bool
		o      string
		v      bool
		rest   []string
		err    string // in the error; "" for none
	}{
		{[]string{"a", "-v", "b"}, false, "", true, []string{"a", "b"}, ""},
		{[]string{"a", "-o", "x", "b"}, false, "x", false, []string{"a", "b"}, ""},
		{[]string{"a", "--", "-v"}, false, "", false, []string{"a", "-v"}, ""},
		{[]string{"-o", "--", "a"}, false, "--", false, []string{"a"}, ""},
		{[]string{"-v", "a"}, true, "", true, nil, `unexpected argument "a"`},
		{[]string{"a", "-nosuch"}, false, "", false, nil, "-nosuch"},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		o, v := fs.String("o", "", ""), fs.Bool("v", false, "")
		err := ParseFlags(fs, c.args, c.noArgs)
		if c.err != "" {
			var ue *UsageError
			if err == nil || !strings.Contains(err.Error(), c.err) || !errors.As(err, &ue) {
				t.Errorf("%q: %v, want a usage error saying %q", c.args, err, c.err)
			}
			continue
		}
		if err != nil || *o != c.o || *v != c.v || !slices.Equal(fs.Args(), c.rest) && len(fs.Args())+len(c.rest) > 0 {
			t.Errorf("%q: %v, -o %q -v %v, args %q; want -o %q -v %v, args %q", c.args, err, *o, *v, fs.Args(), c.o, c.v, c.rest)
		}
	}
}

// A program prints a command's error once a line, as "PROG NAME: …", and
// returns 2 for a usage error, 1 for any other, 0 for none or -h; a
// command that panics exits 3 (not the Go runtime's 2) with the panic and
// the stack down to the panicking function on stderr; a choice flag out
// of its list is a usage error; two commands of one name panic.
func TestProgram(t *testing.T) {
	fail := func(err error) func(context.Context, []string, io.Writer, io.Writer) error {
		return func(context.Context, []string, io.Writer, io.Writer) error { return err }
	}
	var p *Program
	choose := func(_ context.Context, args []string, _, stderr io.Writer) error {
		fs := p.Flags("choose", stderr)
		Choice(fs, "look", "a", "", "a", "b")
		return ParseFlags(fs, args, true)
	}
	p = New("prog", "prog does things.", []Command{
		{Name: "ok", Run: fail(nil)},
		{Name: "bad", Run: fail(errors.Join(fmt.Errorf("one: %w", errors.New("x")), Usagef("two")))},
		{Name: "broken", Run: fail(errors.Join(errors.New("first"), errors.New("second")))},
		{Name: "choose", Usage: "choose [-look a|b]", Run: choose},
		{Name: "crash", Run: crashCommand},
	})
	for _, c := range []struct {
		args   []string
		code   int
		stderr []string // each exactly once
	}{
		{[]string{"ok"}, ExitOK, nil},
		{[]string{"bad"}, ExitUsage, []string{"prog bad: one: x\n", "prog bad: two\n"}},
		{[]string{"broken"}, ExitFailed, []string{"prog broken: first\n", "prog broken: second\n"}},
		{[]string{"choose", "-look", "c"}, ExitUsage, []string{"want a, b", "usage: prog choose [-look a|b]"}},
		{[]string{"choose", "-h"}, ExitOK, []string{"usage: prog choose"}},
		{[]string{"crash"}, ExitCrashed, []string{"prog crash: crashed (a bug; please report it): panic: runtime error: index out of range [3] with length 2\n", "hexiom/internal/cli.crashCommand("}},
		{[]string{"nosuch"}, ExitUsage, []string{`prog: unknown command "nosuch"; run 'prog help'`}},
	} {
		var stderr strings.Builder
		code := p.Run(c.args, io.Discard, &stderr)
		if code != c.code {
			t.Errorf("%q: exit %d, want %d: %s", c.args, code, c.code, stderr.String())
		}
		for _, s := range c.stderr {
			if n := strings.Count(stderr.String(), s); n != 1 {
				t.Errorf("%q: %q %d times in %q, want once", c.args, s, n, stderr.String())
			}
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("two commands named ok: no panic")
		}
	}()
	New("prog", "", []Command{{Name: "ok"}, {Name: "ok"}})
}

// crashCommand panics as a bug would: an index out of range.
func crashCommand(_ context.Context, args []string, _, _ io.Writer) error {
	s := []int{1, 2}
	i := len(args) + 3
	return fmt.Errorf("never: %d", s[i])
}

// TestHelpOneLineACommand (issue 43): help lists each command on one line,
// its name and what it does, not its flags (those are on CMD -h).
func TestHelpOneLineACommand(t *testing.T) {
	run := func(context.Context, []string, io.Writer, io.Writer) error { return nil }
	p := New("prog", "prog does things.", []Command{
		{Name: "solve", Usage: "solve [-json] [-timeout D] [-first | -max tiles|points] FILE...", Short: "solve level files", Run: run},
		{Name: "go", Usage: "go [-fast]", Short: "go somewhere", Run: run},
	})
	var out strings.Builder
	if st := p.Run([]string{"help"}, &out, io.Discard); st != ExitOK {
		t.Fatalf("help: exit %d", st)
	}
	h := out.String()
	for _, want := range []string{"\n  go     go somewhere\n", "\n  solve  solve level files\n", "prog COMMAND -h"} {
		if !strings.Contains(h, want) {
			t.Errorf("help does not say %q:\n%s", want, h)
		}
	}
	if strings.Contains(h, "-json") {
		t.Errorf("help lists a command's flags:\n%s", h)
	}
}
