package main

// hexiom tantrix: the Tantrix Discovery puzzle (package tantrix).
//
//	hexiom tantrix solve [-json] [-timeout D] [-o FILE.svg] BOARD
//	hexiom tantrix gen -n N [-seed S] [-colour C] [-o FILE]
//	hexiom tantrix count -n N [-colour C] [-o FILE.svg]
//	hexiom tantrix mzn [-json] [-timeout D] BOARD
//
// solve exits 1 when the board has no solution (proved by exhausting the
// search) or the time ran out; mzn runs the MiniZinc model of the seed
// article on Gecode (scripts/tantrix.mzn) with its sub-loop cuts.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"hexiom/tantrix"
)

func init() {
	register(command{
		name:  "tantrix",
		usage: "tantrix solve|gen|count|mzn [flags] ...",
		short: "the Tantrix Discovery puzzle: solve a fixed board, make boards, count free shapes",
		run:   runTantrix,
	})
}

func runTantrix(args []string, stdout, stderr io.Writer) int {
	usage := func() int {
		fmt.Fprint(stderr, `usage:
  hexiom tantrix solve [-json] [-timeout D] [-o FILE.svg] BOARD
  hexiom tantrix gen -n N [-seed S] [-colour C] [-o FILE]
  hexiom tantrix count -n N [-colour C] [-o FILE.svg]
  hexiom tantrix mzn [-json] [-timeout D] [-model FILE] BOARD
A BOARD file holds a line "tantrix N [COLOUR]", then one place "q r" per line.
`)
		return exitBadUser
	}
	if len(args) == 0 {
		return usage()
	}
	switch args[0] {
	case "solve":
		return tantrixSolve(args[1:], stdout, stderr)
	case "gen":
		return tantrixGen(args[1:], stdout, stderr)
	case "count":
		return tantrixCount(args[1:], stdout, stderr)
	case "mzn":
		return tantrixMZN(args[1:], stdout, stderr)
	case "-h", "help", "--help":
		usage()
		return exitOK
	}
	fmt.Fprintf(stderr, "hexiom tantrix: unknown subcommand %q\n", args[0])
	return usage()
}

func readTantrixBoard(name string) (*tantrix.Board, error) {
	if name == "-" {
		return tantrix.ParseBoard(os.Stdin, "<stdin>")
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("read board: %w", err)
	}
	defer f.Close()
	return tantrix.ParseBoard(f, name)
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
}

func writeSVGFile(name string, ts []tantrix.Placed, c tantrix.Colour) error {
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("picture: %w", err)
	}
	if err := tantrix.WriteSVG(f, ts, c); err != nil {
		f.Close()
		return fmt.Errorf("picture %s: %w", name, err)
	}
	return f.Close()
}

func tantrixSolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tantrix", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	timeout := fs.Duration("timeout", 10*time.Minute, "give up after this long")
	out := fs.String("o", "", "draw the solution into this SVG file")
	if st := parseFlags(fs, args); st >= 0 {
		return st
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: hexiom tantrix solve [-json] [-timeout D] [-o FILE.svg] BOARD")
		return exitBadUser
	}
	b, err := readTantrixBoard(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitBadUser
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	res, err := tantrix.Solve(ctx, b)
	proved := err == nil
	if err != nil && !errors.Is(err, tantrix.ErrStopped) {
		fmt.Fprintln(stderr, err)
		return exitBadUser
	}
	rep := tantrixReport{N: b.N, Colour: b.Colour.String(), Solved: res.Solved, Proved: proved,
		Places: []tantrixPlace{}, Nodes: res.Nodes, SolveNS: res.Elapsed.Nanoseconds()}
	for _, t := range res.Tiles {
		rep.Places = append(rep.Places, tantrixPlace{t.Q, t.R, t.Tile, t.Rot})
	}
	if *asJSON {
		json.NewEncoder(stdout).Encode(rep)
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
	if res.Solved && *out != "" {
		if err := writeSVGFile(*out, res.Tiles, b.Colour); err != nil {
			fmt.Fprintln(stderr, err)
			return exitFailed
		}
	}
	if !res.Solved {
		if !proved {
			fmt.Fprintf(stderr, "hexiom tantrix solve: %v\n", err)
		}
		return exitFailed
	}
	return exitOK
}

func colourFlag(s string, n int) (tantrix.Colour, error) {
	if s == "" {
		return tantrix.DefaultColour(n), nil
	}
	return tantrix.ParseColour(s)
}

func tantrixGen(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tantrix", stderr)
	n := fs.Int("n", 0, "number of tiles (at least 3)")
	seed := fs.Uint64("seed", 1, "random seed")
	col := fs.String("colour", "", "designated colour R, B or Y (default: the challenge's)")
	out := fs.String("o", "", "write the board to this file instead of stdout")
	pic := fs.String("svg", "", "also draw the loop the board was made from into this SVG file")
	if st := parseFlags(fs, args); st >= 0 {
		return st
	}
	c, err := colourFlag(*col, *n)
	if err != nil || *n < 3 || fs.NArg() != 0 {
		if err != nil {
			fmt.Fprintln(stderr, "hexiom tantrix gen:", err)
		}
		fmt.Fprintln(stderr, "usage: hexiom tantrix gen -n N [-seed S] [-colour C] [-o FILE] [-svg FILE.svg]")
		return exitBadUser
	}
	b, loop, err := tantrix.Generate(context.Background(), *n, c, *seed)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitFailed
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(stderr, "hexiom tantrix gen:", err)
			return exitFailed
		}
		defer f.Close()
		w = f
	}
	fmt.Fprintf(w, "# hexiom tantrix gen -n %d -seed %d -colour %s\n", *n, *seed, c)
	if err := b.Format(w); err != nil {
		fmt.Fprintln(stderr, "hexiom tantrix gen:", err)
		return exitFailed
	}
	if *pic != "" {
		if err := writeSVGFile(*pic, loop, c); err != nil {
			fmt.Fprintln(stderr, err)
			return exitFailed
		}
	}
	return exitOK
}

func tantrixCount(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tantrix", stderr)
	n := fs.Int("n", 0, "number of tiles, 3..40 (past 12 it takes very long)")
	col := fs.String("colour", "", "designated colour R, B or Y (default: the challenge's)")
	pic := fs.String("o", "", "draw the first solution into this SVG file")
	timeout := fs.Duration("timeout", time.Hour, "give up after this long")
	if st := parseFlags(fs, args); st >= 0 {
		return st
	}
	c, err := colourFlag(*col, *n)
	if err != nil || *n < 3 || fs.NArg() != 0 {
		if err != nil {
			fmt.Fprintln(stderr, "hexiom tantrix count:", err)
		}
		fmt.Fprintln(stderr, "usage: hexiom tantrix count -n N [-colour C] [-o FILE.svg]")
		return exitBadUser
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	start := time.Now()
	res, err := tantrix.Count(ctx, *n, c, 1)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitFailed
	}
	fmt.Fprintf(stdout, "n=%d colour %s: %d solutions up to translation, %d up to rotation and translation\n", *n, c.Name(), res.Translation, res.Rotation)
	fmt.Fprintf(stdout, "  %d more (up to rotation) rejected for enclosing a hole; %d up to rotation by lwiest/SolvingTantrix's hole test\n", res.Holed, res.Offset)
	fmt.Fprintf(stdout, "  %d tiles tried, %v\n", res.Nodes, time.Since(start).Round(time.Millisecond))
	if *pic != "" && len(res.Examples) > 0 {
		if err := writeSVGFile(*pic, res.Examples[0], c); err != nil {
			fmt.Fprintln(stderr, err)
			return exitFailed
		}
	}
	return exitOK
}
