// Command hexiom-lab is hexiom's second binary, for developers: the
// benchmarks of the solver (bench, bench-max) and of the bot end to end
// (bench-play), the README's demo (play-demo), and the files other solvers
// take (cnf, dzn; tantrix-mzn runs the seed article's MiniZinc model on
// Gecode). What a player uses is cmd/hexiom's; bench-play and play-demo
// run that binary's `hexiom play` (-hexiom FILE, by default the hexiom
// beside hexiom-lab, else the one on PATH):
//
//	go build -o bin/ ./cmd/hexiom ./cmd/hexiom-lab
//	bin/hexiom-lab bench -random 100
//
// Usage:
//
//	hexiom-lab COMMAND [flags] [args]
//
// Run `hexiom-lab help` for the list of commands and `hexiom-lab COMMAND
// -h` for the flags of one. Flags, exit statuses and errors follow
// hexiom's rule (package internal/cli): 0 success; 1 the command failed; 2
// a wrong command line; 3 a crash (a panic); the error printed once, on stderr, as "hexiom-lab
// COMMAND: …".
package main

import (
	"flag"
	"io"

	"hexiom/internal/cli"
)

// commandList is every command hexiom-lab has, each in its own file;
// platformCommands adds those that need Linux (bench-play and play-demo
// start Xvfb and Chromium).
var commandList = append([]cli.Command{
	benchCommand,
	benchMaxCommand,
	cnfCommand,
	dznCommand,
	tantrixMZNCommand,
}, platformCommands...)

// program is hexiom-lab: commandList, run by internal/cli (set in init:
// the commands' functions refer to it).
var program *cli.Program

func init() {
	program = cli.New("hexiom-lab", "hexiom-lab: hexiom's benchmarks, demo and files for other solvers, for developers.", commandList)
}

func main() { program.Main() }

// run runs `hexiom-lab args…` and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	return program.Run(args, stdout, stderr)
}

// newFlags returns the flag set of command c.
func newFlags(c string, stderr io.Writer) *flag.FlagSet {
	return program.Flags(c, stderr)
}
