package main

// hexiom tantrix: the Tantrix Discovery puzzle (package tantrix).
//
//	hexiom tantrix solve [-json] [-timeout D] [-threads N] [-o FILE.svg] BOARD
//	hexiom tantrix gen -n N [-seed S] [-colour C] [-o FILE]
//	hexiom tantrix count -n N [-colour C] [-o FILE.svg]
//
// solve exits 1 when the board has no solution (proved by exhausting the
// search) or the time ran out. (The MiniZinc model of the seed article on
// Gecode is `hexiom-lab tantrix-mzn`.)

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"hexiom/internal/cli"
	"hexiom/internal/safefile"
	"hexiom/tantrix"
)

// tantrixCommand is `hexiom tantrix` (main.go lists the commands).
var tantrixCommand = cli.Command{
	Name:  "tantrix",
	Usage: "tantrix solve|gen|count [flags] ...",
	Short: "the Tantrix Discovery puzzle: solve a fixed board, make boards, count free shapes",
	Run:   runTantrix,
}

const tantrixUsage = `usage:
  hexiom tantrix solve [-json] [-timeout D] [-threads N] [-o FILE.svg] BOARD
  hexiom tantrix gen -n N [-seed S] [-colour C] [-o FILE] [-svg FILE.svg]
  hexiom tantrix count -n N [-colour C] [-o FILE.svg]
A BOARD file holds a line "tantrix N [COLOUR]", then one place "q r" per line.
`

func runTantrix(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, tantrixUsage)
		return &cli.UsageError{Msg: "no subcommand", Shown: true}
	}
	switch args[0] {
	case "solve":
		return tantrixSolve(ctx, args[1:], stdout, stderr)
	case "gen":
		return tantrixGen(ctx, args[1:], stdout, stderr)
	case "count":
		return tantrixCount(ctx, args[1:], stdout, stderr)
	case "-h", "help", "--help":
		fmt.Fprint(stderr, tantrixUsage)
		return nil
	}
	fmt.Fprint(stderr, tantrixUsage)
	return cli.Usagef("unknown subcommand %q", args[0])
}

// tantrixFlags returns the flag set of a tantrix subcommand; its usage is
// the subcommand's line of tantrixUsage.
func tantrixFlags(sub string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("tantrix "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		for _, l := range strings.Split(tantrixUsage, "\n") {
			if strings.HasPrefix(l, "  hexiom tantrix "+sub+" ") {
				fmt.Fprintln(stderr, "usage: "+strings.TrimSpace(l))
			}
		}
		fs.PrintDefaults()
	}
	return fs
}

// tantrixBoardArgs parses the flags of tantrix solve, which takes one BOARD
// file and a -timeout, checks the timeout and reads the board.
func tantrixBoardArgs(fs *flag.FlagSet, args []string, timeout *time.Duration) (*tantrix.Board, error) {
	if err := cli.ParseFlags(fs, args, false); err != nil {
		return nil, err
	}
	if err := cli.CheckTimeout(*timeout); err != nil {
		return nil, err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return nil, &cli.UsageError{Msg: "want one BOARD file", Shown: true}
	}
	return cli.ReadTantrixBoard(fs.Arg(0))
}

// tantrixTiles parses the flags of a subcommand that takes -n and -colour
// (gen, count) and returns the colour.
func tantrixTiles(fs *flag.FlagSet, args []string, n *int, col *string) (tantrix.Colour, error) {
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return 0, err
	}
	if *n < 3 {
		return 0, cli.Usagef("-n %d: want 3 tiles or more", *n)
	}
	if *col == "" {
		return tantrix.DefaultColour(*n), nil
	}
	c, err := tantrix.ParseColour(*col)
	if err != nil {
		return 0, cli.Usagef("-colour: %v", err)
	}
	return c, nil
}

// tantrixPlace is one tile of a -json report.
type tantrixPlace struct {
	Q    int `json:"q"`
	R    int `json:"r"`
	Tile int `json:"tile"`
	Rot  int `json:"rot"`
}

// tantrixReport is the output of `hexiom tantrix solve -json`.
type tantrixReport struct {
	N       int            `json:"n"`
	Colour  string         `json:"colour"`
	Solved  bool           `json:"solved"`
	Proved  bool           `json:"proved"` // false when the time ran out
	Places  []tantrixPlace `json:"places"`
	Nodes   int64          `json:"nodes"`
	SolveNS int64          `json:"solve_ns"`
	CPUNS   int64          `json:"cpu_ns"` // the process's CPU time over the solve (both lanes)
}

// writeSVGFile draws ts into the SVG file name, through a temporary file
// and a rename.
func writeSVGFile(name string, ts []tantrix.Placed, c tantrix.Colour) error {
	if err := safefile.Write(name, func(w io.Writer) error { return tantrix.WriteSVG(w, ts, c) }); err != nil {
		return fmt.Errorf("picture %s: %w", name, err)
	}
	return nil
}

func tantrixSolve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := tantrixFlags("solve", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	timeout := fs.Duration("timeout", 10*time.Minute, "give up after this long")
	out := fs.String("o", "", "draw the solution into this SVG file")
	threads := fs.Int("threads", tantrix.DefaultThreads(), "goroutines (two lanes at most); 1 is deterministic (the same nodes every run)")
	b, err := tantrixBoardArgs(fs, args, timeout)
	if err != nil {
		return err
	}
	if err := cli.CheckThreads(*threads); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	cpu0 := cli.ProcessCPU()
	res, err := tantrix.Solve(ctx, b, tantrix.Threads(*threads))
	cpu := cli.ProcessCPU() - cpu0
	proved := err == nil
	if err != nil && !errors.Is(err, tantrix.ErrStopped) {
		return err
	}
	rep := tantrixReport{N: b.N, Colour: b.Colour.String(), Solved: res.Solved, Proved: proved,
		Places: []tantrixPlace{}, Nodes: res.Nodes, SolveNS: res.Elapsed.Nanoseconds(), CPUNS: cpu.Nanoseconds()}
	for _, t := range res.Tiles {
		rep.Places = append(rep.Places, tantrixPlace{t.Q, t.R, t.Tile, t.Rot})
	}
	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(rep); err != nil {
			return err
		}
	} else {
		switch {
		case res.Solved:
			fmt.Fprintf(stdout, "solved: n=%d colour %s, %d nodes, %v\n# q r tile rotation\n", b.N, b.Colour.Name(), res.Nodes, res.Elapsed.Round(time.Microsecond))
			for _, p := range rep.Places {
				fmt.Fprintf(stdout, "%d %d %d %d\n", p.Q, p.R, p.Tile, p.Rot)
			}
		case proved:
			fmt.Fprintf(stdout, "no solution: n=%d colour %s (search exhausted: %d nodes, %v)\n", b.N, b.Colour.Name(), res.Nodes, res.Elapsed.Round(time.Microsecond))
		default:
			fmt.Fprintf(stdout, "unknown: n=%d colour %s, no solution found in %v (%d nodes)\n", b.N, b.Colour.Name(), *timeout, res.Nodes)
		}
	}
	switch {
	case res.Solved && *out != "":
		return writeSVGFile(*out, res.Tiles, b.Colour)
	case res.Solved:
		return nil
	case proved:
		return fmt.Errorf("n=%d colour %s: no solution (search exhausted)", b.N, b.Colour.Name())
	default:
		return err
	}
}

func tantrixGen(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := tantrixFlags("gen", stderr)
	n := fs.Int("n", 0, fmt.Sprintf("number of tiles, 3 to %d", tantrix.MaxGenerate))
	seed := fs.Uint64("seed", 1, "random seed")
	col := fs.String("colour", "", "designated colour R, B or Y (default: the challenge's)")
	out := fs.String("o", "", "write the board to this file instead of stdout")
	pic := fs.String("svg", "", "also draw the loop the board was made from into this SVG file")
	c, err := tantrixTiles(fs, args, n, col)
	if err != nil {
		return err
	}
	if *n > tantrix.MaxGenerate {
		return cli.Usagef("-n %d: want at most %d tiles", *n, tantrix.MaxGenerate)
	}
	b, loop, err := tantrix.Generate(ctx, *n, c, *seed)
	if err != nil {
		return err
	}
	write := func(w io.Writer) error {
		fmt.Fprintf(w, "# hexiom tantrix gen -n %d -seed %d -colour %s\n", *n, *seed, c)
		return b.Format(w)
	}
	if *out == "" {
		if err := write(stdout); err != nil {
			return err
		}
	} else if err := safefile.Write(*out, write); err != nil { // a temporary file and a rename
		return fmt.Errorf("board %s: %w", *out, err)
	}
	if *pic != "" {
		return writeSVGFile(*pic, loop, c)
	}
	return nil
}

// tantrixCountMax is the most tiles tantrix.Count takes.
const tantrixCountMax = 40

func tantrixCount(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := tantrixFlags("count", stderr)
	n := fs.Int("n", 0, "number of tiles, 3..40 (past 12 it takes very long)")
	col := fs.String("colour", "", "designated colour R, B or Y (default: the challenge's)")
	pic := fs.String("o", "", "draw the first solution into this SVG file")
	timeout := fs.Duration("timeout", time.Hour, "give up after this long")
	c, err := tantrixTiles(fs, args, n, col)
	if err != nil {
		return err
	}
	if *n > tantrixCountMax {
		return cli.Usagef("-n %d: count takes 3..%d tiles", *n, tantrixCountMax)
	}
	if err := cli.CheckTimeout(*timeout); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	start := time.Now()
	res, err := tantrix.Count(ctx, *n, c, 1)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "n=%d colour %s: %d solutions up to translation, %d up to rotation and translation\n", *n, c.Name(), res.Translation, res.Rotation)
	fmt.Fprintf(stdout, "  %d more (up to rotation) rejected for enclosing a hole; %d up to rotation by lwiest/SolvingTantrix's hole test\n", res.Holed, res.Offset)
	fmt.Fprintf(stdout, "  %d tiles tried, %v\n", res.Nodes, time.Since(start).Round(time.Millisecond))
	if *pic != "" && len(res.Examples) > 0 {
		return writeSVGFile(*pic, res.Examples[0], c)
	}
	return nil
}
