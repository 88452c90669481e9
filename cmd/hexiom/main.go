// Command hexiom plays the hexagonal puzzle Hexiom by itself, and serves a
// faithful clone of the game to play it in. It holds what a player uses;
// the developers' benchmarks, demos and file writers are cmd/hexiom-lab's.
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
// arguments); 3 the command crashed (a panic on its goroutine, printed
// with its stack). The error is printed once, on stderr, as "hexiom COMMAND: …"
// (package internal/cli, which hexiom-lab shares).
package main

import (
	"flag"
	"io"
	"os"

	"hexiom/internal/cli"
)

// commandList is every command hexiom has, each in its own file; every one
// runs on every platform.
var commandList = []cli.Command{
	gameCommand,
	calibrateCommand,
	learnCommand,
	readCommand,
	playCommand,
	solveCommand,
	genCommand,
	tantrixCommand,
}

// program is hexiom: commandList, run by internal/cli (set in init: the
// commands' functions refer to it).
var program *cli.Program

func init() {
	program = cli.New("hexiom", "hexiom plays Hexiom by itself.", commandList)
}

func main() {
	if len(os.Args) == 1 && ownConsole() {
		// A double-click in Explorer: say what hexiom does and keep the
		// window open (issue 41), rather than print the help into a
		// console that closes at once.
		os.Exit(guide(os.Stdin, os.Stdout, func(args []string) int { return run(args, os.Stdout, os.Stderr) }))
	}
	program.Main()
}

// run runs `hexiom args…` and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	return program.Run(args, stdout, stderr)
}

// newFlags returns the flag set of command c.
func newFlags(c string, stderr io.Writer) *flag.FlagSet {
	return program.Flags(c, stderr)
}
