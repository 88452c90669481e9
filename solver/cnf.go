package solver

import (
	"bufio"
	"fmt"
	"io"

	"hexiom/board"
)

// WriteCNF writes p as a SAT problem in DIMACS CNF, for comparing the solver
// with a SAT solver (scripts/sat-compare.sh). The encoding is plain:
//
//   - a variable x_i per free cell (holes and locked tiles are constants):
//     the cell holds a tile;
//   - for each cell, a counter over its free neighbours (a sequential
//     counter with both directions, so its outputs "at least k occupied
//     neighbours" are exact), shifted by its locked neighbours;
//   - a variable y_iv per free cell and number: the cell holds a tile whose
//     count of occupied neighbours is v (y_iv ↔ x_i ∧ ≥v ∧ ¬≥v+1);
//   - a locked tile's counter is fixed at its number;
//   - for each number v, a counter over the y_iv: exactly the movable tiles
//     of number v.
//
// The tiles' total follows from the per-number counts (each occupied cell
// has exactly one number). Variable x_i is variable i+1 for free cells in
// index order, so a model's first variables read as the occupied cells;
// comment lines say so. WriteCNF knows nothing of the search: it is the rule
// and the counts, as a SAT solver would get them.
func WriteCNF(w io.Writer, p board.Position) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("write cnf: %w", err)
	}
	e := cnfEncoder{}
	g := p.Geom()
	n := len(p.Cells)
	x := make([]lit, n) // the occupancy of each cell: a variable or a constant
	var free []int
	for i, c := range p.Cells {
		switch {
		case c.Hole():
			x[i] = litFalse
		case c.Locked():
			x[i] = litTrue
		default:
			x[i] = e.newVar()
			free = append(free, i)
		}
	}
	var byNumber [7][]lit // y_iv of the free cells
	for i, c := range p.Cells {
		if c.Hole() {
			continue
		}
		var in []lit
		locked := 0
		for _, j := range g.Nbrs[i] {
			switch x[j] {
			case litTrue:
				locked++
			case litFalse:
			default:
				in = append(in, x[j])
			}
		}
		ge := e.counter(in, len(in)) // ge[k-1]: at least k of in
		atLeast := func(v int) lit { // at least v occupied neighbours
			k := v - locked
			switch {
			case k <= 0:
				return litTrue
			case k > len(in):
				return litFalse
			}
			return ge[k-1]
		}
		if c.Locked() {
			e.clause(atLeast(int(c.Tile)))
			e.clause(atLeast(int(c.Tile) + 1).not())
			continue
		}
		for v := 0; v <= 6; v++ {
			lo, hi := atLeast(v), atLeast(v+1)
			if lo == litFalse || hi == litTrue {
				continue // the cell can never see v occupied neighbours
			}
			y := e.newVar()
			e.clause(y.not(), x[i])
			e.clause(y.not(), lo)
			e.clause(y.not(), hi.not())
			e.clause(y, x[i].not(), lo.not(), hi)
			byNumber[v] = append(byNumber[v], y)
		}
	}
	var want [7]int
	for _, c := range p.Cells {
		if c.Movable() {
			want[c.Tile]++
		}
	}
	for v := 0; v <= 6; v++ {
		ys := byNumber[v]
		if want[v] > len(ys) {
			e.clause() // more tiles of v than cells that could hold one
			continue
		}
		ge := e.counter(ys, want[v]+1)
		if want[v] > 0 {
			e.clause(ge[want[v]-1])
		}
		if want[v] < len(ys) {
			e.clause(ge[want[v]].not())
		}
	}

	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "c hexiom level of side %d: variables 1..%d are the free cells in index order, true = a tile\n", p.Size, len(free))
	fmt.Fprintf(bw, "c cells:")
	for _, i := range free {
		fmt.Fprintf(bw, " %d", i)
	}
	fmt.Fprintf(bw, "\np cnf %d %d\n", e.vars, len(e.clauses))
	for _, cl := range e.clauses {
		for _, l := range cl {
			fmt.Fprintf(bw, "%d ", int(l))
		}
		bw.WriteString("0\n")
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write cnf: %w", err)
	}
	return nil
}

// lit is a DIMACS literal (±variable), or one of the two constants.
type lit int

const (
	litTrue  lit = 1 << 30
	litFalse lit = -litTrue
)

func (l lit) not() lit { return -l }

type cnfEncoder struct {
	vars    int
	clauses [][]lit
}

func (e *cnfEncoder) newVar() lit {
	e.vars++
	return lit(e.vars)
}

// clause adds the disjunction of ls, simplifying the constants away (a
// clause with a true literal is dropped; an empty one makes the problem
// unsatisfiable, as it should).
func (e *cnfEncoder) clause(ls ...lit) {
	var cl []lit
	for _, l := range ls {
		switch l {
		case litTrue:
			return
		case litFalse:
		default:
			cl = append(cl, l)
		}
	}
	e.clauses = append(e.clauses, cl)
}

// counter returns ge with ge[k-1] ⇔ "at least k of in are true", for
// k = 1..upto (capped at len(in)): a sequential counter with clauses in both
// directions, so that its outputs are exact.
func (e *cnfEncoder) counter(in []lit, upto int) []lit {
	upto = min(upto, len(in))
	prev := make([]lit, upto) // over the inputs so far; litFalse beyond them
	for k := range prev {
		prev[k] = litFalse
	}
	for j, xj := range in {
		cur := make([]lit, upto)
		for k := 0; k < upto; k++ {
			if k > j {
				cur[k] = litFalse // at most j+1 inputs so far
				continue
			}
			below := litTrue // at least k of the earlier inputs
			if k > 0 {
				below = prev[k-1]
			}
			s := e.newVar()
			cur[k] = s
			// s ⇔ prev[k] ∨ (below ∧ xj)
			e.clause(prev[k].not(), s)
			e.clause(below.not(), xj.not(), s)
			e.clause(s.not(), prev[k], below)
			e.clause(s.not(), prev[k], xj)
		}
		prev = cur
	}
	return prev
}
