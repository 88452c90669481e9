package search

// Unsatisfiable reports whether p has no arrangement at all in the
// overconstrained variant, by propagation from the root: a locked tile,
// or a free cell forced occupied, whose number (for a free cell, any
// number of which the pool has a tile) its neighbours forced occupied
// already exceed, or those not forced empty cannot reach, rules every
// arrangement out; one with a single number left that its forced
// neighbours meet forces the others empty, one that needs every neighbour
// not forced empty forces them occupied. Forcing is repeated until
// nothing changes. (Far size 6 seeds 19 and 42, and far size 5 seed 28,
// have no arrangement: a SAT solver's unit propagation sees it at once,
// the search after 0.1 to 1 million nodes, or with one goroutine not in
// 10 s.)
func Unsatisfiable(p Problem) bool {
	n := len(p.Nbrs)
	st := make([]int8, n)
	var pool [7]bool
	for i := 0; i < n; i++ {
		switch {
		case p.Hole[i]:
			st[i] = propEmpty
		case p.Locked[i] != Empty:
			st[i] = propOccupied
		case p.Start[i] != Empty:
			pool[p.Start[i]] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < n; i++ {
			if st[i] != propOccupied {
				continue
			}
			force, ok := propForce(p, st, &pool, i)
			if !ok {
				return true
			}
			if force == propUnknown {
				continue
			}
			for _, j := range p.Nbrs[i] {
				if st[j] == propUnknown {
					st[j] = force
					changed = true
				}
			}
		}
	}
	return false
}

// The states of Unsatisfiable's cells.
const (
	propUnknown = iota
	propOccupied
	propEmpty
)

// propForce returns what the occupied cell i forces on its neighbours not
// yet forced (propUnknown: nothing), by the numbers it may still take (its
// locked one, or the pool's, within what its neighbours allow); false when
// it may take none.
func propForce(p Problem, st []int8, pool *[7]bool, i int) (int8, bool) {
	var o, u int
	for _, j := range p.Nbrs[i] {
		switch st[j] {
		case propOccupied:
			o++
		case propUnknown:
			u++
		}
	}
	// The numbers the cell may take: its locked one, or the pool's.
	lo, hi := -1, -1
	for v := o; v <= o+u && v <= 6; v++ {
		if p.Locked[i] != Empty && int(p.Locked[i]) != v || p.Locked[i] == Empty && !pool[v] {
			continue
		}
		if lo < 0 {
			lo = v
		}
		hi = v
	}
	if lo < 0 {
		return propUnknown, false
	}
	switch {
	case u == 0:
		return propUnknown, true
	case hi == o:
		return propEmpty, true
	case lo == o+u:
		return propOccupied, true
	}
	return propUnknown, true
}
