package board

import "math/rand/v2"

// Changed returns p with the numbers of k of its tiles changed, locked
// tiles as likely as movable ones: an overconstrained level far from
// solvable, the hard set of the solver's variant that places as many tiles
// as it can (issue 27). The tiles are picked at random; a movable tile gets
// another number of 0..6 at random, a locked tile another number no larger
// than its cells around that are not holes (so that it can still be
// satisfied; it may be anyway impossible with its neighbours). The same
// (p, k, seed) always gives the same level; fewer than k change when p has
// fewer tiles.
func Changed(p Position, k int, seed uint64) Position {
	q := p.Clone()
	g := q.Geom()
	var cand []int
	for i, c := range q.Cells {
		if c.Tile != None {
			cand = append(cand, i)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x6368_616e_6765_64)) // "changed"
	rng.Shuffle(len(cand), func(a, b int) { cand[a], cand[b] = cand[b], cand[a] })
	for _, i := range cand[:min(k, len(cand))] {
		top := 6
		if q.Cells[i].Fixed {
			top = 0
			for _, j := range g.Nbrs[i] {
				if !q.Cells[j].Hole() {
					top++
				}
			}
		}
		if top == 0 {
			continue // a locked tile among holes: 0 is its only number
		}
		v := int8(rng.IntN(top)) // another number: skip the tile's own
		if v >= q.Cells[i].Tile {
			v++
		}
		q.Cells[i].Tile = v
	}
	return q
}

// ChangedMin and ChangedMax bound how many tiles FarLevel changes.
const ChangedMin, ChangedMax = 4, 14

// FarLevel is the level of the hard overconstrained set (issue 27):
// Random(size, seed) with ChangedMin + seed mod 11 of its tiles' numbers
// changed (Changed), so the seeds 0..10 cover 4 to 14 changes in turn.
func FarLevel(size int, seed uint64) Position {
	k := ChangedMin + int(seed%uint64(ChangedMax-ChangedMin+1))
	return Changed(Random(size, seed), k, 1_000_000*uint64(size)+seed)
}
