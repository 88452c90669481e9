package cli

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"
)

// ParseFlags parses args: nil to go on, flag.ErrHelp when help was asked
// for (exit 0), a UsageError already printed when the flags are wrong.
// Flags after an argument are honoured as well (`solve L.txt -timeout 5s`),
// up to a "--", after which everything is an argument; fs.Args() then holds
// the arguments in order. With noArgs, arguments are wrong.
func ParseFlags(fs *flag.FlagSet, args []string, noArgs bool) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return &UsageError{Msg: err.Error(), Shown: true}
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
		return Usagef("unexpected argument %q", pos[0])
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

// Choice defines a flag whose value is one of of, def by default.
func Choice(fs *flag.FlagSet, name, def, usage string, of ...string) *string {
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

// MaxThreads bounds -threads: more goroutines than this only share the
// same cores.
const MaxThreads = 256

// CheckThreads refuses a -threads out of 1..MaxThreads (exit 2) rather
// than clamping it.
func CheckThreads(n int) error {
	if n < 1 || n > MaxThreads {
		return Usagef("-threads %d: want 1..%d (1 is deterministic)", n, MaxThreads)
	}
	return nil
}

// CheckTimeout is the one rule for every -timeout: a positive duration;
// zero or less is refused (exit 2).
func CheckTimeout(d time.Duration) error {
	if d <= 0 {
		return Usagef("-timeout %v: want a positive duration, e.g. 30s", d)
	}
	return nil
}
