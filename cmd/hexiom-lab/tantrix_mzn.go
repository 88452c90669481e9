package main

// hexiom-lab tantrix-mzn: the seed article's integer program
// (scripts/tantrix.mzn) on Gecode, re-solved with a sub-loop cut after
// each solution that has more than one loop, as the article does with
// CPLEX (the data and MiniZinc's output: package formats).
//
//	hexiom-lab tantrix-mzn [-json] [-timeout D] [-model FILE] BOARD

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"hexiom/formats"
	"hexiom/internal/cli"
	"hexiom/tantrix"
)

// tantrixMZNCommand is `hexiom-lab tantrix-mzn` (main.go lists the commands).
var tantrixMZNCommand = cli.Command{
	Name:  "tantrix-mzn",
	Usage: "tantrix-mzn [-json] [-timeout D] [-model FILE] BOARD",
	Short: "solve a Tantrix board (hexiom tantrix gen) with the seed article's MiniZinc model on Gecode, with sub-loop cuts",
	Run:   runTantrixMZN,
}

// mznReport is the output of `hexiom-lab tantrix-mzn -json`.
type mznReport struct {
	N          int     `json:"n"`
	Solved     bool    `json:"solved"`
	Proved     bool    `json:"proved"` // false when the time ran out
	Iterations int     `json:"iterations"`
	Cuts       int     `json:"cuts"`
	SolveS     float64 `json:"gecode_solve_s"` // Gecode's solveTime, summed
	WallS      float64 `json:"wall_s"`         // minizinc runs, flattening included
}

func runTantrixMZN(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("tantrix-mzn", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	timeout := fs.Duration("timeout", 10*time.Minute, "time for all the Gecode runs together")
	model := fs.String("model", "scripts/tantrix.mzn", "the MiniZinc model")
	if err := cli.ParseFlags(fs, args, false); err != nil {
		return err
	}
	if err := cli.CheckTimeout(*timeout); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return cli.Usagef("want one BOARD file; usage: hexiom-lab %s", program.Usage("tantrix-mzn"))
	}
	b, err := cli.ReadTantrixBoard(fs.Arg(0))
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "tantrix-mzn")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	rep, err := solveByCuts(ctx, b, *model, tmp, *timeout)
	if err != nil {
		return err
	}
	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(rep); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(stdout, "n=%d: solved %v (proved %v) after %d Gecode runs with %d cuts; Gecode solve %.3f s, wall %.3f s\n",
			rep.N, rep.Solved, rep.Proved, rep.Iterations, rep.Cuts, rep.SolveS, rep.WallS)
	}
	if !rep.Solved {
		return fmt.Errorf("n=%d: not solved (proved %v)", rep.N, rep.Proved)
	}
	return nil
}

// solveByCuts solves b with Gecode on the model within timeout, its files
// in tmp, again and again: each answer that is several loops adds their
// cuts, until one loop, no answer, or no time.
func solveByCuts(ctx context.Context, b *tantrix.Board, model, tmp string, timeout time.Duration) (mznReport, error) {
	rep := mznReport{N: b.N}
	var cuts [][]int
	index := b.Index()
	deadline := time.Now().Add(timeout)
	for {
		left := time.Until(deadline)
		if left < time.Second {
			break
		}
		dzn := filepath.Join(tmp, "board.dzn")
		var data bytes.Buffer
		if err := formats.WriteTantrixDZN(&data, b, cuts); err != nil {
			return rep, err
		}
		if err := os.WriteFile(dzn, data.Bytes(), 0o644); err != nil {
			return rep, err
		}
		rep.Iterations++
		out, wall, err := runGecode(ctx, model, dzn, left)
		rep.WallS += wall
		if err != nil {
			return rep, err
		}
		ans, err := formats.ReadTantrixMZN(out, "minizinc's output", b)
		if err != nil {
			return rep, fmt.Errorf("run %d: %w", rep.Iterations, err)
		}
		rep.SolveS += ans.SolveS
		if ans.Unsatisfiable {
			rep.Proved = true
			break
		}
		if ans.Unknown {
			break // time ran out
		}
		ts := ans.Tiles // one on every place (ReadTantrixMZN)
		pieces, _ := tantrix.Pieces(ts, b.Colour)
		if len(pieces) == 1 {
			if err := tantrix.Check(b, ts); err != nil {
				return rep, fmt.Errorf("Gecode's answer fails the checker: %w", err)
			}
			rep.Solved, rep.Proved = true, true
			break
		}
		cuts = appendCuts(cuts, pieces, index)
	}
	rep.Cuts = len(cuts)
	return rep, nil
}

// runGecode runs MiniZinc's Gecode on the model and the data file dzn with
// the time left, and returns its output and how long it took.
func runGecode(ctx context.Context, model, dzn string, left time.Duration) (*bytes.Buffer, float64, error) {
	ctx, cancel := context.WithTimeout(ctx, left+30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "minizinc", "--solver", "gecode", "-s",
		"--time-limit", strconv.FormatInt(left.Milliseconds(), 10), model, dzn)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start).Seconds()
	if err != nil {
		return nil, wall, fmt.Errorf("minizinc: %w\n%s", err, strings.TrimSpace(errb.String()))
	}
	return &out, wall, nil
}

// appendCuts appends a cut for each of the pieces: its places' indices.
func appendCuts(cuts [][]int, pieces [][]tantrix.Place, index map[tantrix.Place]int) [][]int {
	for _, p := range pieces {
		cut := make([]int, len(p))
		for k, pl := range p {
			cut[k] = index[pl]
		}
		cuts = append(cuts, cut)
	}
	return cuts
}
