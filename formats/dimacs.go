package formats

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"hexiom/board"
)

// CNF is a DIMACS CNF as ReadCNF reads it: the problem and what the comment
// lines of WriteCNF and WriteMaxCNF say about its variables.
type CNF struct {
	Vars    int
	Clauses [][]int // each without its closing 0
	// Cells: variable k+1 is "board cell Cells[k] holds a tile" ("c cells:").
	Cells []int
	// WriteMaxCNF's objective: an assignment is worth Base + Step·K, K the
	// largest k with GE[k-1] true ("c objective", "c ge"); Total is the
	// value of placing every tile ("c total").
	Base, Step, Total int
	GE                []int
	// The rule's arithmetic, for splitting a target by the count of each
	// number: LockedSum, the locked tiles' numbers ("c lockedsum"); with
	// Tiles, the occupied adjacent pairs are PairBase (between locked
	// tiles, "c pairbase") plus the largest k with Pairs[k-1] true ("c
	// pairs").
	LockedSum, PairBase int
	Pairs               []int
}

// MaxVars bounds the variables of a CNF ReadCNF takes, and so what a model
// read against it (ReadModel) holds: far above what WriteMaxCNF writes for
// the largest board.
const MaxVars = 1 << 24

// ReadCNF reads a DIMACS CNF: the problem line "p cnf VARS CLAUSES", the
// clauses (each ended by 0, one a line) and the comment lines WriteCNF and
// WriteMaxCNF write; other comments are skipped. The clauses must be as
// many as the problem line says and their variables within 1..VARS, VARS
// at most MaxVars; the cells ("c cells:") distinct cells of a board of at
// most board.MaxSize, no more than VARS of them (Solution checks them
// against the level).
func ReadCNF(r io.Reader, name string) (*CNF, error) {
	f := &CNF{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	nClauses, line, cellsLine := -1, 0, 0
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, a...))
	}
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		fields := strings.Fields(text)
		switch {
		case text == "":
		case strings.HasPrefix(text, "c"):
			if err := f.comment(fields); err != nil {
				return nil, bad("%v", err)
			}
			if len(fields) > 1 && fields[1] == "cells:" {
				cellsLine = line
			}
		case strings.HasPrefix(text, "p"):
			if nClauses >= 0 {
				return nil, bad("a second problem line")
			}
			var err error
			if f.Vars, nClauses, err = problemLine(fields, text); err != nil {
				return nil, bad("%v", err)
			}
		default:
			if nClauses < 0 {
				return nil, bad("a clause before the problem line")
			}
			cl, err := clause(fields, f.Vars)
			if err != nil {
				return nil, bad("%v", err)
			}
			f.Clauses = append(f.Clauses, cl)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := f.checkTotals(name, nClauses, line, cellsLine); err != nil {
		return nil, err
	}
	return f, nil
}

// checkTotals checks the CNF read from the file name against its problem
// line: a problem line at all (nClauses ≥ 0, the clauses it says), as
// many clauses as it says (line: the file's last), no more cells than
// variables (cellsLine: the cells' comment).
func (f *CNF) checkTotals(name string, nClauses, line, cellsLine int) error {
	switch {
	case nClauses < 0:
		return fmt.Errorf("%s: no problem line \"p cnf VARS CLAUSES\"", name)
	case len(f.Clauses) != nClauses:
		return fmt.Errorf("%s:%d: %d clauses, the problem line says %d", name, line, len(f.Clauses), nClauses)
	case len(f.Cells) > f.Vars:
		return fmt.Errorf("%s:%d: %d cells, more than the %d variables", name, cellsLine, len(f.Cells), f.Vars)
	}
	return nil
}

// problemLine parses the problem line "p cnf VARS CLAUSES" (text, in
// fields).
func problemLine(fields []string, text string) (vars, clauses int, err error) {
	var err1, err2 error
	if len(fields) == 4 && fields[1] == "cnf" {
		vars, err1 = strconv.Atoi(fields[2])
		clauses, err2 = strconv.Atoi(fields[3])
	}
	if len(fields) != 4 || fields[1] != "cnf" || err1 != nil || err2 != nil || vars < 0 || clauses < 0 {
		return vars, clauses, fmt.Errorf("expected \"p cnf VARS CLAUSES\", got %q", text)
	}
	if vars > MaxVars {
		return vars, clauses, fmt.Errorf("%d variables, over the limit of %d", vars, MaxVars)
	}
	return vars, clauses, nil
}

// checkCells checks the cells of "c cells:": distinct cells of a board of
// at most board.MaxSize.
func checkCells(cells []int) error {
	n := board.NumCells(board.MaxSize)
	seen := make(map[int]bool, len(cells))
	for _, i := range cells {
		if i < 0 || i >= n {
			return fmt.Errorf("\"c cells:\": cell %d out of 0..%d", i, n-1)
		}
		if seen[i] {
			return fmt.Errorf("\"c cells:\": cell %d twice", i)
		}
		seen[i] = true
	}
	return nil
}

// clause reads one clause line: literals within ±vars, then 0.
func clause(fields []string, vars int) ([]int, error) {
	if fields[len(fields)-1] != "0" {
		return nil, fmt.Errorf("a clause not ended by 0")
	}
	cl := make([]int, 0, len(fields)-1)
	for _, w := range fields[:len(fields)-1] {
		l, err := strconv.Atoi(w)
		if err != nil || l == 0 || l > vars || -l > vars {
			return nil, fmt.Errorf("literal %q: want ±1..%d", w, vars)
		}
		cl = append(cl, l)
	}
	return cl, nil
}

// comment reads the comment lines the writers add; others are skipped.
func (f *CNF) comment(fields []string) error {
	if len(fields) < 2 {
		return nil
	}
	ints := func(want int) ([]int, error) { return commentInts(fields, want) }
	var err error
	var v []int
	switch fields[0] + " " + fields[1] {
	case "c cells:":
		if f.Cells, err = ints(-1); err == nil {
			err = checkCells(f.Cells)
		}
	case "c objective":
		if v, err = ints(2); err == nil {
			f.Base, f.Step = v[0], v[1]
		}
	case "c total":
		if v, err = ints(1); err == nil {
			f.Total = v[0]
		}
	case "c ge":
		if v, err = ints(2); err == nil {
			if v[0] != len(f.GE)+1 {
				return fmt.Errorf("\"c ge %d\" after %d of them", v[0], len(f.GE))
			}
			f.GE = append(f.GE, v[1])
		}
	case "c lockedsum":
		if v, err = ints(1); err == nil {
			f.LockedSum = v[0]
		}
	case "c pairbase":
		if v, err = ints(1); err == nil {
			f.PairBase = v[0]
		}
	case "c pairs":
		if v, err = ints(2); err == nil {
			if v[0] != len(f.Pairs)+1 {
				return fmt.Errorf("\"c pairs %d\" after %d of them", v[0], len(f.Pairs))
			}
			f.Pairs = append(f.Pairs, v[1])
		}
	}
	return err
}

// commentInts reads the numbers of the comment line fields (after "c"
// and its word): want of them (-1: any number).
func commentInts(fields []string, want int) ([]int, error) {
	if want >= 0 && len(fields)-2 != want {
		return nil, fmt.Errorf("\"c %s\": want %d numbers", fields[1], want)
	}
	var out []int
	for _, w := range fields[2:] {
		n, err := strconv.Atoi(w)
		if err != nil {
			return nil, fmt.Errorf("\"c %s\": %q is not a number", fields[1], w)
		}
		out = append(out, n)
	}
	return out, nil
}

// SAT solvers' answers (the SAT competition's output format).
const (
	Satisfiable   = "SATISFIABLE"
	Unsatisfiable = "UNSATISFIABLE"
	Unknown       = "UNKNOWN"
)

// Model is a SAT solver's answer: its status, and with Satisfiable the
// value of every variable it printed (True[v] for variable v; True[0] is
// unused).
type Model struct {
	Status string
	True   []bool
}

// ReadModel reads a SAT solver's answer to a CNF of vars variables (CNF.Vars)
// as CaDiCaL and the SAT competition print it: a line "s STATUS", and with
// SATISFIABLE "v" lines of literals within ±1..vars ending with 0. Comment
// lines ("c …") are skipped.
func ReadModel(r io.Reader, name string, vars int) (Model, error) {
	var m Model
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	line, ended := 0, false
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || fields[0] == "c" {
			continue
		}
		switch fields[0] {
		case "s":
			if m.Status != "" || len(fields) != 2 || fields[1] != Satisfiable && fields[1] != Unsatisfiable && fields[1] != Unknown {
				return Model{}, fmt.Errorf("%s:%d: expected one line \"s SATISFIABLE|UNSATISFIABLE|UNKNOWN\"", name, line)
			}
			m.Status = fields[1]
		case "v":
			if m.Status != Satisfiable || ended {
				return Model{}, fmt.Errorf("%s:%d: values not after \"s SATISFIABLE\"", name, line)
			}
			var err error
			if ended, err = m.values(fields[1:], vars); err != nil {
				return Model{}, fmt.Errorf("%s:%d: %w", name, line, err)
			}
		default:
			return Model{}, fmt.Errorf("%s:%d: expected a line starting c, s or v", name, line)
		}
	}
	if err := sc.Err(); err != nil {
		return Model{}, fmt.Errorf("%s: %w", name, err)
	}
	if m.Status == "" {
		return Model{}, fmt.Errorf("%s: no status line \"s …\"", name)
	}
	if m.Status == Satisfiable && !ended {
		return Model{}, fmt.Errorf("%s:%d: the values end without 0", name, line)
	}
	return m, nil
}

// values reads the literals of a "v" line (after the "v") into m, each
// within ±1..vars; ended reports a 0 among them (the values' end).
func (m *Model) values(lits []string, vars int) (ended bool, err error) {
	for _, w := range lits {
		l, err := strconv.Atoi(w)
		if err != nil {
			return ended, fmt.Errorf("literal %q is not a number", w)
		}
		if l < -vars || l > vars {
			return ended, fmt.Errorf("literal %d: want ±1..%d, the CNF's variables", l, vars)
		}
		if l == 0 {
			ended = true
			continue
		}
		v := max(l, -l)
		for len(m.True) <= v {
			m.True = append(m.True, false)
		}
		m.True[v] = l > 0
	}
	return ended, nil
}

// Value is variable v's value in m (false for one it did not print).
func (m Model) Value(v int) bool { return v < len(m.True) && m.True[v] }

// Occupied returns the board cells that m, an answer to f, fills (f's
// "c cells:" variables that are true).
func (f *CNF) Occupied(m Model) []int {
	var out []int
	for k, i := range f.Cells {
		if m.Value(k + 1) {
			out = append(out, i)
		}
	}
	return out
}

// Solution returns level with its free cells cells (a CNF's Cells) filled
// as a SAT solver's answer says: a tile on each cell of occupied, numbered
// by its occupied neighbours, the others empty. board.Check says whether
// it solves the level. A cell of cells or occupied that is not a free cell
// of level (a CNF of another level) is an error.
func Solution(level board.Position, cells, occupied []int) (board.Position, error) {
	for _, list := range [][]int{cells, occupied} {
		for _, i := range list {
			if i < 0 || i >= len(level.Cells) || level.Cells[i].Fixed {
				return board.Position{}, fmt.Errorf("cell %d: not a free cell of the level (size %d, cells 0..%d)", i, level.Size, len(level.Cells)-1)
			}
		}
	}
	sol := level.Clone()
	for _, i := range cells {
		sol.Cells[i].Tile = board.None
	}
	for _, i := range occupied {
		sol.Cells[i].Tile = 0
	}
	for _, i := range occupied {
		sol.Cells[i].Tile = int8(sol.Occupied(i))
	}
	return sol, nil
}
