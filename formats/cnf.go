package formats

import (
	"bufio"
	"fmt"
	"io"

	"hexiom/board"
	"hexiom/solver/most"
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
	_, free, byNumber := e.rule(p)
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
	e.header(bw, p, free)
	return e.write(bw)
}

// WriteMaxCNF writes the overconstrained variant of p (most.Solve) as DIMACS
// CNF, for an independent optimiser (scripts/cadical-max.cpp): the rule as
// WriteCNF's, but at most the movable tiles of each number (the others are
// set aside), and a counter over what obj counts, whose outputs the
// comment lines name:
//
//	c objective BASE STEP
//	c total TOTAL     (the value of placing every tile)
//	c ge K LIT        (K = 1, 2, …)
//	c want V N        (the movable tiles of number V)
//	c count V K LIT   (at least K of them placed, K = 1..N)
//	c lockedsum S     (the locked tiles' numbers)
//	c pairbase B      (Tiles: the adjacent pairs of locked tiles)
//	c pairs K LIT     (Tiles: at least K occupied adjacent pairs besides those)
//
// An assignment's value is BASE + STEP·(the largest K whose LIT is true):
// with Tiles, the locked tiles plus the free cells occupied (STEP 1); with
// Points, twice the occupied adjacent pairs (the numbers on the board sum
// to that), BASE for the pairs of locked tiles, STEP 2, the counter over
// the pairs with a free cell. Each LIT is exact (true if and only if at
// least K are), so "value at least T" is the assumption of one literal, and
// so is "at least K tiles of V" (for a target T an optimiser may assume
// each number's minimum: its tiles less what the slack TOTAL−T allows to
// set aside). The parity of the odd numbers placed (an even count of them,
// locked ones included) is added as a counter: the rule implies it, but a
// SAT solver does not see it. So is the count of occupied adjacent pairs
// (with Points, the objective's counter): an optimiser that fixes each
// number's count (a target histogram) may assume it exact, at half the
// numbers' sum, locked ones included.
func WriteMaxCNF(w io.Writer, p board.Position, obj most.Objective) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("write max cnf: %w", err)
	}
	e := cnfEncoder{}
	x, free, byNumber := e.rule(p)
	want, count := e.numberCounts(p, byNumber)
	e.oddParity(p, &count)
	pairBase, pairs := e.occupiedPairs(p, x)
	locked, lockedSum := lockedTiles(p)
	var in, edges []lit
	base, step := locked, 1
	if obj == most.Points {
		base, step, in = 2*pairBase, 2, pairs
	} else {
		for _, i := range free {
			in = append(in, x[i])
		}
		// The pairs' count as well: with every number's count fixed (a
		// target histogram), the numbers' sum fixes it at half that sum.
		edges = e.counter(pairs, len(pairs))
	}
	ge := e.counter(in, len(in))
	bw := bufio.NewWriter(w)
	e.header(bw, p, free)
	fmt.Fprintf(bw, "c objective %d %d\n", base, step)
	fmt.Fprintf(bw, "c total %d\n", placeAllValue(p, obj))
	for k, l := range ge {
		fmt.Fprintf(bw, "c ge %d %d\n", k+1, int(l))
	}
	fmt.Fprintf(bw, "c lockedsum %d\n", lockedSum)
	if obj == most.Tiles {
		fmt.Fprintf(bw, "c pairbase %d\n", pairBase)
		for k, l := range edges {
			fmt.Fprintf(bw, "c pairs %d %d\n", k+1, int(l))
		}
	}
	for v := range count {
		fmt.Fprintf(bw, "c want %d %d\n", v, want[v])
		for k, l := range count[v] {
			fmt.Fprintf(bw, "c count %d %d %d\n", v, k+1, int(l))
		}
	}
	return e.write(bw)
}

// lockedTiles counts p's locked tiles and sums their numbers.
func lockedTiles(p board.Position) (n, sum int) {
	for _, c := range p.Cells {
		if c.Locked() {
			n++
			sum += int(c.Tile)
		}
	}
	return n, sum
}

// placeAllValue is the value for obj of placing every tile of p.
func placeAllValue(p board.Position, obj most.Objective) int {
	total := 0
	for _, c := range p.Cells {
		if c.Tile != board.None {
			if obj == most.Points {
				total += int(c.Tile)
			} else {
				total++
			}
		}
	}
	return total
}

// numberCounts returns the movable tiles of each number (want) and their
// counters over the cells that may take them: count[v][k-1] at least k
// movable tiles of v placed, more than want[v] ruled out.
func (e *cnfEncoder) numberCounts(p board.Position, byNumber [7][]lit) (want [7]int, count [7][]lit) {
	for _, c := range p.Cells {
		if c.Movable() {
			want[c.Tile]++
		}
	}
	for v := 0; v <= 6; v++ {
		ys := byNumber[v]
		count[v] = e.counter(ys, want[v]+1)
		if want[v] < len(ys) {
			e.clause(count[v][want[v]].not())
			count[v] = count[v][:want[v]]
		}
	}
	return want, count
}

// oddParity adds the parity, implied by the rule but not seen by a SAT
// solver: the numbers on the board sum to twice the occupied pairs, so an
// even number of them are odd, locked ones included. As a unary sum whose
// odd (or even) totals are ruled out: a chain of exclusive ors is much
// harder for a SAT solver.
func (e *cnfEncoder) oddParity(p board.Position, count *[7][]lit) {
	lockedOdd := 0
	for _, c := range p.Cells {
		if c.Locked() && c.Tile%2 == 1 {
			lockedOdd++
		}
	}
	// The odd tiles placed, from the counts of 1s, 3s and 5s (so that the
	// solver ties the parity to the counts it reasons on).
	oddGE := e.merge(e.merge(count[1], count[3]), count[5])
	odd := oddGE
	for k := 0; k <= len(odd); k++ {
		if (k+lockedOdd)%2 == 0 {
			continue
		}
		// Not exactly k: fewer than k, or more.
		atLeast, more := litTrue, litFalse
		if k > 0 {
			atLeast = oddGE[k-1]
		}
		if k < len(odd) {
			more = oddGE[k]
		}
		e.clause(atLeast.not(), more)
	}
}

// occupiedPairs returns the occupied adjacent pairs: pairBase of them
// between locked tiles, plus one literal each for the pairs with a free
// cell (the free cell itself when the other is locked, else a variable
// for the pair).
func (e *cnfEncoder) occupiedPairs(p board.Position, x []lit) (pairBase int, pairs []lit) {
	for i, c := range p.Cells {
		for _, j := range p.Geom().Nbrs[i] {
			if j <= i || c.Hole() || p.Cells[j].Hole() {
				continue
			}
			switch {
			case x[i] == litTrue && x[j] == litTrue:
				pairBase++
			case x[i] == litTrue:
				pairs = append(pairs, x[j])
			case x[j] == litTrue:
				pairs = append(pairs, x[i])
			default: // both free: a variable for the pair
				pr := e.newVar()
				e.clause(pr.not(), x[i])
				e.clause(pr.not(), x[j])
				e.clause(pr, x[i].not(), x[j].not())
				pairs = append(pairs, pr)
			}
		}
	}
	return pairBase, pairs
}

// rule adds the clauses of the rule: x[i], the occupancy of each cell (a
// variable for a free cell, numbered from 1 in index order, else a
// constant), free the free cells, and byNumber[v] the variables "free cell
// holds a tile of number v", whose counts the caller bounds.
func (e *cnfEncoder) rule(p board.Position) (x []lit, free []int, byNumber [7][]lit) {
	g := p.Geom()
	x = make([]lit, len(p.Cells))
	e.ys = make([][7]lit, len(p.Cells))
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
	for i, c := range p.Cells {
		if c.Hole() {
			continue
		}
		atLeast := e.neighbourCount(x, g.Nbrs[i])
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
			e.ys[i][v] = y
			e.clause(y.not(), x[i])
			e.clause(y.not(), lo)
			e.clause(y.not(), hi.not())
			e.clause(y, x[i].not(), lo.not(), hi)
			byNumber[v] = append(byNumber[v], y)
		}
	}
	return x, free, byNumber
}

// neighbourCount encodes the count of the occupied cells among nbrs (x
// their literals) and returns its test: atLeast(v), at least v of them
// occupied.
func (e *cnfEncoder) neighbourCount(x []lit, nbrs []int) (atLeast func(v int) lit) {
	var in []lit
	locked := 0
	for _, j := range nbrs {
		switch x[j] {
		case litTrue:
			locked++
		case litFalse:
		default:
			in = append(in, x[j])
		}
	}
	ge := e.counter(in, len(in)) // ge[k-1]: at least k of in
	return func(v int) lit {
		k := v - locked
		switch {
		case k <= 0:
			return litTrue
		case k > len(in):
			return litFalse
		}
		return ge[k-1]
	}
}

// header writes the comment lines naming the cells' variables.
func (e *cnfEncoder) header(bw *bufio.Writer, p board.Position, free []int) {
	fmt.Fprintf(bw, "c hexiom level of side %d: variables 1..%d are the free cells in index order, true = a tile\n", p.Size, len(free))
	fmt.Fprintf(bw, "c cells:")
	for _, i := range free {
		fmt.Fprintf(bw, " %d", i)
	}
	bw.WriteString("\n")
}

// write writes the problem line and the clauses, and flushes bw.
func (e *cnfEncoder) write(bw *bufio.Writer) error {
	fmt.Fprintf(bw, "p cnf %d %d\n", e.vars, len(e.clauses))
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
	ys      [][7]lit // ys[i][v]: free cell i holds a tile of number v (0: never), set by rule
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

// merge returns the unary sum of two exact unary counts (a[k-1]: at least
// k; likewise b): out[k-1] ⇔ at least k in all, both directions (a
// totalizer's node).
func (e *cnfEncoder) merge(a, b []lit) []lit {
	at := func(u []lit, k int) lit { // u at least k
		switch {
		case k <= 0:
			return litTrue
		case k > len(u):
			return litFalse
		}
		return u[k-1]
	}
	out := make([]lit, len(a)+len(b))
	for k := range out {
		out[k] = e.newVar()
	}
	for i := 0; i <= len(a); i++ {
		for j := 0; j <= len(b); j++ {
			if i+j > 0 { // at least i and at least j: at least i+j
				e.clause(at(a, i).not(), at(b, j).not(), out[i+j-1])
			}
			if i+j < len(out) { // fewer than i+1 and fewer than j+1: fewer than i+j+1
				e.clause(at(a, i+1), at(b, j+1), out[i+j].not())
			}
		}
	}
	return out
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
