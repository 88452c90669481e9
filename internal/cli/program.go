package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"sort"
	"syscall"
)

// Command is one command of a program; each lives in its own file. Run
// returns the command's error; the program prints it once and turns it
// into the exit status. ctx is cancelled when the user interrupts (SIGINT,
// SIGTERM): a command that runs long stops, and returns, at that.
type Command struct {
	Name  string
	Usage string // one line: "solve [-json] FILE..."
	Short string // what it does, one line
	Run   func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// Exit statuses.
const (
	ExitOK     = 0
	ExitFailed = 1 // the command failed
	ExitUsage  = 2 // the command line is wrong
	// ExitCrashed: the command panicked (a bug); the panic and its stack
	// are on stderr. A panic on another goroutine the command started is
	// not recovered here: the Go runtime prints it and exits 2.
	ExitCrashed = 3
)

// Program is a binary's list of commands.
type Program struct {
	name   string // "hexiom"
	intro  string // the first line of help
	byName map[string]Command
}

// New returns the program name with its commands; intro is the first line
// of its help. Two commands of one name panic.
func New(name, intro string, commands []Command) *Program {
	p := &Program{name: name, intro: intro, byName: map[string]Command{}}
	for _, c := range commands {
		if _, dup := p.byName[c.Name]; dup {
			panic(name + ": two commands named " + c.Name)
		}
		p.byName[c.Name] = c
	}
	return p
}

// Names returns the names of the program's commands, sorted.
func (p *Program) Names() []string {
	names := make([]string, 0, len(p.byName))
	for n := range p.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Usage returns command name's usage line ("" for none).
func (p *Program) Usage(name string) string { return p.byName[name].Usage }

// Main runs the command os.Args names and exits with its status.
func (p *Program) Main() {
	os.Exit(p.Run(os.Args[1:], os.Stdout, os.Stderr))
}

// Run runs the command args[0] with the arguments after it and returns the
// exit status; no command, or help, prints the list of commands.
func (p *Program) Run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		p.help(stdout)
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitOK
	}
	c, ok := p.byName[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "%s: unknown command %q; run '%s help'\n", p.name, args[0], p.name)
		return ExitUsage
	}
	// Cancelled once, on the first of these signals. SIGHUP (the terminal
	// closed) and SIGQUIT too (issue 42): uncaught, they kill the process
	// in the middle of a drag and the X server keeps its XTest press, the
	// button held down under the user's next move. SIGKILL cannot be
	// caught (README, "Stopping the bot").
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer stop()
	return p.runCommand(ctx, c, args[1:], stdout, stderr)
}

// runCommand runs c and returns its exit status; a panic on c's goroutine
// is printed with its stack to stderr and exits ExitCrashed, not the Go
// runtime's 2, which a wrong command line exits with.
func (p *Program) runCommand(ctx context.Context, c Command, args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(stderr, "%s %s: crashed (a bug; please report it): panic: %v\n\n%s", p.name, c.Name, v, debug.Stack())
			code = ExitCrashed
		}
	}()
	return p.ExitStatus(c.Name, c.Run(ctx, args, stdout, stderr), stderr)
}

// ExitStatus prints err once, as "PROGRAM NAME: …" (one such line for each
// error errors.Join joined), and returns the exit status it means.
func (p *Program) ExitStatus(name string, err error, stderr io.Writer) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	var ue *UsageError
	usage := errors.As(err, &ue)
	if !usage || !ue.Shown {
		for _, e := range joined(err) {
			fmt.Fprintf(stderr, "%s %s: %v\n", p.name, name, e)
		}
	}
	if usage {
		return ExitUsage
	}
	return ExitFailed
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

func (p *Program) help(w io.Writer) {
	fmt.Fprintf(w, "%s\n\nUsage: %s COMMAND [flags]\n\nCommands:\n", p.intro, p.name)
	width := 0
	for _, n := range p.Names() {
		width = max(width, len(n))
	}
	for _, n := range p.Names() {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, p.byName[n].Short)
	}
	fmt.Fprintf(w, "\nRun '%s COMMAND -h' for a command's flags.\n", p.name)
}

// Flags returns a flag set for command name that prints its usage to
// stderr and returns errors instead of exiting.
func (p *Program) Flags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s %s\n", p.name, p.byName[name].Usage)
		fs.PrintDefaults()
	}
	return fs
}

// UsageError is a wrong command line: exit status 2.
type UsageError struct {
	Msg   string
	Shown bool // already printed, with the usage, by the flag package or the command
}

func (e *UsageError) Error() string { return e.Msg }

// Usagef is a UsageError saying what is wrong with the command line.
func Usagef(format string, a ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, a...)}
}
