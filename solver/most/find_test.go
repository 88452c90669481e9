package most

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"hexiom/board"
	"hexiom/internal/tier"
	"hexiom/solver"
	"hexiom/solver/internal/search"
)

// occFound turns what OccDP.Find found on level's Solve problem mp into
// a Result worth lockedW+v, and checks it by the rule twice: by
// checkArrangement (what Solve checks before it reports it) and by
// checkMax (the tests' own check: every tile sees its number, placed and
// set aside tiles are the level's, the value is the board's).
func occFound(t *testing.T, name string, level board.Position, mp maxProblem, obj Objective, occ []bool, v int32) {
	t.Helper()
	sol := make([]int8, len(level.Cells))
	search.OccArrangement(mp.prob, occ, sol)
	got, ok := checkArrangement(mp.prob, sol, obj == Points)
	if !ok || got != v {
		t.Fatalf("%s: Find's arrangement worth %d: checkArrangement says %v, worth %d", name, v, ok, got)
	}
	lockedW, _ := weights(level, obj)
	var res Result
	res.Solution, res.SetAside = arrangement(level, sol)
	res.Objective = lockedW + int(v)
	res.Bound, res.Optimal = res.Objective, true
	checkMax(t, name, level, obj, res)
}

// OccDP.Find against the brute force: on Solve's problem of each small
// board and objective, with λ = 0 and with Lagrange's, the patterns on
// every other board (OccDP.Coded): it finds an arrangement worth the
// optimum (checked by the rule), one worth at least the optimum less three
// and no more than the optimum, and exhausts the optimum plus one (or,
// with no arrangement, every target), so a pruning one value too strong
// or too weak fails. Find runs on one goroutine: under the race detector
// (tier.Race, ten times slower) the far and raised levels of seeds 0 to 4,
// not 0 to 19 (the same counts of finds and refutations still reached),
// the full count having run without it.
func TestOccFindAgainstBruteForce(t *testing.T) {
	far := uint64(20)
	if tier.Race {
		far = 5
	}
	levels := smallMaxLevels(rand.New(rand.NewPCG(27, 7)), far)
	var od search.OccDP
	var f search.OccFind
	finds, refutes, none := 0, 0, 0
	for k, level := range levels {
		if freeCells(level) > 22 {
			continue
		}
		bt, bp, _ := bruteMax(level)
		prob, _ := solver.ProblemOf(level)
		occ := make([]bool, len(level.Cells))
		for _, obj := range []Objective{Tiles, Points} {
			name := fmt.Sprintf("level %d %v", k, obj)
			want := bt
			if obj == Points {
				want = bp
			}
			mp := maxProblemOf(level, prob, obj)
			// The free cells in the order of one of the twelve turns
			// (OccDP's steps, and OccArrangement's reading of them).
			mp.prob.Visit = solver.Orientations(level.Size)[k%12]
			if !od.Reset(mp.prob, search.OccMaxBits) {
				t.Fatalf("%s: the board's state is wider than %d bits\n%s", name, search.OccMaxBits, level)
			}
			f.Forget()
			od.Coded(k%2 == 1)
			w, wf := occWeights(obj == Points)
			lockedW, _ := weights(level, obj)
			opt := int32(want - lockedW)
			if want < 0 {
				found, exhausted, _, _ := od.Find(context.Background(), &f, w, [7]float64{}, 0, 0, occ)
				if found || !exhausted {
					t.Fatalf("%s: no arrangement, Find says found %v exhausted %v\n%s", name, found, exhausted, level)
				}
				none++
				continue
			}
			_, lam := od.Lagrange(wf, float64(opt+1), 30)
			for _, l := range [][7]float64{{}, lam} {
				for _, tg := range []int32{opt, max(opt-3, 0)} {
					found, _, _, v := od.Find(context.Background(), &f, w, l, tg, 0, occ)
					if !found || v < tg || v > opt {
						t.Fatalf("%s: λ %.2f: target %d (the optimum %d): found %v worth %d\n%s", name, l, tg, opt, found, v, level)
					}
					occFound(t, name, level, mp, obj, occ, v)
					finds++
				}
				found, exhausted, _, _ := od.Find(context.Background(), &f, w, l, opt+1, 0, occ)
				if found || !exhausted {
					t.Fatalf("%s: λ %.2f: the optimum plus one %d: found %v exhausted %v\n%s", name, l, opt+1, found, exhausted, level)
				}
				refutes++
			}
		}
	}
	if finds < 200 || refutes < 100 || none < 3 {
		t.Fatalf("only %d finds, %d refutations and %d levels without an arrangement: the boards do not exercise Find", finds, refutes, none)
	}
	t.Logf("%d finds, %d refutations, %d levels without an arrangement", finds, refutes, none)
}

// The far levels whose optimum Solve found late before occFind (issue
// 27, round seven): with λ after occ's first six steps, one of occFind's
// tables (occFindLams) lets Find find, within occFindBudget nodes, far
// size 5 seed 54's whole solution (every tile placed; plain Solve needs
// 5.1 million nodes) and seed 59's arrangement of every tile but one,
// both checked by the rule, the same nodes on a second run; with a budget
// of 10,000 nodes a table finds neither.
func TestOccFindFarLevels(t *testing.T) {
	for _, c := range []struct {
		file  string
		aside int32 // the target: every movable tile but this many
	}{
		{"far-s5-54.txt", 0},
		{"far-s5-59.txt", 1},
	} {
		level := readLevel(t, filepath.Join("../testdata/far", c.file))
		prob, _ := solver.ProblemOf(level)
		mp := maxProblemOf(level, prob, Tiles)
		mp.prob = occOrder(mp.prob, solver.Orientations(level.Size)) // as occ lays it out
		var od search.OccDP
		if !od.Reset(mp.prob, search.OccMaxBits) {
			t.Fatalf("%s: the board's state is wider than %d bits", c.file, search.OccMaxBits)
		}
		var all int32
		for _, n := range od.Pool() {
			all += n
		}
		g := all - c.aside
		w, wf := occWeights(false)
		var d search.Dual
		from := occPrior(false)
		d.Start(&from)
		od.Steps(context.Background(), &d, wf, float64(g), 6)
		occ := make([]bool, len(level.Cells))
		var f search.OccFind
		found, which, nodes := false, -1, int64(0)
		for i, lam := range occFindLams(d.BestLam, false) {
			var v int32
			var n int64
			found, _, n, v = od.Find(context.Background(), &f, w, lam, g, occFindBudget, occ)
			nodes += n
			if found {
				if v != g {
					t.Fatalf("%s: target %d: found one worth %d", c.file, g, v)
				}
				occFound(t, c.file, level, mp, Tiles, occ, v)
				f.Forget()
				if _, _, again, _ := od.Find(context.Background(), &f, w, lam, g, occFindBudget, occ); again != n {
					t.Fatalf("%s: a second run took %d nodes, the first %d", c.file, again, n)
				}
				which = i
				break
			}
		}
		if !found {
			t.Fatalf("%s: target %d not found by occFind's tables in %d nodes", c.file, g, nodes)
		}
		// Within a budget it stops, undecided, within a check's nodes.
		f.Forget()
		few, ok := int64(0), false
		_, ok, few, _ = od.Find(context.Background(), &f, w, [7]float64{}, g, 10_000, occ)
		if ok || few < 10_000 || few > 10_000+1024 {
			t.Fatalf("%s: λ 0, budget 10,000: exhausted %v after %d nodes", c.file, ok, few)
		}
		t.Logf("%s: %d of %d movable tiles placed by table %d, %d nodes in all", c.file, g, all, which, nodes)
	}
}

// checkArrangement refuses what breaks the rule: on each small board's
// best arrangement (found by Find and accepted), a free tile's number
// changed, a tile on a hole, a locked tile's number changed, and the same
// arrangement against a pool short of one of its tiles.
func TestCheckArrangement(t *testing.T) {
	levels := smallMaxLevels(rand.New(rand.NewPCG(27, 8)), 10)
	var od search.OccDP
	var f search.OccFind
	checked := 0
	for k, level := range levels {
		if freeCells(level) > 22 {
			continue
		}
		prob, _ := solver.ProblemOf(level)
		mp := maxProblemOf(level, prob, Tiles)
		if !od.Reset(mp.prob, search.OccMaxBits) {
			continue
		}
		f.Forget()
		w, _ := occWeights(false)
		occ := make([]bool, len(level.Cells))
		found, _, _, v := od.Find(context.Background(), &f, w, [7]float64{}, 0, 0, occ)
		if !found {
			continue
		}
		sol := make([]int8, len(level.Cells))
		search.OccArrangement(mp.prob, occ, sol)
		if got, ok := checkArrangement(mp.prob, sol, false); !ok || got != v {
			t.Fatalf("level %d: the arrangement found refused (%v, worth %d against %d)\n%s", k, ok, got, v, level)
		}
		bad := func(what string, s []int8, p search.Problem) {
			t.Helper()
			if _, ok := checkArrangement(p, s, false); ok {
				t.Fatalf("level %d: %s accepted\n%s", k, what, level)
			}
		}
		for i, c := range sol {
			s := append([]int8(nil), sol...)
			switch {
			case mp.prob.Hole[i]:
				s[i] = 0
				bad(fmt.Sprintf("a 0 on hole %d", i), s, mp.prob)
			case mp.prob.Locked[i] != search.Empty:
				s[i] = (c + 1) % 7
				bad(fmt.Sprintf("locked cell %d changed to %d", i, s[i]), s, mp.prob)
			case c != search.Empty:
				s[i] = (c + 1) % 7
				bad(fmt.Sprintf("free cell %d changed from %d to %d", i, c, s[i]), s, mp.prob)
				// The pool short of this tile.
				q := mp.prob
				q.Start = append([]int8(nil), q.Start...)
				left := 0
				for j, st := range q.Start {
					if st == c {
						left++
						if left == 1 {
							q.Start[j] = search.Empty
						}
					}
				}
				short := 0
				for j, sc := range sol {
					if !mp.prob.Hole[j] && mp.prob.Locked[j] == search.Empty && sc == c {
						short++
					}
				}
				if short == left { // every tile of c placed: one fewer is too few
					bad(fmt.Sprintf("the pool short of a %d", c), sol, q)
				}
			}
		}
		checked++
	}
	if checked < 40 {
		t.Fatalf("only %d boards checked", checked)
	}
}
