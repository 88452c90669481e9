package main

// hexiom-lab bench: time the solver on the 40 official levels and on random
// size-6 levels, and print median, p99 and max per group.
//
//	hexiom-lab bench [-levels official|DIR|none] [-random 1000] [-from 0] [-size 6] [-runs 5] [-first]
//	                 [-timeout 10s] [-threads N] [-learn] [-altered] [-slowest N]
//
// -levels DIR solves the level*.txt files of DIR instead of the 40 official
// levels (built in), -levels none no level file; -altered solves board.Altered
// levels instead of board.Random ones (a proof of no solution counts as an
// answer); -from starts the seeds there (seeds held out from tuning, such as
// scripts/tail-scan.sh's); -slowest lists the random levels that took the
// most nodes. An
// interrupt (SIGINT, SIGTERM) stops it at once (exit 1), printing no
// figures for the group it cut short; bench-max likewise.

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"time"

	"hexiom/board"
	"hexiom/internal/cli"
	"hexiom/internal/stats"
	"hexiom/levels"
	"hexiom/solver"
)

// benchCommand is `hexiom-lab bench` (main.go lists the commands).
var benchCommand = cli.Command{
	Name:  "bench",
	Usage: "bench [-levels official|DIR|none] [-random N] [-from SEED] [-size 6] [-runs 5] [-first] [-threads N] [-learn] [-altered] [-slowest N]",
	Short: "time the solver on the official levels and random levels",
	Run:   runBench,
}

func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bench", stderr)
	dir := fs.String("levels", officialLevels, levelsUsage)
	nRandom := fs.Int("random", 1000, "random levels to solve (seeds from..from+N-1)")
	from := fs.Int("from", 0, "the first seed of the random levels")
	size := fs.Int("size", 6, "side of the random levels")
	runs := fs.Int("runs", 5, "solves per official level (its median counts)")
	first := fs.Bool("first", false, "stop at the first solution (no search for fewer moves)")
	timeout := fs.Duration("timeout", 10*time.Second, "limit per solve; a solve that hits it counts as a timeout")
	threads := fs.Int("threads", solver.DefaultThreads(), "goroutines for the first solution; 1 is deterministic")
	learn := fs.Bool("learn", false, "learn from failures: backjumping and nogoods (solver.Learn)")
	slowest := fs.Int("slowest", 0, "also list the N random levels that took the most nodes (seed, nodes, time)")
	altered := fs.Bool("altered", false, "random levels with two tiles' numbers changed, one up, one down (board.Altered; may have no solution)")
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return err
	}
	if err := cli.CheckTimeout(*timeout); err != nil {
		return err
	}
	if err := cli.CheckThreads(*threads); err != nil {
		return err
	}
	if !board.ValidSize(*size) || *runs < 1 || *nRandom < 0 || *from < 0 {
		return cli.Usagef("want -size 1..%d, -runs ≥ 1, -random ≥ 0, -from ≥ 0", board.MaxSize)
	}
	files, official, err := benchLevels(*dir)
	if err != nil {
		return fmt.Errorf("-levels: %w", err)
	}
	b := benchSolver{ctx: ctx, timeout: *timeout, opts: []solver.Option{solver.Threads(*threads)}, mode: "with the search for fewest moves", stdout: stdout, stderr: stderr}
	if *first {
		b.opts, b.mode = append(b.opts, solver.FirstSolution()), "first solution"
	}
	if *learn {
		b.opts, b.mode = append(b.opts, solver.Learn()), b.mode+", learning"
	}
	if len(files) > 0 {
		b.official(files, official, *runs)
	}
	if *nRandom > 0 && ctx.Err() == nil {
		b.random(*size, *from, *nRandom, *altered, *slowest)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted after %d solves, no figures printed for the group it was in: %w", b.solves, err)
	}
	if b.failures > 0 {
		return fmt.Errorf("%d solves failed or timed out", b.failures)
	}
	return nil
}

// benchSolver solves the levels of `hexiom-lab bench` and prints their times.
type benchSolver struct {
	ctx            context.Context // the command's: cancelled on an interrupt
	timeout        time.Duration
	opts           []solver.Option
	mode           string // what a solve looks for, as printed
	stdout, stderr io.Writer
	failures       int
	solves         int // finished, not interrupted
}

// benchSolve is one solve's wall time, the process's CPU time over it (with
// one thread on a busy machine close to what the solve takes on an idle
// core; with two threads it sums both) and its search nodes.
type benchSolve struct {
	wall, cpu time.Duration
	nodes     int64
}

// interrupted reports whether the user interrupted the command (b.ctx is
// cancelled): the group stops, printing nothing more.
func (b *benchSolver) interrupted() bool { return b.ctx.Err() != nil }

func (b *benchSolver) solve(p board.Position) (benchSolve, error) {
	ctx, cancel := context.WithTimeout(b.ctx, b.timeout)
	defer cancel()
	c0, t0 := cli.ProcessCPU(), time.Now()
	res, err := solver.Solve(ctx, p, b.opts...)
	s := benchSolve{wall: time.Since(t0), cpu: cli.ProcessCPU() - c0, nodes: res.Nodes}
	if err == nil {
		if pr := board.Check(p, res.Solution); pr != nil {
			err = fmt.Errorf("wrong solution: %v", pr)
		}
	}
	return s, err
}

// official solves each level runs times and prints the medians.
func (b *benchSolver) official(files []string, levels []board.Position, runs int) {
	fmt.Fprintf(b.stdout, "official levels: %d files, median of %d solves each, %s\n", len(files), runs, b.mode)
	var perLevel, cpuLevel []time.Duration
	var total, cpuTotal time.Duration
	for k, f := range files {
		var ds, cs []time.Duration
		var nodes int64
		for r := 0; r < runs; r++ {
			s, err := b.solve(levels[k])
			if b.interrupted() {
				return
			}
			b.solves++
			if err != nil {
				fmt.Fprintf(b.stderr, "%s: %v\n", f, err)
				b.failures++
			}
			ds, cs, nodes = append(ds, s.wall), append(cs, s.cpu), s.nodes
		}
		med, cpu := stats.Median(ds), stats.Median(cs)
		perLevel, cpuLevel = append(perLevel, med), append(cpuLevel, cpu)
		total, cpuTotal = total+med, cpuTotal+cpu
		fmt.Fprintf(b.stdout, "  %-12s %10v %8d nodes\n", f, med.Round(time.Microsecond), nodes)
	}
	printStats(b.stdout, "official levels", perLevel)
	printStats(b.stdout, "  CPU time", cpuLevel)
	fmt.Fprintf(b.stdout, "  sum of the %d medians: %v (CPU time %v)\n", len(files), total.Round(time.Microsecond), cpuTotal.Round(time.Microsecond))
}

// random solves the random (or altered) levels of side size, seeds
// from..from+n-1,
// and prints the spread; slowest lists those that took the most nodes.
func (b *benchSolver) random(size, from, n int, altered bool, slowest int) {
	kind, gen := "random", board.Random
	if altered {
		kind, gen = "altered", board.Altered
	}
	type run struct {
		seed int
		benchSolve
	}
	var runs []run
	var ds, cs []time.Duration
	var nodes []int64
	failed, unsolvable := 0, 0
	for seed := from; seed < from+n; seed++ {
		s, err := b.solve(gen(size, uint64(seed)))
		if b.interrupted() {
			return
		}
		b.solves++
		switch {
		case altered && errors.Is(err, solver.ErrNoSolution):
			unsolvable++ // proved: the search was exhausted
		case err != nil:
			fmt.Fprintf(b.stderr, "%s size %d seed %d: %v\n", kind, size, seed, err)
			failed++
			b.failures++
		}
		ds, cs, nodes = append(ds, s.wall), append(cs, s.cpu), append(nodes, s.nodes)
		runs = append(runs, run{seed, s})
	}
	printStats(b.stdout, fmt.Sprintf("%s size %d, seeds %d..%d, %s", kind, size, from, from+n-1, b.mode), ds)
	printStats(b.stdout, "  CPU time", cs)
	fmt.Fprintf(b.stdout, "  nodes: median %d, p99 %d, max %d; failed or timed out: %d",
		stats.Median(nodes), stats.Percentile(nodes, 99), stats.Max(nodes), failed)
	if altered {
		fmt.Fprintf(b.stdout, "; proved to have no solution: %d", unsolvable)
	}
	fmt.Fprintln(b.stdout)
	if slowest > 0 {
		slices.SortStableFunc(runs, func(a, b run) int { return cmp.Compare(b.nodes, a.nodes) })
		fmt.Fprintf(b.stdout, "  the %d that took the most nodes (seed nodes time CPU-time):\n", min(slowest, len(runs)))
		for _, r := range runs[:min(slowest, len(runs))] {
			fmt.Fprintf(b.stdout, "  %7d %10d %10v %10v\n", r.seed, r.nodes, r.wall.Round(time.Microsecond), r.cpu.Round(time.Microsecond))
		}
	}
}

func printStats(w io.Writer, name string, ds []time.Duration) {
	fmt.Fprintf(w, "%s: median %v, p99 %v, max %v (n=%d)\n", name, stats.Median(ds).Round(time.Microsecond),
		stats.Percentile(ds, 99).Round(time.Microsecond), stats.Max(ds).Round(time.Microsecond), len(ds))
}

// officialLevels is the -levels of bench and bench-max that means the 40
// official levels built in (package levels).
const officialLevels = "official"

const levelsUsage = "the level files to solve: `official` (the 40 built in), a directory of level*.txt files, or none"

// benchLevels returns the levels -levels names, and a name for each: the
// file's name.
func benchLevels(spec string) (names []string, ps []board.Position, err error) {
	switch spec {
	case "", "none":
		return nil, nil, nil
	case officialLevels:
		for n := 1; n <= levels.N; n++ {
			p, err := board.Level(n)
			if err != nil {
				return nil, nil, err
			}
			names, ps = append(names, levels.Name(n)), append(ps, p)
		}
		return names, ps, nil
	}
	files, err := filepath.Glob(filepath.Join(spec, "level*.txt"))
	if err != nil {
		return nil, nil, err
	}
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("no level*.txt in %s", spec)
	}
	for _, f := range files {
		p, err := cli.ReadLevel(f)
		if err != nil {
			return nil, nil, err
		}
		names, ps = append(names, filepath.Base(f)), append(ps, p)
	}
	return names, ps, nil
}
