package main

import (
	"fmt"
	"math/rand/v2"

	"hexiom/tantrix"
)

// neighbours counts the places of in beside p.
func neighbours(in map[tantrix.Place]bool, p tantrix.Place) int {
	k := 0
	for e := 0; e < 6; e++ {
		if in[p.Neighbour(e)] {
			k++
		}
	}
	return k
}

// moveSome moves k places of ps, one at a time, each to an empty place
// beside the others (shape option -move, issue 44): the board stays one
// piece, shuts in as many regions as before, and no place is left with
// fewer than two neighbours (no loop goes through such a place, and a
// board that fails for so plain a reason is not hard). The board keeps its
// size, so the tile and colour counts of the challenge still nearly fit
// its walls; many such boards have no solution.
func moveSome(ps []tantrix.Place, k int, rng *rand.Rand) ([]tantrix.Place, error) {
	holes := enclosed(ps)
	for moved := 0; moved < k; moved++ {
		next, ok := moveOne(ps, holes, rng)
		if !ok {
			return nil, fmt.Errorf("move: found no place to move (%d of %d moved)", moved, k)
		}
		ps = next
	}
	return ps, nil
}

// moveOne moves one place of ps, keeping the rules of moveSome; false when
// 1,000 tries found none.
func moveOne(ps []tantrix.Place, holes int, rng *rand.Rand) ([]tantrix.Place, bool) {
	for try := 0; try < 1000; try++ {
		i := rng.IntN(len(ps))
		rest := append(append([]tantrix.Place(nil), ps[:i]...), ps[i+1:]...)
		rim := rimOf(rest)
		q := rim[rng.IntN(len(rim))]
		if q == ps[i] {
			continue
		}
		next := append(rest, q)
		in := has(next)
		spur := false
		for _, p := range next {
			spur = spur || neighbours(in, p) < 2
		}
		if spur || !connected(next) || enclosed(next) != holes {
			continue
		}
		return next, true
	}
	return nil, false
}
