// Command satgo times a pure-Go SAT solver, gophersat or gini, on a DIMACS
// CNF, for scripts/sat-compare.sh (issue 9 asked to measure both as a
// backend):
//
//	cd scripts/satgo && go build -o /tmp/satgo . && /tmp/satgo [-t SECONDS] FILE.cnf gophersat|gini
//
// Each run reads the file into a fresh solver (not timed) and times the
// solve alone with the process's CPU clock and a wall clock, the median of
// up to 5 runs (runs stop once they have taken 2 s together). It prints
// one line, like scripts/cadical-time.cpp:
//
//	<status> <median CPU ms> <median wall ms> <runs>
//
// status is SAT, UNSAT or TIMEOUT (the wall limit -t, default 300 s, hit
// in a run; the process then exits, leaving no solver running). Its own
// module, so that the main module does not depend on either solver.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"sort"
	"syscall"
	"time"
	"unsafe"

	gsolver "github.com/crillab/gophersat/solver"
	"github.com/go-air/gini"
)

// cpu returns the process's CPU time (CLOCK_PROCESS_CPUTIME_ID).
func cpu() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 2, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

func median(d []time.Duration) time.Duration {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[len(d)/2]
}

func main() {
	limit := flag.Float64("t", 300, "wall time limit of a run, in seconds")
	flag.Parse()
	if flag.NArg() != 2 || *limit <= 0 {
		fmt.Fprintln(os.Stderr, "usage: satgo [-t SECONDS] FILE.cnf gophersat|gini")
		os.Exit(2)
	}
	file, name := flag.Arg(0), flag.Arg(1)
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "satgo:", err)
		os.Exit(2)
	}
	wait := time.Duration(*limit * float64(time.Second))
	var cs, ws []time.Duration
	var spent time.Duration
	for r := 0; r < 5 && spent < 2*time.Second; r++ {
		solve, err := prepare(name, data, wait)
		if err != nil {
			fmt.Fprintf(os.Stderr, "satgo: %s: %v\n", file, err)
			os.Exit(2)
		}
		c0, w0 := cpu(), time.Now()
		status := solve()
		c, w := cpu()-c0, time.Since(w0)
		if status != "SAT" && status != "UNSAT" {
			fmt.Printf("TIMEOUT %.3f %.3f 1\n", float64(c)/1e6, float64(w)/1e6)
			os.Exit(0)
		}
		cs, ws = append(cs, c), append(ws, w)
		spent += w
		if r == 4 || spent >= 2*time.Second {
			fmt.Printf("%s %.3f %.3f %d\n", status, float64(median(cs))/1e6, float64(median(ws))/1e6, len(cs))
		}
	}
}

// prepare reads data (a CNF file) into a fresh solver of the name and
// returns its solve, which gives up after wait.
func prepare(name string, data []byte, wait time.Duration) (func() string, error) {
	switch name {
	case "gophersat":
		pb, err := gsolver.ParseCNF(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		s := gsolver.New(pb)
		return func() string {
			done := make(chan gsolver.Status, 1)
			go func() { done <- s.Solve() }()
			select {
			case st := <-done:
				return map[gsolver.Status]string{gsolver.Sat: "SAT", gsolver.Unsat: "UNSAT"}[st]
			case <-time.After(wait):
				return "TIMEOUT"
			}
		}, nil
	case "gini":
		g, err := gini.NewDimacs(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		return func() string {
			return map[int]string{1: "SAT", -1: "UNSAT", 0: "TIMEOUT"}[g.Try(wait)]
		}, nil
	}
	return nil, fmt.Errorf("unknown solver %q (want gophersat or gini)", name)
}
