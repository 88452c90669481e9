package search

// HighCaps bounds, for the numbers 5 and 6, how many of the movable tiles
// of that number any arrangement of the overconstrained variant can place
// (caps[v] for v = 5, 6; caps[v] = the pool's count for the other numbers
// and whenever the search below runs out of its budget), and how many of
// both together (joint, at most caps[5]+caps[6]). A tile of the
// pool beyond its cap is set aside in every arrangement, so the caller may
// take it out of the pool before the search: the optimum is the same, and
// the bounds of the search, which count what the pool still holds, get
// tighter (random size 4 seed 89 raised, tiles: two 6s, eight 3s, one 4;
// no arrangement places both 6s, which the occupancy search learned only
// after 0.9 million nodes).
//
// The reason is local and the search does not see it until the tiles
// close: a tile of 6 makes its six neighbours occupied, and each of them
// then has at least as many occupied neighbours as it has among those
// forced cells — three for a neighbour of a lone 6, four where two 6s
// share it, six between two 6s in a line; a 5 likewise with one neighbour
// left empty. HighCaps places the tiles of one number, one cell after
// another, and keeps F, the cells surely occupied (locked tiles, the high
// tiles placed and their forced neighbours), with each one's lower bound
// lb (its neighbours in F); a placement is kept while every locked tile's
// number is at least its lb and the movable cells of F other than the high
// tiles can take distinct tiles of the rest of the pool, each at least its
// lb (for every t, the cells with lb ≥ t are no more than the tiles ≥ t).
// Placing one more tile only adds to F and to the lbs and takes one tile
// from the pool, so a placement that fails fails with anything added: the
// search over sets of cells prunes there. Any arrangement with m tiles of
// the number passes with any m of them, so the largest set that passes is
// a cap. The joint cap places 5s and 6s in the same way, within their
// caps (random size 4 seed 11 raised: one 5 and one 6, never both).
// Each search stops after highCapSteps placements (it costs 0.13 ms of
// CPU a level on average over the bench-max set, 5.4 ms at most).
func HighCaps(p Problem) (caps [7]int32, joint int32) {
	var h highCap
	h.init(p)
	for v := range caps {
		caps[v] = h.pool[v]
	}
	joint = caps[5] + caps[6]
	if !h.ok {
		return caps, joint // the locked tiles alone fail: no arrangement at all
	}
	run := func(allow uint8) (int32, bool) {
		h.allow, h.best, h.steps, h.k = allow, 0, 0, 0
		h.goal = 0
		for v := 5; v <= 6; v++ {
			if allow>>v&1 != 0 {
				h.goal += h.pool[v]
			}
		}
		h.dfs(0)
		return h.best, h.steps <= highCapSteps
	}
	for _, v := range []int{6, 5} {
		if h.pool[v] > 0 {
			if c, ok := run(1 << v); ok {
				caps[v] = c
			}
		}
	}
	// The tiles beyond the caps are placed nowhere, not even next to a
	// high tile: the pool of the joint search is without them.
	h.pool[5], h.pool[6] = caps[5], caps[6]
	joint = caps[5] + caps[6]
	if caps[5] > 0 && caps[6] > 0 {
		if c, ok := run(1<<5 | 1<<6); ok {
			joint = min(joint, c)
		}
	}
	return caps, joint
}

// highCapSteps bounds the placements each search of HighCaps tries;
// beyond it, no cap. 2,000 lost two of the 80 levels of the bench-max set
// it cuts (random size 4 seeds 16 and 40).
const highCapSteps = 20_000

type highCap struct {
	n      int
	nbrs   [][]int
	hole   []bool
	locked []int8
	pool   [7]int32 // movable tiles by number
	used   [7]int32 // … of them on the high cells placed
	fc     []int8   // how many reasons put a cell in F (0: not in F)
	ec     []int8   // how many placed 5s want the cell empty
	lb     []int8   // neighbours in F
	high   []int8   // the high tile placed on the cell, or 0
	ok     bool
	bad    int32    // cells of F that must be empty, locked or high tiles above their lb
	need   [8]int32 // the other (movable) cells of F by lb

	allow uint8 // bit v: tiles of v may be placed
	goal  int32 // stop when this many are placed
	k     int32
	best  int32
	steps int
}

func (h *highCap) init(p Problem) {
	h.n = len(p.Nbrs)
	h.nbrs, h.hole, h.locked = p.Nbrs, p.Hole, p.Locked
	h.fc = make([]int8, h.n)
	h.ec = make([]int8, h.n)
	h.lb = make([]int8, h.n)
	h.high = make([]int8, h.n)
	for i := 0; i < h.n; i++ {
		if p.Locked[i] == Empty && !p.Hole[i] && p.Start[i] != Empty {
			h.pool[p.Start[i]]++
		}
	}
	h.ok = true
	for i := 0; i < h.n; i++ {
		if p.Locked[i] != Empty {
			h.addF(i)
		}
	}
	for i := 0; i < h.n; i++ {
		if p.Locked[i] == 6 {
			for _, j := range h.nbrs[i] {
				if h.hole[j] {
					h.ok = false
				}
				h.addF(j)
			}
		}
	}
	h.ok = h.ok && h.feasible()
}

// count adds sign times cell i's part to bad and need, as it stands.
func (h *highCap) count(i int, sign int32) {
	if h.fc[i] == 0 {
		return
	}
	switch {
	case h.ec[i] > 0 || h.hole[i]:
		h.bad += sign
	case h.locked[i] != Empty:
		if h.lb[i] > h.locked[i] {
			h.bad += sign
		}
	case h.high[i] > 0:
		if h.lb[i] > h.high[i] {
			h.bad += sign
		}
	default:
		h.need[min(h.lb[i], 7)] += sign
	}
}

func (h *highCap) addF(i int) {
	h.count(i, -1)
	h.fc[i]++
	h.count(i, 1)
	if h.fc[i] == 1 {
		for _, j := range h.nbrs[i] {
			h.count(j, -1)
			h.lb[j]++
			h.count(j, 1)
		}
	}
}

func (h *highCap) removeF(i int) {
	h.count(i, -1)
	h.fc[i]--
	h.count(i, 1)
	if h.fc[i] == 0 {
		for _, j := range h.nbrs[i] {
			h.count(j, -1)
			h.lb[j]--
			h.count(j, 1)
		}
	}
}

// feasible checks the locked tiles and high tiles against their lbs, that
// no cell of F must be empty, and the matching of the other cells of F
// with the pool left (kept up to date by count).
func (h *highCap) feasible() bool {
	if h.bad > 0 {
		return false
	}
	var demand, supply int32
	for t := 7; t >= 1; t-- {
		demand += h.need[t]
		if t <= 6 {
			supply += h.pool[t] - h.used[t]
		}
		if demand > supply {
			return false
		}
	}
	// Every movable cell of F needs a tile, lb 0 or not.
	return demand+h.need[0] <= supply+h.pool[0]-h.used[0]
}

// dfs places the numbers of h.allow on cells from i on, keeping the
// largest count that passes in h.best.
func (h *highCap) dfs(from int) {
	h.best = max(h.best, h.k)
	if h.best == h.goal {
		return
	}
	for i := from; i < h.n; i++ {
		if h.locked[i] != Empty || h.hole[i] || h.ec[i] > 0 {
			continue
		}
		deg := 0
		for _, j := range h.nbrs[i] {
			if !h.hole[j] {
				deg++
			}
		}
		for v := int8(6); v >= 5; v-- {
			if h.allow>>v&1 == 0 || deg < int(v) || h.used[v] == h.pool[v] {
				continue
			}
			// The neighbour left empty: none when the tile needs them all.
			var spare []int
			if deg > int(v) {
				spare = h.nbrs[i]
			}
			for e := -1; e < len(spare); e++ {
				if e >= 0 && h.hole[spare[e]] || e < 0 && spare != nil {
					continue // with deg = v+1, one of them is empty
				}
				h.steps++
				if h.steps > highCapSteps {
					return
				}
				if h.place(i, v, spare, e) {
					h.k++
					h.dfs(i + 1)
					h.k--
				}
				h.unplace(i, v, spare, e)
				if h.best == h.goal || h.steps > highCapSteps {
					return
				}
			}
		}
	}
}

// place puts v on cell i, every non-hole neighbour occupied but spare[e]
// (when e ≥ 0) empty, and reports whether it is still feasible; unplace
// undoes it whatever it reported.
func (h *highCap) place(i int, v int8, spare []int, e int) bool {
	h.count(i, -1)
	h.high[i] = v
	h.count(i, 1)
	h.used[v]++
	h.addF(i)
	for _, j := range h.nbrs[i] {
		if h.hole[j] {
			continue
		}
		if e >= 0 && j == spare[e] {
			h.count(j, -1)
			h.ec[j]++
			h.count(j, 1)
			continue
		}
		h.addF(j)
	}
	return h.feasible()
}

func (h *highCap) unplace(i int, v int8, spare []int, e int) {
	for _, j := range h.nbrs[i] {
		if h.hole[j] {
			continue
		}
		if e >= 0 && j == spare[e] {
			h.count(j, -1)
			h.ec[j]--
			h.count(j, 1)
			continue
		}
		h.removeF(j)
	}
	h.removeF(i)
	h.used[v]--
	h.count(i, -1)
	h.high[i] = 0
	h.count(i, 1)
}
