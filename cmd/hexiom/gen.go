package main

// hexiom gen: print a random level.
//
//	hexiom gen [-size 6] [-seed N] [-solution | -altered | -far]
//
// The level is built solved and scrambled (board.Random), so it always has a
// solution; the same size and seed always give the same level. -altered
// changes two of its tiles' numbers, one up and one down (board.Altered):
// the level may then have no solution. -far changes 4 to 14 of them, locked
// ones too (board.FarLevel: the hard set of solve -max, issue 27).

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"hexiom/board"
	"hexiom/internal/cli"
)

// genCommand is `hexiom gen` (main.go lists the commands).
var genCommand = cli.Command{
	Name:  "gen",
	Usage: "gen [-size 6] [-seed N] [-solution | -altered | -far]",
	Short: "print a random level (always solvable) in the level format",
	Run:   runGen,
}

func runGen(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("gen", stderr)
	size := fs.Int("size", 6, "board side, 1..12 (the game uses 3..6)")
	seed := fs.Uint64("seed", 0, "random seed (default: from the clock, printed on stderr)")
	withSol := fs.Bool("solution", false, "also print the solved board it was scrambled from")
	altered := fs.Bool("altered", false, "change two tiles' numbers, one up, one down (may have no solution)")
	far := fs.Bool("far", false, "change 4 to 14 tiles' numbers, locked ones too (an overconstrained level for solve -max)")
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return err
	}
	if !board.ValidSize(*size) {
		return cli.Usagef("-size %d: want 1..%d", *size, board.MaxSize)
	}
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "seed" })
	if !set {
		*seed = uint64(time.Now().UnixNano())
		fmt.Fprintf(stderr, "seed %d\n", *seed)
	}
	if *far {
		if *withSol || *altered || *size < 3 {
			return cli.Usagef("-far takes no -solution or -altered and a -size of 3 or more")
		}
		fmt.Fprint(stdout, board.FarLevel(*size, *seed).Format())
		return nil
	}
	if *altered {
		if *withSol || *size < 3 {
			return cli.Usagef("-altered takes no -solution and a -size of 3 or more")
		}
		fmt.Fprint(stdout, board.Altered(*size, *seed).Format())
		return nil
	}
	level, sol := board.RandomWithSolution(*size, *seed)
	fmt.Fprint(stdout, level.Format())
	if *withSol {
		fmt.Fprint(stdout, "\n"+sol.Format())
	}
	return nil
}
