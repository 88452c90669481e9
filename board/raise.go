package board

import "math/rand/v2"

// Raise returns p with the numbers of k of its movable tiles raised: an
// overconstrained level (it may then have no solution), the test and
// benchmark set of the solver's variant that places as many tiles as it can.
// The tiles are picked at random among the movable tiles below 6, each
// raised by 1 to 6−v at random (by one each, the sum of the numbers would
// keep its parity and most levels would stay solvable); the same
// (p, k, seed) always gives the same level. Fewer than k are raised when
// fewer such tiles exist.
func Raise(p Position, k int, seed uint64) Position {
	q := p.Clone()
	var cand []int
	for i, c := range q.Cells {
		if c.Movable() && c.Tile < 6 {
			cand = append(cand, i)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x7261_6973_65)) // "raise"
	rng.Shuffle(len(cand), func(a, b int) { cand[a], cand[b] = cand[b], cand[a] })
	for _, i := range cand[:min(k, len(cand))] {
		q.Cells[i].Tile += int8(1 + rng.IntN(6-int(q.Cells[i].Tile)))
	}
	return q
}
