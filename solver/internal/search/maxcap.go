package search

// HighCaps bounds, for the numbers 5 and 6, how many of the movable tiles
// of that number any arrangement of the overconstrained variant can place
// (caps[v] for v = 5, 6; caps[v] = the pool's count for the other numbers
// and whenever the search below runs out of its budget). A tile of the
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
// a cap.
func HighCaps(p Problem) (caps [7]int32) {
	var h highCap
	h.init(p)
	for v := range caps {
		caps[v] = h.pool[v]
	}
	if !h.ok {
		return caps // the locked tiles alone fail: no arrangement at all
	}
	for _, v := range []int8{6, 5} {
		if h.pool[v] == 0 {
			continue
		}
		h.v, h.best, h.steps, h.k = v, 0, 0, 0
		h.dfs(0)
		if h.steps <= highCapSteps {
			caps[v] = h.best
		}
	}
	return caps
}

// highCapSteps bounds the placements HighCaps tries per number; beyond
// it, no cap.
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
	high   []bool   // a high tile placed on the cell
	ok     bool

	v     int8 // the number placed
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
	h.high = make([]bool, h.n)
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

func (h *highCap) addF(i int) {
	h.fc[i]++
	if h.fc[i] == 1 {
		for _, j := range h.nbrs[i] {
			h.lb[j]++
		}
	}
}

func (h *highCap) removeF(i int) {
	h.fc[i]--
	if h.fc[i] == 0 {
		for _, j := range h.nbrs[i] {
			h.lb[j]--
		}
	}
}

// feasible checks the locked tiles against their lbs and the matching of
// the other cells of F with the pool left.
func (h *highCap) feasible() bool {
	var need [8]int32 // movable cells of F by lb
	for i := 0; i < h.n; i++ {
		if h.fc[i] == 0 {
			continue
		}
		if h.ec[i] > 0 || h.hole[i] {
			return false
		}
		switch {
		case h.locked[i] != Empty:
			if h.lb[i] > h.locked[i] {
				return false
			}
		case h.high[i]:
			if h.lb[i] > h.v {
				return false
			}
		default:
			need[min(h.lb[i], 7)]++
		}
	}
	var demand, supply int32
	for t := 7; t >= 1; t-- {
		demand += need[t]
		if t <= 6 {
			supply += h.pool[t] - h.used[t]
		}
		if demand > supply {
			return false
		}
	}
	// Every movable cell of F needs a tile, lb 0 or not.
	return demand+need[0] <= supply+h.pool[0]-h.used[0]
}

// dfs places the number h.v on cells from i on, keeping the largest count
// that passes in h.best.
func (h *highCap) dfs(from int) {
	h.best = max(h.best, h.k)
	if h.best == h.pool[h.v] {
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
		if deg < int(h.v) {
			continue
		}
		// The neighbour left empty: none when the tile needs them all.
		var spare []int
		if deg > int(h.v) {
			spare = h.nbrs[i]
		}
		for e := -1; e < len(spare); e++ {
			if e >= 0 && h.hole[spare[e]] {
				continue
			}
			if e < 0 && spare != nil {
				continue // deg = v+1: one of them must be empty
			}
			h.steps++
			if h.steps > highCapSteps {
				return
			}
			if h.place(i, spare, e) {
				h.k++
				h.dfs(i + 1)
				h.k--
			}
			h.unplace(i, spare, e)
			if h.best == h.pool[h.v] || h.steps > highCapSteps {
				return
			}
		}
	}
}

// place puts h.v on cell i, every non-hole neighbour occupied but
// spare[e] (when e ≥ 0) empty, and reports whether it is still feasible;
// unplace undoes it whatever it reported.
func (h *highCap) place(i int, spare []int, e int) bool {
	h.high[i] = true
	h.used[h.v]++
	h.addF(i)
	for _, j := range h.nbrs[i] {
		if h.hole[j] {
			continue
		}
		if e >= 0 && j == spare[e] {
			h.ec[j]++
			continue
		}
		h.addF(j)
	}
	return h.used[h.v] <= h.pool[h.v] && h.feasible()
}

func (h *highCap) unplace(i int, spare []int, e int) {
	for _, j := range h.nbrs[i] {
		if h.hole[j] {
			continue
		}
		if e >= 0 && j == spare[e] {
			h.ec[j]--
			continue
		}
		h.removeF(j)
	}
	h.removeF(i)
	h.used[h.v]--
	h.high[i] = false
}
