// Package formats writes and reads the files hexiom exchanges with other
// solvers, so that each format is written in one place and tested against
// real files: DIMACS CNF for SAT solvers (a level, or its overconstrained
// variant with a counter over the objective), a SAT solver's answer,
// MiniZinc data for the models in scripts/ (hexiom.mzn, hexiom-max.mzn,
// tantrix.mzn), MiniZinc's output on the Tantrix model, and a Tantrix
// solution as the SAT comparison writes it. The level text
// format is package board's, the Tantrix board format package tantrix's.
//
// Readers take a name for their errors, which say "name:line: what".
//
// Files by job: cnf.go writes a level as CNF (WriteCNF, WriteMaxCNF);
// dimacs.go reads a CNF back, with the comment lines the writers add
// (ReadCNF), and a SAT solver's answer to it (ReadModel, its literals
// within the CNF's variables); dzn.go writes MiniZinc
// data (WriteLevelDZN, WriteTantrixDZN); mzn.go reads MiniZinc's output on
// scripts/tantrix.mzn (ReadTantrixMZN); solution.go reads a Tantrix
// solution, one "q r tile rotation" line a place (ReadTantrixSolution).
package formats
