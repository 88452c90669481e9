// Command hexiom plays the hexagonal puzzle Hexiom by itself, and serves a
// faithful clone of the game to play it in.
//
// Usage:
//
//	hexiom COMMAND [flags] [args]
//
// Run `hexiom help` for the list of commands and `hexiom COMMAND -h` for the
// flags of one. Exit status: 0 success, 1 a level has no solution or the bot
// failed, 2 bad input or usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand. Each lives in its own file and registers itself
// in an init function.
type command struct {
	name  string
	usage string // one line: "solve [-json] FILE..."
	short string // what it does, one line
	run   func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("hexiom: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// Exit statuses.
const (
	exitOK      = 0
	exitFailed  = 1
	exitBadUser = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		help(stdout)
		if len(args) == 0 {
			return exitBadUser
		}
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "hexiom: unknown command %q; run 'hexiom help'\n", args[0])
		return exitBadUser
	}
	return c.run(args[1:], stdout, stderr)
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

// parseFlags parses args and returns the exit status to use when parsing
// failed or help was asked for, or -1 to go on.
func parseFlags(fs *flag.FlagSet, args []string) int {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitBadUser
	}
	return -1
}
