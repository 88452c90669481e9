package main

// hexiom tantrix mzn: the seed article's integer program (scripts/tantrix.mzn)
// on Gecode, re-solved with a sub-loop cut after each solution that has
// more than one loop, as the article does with CPLEX.

import (
	"bufio"
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

	"hexiom/tantrix"
)

// tantrixDZN writes board b and the cuts so far (sets of place indices
// from 0) as MiniZinc data for scripts/tantrix.mzn.
func tantrixDZN(b *tantrix.Board, cuts [][]int) string {
	var s strings.Builder
	fmt.Fprintf(&s, "n = %d;\ncnt = [", b.N)
	for i := 1; i <= tantrix.NumTiles; i++ {
		if i > 1 {
			s.WriteString(", ")
		}
		fmt.Fprint(&s, tantrix.TileCount(b.N, i))
	}
	s.WriteString("];\ncol = array3d(1..10, 0..5, 0..5, [")
	// Designated colour 3, the other two 1 and 2 in R, B, Y order.
	code := [3]int{}
	next := 1
	for c := tantrix.Red; c <= tantrix.Yellow; c++ {
		if c == b.Colour {
			code[c] = 3
		} else {
			code[c] = next
			next++
		}
	}
	for i := 1; i <= tantrix.NumTiles; i++ {
		for k := 0; k < 6; k++ {
			for l := 0; l < 6; l++ {
				if i+k+l > 1 {
					s.WriteString(",")
				}
				fmt.Fprint(&s, code[tantrix.EdgeColour(i, k, l)])
			}
		}
	}
	s.WriteString("]);\nadj = array2d(1..n, 0..5, [")
	for i, j := range b.Neighbours() {
		if i > 0 {
			s.WriteString(",")
		}
		fmt.Fprint(&s, j+1)
	}
	fmt.Fprintf(&s, "]);\nncuts = %d;\ncuts = [", len(cuts))
	for ci, c := range cuts {
		if ci > 0 {
			s.WriteString(", ")
		}
		s.WriteString("{")
		for k, j := range c {
			if k > 0 {
				s.WriteString(",")
			}
			fmt.Fprint(&s, j+1)
		}
		s.WriteString("}")
	}
	s.WriteString("];\n")
	return s.String()
}

// mznReport is the output of `hexiom tantrix mzn -json`.
type mznReport struct {
	N          int     `json:"n"`
	Solved     bool    `json:"solved"`
	Proved     bool    `json:"proved"` // false when the time ran out
	Iterations int     `json:"iterations"`
	Cuts       int     `json:"cuts"`
	SolveS     float64 `json:"gecode_solve_s"` // Gecode's solveTime, summed
	WallS      float64 `json:"wall_s"`         // minizinc runs, flattening included
}

func tantrixMZN(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := tantrixFlags("mzn", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	timeout := fs.Duration("timeout", 10*time.Minute, "time for all the Gecode runs together")
	model := fs.String("model", "scripts/tantrix.mzn", "the MiniZinc model")
	b, err := tantrixBoardArgs(fs, args, timeout)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "tantrix-mzn")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	rep := mznReport{N: b.N}
	var cuts [][]int
	index := b.Index()
	deadline := time.Now().Add(*timeout)
	for {
		left := time.Until(deadline)
		if left < time.Second {
			break
		}
		dzn := filepath.Join(tmp, "board.dzn")
		if err := os.WriteFile(dzn, []byte(tantrixDZN(b, cuts)), 0o644); err != nil {
			return err
		}
		rep.Iterations++
		ctx, cancel := context.WithTimeout(ctx, left+30*time.Second)
		cmd := exec.CommandContext(ctx, "minizinc", "--solver", "gecode", "-s",
			"--time-limit", strconv.FormatInt(left.Milliseconds(), 10), *model, dzn)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		start := time.Now()
		err := cmd.Run()
		cancel()
		rep.WallS += time.Since(start).Seconds()
		if err != nil {
			return fmt.Errorf("minizinc: %w\n%s", err, strings.TrimSpace(errb.String()))
		}
		var ts []tantrix.Placed
		unsat := false
		sc := bufio.NewScanner(&out)
		for sc.Scan() {
			line := sc.Text()
			var j, i, k int
			if n, _ := fmt.Sscanf(line, "place %d %d %d", &j, &i, &k); n == 3 {
				ts = append(ts, tantrix.Placed{Place: b.Places[j-1], Tile: i, Rot: k})
			}
			if v, ok := strings.CutPrefix(line, "%%%mzn-stat: solveTime="); ok {
				f, _ := strconv.ParseFloat(v, 64)
				rep.SolveS += f
			}
			if strings.Contains(line, "=====UNSATISFIABLE=====") {
				unsat = true
			}
		}
		if unsat {
			rep.Proved = true
			break
		}
		if len(ts) != b.N {
			break // time ran out
		}
		pieces, _ := tantrix.Pieces(ts, b.Colour)
		if len(pieces) == 1 {
			if err := tantrix.Check(b, ts); err != nil {
				return fmt.Errorf("Gecode's answer fails the checker: %w", err)
			}
			rep.Solved, rep.Proved = true, true
			break
		}
		for _, p := range pieces {
			cut := make([]int, len(p))
			for k, pl := range p {
				cut[k] = index[pl]
			}
			cuts = append(cuts, cut)
		}
	}
	rep.Cuts = len(cuts)
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
