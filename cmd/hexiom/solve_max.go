package main

// hexiom solve -max tiles|points: the overconstrained variant. For any
// level, solvable or not, an arrangement of a subset of its tiles in which
// every tile on the board has its number of occupied neighbours (locked
// tiles where they are, holes empty, the others set aside), with as many
// tiles, or as many points (the sum of the numbers), as possible.
//
// Exit status: 0 when an arrangement was printed for every level, proved
// optimal or not (at -timeout the best found is printed with the bound
// proved: "not proved optimal: bound B, gap G"); 1 when a level has no
// arrangement at all (its locked tiles cannot all be satisfied) or none was
// found in time, or a file is not a level; 2 for a wrong command line.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"hexiom/board"
	"hexiom/internal/cli"
	"hexiom/solver"
	"hexiom/solver/most"
)

// solveMaxReport is one line of `hexiom solve -max … -json`.
type solveMaxReport struct {
	File      string `json:"file"`
	Solved    bool   `json:"solved"`          // an arrangement was found
	Max       string `json:"max"`             // "tiles" or "points"
	Board     string `json:"board,omitempty"` // the arrangement in the level format
	Objective int    `json:"objective"`
	Bound     *int   `json:"bound,omitempty"` // the best upper bound proved; none without an arrangement
	Optimal   bool   `json:"optimal"`         // objective == bound
	// OverBudget: the occupancy tables were skipped, or fewer, for -mem.
	OverBudget bool   `json:"over_budget,omitempty"`
	SetAside   []int8 `json:"set_aside"`
	Nodes      int64  `json:"nodes"`
	SolveNS    int64  `json:"solve_ns"`
	CPUNS      int64  `json:"cpu_ns"`   // the process's CPU time over the solve (all threads)
	FoundNS    int64  `json:"found_ns"` // when the arrangement was found
	Error      string `json:"error,omitempty"`
}

// maxRun is how solve -max runs: -timeout, -threads, -mem.
type maxRun struct {
	timeout time.Duration
	threads int
	mem     int64
}

// solveMaxOne solves one level for solve -max and prints the answer; the
// error says why there is none.
func solveMaxOne(ctx context.Context, name string, level board.Position, obj most.Objective, mr maxRun, asJSON bool, stdout io.Writer) error {
	timeout := mr.timeout
	ctx, cancel := context.WithTimeout(ctx, timeout)
	c0, t0 := cli.ProcessCPU(), time.Now()
	res, err := most.Solve(ctx, level, obj, most.Threads(mr.threads), most.MemBudget(mr.mem))
	took, cpu := time.Since(t0), cli.ProcessCPU()-c0
	cancel()
	rep := solveMaxReport{File: name, Max: obj.String(), Solved: err == nil, Nodes: res.Nodes, SolveNS: took.Nanoseconds(), CPUNS: cpu.Nanoseconds()}
	if err == nil {
		if pr := cli.CheckMaxAnswer(level, res, obj); pr != "" {
			// Never expected: the answer is checked independently.
			err = fmt.Errorf("solver returned a wrong arrangement: %s", pr)
		}
	}
	if err != nil {
		err = maxError(name, err, res.Nodes, timeout)
		rep.Solved, rep.Error = false, err.Error()
	} else {
		rep.Board, rep.Objective, rep.Bound, rep.Optimal = res.Solution.Format(), res.Objective, &res.Bound, res.Optimal
		rep.SetAside, rep.FoundNS, rep.OverBudget = res.SetAside, res.FoundAfter.Nanoseconds(), res.OverBudget
		if rep.SetAside == nil {
			rep.SetAside = []int8{}
		}
	}
	if done, err := printUnsolved(stdout, asJSON, rep, name, res.Nodes, took, err); done {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d %v (%s) in %v, %d nodes\n%sset aside: %s\n",
		name, res.Objective, obj, proof(res, mr), took.Round(time.Microsecond), res.Nodes, res.Solution.Format(), tilesList(res.SetAside))
	return nil
}

// maxError is what went wrong solving the file name, in words: err, after
// nodes nodes, within timeout.
func maxError(name string, err error, nodes int64, timeout time.Duration) error {
	switch {
	case errors.Is(err, solver.ErrNoSolution):
		return fmt.Errorf("%s: no solution: the locked tiles cannot all be satisfied (search exhausted after %d nodes)", name, nodes)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%s: no arrangement found in %v: %w", name, timeout, err)
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("%s: interrupted, no arrangement found: %w", name, err)
	}
	return fmt.Errorf("%s: %w", name, err)
}

// proof says whether res is proved optimal, and if not, why.
func proof(res most.Result, mr maxRun) string {
	if res.Optimal {
		return "optimal"
	}
	p := fmt.Sprintf("not proved optimal: bound %d, gap %d, time limit %v", res.Bound, res.Gap(), mr.timeout)
	if res.OverBudget {
		p += fmt.Sprintf(", occupancy tables over -mem %s", memString(mr.mem))
	}
	return p
}

func tilesList(ts []int8) string {
	if len(ts) == 0 {
		return "none"
	}
	b := make([]byte, 0, 2*len(ts))
	for i, t := range ts {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, byte('0'+t))
	}
	return string(b)
}
