package solver

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/solver/internal/search"
)

// The orders from the middle out (midOrders) visit every cell once, each
// after the first next to one visited before it (the frontier stays
// narrow), and the middle-out lane's restarts take all 36 in turn.
func TestMidOrders(t *testing.T) {
	for s := 1; s <= board.MaxSize; s++ {
		g := board.Geom(s)
		n := g.N()
		visits := firstVisits(s)
		if len(visits) != 24+36 {
			t.Fatalf("size %d: %d orders, want 60", s, len(visits))
		}
		for x, ord := range visits[24:] {
			if len(ord) != n {
				t.Fatalf("size %d order %d: %d cells, want %d", s, x, len(ord), n)
			}
			seen := make([]bool, n)
			for k, c := range ord {
				if seen[c] {
					t.Fatalf("size %d order %d: cell %d twice", s, x, c)
				}
				seen[c] = true
				if k == 0 {
					continue
				}
				next := false
				for _, j := range g.Nbrs[c] {
					next = next || seen[j] && j != int(c)
				}
				if !next && n > 1 {
					t.Fatalf("size %d order %d: cell %d (step %d) next to none before it", s, x, c, k)
				}
			}
		}
	}
	var mid step
	for _, l := range solveSymLanes {
		if l.seq[0].mid {
			mid = l.seq[0]
		}
	}
	if !mid.mid {
		t.Fatal("solveSymLanes has no lane from the middle out")
	}
	got := map[int]bool{}
	for r := 1; r <= 36; r++ {
		v := restartVisit(mid, r)
		if v < 24 || v >= 60 {
			t.Fatalf("restart %d of the middle-out lane: order %d", r, v)
		}
		got[v] = true
	}
	if len(got) != 36 {
		t.Fatalf("36 restarts of the middle-out lane took %d of the 36 orders", len(got))
	}
}

// The walk lane's local search (search.Walker) reaches cost 0 only on a solution:
// on random size-6 levels and the official ones, each occupancy it stops
// on is checked by the board's own rule, and its cost kept step by step
// equals the cost counted afresh. It finds a solution of each of the
// random levels (they have many) within 500 turns; some official levels
// have too few for it, which the tree lanes answer.
func TestWalkSolves(t *testing.T) {
	var levels []board.Position
	const random = 30
	for seed := uint64(0); seed < random; seed++ {
		levels = append(levels, board.Random(6, seed))
	}
	for _, f := range levelFiles(t) {
		levels = append(levels, readLevel(t, f))
	}
	for k, p := range levels {
		prob, _ := ProblemOf(p)
		var w search.Walker
		w.Alloc(len(prob.Nbrs))
		w.Init(prob, uint64(k)+1)
		found, turns := false, 500
		if k >= random {
			turns = 50 // the official levels' few solutions: whatever it finds
		}
		for turn := 0; turn < turns && !found; turn++ {
			found = w.Run(search.WalkTurn)
			if got := w.Recount(prob); got != w.Cost() {
				t.Fatalf("level %d turn %d: cost kept %d, counted afresh %d", k, turn, w.Cost(), got)
			}
		}
		if !found {
			if k < random {
				t.Errorf("random level %d: no solution in %d steps", k, 500*search.WalkTurn)
			}
			continue
		}
		sol := make([]int8, len(p.Cells))
		w.Solution(sol)
		if q := solution(p, sol); !q.Solved() {
			t.Errorf("level %d: the walk's occupancy at cost 0 is not a solution:\n%v", k, q)
		}
	}
}

// A symmetric level of side 3 or less does not walk first (firstWalk):
// its first solution is the lone search's (quickSeq), node for node, on
// each such official level (08: 43 nodes, where the walk took 354); a
// larger symmetric one (35, 38) walks first.
func TestSmallSymmetricLevelsDoNotWalk(t *testing.T) {
	small := 0
	for _, f := range levelFiles(t) {
		p := readLevel(t, f)
		prob, _ := ProblemOf(p)
		visits := firstVisits(p.Size)
		if !symmetric(prob, visits) {
			continue
		}
		learn := false
		lone := findFirst(context.Background(), prob, visits, quickSeq, &learn, nil, nil)
		res, err := Solve(context.Background(), p, FirstSolution(), Threads(1))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		name := filepath.Base(f)
		switch {
		case p.Size <= 3 && (!lone.Found || res.Nodes != lone.Nodes):
			t.Errorf("%s (%d cells): %d nodes, the lone search's %d (found %v): want the lone search's answer, no walk", name, len(p.Cells), res.Nodes, lone.Nodes, lone.Found)
		case p.Size > 3 && lone.Found && res.Nodes == lone.Nodes:
			t.Errorf("%s (%d cells): %d nodes, as the lone search alone: want a walk first", name, len(p.Cells), res.Nodes)
		}
		if p.Size <= 3 {
			small++
		}
	}
	if small < 10 {
		t.Fatalf("%d small symmetric official levels, want at least 10 (04, 08, 16, ...)", small)
	}
}

// The dive (DiveAt, dive) answers, at DiveAt steps, random levels whose
// first walk would take far longer and that CaDiCaL solves in its least
// time (its lucky phase), each a solution of its level by the board's
// rule: CaDiCaL won them against round nine's solver or round ten's
// (docs/solver-tail.md). The walk alone from Solve's throw is checked to
// take more than twice DiveAt steps on each, so that the test fails if
// the dive stops answering them.
func TestDiveAnswersWhatTheWalkDoesNot(t *testing.T) {
	for _, seed := range []uint64{403036277, 393073032, 65015295, 81000627, 149031275, 179028249} {
		p := board.Random(6, seed)
		walksLongerThan(t, seed, p, 2*DiveAt)
		res, err := Solve(context.Background(), p, FirstSolution(), Threads(1))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// The walk's nodes before the dive, and the dive's decisions (at
		// most one a cell).
		if most := walkNodes(DiveAt) + int64(len(p.Cells)); res.Nodes > most {
			t.Errorf("seed %d: %d nodes, want at most %d (the dive's answer)", seed, res.Nodes, most)
		}
		if !res.Solution.Solved() || len(board.Check(p, res.Solution)) > 0 {
			t.Errorf("seed %d: not a solution of the level:\n%v", seed, res.Solution)
		}
	}
}

// The probe (ProbeAt, probeSeq) answers 449,084,023, which CaDiCaL solves
// in 1.6-1.7 ms by its search and the walk alone in 87,800 steps (2.2 ms;
// no dive solves it), within its first two orientations: reading order
// needs 1,265 nodes, orientation 1 129. The walk alone is checked to take
// more than twice ProbeAt steps, so that the test fails if the probe
// stops answering it.
func TestProbeAnswersWhatTheWalkDoesNot(t *testing.T) {
	const seed = 449084023
	p := board.Random(6, seed)
	walksLongerThan(t, seed, p, 2*ProbeAt)
	res, err := Solve(context.Background(), p, FirstSolution(), Threads(1))
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	// The walk's nodes to the probe, the dive's decisions (at most one a
	// cell), and two of the probe's searches.
	if most := walkNodes(ProbeAt) + int64(len(p.Cells)) + 2*probeNodes; res.Nodes > most {
		t.Errorf("seed %d: %d nodes, want at most %d (the probe's answer)", seed, res.Nodes, most)
	}
	if !res.Solution.Solved() || len(board.Check(p, res.Solution)) > 0 {
		t.Errorf("seed %d: not a solution of the level:\n%v", seed, res.Solution)
	}
}

// walksLongerThan fails the test unless the walk alone, from Solve's first
// throw, takes more than steps steps on p.
func walksLongerThan(t *testing.T, seed uint64, p board.Position, steps int) {
	t.Helper()
	prob, _ := ProblemOf(p)
	var w search.Walker
	w.Alloc(len(prob.Nbrs))
	w.Init(prob, firstWalkSeed)
	found, taken := false, 0
	for taken <= steps && !found {
		found = w.Run(search.WalkTurn)
		taken += w.Taken()
	}
	if found && taken <= steps {
		t.Fatalf("seed %d: the walk alone solved it in %d steps, want more than %d", seed, taken, steps)
	}
}

// A level on which the first walk cannot take a step (every tile locked,
// or no empty cell) and which has no solution is answered by the tree
// search at once: the walk spun without a step until the context ended
// (a minute by default in `hexiom solve`), then said "no solution".
func TestFirstWalkThatCannotMove(t *testing.T) {
	for _, text := range []string{
		"2\n +1+2\n+3+2+1\n +1+2\n", // every tile locked, none right
		"2\n  1 2\n 3 2 1\n  1 2\n", // every cell a tile: none can move
	} {
		p, err := board.Parse("level.txt", []byte(text))
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		_, err = Solve(ctx, p, FirstSolution(), Threads(1))
		if !errors.Is(err, ErrNoSolution) || ctx.Err() != nil {
			t.Errorf("%q: %v (context: %v), want ErrNoSolution before the context ends", text, err, ctx.Err())
		}
		cancel()
	}
}
