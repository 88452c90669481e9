package main

// hexiom-lab cnf and dzn: a level as the files other solvers take
// (package formats), for the comparisons in scripts/.
//
//	hexiom-lab cnf [-max tiles|points] [-o OUT] FILE   DIMACS CNF (formats.WriteCNF; with -max the variant, WriteMaxCNF)
//	hexiom-lab dzn FILE...                            MiniZinc data for scripts/hexiom.mzn and hexiom-max.mzn

import (
	"context"
	"errors"
	"fmt"
	"io"

	"hexiom/formats"
	"hexiom/internal/cli"
	"hexiom/internal/safefile"
	"hexiom/solver/most"
)

// cnfCommand is `hexiom-lab cnf` (main.go lists the commands).
var cnfCommand = cli.Command{
	Name:  "cnf",
	Usage: "cnf [-max tiles|points] [-o OUT] FILE",
	Short: "write a level as DIMACS CNF for a SAT solver (with -max, its overconstrained variant)",
	Run:   runCNF,
}

// dznCommand is `hexiom-lab dzn` (main.go lists the commands).
var dznCommand = cli.Command{
	Name:  "dzn",
	Usage: "dzn FILE...",
	Short: "print levels as MiniZinc data for scripts/hexiom.mzn and hexiom-max.mzn",
	Run:   runDZN,
}

func runCNF(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("cnf", stderr)
	maxObj := fs.String("max", "", "tiles or points: the overconstrained variant with a counter over that objective (formats.WriteMaxCNF)")
	out := fs.String("o", "", "write the CNF to this `file` (through a temporary file and a rename) instead of stdout")
	if err := cli.ParseFlags(fs, args, false); err != nil {
		return err
	}
	var obj most.Objective
	if *maxObj != "" {
		var err error
		if obj, err = most.ParseObjective(*maxObj); err != nil {
			return cli.Usagef("-max: %v", err)
		}
	}
	if fs.NArg() != 1 {
		return cli.Usagef("want exactly one level file; usage: hexiom-lab %s", program.Usage("cnf"))
	}
	level, err := cli.ReadLevel(fs.Arg(0))
	if err != nil {
		return err
	}
	write := func(w io.Writer) error {
		if *maxObj != "" {
			return formats.WriteMaxCNF(w, level, obj)
		}
		return formats.WriteCNF(w, level)
	}
	if *out == "" {
		return write(stdout)
	}
	// a failure leaves no half file
	if err := safefile.Write(*out, write); err != nil {
		return fmt.Errorf("%s: %w", *out, err)
	}
	return nil
}

func runDZN(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("dzn", stderr)
	if err := cli.ParseFlags(fs, args, false); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return cli.Usagef("no level file; usage: hexiom-lab %s", program.Usage("dzn"))
	}
	var errs []error
	for _, name := range fs.Args() {
		level, err := cli.ReadLevel(name)
		if err == nil {
			err = formats.WriteLevelDZN(stdout, level)
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
