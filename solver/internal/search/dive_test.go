package search

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"hexiom/board"
)

// luckySeeds are random size-6 levels that CaDiCaL solves in its least
// time (0.26-0.45 ms on the 2-core machine) and that the first walk takes
// past 8,192 steps: the levels CaDiCaL won against round nine's solver and
// round ten's (docs/solver-tail.md). CaDiCaL solves each in its "lucky"
// forward phase, without a conflict (cadical -v: "lucky: 1").
var luckySeeds = []uint64{
	403036277, 393073032, 385096986, 273000601, 273065004, 371039544,
	335045997, 303093035, 65015295, 81000627, 179083983, 149031275,
	107026467, 117034342, 131029885, 167072071, 177090455, 179028249,
}

// unluckySeeds are levels the first walk takes past 8,192 steps that
// CaDiCaL takes more than 1 ms on: its lucky phase fails on each.
var unluckySeeds = []uint64{
	81095601, 73098590, 101028294, 83026753, 111086357, 247087063,
	177018700, 127085465, 223075749, 61097192, 61031785, 161082216,
}

// TestDiveLucky: the dive solves every level of luckySeeds, each solution
// right by the rule (checkSolution), and none of unluckySeeds.
func TestDiveLucky(t *testing.T) {
	var d Dive
	for _, seed := range luckySeeds {
		prob := walkProblem(board.Random(6, seed))
		sol := make([]int8, len(prob.Nbrs))
		found, decisions := d.Run(prob, sol)
		if !found {
			t.Errorf("seed %d: the dive found no solution (%d decisions); CaDiCaL's lucky phase does", seed, decisions)
			continue
		}
		if err := checkSolution(prob, sol); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
	for _, seed := range unluckySeeds {
		prob := walkProblem(board.Random(6, seed))
		sol := make([]int8, len(prob.Nbrs))
		if found, _ := d.Run(prob, sol); found {
			if err := checkSolution(prob, sol); err != nil {
				t.Errorf("seed %d: %v", seed, err)
			}
			t.Errorf("seed %d: the dive found a solution where CaDiCaL's lucky phase does not", seed)
		}
	}
}

// TestDiveEveryOrder: on a few hundred random levels of sides 4 to 6, in
// index order, its reverse and four random orders, what the dive calls a
// solution is one, and a Dive used before answers as a new one (it keeps
// nothing of a run but the neighbours' layout).
func TestDiveEveryOrder(t *testing.T) {
	var d Dive
	rng := rand.New(rand.NewPCG(1, 2))
	found := 0
	for seed := uint64(0); seed < 300; seed++ {
		prob := walkProblem(board.Random(4+int(seed%3), seed))
		n := len(prob.Nbrs)
		orders := [][]int32{nil, make([]int32, n)}
		for i := range n {
			orders[1][i] = int32(n - 1 - i)
		}
		for range 4 {
			o := make([]int32, n)
			for i, j := range rng.Perm(n) {
				o[i] = int32(j)
			}
			orders = append(orders, o)
		}
		for _, o := range orders {
			prob.Visit = o
			sol := make([]int8, n)
			ok, dec := d.Run(prob, sol)
			if seed%7 == 0 {
				var fresh Dive
				ok2, dec2 := fresh.Run(prob, make([]int8, n))
				if ok2 != ok || dec2 != dec {
					t.Fatalf("seed %d: a used Dive says %v (%d decisions), a new one %v (%d)", seed, ok, dec, ok2, dec2)
				}
			}
			if !ok {
				continue
			}
			found++
			if err := checkSolution(prob, sol); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	if found == 0 {
		t.Fatal("no dive found a solution: the test checks nothing")
	}
	t.Logf("%d dives of 1,800 found a solution", found)
}

// checkSolution says what is wrong with sol as a solution of prob: a
// tile's number that is not its count of occupied neighbours, a locked
// tile's count, or numbers that are not the level's movable tiles.
func checkSolution(prob Problem, sol []int8) error {
	occ := func(i int) bool { return prob.Locked[i] != Empty || sol[i] != Empty }
	var have, want [7]int
	for i, nb := range prob.Nbrs {
		if t := prob.Start[i]; t != Empty {
			want[t]++
		}
		if !occ(i) {
			continue
		}
		if prob.Hole[i] {
			return fmt.Errorf("cell %d is a hole and holds a tile", i)
		}
		c := int8(0)
		for _, j := range nb {
			if occ(j) {
				c++
			}
		}
		switch {
		case prob.Locked[i] != Empty:
			if c != prob.Locked[i] {
				return fmt.Errorf("locked tile %d at cell %d has %d occupied neighbours", prob.Locked[i], i, c)
			}
		case sol[i] != c:
			return fmt.Errorf("cell %d holds %d and has %d occupied neighbours", i, sol[i], c)
		default:
			have[c]++
		}
	}
	if have != want {
		return fmt.Errorf("the tiles placed by number are %v, the level's %v", have, want)
	}
	return nil
}

// BenchmarkDive: one dive (Run) in index order on each of luckySeeds and
// unluckySeeds in turn; ns/op is one dive.
func BenchmarkDive(b *testing.B) {
	var probs []Problem
	for _, seeds := range [][]uint64{luckySeeds, unluckySeeds} {
		for _, seed := range seeds {
			probs = append(probs, walkProblem(board.Random(6, seed)))
		}
	}
	var d Dive
	sol := make([]int8, len(probs[0].Nbrs))
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		d.Run(probs[i%len(probs)], sol)
	}
}
