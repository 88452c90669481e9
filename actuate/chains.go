package actuate

import "slices"

// Short chains. The component of the label graph that holds ε is played
// as chains, each ending in a cell that is empty now: the drag into that
// cell first, then the one into the cell it emptied, and so on back. A drag
// into a cell must wait until the drag out of it has been seen on the
// screen, so the longest chain is how many times a bot that overlaps its
// drags must wait for the screen. Any split of the component's edges into
// closed trails through ε gives the same number of drags (one per tile
// that moves); the chains are as many as the cells empty now that must take
// a tile, and their lengths are ours to choose. One Euler circuit walked in
// cell order gave chains of 11 drags on average over 200 random size-6
// plans, where the drags shared evenly would be about 4.
//
// balancedChains builds the chains one at a time from ε, each going back to
// ε as soon as it can (an edge back to ε if there is one, else one to the
// label with the most edges back to ε); what is left is closed trails on the
// digits, split into simple cycles and each spliced, the longest first, into
// the shortest chain that passes through one of its labels. The result is
// one cycle of cells for rollFree, which cuts it into its chains at the
// empty cells.

// balancedChains returns the cells of the component through ε as one cycle
// (the content of each goes to the next), its chains through ε short and
// even, and the label graph's other components as circuits. It uses no edge
// twice and every edge once, so the plan's drags are as many as with
// circuits.
func (lg *labelGraph) balancedChains() (eps0 []int, others [][]int) {
	u := newEdgeUse(lg)
	chains := u.epsChains()
	cycles := spliceCycles(chains, u.cycles())
	for _, ch := range chains {
		for _, e := range ch {
			eps0 = append(eps0, e.cell)
		}
	}
	if len(cycles) > 0 {
		rest := &labelGraph{}
		for _, cyc := range cycles {
			for _, e := range cyc {
				rest.out[e.t] = append(rest.out[e.t], e)
				rest.n++
			}
		}
		others = rest.circuits()
	}
	return eps0, others
}

// edgeUse is balancedChains' walk over lg: the edges used, and the unused
// edges v → ε per v.
type edgeUse struct {
	lg    *labelGraph
	used  [labels][]bool
	backs [labels]int
}

func newEdgeUse(lg *labelGraph) *edgeUse {
	u := &edgeUse{lg: lg}
	for v := range lg.out {
		u.used[v] = make([]bool, len(lg.out[v]))
		for _, e := range lg.out[v] {
			if e.s == eps {
				u.backs[v]++
			}
		}
	}
	return u
}

// take uses the edge i leaving v.
func (u *edgeUse) take(v, i int) edge {
	u.used[v][i] = true
	e := u.lg.out[v][i]
	if e.s == eps {
		u.backs[v]--
	}
	return e
}

// next picks the unused edge leaving v that goes back to ε, else the
// one to the label with the most unused edges back to ε; -1 if none.
func (u *edgeUse) next(v int) int {
	best, bestBacks := -1, -1
	for i, e := range u.lg.out[v] {
		if u.used[v][i] {
			continue
		}
		if e.s == eps {
			return i
		}
		if u.backs[e.s] > bestBacks {
			best, bestBacks = i, u.backs[e.s]
		}
	}
	return best
}

// firstUnused is the first unused edge leaving v; -1 if none.
func (u *edgeUse) firstUnused(v int) int {
	for i := range u.lg.out[v] {
		if !u.used[v][i] {
			return i
		}
	}
	return -1
}

// epsChains returns the chains, as edges: a walk from each edge leaving ε;
// every node is balanced, so it ends at ε.
func (u *edgeUse) epsChains() [][]edge {
	var chains [][]edge
	for i := range u.lg.out[eps] {
		if u.used[eps][i] {
			continue
		}
		ch := []edge{u.take(eps, i)}
		for v := ch[0].s; v != eps; {
			j := u.next(v)
			if j < 0 {
				panic("actuate: label graph not balanced")
			}
			e := u.take(v, j)
			ch = append(ch, e)
			v = e.s
		}
		chains = append(chains, ch)
	}
	return chains
}

// cycles returns the edges left as simple cycles on the digits.
func (u *edgeUse) cycles() [][]edge {
	var cycles [][]edge
	for v0 := 0; v0 < labels; v0++ {
		for {
			i0 := u.firstUnused(v0)
			if i0 < 0 {
				break
			}
			// Walk until a label repeats; cut that loop off as a cycle.
			path := []edge{u.take(v0, i0)}
			at := map[int]int{v0: 0} // label → index in path of the edge leaving it
			for v := path[0].s; ; {
				if k, ok := at[v]; ok {
					cycles = append(cycles, append([]edge(nil), path[k:]...))
					for _, e := range path[k:] {
						delete(at, e.t)
					}
					path = path[:k]
					if len(path) == 0 {
						break
					}
					continue // on from v, where the walk stands again
				}
				j := u.firstUnused(v)
				if j < 0 {
					panic("actuate: label graph not balanced")
				}
				at[v] = len(path)
				e := u.take(v, j)
				path = append(path, e)
				v = e.s
			}
		}
	}
	return cycles
}

// spliceCycles splices the cycles into the chains, the longest first, each
// into the shortest chain through one of its labels; a cycle that meets no
// chain yet waits for one that makes it meet one; what never does (a
// component without ε) it returns.
func spliceCycles(chains, cycles [][]edge) [][]edge {
	slices.SortStableFunc(cycles, func(a, b []edge) int { return len(b) - len(a) })
	for progress := true; progress; {
		progress = false
		left := cycles[:0]
		for _, cyc := range cycles {
			best, bestAt := -1, -1
			for ci, ch := range chains {
				if best >= 0 && len(ch) >= len(chains[best]) {
					continue
				}
				if k := meet(ch, cyc); k >= 0 {
					best, bestAt = ci, k
				}
			}
			if best < 0 {
				left = append(left, cyc)
				continue
			}
			chains[best] = splice(chains[best], bestAt, cyc)
			progress = true
		}
		cycles = left
	}
	return cycles
}

// meet returns the index in chain ch after which cycle cyc can be spliced
// (the chain stands at a label of the cycle there), or -1.
func meet(ch, cyc []edge) int {
	for k, e := range ch[:len(ch)-1] { // after the last edge the chain is at ε
		for _, c := range cyc {
			if c.t == e.s {
				return k
			}
		}
	}
	return -1
}

// splice inserts cycle cyc, rotated to start at the label where chain ch
// stands after its edge k, after that edge.
func splice(ch []edge, k int, cyc []edge) []edge {
	v := ch[k].s
	r := 0
	for i, c := range cyc {
		if c.t == v {
			r = i
			break
		}
	}
	out := make([]edge, 0, len(ch)+len(cyc))
	out = append(out, ch[:k+1]...)
	out = append(out, cyc[r:]...)
	out = append(out, cyc[:r]...)
	return append(out, ch[k+1:]...)
}
