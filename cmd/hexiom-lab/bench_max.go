package main

// hexiom-lab bench-max: time the overconstrained variant (solve -max) on its
// test and benchmark set: each official level with two tiles' numbers
// raised, and random levels of sizes 3–6 treated the same way.
//
//	hexiom-lab bench-max [-levels official|DIR|none] [-random 100] [-sizes 3,4,5,6] [-far 0] [-far-sizes 4,5] [-max tiles,points] [-timeout 10s] [-threads N] [-v] [-write DIR]
//
// -far N adds N levels of each of -far-sizes from the hard set of issue 27
// (board.FarLevel, seeds 0..N-1: 4 to 14 tiles' numbers changed, locked
// ones too), named far-sS-SEED. -random takes 0..1000 (maxRandom), -far
// 0..10000 (maxFar).
//
// The levels are named levelNN+2 and random-sS-SEED+2; -write DIR writes
// them to DIR/NAME.txt (for scripts/gecode-compare-max.sh) instead, each
// through a temporary file and a rename (safefile.Replace): a reader sees
// no half level, and a symbolic link at DIR/NAME.txt is replaced by the
// file, never written through. Each
// solve's wall time and CPU time (the process's, both goroutines of the
// race added: a figure a busy machine distorts far less) are measured; the
// table counts the levels proved within 1 s of each.

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"hexiom/board"
	"hexiom/internal/cli"
	"hexiom/internal/safefile"
	"hexiom/internal/stats"
	"hexiom/solver"
	"hexiom/solver/most"
)

// benchMaxCommand is `hexiom-lab bench-max` (main.go lists the commands).
var benchMaxCommand = cli.Command{
	Name:  "bench-max",
	Usage: "bench-max [-levels official|DIR|none] [-random 100] [-sizes 3,4,5,6] [-far 0] [-far-sizes 4,5] [-max tiles,points] [-timeout 10s] [-threads N] [-v] [-write DIR]",
	Short: "time solve -max on the official and random levels with two tiles raised",
	Run:   runBenchMax,
}

// maxRaiseSeed is the seed of board.Raise for a level: the official level
// number, or 1000·size + the random level's seed.
func maxRaiseSeed(official bool, size int, n uint64) uint64 {
	if official {
		return n
	}
	return 1000*uint64(size) + n
}

// The most levels -random and -far take per size: the set is built whole
// before the first solve. Random levels' raise seeds, 1000·size+N
// (maxRaiseSeed), stay apart by size below maxRandom.
const (
	maxRandom = 1000
	maxFar    = 10_000
)

// checkCount refuses a count of levels outside 0..most.
func checkCount(flag string, n, most int) error {
	if n < 0 || n > most {
		return cli.Usagef("%s %d: want 0..%d levels per size", flag, n, most)
	}
	return nil
}

// benchMaxSet is the test and benchmark set of solve -max: each official
// level in dir (level01.txt …) with two tiles raised, then nRandom random
// levels of each size raised the same way, then nFar of each of farSizes
// from the hard set. It stops when ctx is done.
func benchMaxSet(ctx context.Context, dir string, nRandom int, sizes []int, nFar int, farSizes []int) (names []string, levels []board.Position, err error) {
	files, official, err := benchLevels(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("levels: %w", err)
	}
	for k, f := range files {
		level := official[k]
		num, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "level"), ".txt"))
		if err != nil {
			return nil, nil, fmt.Errorf("%s: want a file named levelNN.txt", f)
		}
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".txt")+"+2")
		levels = append(levels, board.Raise(level, 2, maxRaiseSeed(true, level.Size, uint64(num))))
	}
	for _, s := range sizes {
		for seed := range uint64(nRandom) {
			if err := ctx.Err(); err != nil {
				return nil, nil, fmt.Errorf("interrupted while building the set: %w", err)
			}
			names = append(names, fmt.Sprintf("random-s%d-%d+2", s, seed))
			levels = append(levels, board.Raise(board.Random(s, seed), 2, maxRaiseSeed(false, s, seed)))
		}
	}
	for _, s := range farSizes {
		for seed := range uint64(nFar) {
			if err := ctx.Err(); err != nil {
				return nil, nil, fmt.Errorf("interrupted while building the set: %w", err)
			}
			names = append(names, fmt.Sprintf("far-s%d-%d", s, seed))
			levels = append(levels, board.FarLevel(s, seed))
		}
	}
	return names, levels, nil
}

// writeSet writes each level to dir/NAME.txt through safefile.Replace.
func writeSet(ctx context.Context, dir string, names []string, levels []board.Position) error {
	for k, level := range levels {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("interrupted after writing %d of %d levels: %w", k, len(levels), err)
		}
		f := filepath.Join(dir, names[k]+".txt")
		if err := safefile.Replace(f, func(w io.Writer) error {
			_, err := io.WriteString(w, level.Format())
			return err
		}); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
	}
	return nil
}

// parseSizes reads a list of sizes separated by commas, each from least to
// board.MaxSize.
func parseSizes(flag, list string, least int) ([]int, error) {
	var sizes []int
	for _, f := range strings.Split(list, ",") {
		if f == "" {
			continue
		}
		s, err := strconv.Atoi(f)
		if err != nil || s < least || !board.ValidSize(s) {
			return nil, cli.Usagef("%s %q: want sizes %d..%d separated by commas", flag, list, least, board.MaxSize)
		}
		sizes = append(sizes, s)
	}
	return sizes, nil
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func runBenchMax(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bench-max", stderr)
	dir := fs.String("levels", officialLevels, levelsUsage)
	nRandom := fs.Int("random", 100, "random levels per size (seeds 0..N-1; at most 1000)")
	sizesFlag := fs.String("sizes", "3,4,5,6", "sizes of the random levels")
	nFar := fs.Int("far", 0, "levels per size of the hard set (board.FarLevel, seeds 0..N-1; at most 10000)")
	farSizesFlag := fs.String("far-sizes", "4,5", "sizes of the hard set's levels")
	objs := fs.String("max", "tiles,points", "objectives to run")
	timeout := fs.Duration("timeout", 10*time.Second, "limit per solve; the best found and its bound are kept")
	verbose := fs.Bool("v", false, "one line per level")
	threads := fs.Int("threads", solver.DefaultThreads(), "goroutines per solve; 1 gives the same nodes on every run")
	write := fs.String("write", "", "write the levels of the set into this directory (NAME.txt) instead of solving them")
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return err
	}
	if err := checkBenchMax(*timeout, *threads, *nRandom, *nFar); err != nil {
		return err
	}
	sizes, farSizes, objectives, err := benchMaxLists(*sizesFlag, *farSizesFlag, *objs)
	if err != nil {
		return err
	}
	names, levels, err := benchMaxSet(ctx, *dir, *nRandom, sizes, *nFar, farSizes)
	if err != nil {
		return err
	}
	if *write != "" {
		return writeSet(ctx, *write, names, levels)
	}
	fmt.Fprintf(stdout, "load average at start: %s; %d goroutine(s) per solve\n", loadAvg(), *threads)
	failures := 0
	for _, obj := range objectives {
		failures += benchMaxObjective(ctx, stdout, stderr, names, levels, obj, *timeout, *threads, *verbose)
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("interrupted during -max %v, its table not printed: %w", obj, err)
		}
	}
	fmt.Fprintf(stdout, "load average at end: %s\n", loadAvg())
	if failures > 0 {
		return fmt.Errorf("%d solves failed or gave a wrong answer", failures)
	}
	return nil
}

// benchMaxLists parses bench-max's lists: -sizes (from 1 to
// board.MaxSize), -far-sizes (from 3) and -max.
func benchMaxLists(sizesFlag, farSizesFlag, objs string) (sizes, farSizes []int, objectives []most.Objective, err error) {
	if sizes, err = parseSizes("-sizes", sizesFlag, 1); err != nil {
		return nil, nil, nil, err
	}
	if farSizes, err = parseSizes("-far-sizes", farSizesFlag, 3); err != nil {
		return nil, nil, nil, err
	}
	if objectives, err = parseObjectives(objs); err != nil {
		return nil, nil, nil, err
	}
	return sizes, farSizes, objectives, nil
}

// checkBenchMax checks bench-max's -timeout, -threads, -random and -far.
func checkBenchMax(timeout time.Duration, threads, nRandom, nFar int) error {
	if err := cli.CheckTimeout(timeout); err != nil {
		return err
	}
	if err := cli.CheckThreads(threads); err != nil {
		return err
	}
	if err := checkCount("-random", nRandom, maxRandom); err != nil {
		return err
	}
	return checkCount("-far", nFar, maxFar)
}

// parseObjectives reads -max: objectives separated by commas.
func parseObjectives(list string) ([]most.Objective, error) {
	var objectives []most.Objective
	for _, f := range strings.Split(list, ",") {
		o, err := most.ParseObjective(f)
		if err != nil {
			return nil, cli.Usagef("-max: %v", err)
		}
		objectives = append(objectives, o)
	}
	return objectives, nil
}

// benchMaxObjective solves every level for obj, a line each with verbose,
// and prints a table by group (official levels by size, random levels by
// size); it returns how many solves failed or gave a wrong answer.
func benchMaxObjective(parent context.Context, w, stderr io.Writer, names []string, levels []board.Position, obj most.Objective, timeout time.Duration, threads int, verbose bool) (failures int) {
	groups := map[string]*maxGroup{}
	var order []string
	for k, level := range levels {
		g := maxGroupName(names[k], level.Size)
		if groups[g] == nil {
			groups[g] = &maxGroup{}
			order = append(order, g)
		}
		gr := groups[g]
		ctx, cancel := context.WithTimeout(parent, timeout)
		c0, t0 := cli.ProcessCPU(), time.Now()
		res, err := most.Solve(ctx, level, obj, most.Threads(threads))
		took, cpu := time.Since(t0), cli.ProcessCPU()-c0
		cancel()
		if parent.Err() != nil {
			return failures // interrupted: the caller says so
		}
		line, problem := gr.add(level, obj, res, err, took, cpu)
		if problem != "" {
			fmt.Fprintf(stderr, "%s %v: %s\n", names[k], obj, problem)
			failures++
		}
		if verbose {
			fmt.Fprintf(w, "%-20s %-6v %10.3f ms %10.3f ms CPU %10d nodes  %s\n", names[k], obj, ms(took), ms(cpu), res.Nodes, line)
		}
	}
	printMaxGroups(w, obj, timeout, order, groups)
	return failures
}

// maxGroup is what bench-max sums up over a group of levels.
type maxGroup struct {
	n, proved, none int
	proof, found    []time.Duration // proved ones only: to the proof, to the optimum
	gaps            []int
	nodes           []int64
	cpu             []time.Duration // every solve's CPU time (both goroutines)
	under1s         int             // proved within 1 s of wall time
	cpuUnder1s      int             // proved within 1 s of CPU time
}

// maxGroupName is the group of the level named name, of the size.
func maxGroupName(name string, size int) string {
	switch {
	case strings.HasPrefix(name, "level"):
		return "official s" + strconv.Itoa(size)
	case strings.HasPrefix(name, "far"):
		return fmt.Sprintf("far s%d", size)
	}
	return fmt.Sprintf("size %d", size)
}

// add counts a solve of level (res and err, took of wall time and cpu of
// CPU time) in gr and returns its line, and what went wrong ("": nothing;
// else an error or a wrong answer).
func (gr *maxGroup) add(level board.Position, obj most.Objective, res most.Result, err error, took, cpu time.Duration) (line, problem string) {
	gr.n++
	gr.nodes = append(gr.nodes, res.Nodes)
	gr.cpu = append(gr.cpu, cpu)
	if err == solver.ErrNoSolution || err == nil && res.Optimal {
		if took < time.Second {
			gr.under1s++
		}
		if cpu < time.Second {
			gr.cpuUnder1s++
		}
	}
	switch {
	case err == solver.ErrNoSolution:
		gr.none++
		gr.proved++
		gr.proof = append(gr.proof, took)
		return "no solution", ""
	case err != nil:
		return "error: " + err.Error(), err.Error()
	}
	if pr := cli.CheckMaxAnswer(level, res, obj); pr != "" {
		problem = "wrong answer: " + pr
	}
	if res.Optimal {
		gr.found = append(gr.found, res.FoundAfter)
		gr.proved++
		gr.proof = append(gr.proof, took)
	} else {
		gr.gaps = append(gr.gaps, res.Gap())
	}
	line = fmt.Sprintf("objective %d bound %d optimal %v set aside %v", res.Objective, res.Bound, res.Optimal, res.SetAside)
	return line, problem
}

// printMaxGroups prints the table of the groups, in order.
func printMaxGroups(w io.Writer, obj most.Objective, timeout time.Duration, order []string, groups map[string]*maxGroup) {
	fmt.Fprintf(w, "\n-max %v, limit %v per level\n", obj, timeout)
	fmt.Fprintf(w, "%-14s %5s %7s %5s %5s %5s %12s %12s %12s %12s %12s %12s %12s  %s\n", "group", "n", "proved", "none",
		"<1s", "<1sCPU", "proof med", "proof max", "optimum med", "optimum max", "CPU med", "CPU max", "nodes med", "gaps of the unproved")
	for _, name := range order {
		gr := groups[name]
		pm, px, fm, fx := "-", "-", "-", "-"
		if len(gr.proof) > 0 {
			pm = fmt.Sprintf("%.3f ms", ms(stats.Median(gr.proof)))
			px = fmt.Sprintf("%.3f ms", ms(stats.Max(gr.proof)))
		}
		if len(gr.found) > 0 {
			fm = fmt.Sprintf("%.3f ms", ms(stats.Median(gr.found)))
			fx = fmt.Sprintf("%.3f ms", ms(stats.Max(gr.found)))
		}
		fmt.Fprintf(w, "%-14s %5d %7d %5d %5d %5d %12s %12s %12s %12s %12s %12s %12d  %v\n", name, gr.n, gr.proved, gr.none,
			gr.under1s, gr.cpuUnder1s, pm, px, fm, fx, fmt.Sprintf("%.3f ms", ms(stats.Median(gr.cpu))),
			fmt.Sprintf("%.3f ms", ms(stats.Max(gr.cpu))), stats.Median(gr.nodes), gr.gaps)
	}
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }
