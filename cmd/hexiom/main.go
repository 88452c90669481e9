// Command hexiom plays the hexagonal puzzle Hexiom by itself, and serves a
// faithful clone of the game to play it in.
//
// Usage:
//
//	hexiom COMMAND [flags] [args]
//
// Run `hexiom help` for the list of commands and `hexiom COMMAND -h` for the
// flags of one. Flags may also follow the arguments (`hexiom solve L.txt
// -timeout 5s`), up to a "--" after which all are arguments. Exit status: 0 success; 1 the command failed (a level with
// no solution, a bad input file, the bot gave up); 2 a wrong command line
// (unknown command or flag, a flag value out of range, missing or extra
// arguments). The error is printed once, on stderr, as "hexiom COMMAND: …".
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"
)

// command is one subcommand; each lives in its own file. run returns the
// command's error; main prints it once and turns it into the exit status.
// ctx is cancelled when the user interrupts (SIGINT, SIGTERM): a command
// that runs long stops, and returns, at that.
type command struct {
	name  string
	usage string // one line: "solve [-json] FILE..."
	short string // what it does, one line
	run   func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// commandList is every command hexiom has: what a player uses, then the
// developers' benchmarks; platformCommands adds those that need Linux
// (bench-play and play-demo start Xvfb and Chromium).
var commandList = append([]command{
	gameCommand,
	calibrateCommand,
	learnCommand,
	readCommand,
	playCommand,
	solveCommand,
	genCommand,
	tantrixCommand,
	benchCommand,
	benchMaxCommand,
}, platformCommands...)

// commands is commandList by name.
var commands = map[string]command{}

func init() {
	for _, c := range commandList {
		if _, dup := commands[c.name]; dup {
			panic("hexiom: two commands named " + c.name)
		}
		commands[c.name] = c
	}
}

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // the command failed
	exitUsage  = 2 // the command line is wrong
)

// usageError is a wrong command line: exit status 2.
type usageError struct {
	msg   string
	shown bool // already printed, with the usage, by the flag package
}

func (e *usageError) Error() string { return e.msg }

// usagef is a usageError saying what is wrong with the command line.
func usagef(format string, a ...any) error {
	return &usageError{msg: fmt.Sprintf(format, a...)}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		help(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "hexiom: unknown command %q; run 'hexiom help'\n", args[0])
		return exitUsage
	}
	// cancelled once, on the first SIGINT or SIGTERM
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return exitStatus(c.name, c.run(ctx, args[1:], stdout, stderr), stderr)
}

// exitStatus prints err once, as "hexiom NAME: …" (one such line for each
// error errors.Join joined), and returns the exit status it means.
func exitStatus(name string, err error, stderr io.Writer) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	var ue *usageError
	usage := errors.As(err, &ue)
	if !usage || !ue.shown {
		for _, e := range joined(err) {
			fmt.Fprintf(stderr, "hexiom %s: %v\n", name, e)
		}
	}
	if usage {
		return exitUsage
	}
	return exitFailed
}

// joined returns the errors errors.Join joined into err, however nested,
// or err alone.
func joined(err error) []error {
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		return []error{err}
	}
	var out []error
	for _, e := range j.Unwrap() {
		out = append(out, joined(e)...)
	}
	return out
}

func help(w io.Writer) {
	fmt.Fprintln(w, "hexiom plays Hexiom by itself.\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		fmt.Fprintf(w, "  %-40s %s\n", c.usage, c.short)
	}
}

// newFlags returns a flag set for command c that prints its usage to stderr
// and returns errors instead of exiting.
func newFlags(c string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(c, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: hexiom %s\n", commands[c].usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args: nil to go on, flag.ErrHelp when help was asked
// for (exit 0), a usageError already printed when the flags are wrong.
// Flags after an argument are honoured as well (`solve L.txt -timeout 5s`),
// up to a "--", after which everything is an argument; fs.Args() then holds
// the arguments in order. With noArgs, arguments are wrong.
func parseFlags(fs *flag.FlagSet, args []string, noArgs bool) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return &usageError{msg: err.Error(), shown: true}
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" && !isFlagValue(fs, args, used-1) {
			pos = append(pos, rest...) // after "--": arguments only
			break
		}
		if len(rest) == 0 {
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	if noArgs && len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	// fs.Args() is what follows the "--": the arguments, in order.
	return fs.Parse(append([]string{"--"}, pos...))
}

// isFlagValue reports whether args[i] is the value of the flag before it
// ("-o --"), not a flag or a "--" of its own.
func isFlagValue(fs *flag.FlagSet, args []string, i int) bool {
	if i == 0 {
		return false
	}
	name, ok := strings.CutPrefix(args[i-1], "-")
	if !ok || strings.Contains(name, "=") {
		return false
	}
	name = strings.TrimPrefix(name, "-")
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, isBool := f.Value.(interface{ IsBoolFlag() bool })
	return !isBool || !b.IsBoolFlag()
}

// choice is a flag whose value must be one of a list: any other is refused
// as the flag is parsed (exit 2), before the command does anything.
type choice struct {
	value string
	of    []string
}

// choiceFlag defines a flag whose value is one of of, def by default.
func choiceFlag(fs *flag.FlagSet, name, def, usage string, of ...string) *string {
	c := &choice{value: def, of: of}
	fs.Var(c, name, usage)
	return &c.value
}

func (c *choice) String() string {
	if c == nil {
		return ""
	}
	return c.value
}

func (c *choice) Set(s string) error {
	for _, o := range c.of {
		if s == o {
			c.value = s
			return nil
		}
	}
	return fmt.Errorf("want %s", strings.Join(c.of, ", "))
}

// maxThreads bounds -threads: more goroutines than this only share the
// same cores.
const maxThreads = 256

// checkThreads refuses a -threads out of 1..maxThreads (exit 2) rather
// than clamping it.
func checkThreads(n int) error {
	if n < 1 || n > maxThreads {
		return usagef("-threads %d: want 1..%d (1 is deterministic)", n, maxThreads)
	}
	return nil
}

// checkTimeout is the one rule for every -timeout: a positive duration;
// zero or less is refused (exit 2).
func checkTimeout(d time.Duration) error {
	if d <= 0 {
		return usagef("-timeout %v: want a positive duration, e.g. 30s", d)
	}
	return nil
}
