package main

// hexiom solve: solve level files.
//
//	hexiom solve [-json] [-timeout D] [-first] [-threads N] [-learn] FILE...   ("-" reads stdin)
//	hexiom solve -max tiles|points [-json] [-timeout D] [-mem BYTES] FILE...
//
// Prints each solution in the level format with the moves it needs, the
// search nodes and the time; with -json one JSON object per line and file.
// Exit status 0 when every level was solved, 1 when some level has no
// solution (or its search timed out) or a file is not a level, 2 for a
// wrong command line. -max solves the
// overconstrained variant instead (solve_max.go).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"time"

	"hexiom/board"
	"hexiom/internal/cli"
	"hexiom/solver"
	"hexiom/solver/most"
)

// solveCommand is `hexiom solve` (main.go lists the commands).
var solveCommand = cli.Command{
	Name:  "solve",
	Usage: "solve [-json] [-timeout D] [-first | -max tiles|points [-mem BYTES]] [-threads N] [-learn] FILE...",
	Short: "solve level files (\"-\" for stdin) and print the solutions",
	Run:   runSolve,
}

// solveReport is one line of `hexiom solve -json`.
type solveReport struct {
	File    string `json:"file"`
	Solved  bool   `json:"solved"`
	Board   string `json:"board,omitempty"` // the solution in the level format
	Moves   int    `json:"moves"`           // tiles that must move
	Optimal bool   `json:"optimal"`         // moves proven to be the fewest
	Nodes   int64  `json:"nodes"`
	SolveNS int64  `json:"solve_ns"`
	CPUNS   int64  `json:"cpu_ns"` // the process's CPU time over the solve (all threads)
	Error   string `json:"error,omitempty"`
}

func runSolve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("solve", stderr)
	asJSON := fs.Bool("json", false, "one JSON object per line and file")
	timeout := fs.Duration("timeout", time.Minute, "give up on a level after this long")
	first := fs.Bool("first", false, "stop at the first solution (do not look for fewer moves)")
	maxObj := fs.String("max", "", "tiles or points: place as many tiles, or points, as possible (any level, solvable or not)")
	threads := fs.Int("threads", solver.DefaultThreads(), "goroutines for the first solution; 1 is deterministic (the same nodes every run)")
	learn := fs.Bool("learn", false, "learn from failures: backjumping and nogoods (solver.Learn)")
	mem := memFlag{n: defaultMem()}
	fs.Var(&mem, "mem", "-max: the memory budget, `BYTES` (K, M, G: powers of 1024; 0 none): occupancy tables that would pass it are not made (most.MemBudget)")
	if err := cli.ParseFlags(fs, args, false); err != nil {
		return err
	}
	if err := checkMem(fs, *maxObj != ""); err != nil {
		return err
	}
	if *maxObj != "" && mem.n > 0 {
		debug.SetMemoryLimit(mem.n) // the collector keeps the garbage within it too
	}
	if err := cli.CheckTimeout(*timeout); err != nil {
		return err
	}
	if err := cli.CheckThreads(*threads); err != nil {
		return err
	}
	var obj most.Objective
	if *maxObj != "" {
		var err error
		if obj, err = most.ParseObjective(*maxObj); err != nil {
			return cli.Usagef("-max: %v", err)
		}
	}
	if fs.NArg() == 0 {
		return cli.Usagef("no level file; usage: hexiom %s", program.Usage("solve"))
	}
	var errs []error
	enc := json.NewEncoder(stdout)
	for _, name := range fs.Args() {
		level, err := cli.ReadLevel(name)
		if err != nil {
			errs = append(errs, err)
			if *asJSON {
				if err := enc.Encode(solveReport{File: name, Error: err.Error()}); err != nil {
					return err
				}
			}
			continue
		}
		switch {
		case *maxObj != "":
			err = solveMaxOne(ctx, name, level, obj, maxRun{*timeout, *threads, mem.n}, *asJSON, stdout)
		default:
			err = solveOne(ctx, name, level, *timeout, *threads, *first, *learn, *asJSON, stdout)
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// solveOne solves one level and prints the answer: the solution, or a JSON
// line; the error says why it was not solved.
func solveOne(ctx context.Context, name string, level board.Position, timeout time.Duration, threads int, first, learn, asJSON bool, stdout io.Writer) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	opts := []solver.Option{solver.Threads(threads)}
	if first {
		opts = append(opts, solver.FirstSolution())
	}
	if learn {
		opts = append(opts, solver.Learn())
	}
	c0, t0 := cli.ProcessCPU(), time.Now()
	res, err := solver.Solve(ctx, level, opts...)
	took, cpu := time.Since(t0), cli.ProcessCPU()-c0
	cancel()
	rep := solveReport{File: name, Solved: err == nil, Nodes: res.Nodes, SolveNS: took.Nanoseconds(), CPUNS: cpu.Nanoseconds()}
	if err == nil {
		rep.Board, rep.Moves, rep.Optimal = res.Solution.Format(), res.Moves, res.Optimal
		if pr := board.Check(level, res.Solution); pr != nil {
			// Never expected: the solver's answer is checked independently.
			err = fmt.Errorf("%s: solver returned a wrong solution: %v", name, pr)
			rep.Solved, rep.Board = false, ""
		}
	}
	if err != nil {
		switch {
		case errors.Is(err, solver.ErrNoSolution):
			err = fmt.Errorf("%s: no solution (search exhausted after %d nodes)", name, res.Nodes)
		case errors.Is(err, context.DeadlineExceeded):
			err = fmt.Errorf("%s: gave up after %v: %w", name, timeout, err)
		case errors.Is(err, context.Canceled):
			err = fmt.Errorf("%s: interrupted after %v, %d nodes: %w", name, took.Round(time.Millisecond), res.Nodes, err)
		default:
			err = fmt.Errorf("%s: %w", name, err)
		}
		rep.Error = err.Error()
	}
	if done, err := printUnsolved(stdout, asJSON, rep, name, res.Nodes, took, err); done {
		return err
	}
	fewest := "fewest"
	if !res.Optimal {
		fewest = "not proven fewest"
	}
	fmt.Fprintf(stdout, "%s: solved in %v, %d nodes, %d tiles to move (%s)\n%s\n",
		name, took.Round(time.Microsecond), res.Nodes, res.Moves, fewest, res.Solution.Format())
	return nil
}

// printUnsolved prints the JSON line rep with asJSON, or the line of a
// level not solved (err); done says the answer is printed. It returns err,
// or the error writing the line.
func printUnsolved(stdout io.Writer, asJSON bool, rep any, name string, nodes int64, took time.Duration, err error) (done bool, _ error) {
	if asJSON {
		if e := json.NewEncoder(stdout).Encode(rep); e != nil {
			return true, e
		}
		return true, err
	}
	if err != nil {
		fmt.Fprintf(stdout, "%s: not solved (%d nodes, %v)\n", name, nodes, took.Round(time.Microsecond))
		return true, err
	}
	return false, nil
}
