package search

import "context"

// ZeroSets decides whether some arrangement of p, with tiles as the
// objective, is worth at least t (movable tiles), for a target that the
// tiles other than 0s cannot reach alone: p's pool (Start) leaves out the
// z movable tiles of 0, and the arrangement must place at least mMin of
// them. A 0 changes no count around it (its neighbours are all empty), so
// placing a set Z of 0s is the same as making Z and its free neighbours
// holes and placing m = |Z| tiles more: ZeroSets enumerates the sets Z (the
// cells in index order, no two side by side, none next to a locked tile),
// and for each one of at least mMin cells searches the board so holed for
// an arrangement of the other tiles worth at least t−m. A set is extended
// only while the root bound of its holed board plus every 0 reaches t:
// that bound is at least the board's optimum, and no further hole raises
// the optimum (an arrangement of a board with more holes is one of the
// board with fewer).
//
// On a dense level the 0s' neighbourhoods take most of the empty cells, so
// the boards so holed are refuted at their root or after few nodes, where
// the plain search must exhaust every arrangement of the other tiles (far
// level size 5 seed 6: refuting 42 tiles took over 90 million nodes).
//
// Each board is searched in p's visit order and in the one of visits that
// reaches the set's cells first, in turn, budgets doubling from
// zeroSetBudget. With nodeLimit > 0 ZeroSets stops (Limited) once its
// boards' searches have spent about that many nodes, and says where in
// *done: a call for the same t with *done kept goes on from there (a new
// target starts from a zero ZeroProgress). sol receives the arrangement found (0s included). The
// searcher is Reset for each board: its memo is lost.
func (s *MaxSearcher) ZeroSets(ctx context.Context, p Problem, visits [][]int32, z, t, mMin int32, nodeLimit int64, done *ZeroProgress, sol []int8) MaxOutcome {
	n := len(p.Nbrs)
	var zs zeroSets
	zs.s, zs.ctx, zs.p, zs.z, zs.t, zs.mMin, zs.sol = s, ctx, p, z, t, mMin, sol
	zs.limit = nodeLimit
	zs.skip, zs.try = done.Boards, done.Try
	zs.visits = visits
	zs.rank = make([][]int32, len(visits))
	for v, vis := range visits {
		zs.rank[v] = make([]int32, n)
		for r, c := range vis {
			zs.rank[v][c] = int32(r)
		}
	}
	zs.hole = make([]int8, n)
	zs.q = p
	zs.q.Hole = make([]bool, n)
	copy(zs.q.Hole, p.Hole)
	zs.q.Start = p.Start
	for i := 0; i < n; i++ {
		if p.Hole[i] {
			zs.hole[i] = 1
		}
	}
	for i := 0; i < n; i++ {
		if p.Hole[i] || p.Locked[i] != Empty {
			continue
		}
		ok := true
		for _, j := range p.Nbrs[i] {
			if p.Locked[j] != Empty {
				ok = false
			}
		}
		if ok {
			zs.cand = append(zs.cand, int32(i))
		}
	}
	zs.buf = make([]int8, n)
	// The pool, wherever its tiles stand (the holes made take cells).
	s.pool = [7]int32{}
	for i, t := range p.Start {
		if t != Empty && !p.Hole[i] && p.Locked[i] == Empty {
			s.pool[t]++
		}
	}
	s.fixedPool = true
	found := zs.rec(0)
	s.fixedPool = false
	done.Boards, done.Try = zs.solved, zs.try
	out := MaxOutcome{Found: found, Nodes: zs.nodes, Err: zs.err, Limited: zs.limited}
	out.Exhausted = !found && zs.err == nil && !zs.limited
	if found {
		out.Value = zs.val
	}
	return out
}

type zeroSets struct {
	s            *MaxSearcher
	ctx          context.Context
	p, q         Problem
	z, t, mMin   int32
	cand         []int32
	visits, rank [][]int32
	hole         []int8 // how many reasons make a cell a hole in q
	set          []int32
	buf, sol     []int8
	nodes, limit int64
	skip, solved int64 // boards known refuted by an earlier call, boards refuted
	try          int   // the try of solve to resume the next board at (see ZeroProgress)
	searched     int64 // nodes of the boards' searches (the budget)
	err          error
	limited      bool
	val          int32
}

// rec tries the set so far (if large enough) and its extensions by
// candidates from x on; true when an arrangement is found.
func (zs *zeroSets) rec(x int) bool {
	s := zs.s
	if err := zs.ctx.Err(); err != nil {
		zs.err = err
		return false
	}
	m := int32(len(zs.set))
	zs.nodes++
	zs.q.Visit = zs.p.Visit
	if !s.Reset(zs.q, false) {
		return false
	}
	root := s.RootBound()
	if root < 0 || root+zs.z < zs.t {
		return false // nothing reaches t, even with every 0 left
	}
	if m >= zs.mMin && root >= zs.t-m {
		if zs.solved < zs.skip {
			zs.solved++ // refuted by an earlier call
		} else {
			if found := zs.solve(m); found || zs.err != nil || zs.limited {
				return found
			}
			zs.solved++
		}
	}
	if m == zs.z {
		return false
	}
	for y := x; y < len(zs.cand); y++ {
		c := zs.cand[y]
		if zs.hole[c] != 0 {
			continue
		}
		zs.hold(c, 1)
		zs.set = append(zs.set, c)
		found := zs.rec(y + 1)
		zs.set = zs.set[:len(zs.set)-1]
		zs.hold(c, -1)
		if found || zs.err != nil || zs.limited {
			return found
		}
	}
	return false
}

// hold makes c and its neighbours holes (d = 1) or undoes it (d = -1).
func (zs *zeroSets) hold(c int32, d int8) {
	zs.mark(int(c), d)
	for _, j := range zs.p.Nbrs[c] {
		zs.mark(j, d)
	}
}

func (zs *zeroSets) mark(i int, d int8) {
	if zs.p.Locked[i] != Empty {
		return
	}
	zs.hole[i] += d
	zs.q.Hole[i] = zs.hole[i] != 0
}

// solve searches the board holed for the set (loaded in p's visit order)
// for the other tiles worth t−m: in two visit orders in turn, p's and the
// one that reaches the set's cells first, with budgets doubling every two
// tries (the nodes of a proof vary by orders of magnitude from one visit
// order to another).
func (zs *zeroSets) solve(m int32) bool {
	s := zs.s
	other := zs.p.Visit
	best := int32(1 << 30)
	for v := range zs.visits {
		r := int32(0)
		for _, c := range zs.set {
			r = max(r, zs.rank[v][c])
		}
		if r < best {
			best, other = r, zs.visits[v]
		}
	}
	try := zs.try // resumed where an earlier call stopped on this board
	zs.try = 0
	for first := true; ; first, try = false, try+1 {
		if !first || try%2 == 1 {
			zs.q.Visit = zs.p.Visit
			if try%2 == 1 {
				zs.q.Visit = other
			}
			s.Reset(zs.q, false)
		}
		budget := int64(zeroSetBudget) << min(try/2, 40)
		nl := budget
		if zs.limit > 0 {
			if nl = min(nl, zs.limit-zs.searched); nl <= 0 {
				zs.limited, zs.try = true, try
				return false
			}
		}
		out := s.Search(zs.ctx, MaxOptions{Best: zs.t - m - 1, NodeLimit: nl}, zs.buf)
		zs.nodes += out.Nodes
		zs.searched += out.Nodes
		if out.Err != nil {
			zs.err = out.Err
			return false
		}
		if out.Found {
			copy(zs.sol, zs.buf)
			for _, c := range zs.set {
				zs.sol[c] = 0
			}
			zs.val = out.Value + m
			return true
		}
		if !out.Limited {
			return false
		}
		if nl < budget {
			zs.limited, zs.try = true, try
			return false
		}
	}
}

// ZeroProgress is where ZeroSets stopped for want of budget: the boards
// it refuted, in order, and the try at which the next one's search
// stopped (its visit order and budget), so that a call for the same
// target with it kept goes on from there.
type ZeroProgress struct {
	Boards int64
	Try    int
}

// zeroSetBudget is the first budget of each board's search in ZeroSets.
const zeroSetBudget = 1000
