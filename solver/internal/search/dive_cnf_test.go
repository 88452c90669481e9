package search_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/formats"
	"hexiom/solver/internal/search"
)

// TestDiveSolvesWhatLuckyDoes: on random size-6 levels, wherever CaDiCaL's
// lucky forward phase solves the level's CNF (formats.WriteCNF: every
// variable from 1 up set true unless propagation has set it, unit
// propagation after each, no conflict), the dive solves the level too:
// its propagation infers at least what unit propagation does on that
// CNF. (The dive may solve more.)
func TestDiveSolvesWhatLuckyDoes(t *testing.T) {
	seeds := []uint64{403036277, 393073032, 385096986, 273065004, 371039544, 65015295}
	n := uint64(600)
	if testing.Short() {
		n = 150
	}
	for s := uint64(0); s < n; s++ {
		seeds = append(seeds, s)
	}
	var d search.Dive
	lucky, more := 0, 0
	for _, seed := range seeds {
		p := board.Random(6, seed)
		var buf bytes.Buffer
		if err := formats.WriteCNF(&buf, p); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		cnf := parseCNF(t, buf.Bytes())
		prob := search.WalkProblem(p)
		found, _ := d.Run(prob, make([]int8, len(p.Cells)))
		switch up := cnf.forwardTrue(); {
		case up && !found:
			t.Errorf("seed %d: CaDiCaL's lucky forward phase solves the CNF, the dive finds no solution", seed)
		case up:
			lucky++
		case found:
			more++
		}
	}
	if lucky < len(seeds)/50 {
		t.Fatalf("the lucky phase solved %d levels: too few for the test to say anything", lucky)
	}
	t.Logf("%d levels: the lucky phase and the dive solve %d, the dive alone %d more", len(seeds), lucky, more)
}

// cnf is a DIMACS CNF with two watched literals a clause.
type cnf struct {
	vars    int
	clauses [][]int
	watch   [][]int // literal (lit) → clauses watching it
	val     []int8  // per variable: 0 unset, 1 true, -1 false
	trail   []int
}

func parseCNF(t *testing.T, text []byte) *cnf {
	t.Helper()
	f := &cnf{}
	var lits []int
	line := 1
	for len(text) > 0 {
		end := bytes.IndexByte(text, '\n')
		if end < 0 {
			end = len(text)
		}
		s := text[:end]
		text = text[min(end+1, len(text)):]
		switch {
		case len(s) == 0 || s[0] == 'c':
		case s[0] == 'p':
			fs := strings.Fields(string(s))
			n, err := strconv.Atoi(fs[len(fs)-2])
			if len(fs) != 4 || err != nil {
				t.Fatalf("cnf:%d: %q: want p cnf VARS CLAUSES", line, s)
			}
			f.vars = n
		default:
			// Literals separated by spaces, the clause ended by 0.
			lits = lits[:0]
			l, neg, digits := 0, false, 0
			for i := 0; i <= len(s); i++ {
				switch {
				case i < len(s) && s[i] == '-':
					neg = true
				case i < len(s) && s[i] >= '0' && s[i] <= '9':
					l = 10*l + int(s[i]-'0')
					digits++
				case i == len(s) || s[i] == ' ':
					if digits > 0 && l != 0 {
						if neg {
							l = -l
						}
						lits = append(lits, l)
					}
					l, neg, digits = 0, false, 0
				default:
					t.Fatalf("cnf:%d: %q: want literals", line, s)
				}
			}
			f.clauses = append(f.clauses, append([]int(nil), lits...))
		}
		line++
	}
	f.val = make([]int8, f.vars+1)
	f.watch = make([][]int, 2*f.vars+2)
	return f
}

// lit is literal l's index in watch.
func lit(l int) int {
	if l < 0 {
		return -2 * l
	}
	return 2*l + 1
}

func (f *cnf) value(l int) int8 {
	v := f.val[abs(l)]
	if l < 0 {
		return -v
	}
	return v
}

func (f *cnf) assign(l int) bool {
	switch f.value(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l > 0 {
		f.val[l] = 1
	} else {
		f.val[-l] = -1
	}
	f.trail = append(f.trail, l)
	return true
}

// propagate runs unit propagation from trail[from:]; false on a conflict.
func (f *cnf) propagate(from int) bool {
	for q := from; q < len(f.trail); q++ {
		falsified := -f.trail[q]
		ws := f.watch[lit(falsified)]
		keep := ws[:0]
		for k, ci := range ws {
			c := f.clauses[ci]
			if c[0] == falsified {
				c[0], c[1] = c[1], c[0]
			}
			if f.value(c[0]) == 1 {
				keep = append(keep, ci)
				continue
			}
			moved := false
			for j := 2; j < len(c); j++ {
				if f.value(c[j]) != -1 {
					c[1], c[j] = c[j], c[1]
					f.watch[lit(c[1])] = append(f.watch[lit(c[1])], ci)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			keep = append(keep, ci)
			if f.value(c[0]) == -1 || !f.assign(c[0]) {
				f.watch[lit(falsified)] = append(keep, ws[k+1:]...)
				return false
			}
		}
		f.watch[lit(falsified)] = keep
	}
	return true
}

// forwardTrue is CaDiCaL's forward_true_satisfiable: the units, then each
// unset variable from 1 up set true, propagating; true when no conflict
// arises (every variable is then set: a model).
func (f *cnf) forwardTrue() bool {
	for ci, c := range f.clauses {
		switch len(c) {
		case 0:
			return false
		case 1:
			if !f.assign(c[0]) {
				return false
			}
		default:
			f.watch[lit(c[0])] = append(f.watch[lit(c[0])], ci)
			f.watch[lit(c[1])] = append(f.watch[lit(c[1])], ci)
		}
	}
	if !f.propagate(0) {
		return false
	}
	for v := 1; v <= f.vars; v++ {
		if f.val[v] != 0 {
			continue
		}
		from := len(f.trail)
		f.assign(v)
		if !f.propagate(from) {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
