package formats

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"hexiom/board"
	"hexiom/solver/most"
)

// The CNF says exactly the rule: for an occupancy of the free cells, unit
// propagation (every other variable is defined from the occupancy) ends
// without a conflict if and only if numbering each tile by its occupied
// neighbours solves the level with its own tiles. Size 2: every occupancy;
// size 3: the known solution, each single change of it and random ones.
func TestCNFIsTheRule(t *testing.T) {
	for _, c := range []struct {
		size   int
		seeds  int
		random int // random occupancies per level (0: all of them)
	}{{2, 20, 0}, {3, 6, 200}} {
		for seed := uint64(0); seed < uint64(c.seeds); seed++ {
			level, sol := board.RandomWithSolution(c.size, seed)
			cnf := parseCNF(t, level)
			name := fmt.Sprintf("size %d seed %d", c.size, seed)
			var free []int
			for i, cell := range level.Cells {
				if !cell.Fixed {
					free = append(free, i)
				}
			}
			try := func(occ []bool) {
				p := level.Clone()
				for k, i := range free {
					p.Cells[i].Tile = board.None
					if occ[k] {
						p.Cells[i].Tile = 0
					}
				}
				for _, i := range free {
					if p.Cells[i].Tile != board.None {
						p.Cells[i].Tile = int8(p.Occupied(i))
					}
				}
				want := p.Counts() == level.Counts() && p.Solved()
				if got := cnf.propagate(occ); got != want {
					t.Fatalf("%s: occupancy %v: CNF consistent %v, rule says %v\n%s", name, occ, got, want, p)
				}
			}
			occ := make([]bool, len(free))
			if c.random == 0 {
				for m := 0; m < 1<<len(free); m++ {
					for k := range occ {
						occ[k] = m>>k&1 == 1
					}
					try(occ)
				}
				continue
			}
			for k, i := range free {
				occ[k] = sol.Cells[i].Tile != board.None
			}
			try(occ)
			for k := range occ {
				occ[k] = !occ[k]
				try(occ)
				occ[k] = !occ[k]
			}
			rng := rand.New(rand.NewPCG(seed, 1))
			for r := 0; r < c.random; r++ {
				for k := range occ {
					occ[k] = rng.IntN(2) == 0
				}
				try(occ)
			}
		}
	}
}

// cnfFormula is a CNF read back by ReadCNF, with the values propagate
// found.
type cnfFormula struct {
	*CNF
	val []int8
}

func parseCNF(t *testing.T, level board.Position) cnfFormula {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteCNF(&buf, level); err != nil {
		t.Fatal(err)
	}
	return readCNF(t, &buf)
}

func readCNF(t *testing.T, buf *bytes.Buffer) cnfFormula {
	t.Helper()
	f, err := ReadCNF(buf, "written")
	if err != nil {
		t.Fatal(err)
	}
	return cnfFormula{CNF: f}
}

// propagate fixes variables 1..len(occ) and runs unit propagation to a
// fixed point; it reports whether no clause was falsified. It also insists
// that every variable got a value: the encoding defines all of them.
func (f *cnfFormula) propagate(occ []bool) bool {
	val := make([]int8, f.Vars+1) // 0 unknown, 1 true, -1 false
	for k, o := range occ {
		val[k+1] = -1
		if o {
			val[k+1] = 1
		}
	}
	for changed := true; changed; {
		changed = false
		for _, cl := range f.Clauses {
			sat, unknown, last := false, 0, 0
			for _, l := range cl {
				v := val[max(l, -l)] // the value of l's variable
				if v == 0 {
					unknown++
					last = l
				} else if (v > 0) == (l > 0) {
					sat = true
					break
				}
			}
			switch {
			case sat:
			case unknown == 0:
				return false
			case unknown == 1:
				val[max(last, -last)] = 1 // last's variable: last holds
				if last < 0 {
					val[-last] = -1
				}
				changed = true
			}
		}
	}
	for v := 1; v <= f.Vars; v++ {
		if val[v] == 0 {
			panic(fmt.Sprintf("variable %d not defined by the occupancy", v))
		}
	}
	f.val = val
	return true
}

// The variant's CNF is the rule with at most each number's tiles: an
// occupancy propagates without a conflict if and only if numbering each
// tile by its occupied neighbours gives an arrangement (every locked tile
// right, no more tiles of a number than the level has), and then its
// counter reads the arrangement's value, for both objectives. Sizes 2 and
// 3, levels with tiles changed (board.Changed), every occupancy of size 2
// and random ones of size 3.
func TestMaxCNFIsTheVariant(t *testing.T) {
	arrangements, lockedPairs := 0, 0
	for _, c := range []struct {
		size, seeds, random int
	}{{2, 20, 0}, {3, 8, 300}} {
		for seed := uint64(0); seed < uint64(c.seeds); seed++ {
			level, solved := board.RandomWithSolution(c.size, seed)
			if seed%3 == 0 {
				// Start from the solution with two adjacent tiles locked
				// where they belong: a pair the CNF counts as a constant.
				level = solved
			lock:
				for i, cell := range level.Cells {
					for _, j := range level.Geom().Nbrs[i] {
						if cell.Movable() && level.Cells[j].Movable() {
							level.Cells[i].Fixed, level.Cells[j].Fixed = true, true
							break lock
						}
					}
				}
			}
			level = board.Changed(level, 1+int(seed%4), seed)
			var free []int
			var want [7]int
			for i, cell := range level.Cells {
				if !cell.Fixed {
					free = append(free, i)
				}
				if cell.Movable() {
					want[cell.Tile]++
				}
			}
			for _, obj := range []most.Objective{most.Tiles, most.Points} {
				var buf bytes.Buffer
				if err := WriteMaxCNF(&buf, level, obj); err != nil {
					t.Fatal(err)
				}
				f := readCNF(t, &buf)
				name := fmt.Sprintf("size %d seed %d %v", c.size, seed, obj)
				consistent := 0
				try := func(occ []bool) {
					p := level.Clone()
					for k, i := range free {
						p.Cells[i].Tile = board.None
						if occ[k] {
							p.Cells[i].Tile = 0
						}
					}
					var have [7]int
					for _, i := range free {
						if p.Cells[i].Tile != board.None {
							p.Cells[i].Tile = int8(p.Occupied(i))
							have[p.Cells[i].Tile]++
						}
					}
					ok, value := true, 0
					for i, cell := range p.Cells {
						if cell.Tile == board.None {
							continue
						}
						ok = ok && int(cell.Tile) == p.Occupied(i)
						if obj == most.Points {
							value += int(cell.Tile)
						} else {
							value++
						}
					}
					for v := range have {
						ok = ok && have[v] <= want[v]
					}
					got := f.propagate(occ)
					if got != ok {
						t.Fatalf("%s: occupancy %v: CNF consistent %v, the variant says %v\n%s", name, occ, got, ok, p)
					}
					if !ok {
						return
					}
					consistent++
					k := 0
					for k < len(f.GE) && f.val[f.GE[k]] > 0 {
						k++
					}
					if f.Base+f.Step*k != value {
						t.Fatalf("%s: occupancy %v: the counter reads %d, the arrangement is worth %d", name, occ, f.Base+f.Step*k, value)
					}
					// The pairs' counter (Tiles): half the numbers' sum.
					sum, locked := 0, 0
					for _, cell := range p.Cells {
						if cell.Tile != board.None {
							sum += int(cell.Tile)
						}
						if cell.Locked() {
							locked += int(cell.Tile)
						}
					}
					if f.LockedSum != locked {
						t.Fatalf("%s: c lockedsum %d, the locked tiles sum to %d", name, f.LockedSum, locked)
					}
					if obj == most.Tiles {
						k := 0
						for k < len(f.Pairs) && f.val[f.Pairs[k]] > 0 {
							k++
						}
						if 2*(f.PairBase+k) != sum {
							t.Fatalf("%s: occupancy %v: %d+%d occupied pairs read, the numbers sum to %d", name, occ, f.PairBase, k, sum)
						}
						if f.PairBase > 0 {
							lockedPairs++
						}
					}
				}
				occ := make([]bool, len(free))
				if c.random == 0 {
					for m := 0; m < 1<<len(free); m++ {
						for k := range occ {
							occ[k] = m>>k&1 == 1
						}
						try(occ)
					}
				} else {
					rng := rand.New(rand.NewPCG(seed, 2))
					for r := 0; r < c.random; r++ {
						for k := range occ {
							occ[k] = rng.IntN(3) == 0
						}
						try(occ)
					}
				}
				arrangements += consistent
			}
		}
	}
	if lockedPairs == 0 {
		t.Error("no arrangement with adjacent locked tiles: c pairbase untested")
	}
	if arrangements == 0 {
		t.Fatal("no occupancy was an arrangement")
	}
}
