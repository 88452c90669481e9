package actuate

import (
	"errors"
	"fmt"

	"hexiom/board"
)

// Planning works on the cells whose content must change ("mismatched": the
// start and the target differ there; locked tiles and holes never do). Each
// such cell c is an edge of a small directed multigraph on eight labels, the
// digits 0..6 and ε (no tile): from T(c), what c must finally hold, to S(c),
// what it holds now. The tile leaving c goes to a cell that wants S(c), that
// is to an edge leaving node S(c); so a walk along edges is a chain of cells
// each handing its content to the next, and every node is balanced (each
// digit is wanted as many times as it is offered). Choosing which tile goes
// where (tiles of one number are interchangeable) is choosing how to split
// the edges into closed trails; each closed trail is a cycle of cells.
//
// Drags onto free cells only: a closed trail through ε is a set of chains
// ending in an empty cell and is played backwards from that cell, one drag
// per tile. A closed trail of tiles only needs one tile parked on a free cell
// first: one drag more. One Euler circuit per connected component makes every
// component that touches ε free of extra drags and every other one a single
// cycle, so the plan makes m + k drags, m the tiles that must move and k the
// components without ε. No plan does better: in a component without ε, the
// first tile to leave one of its cells finds every other cell of the
// component occupied, and any free cell outside it does not want that tile's
// number (else the component would reach ε), so that tile moves twice.
//
// Drags that also swap (a tile dropped on a movable tile trades places with
// it): every drag is a transposition of two cells' contents, ε included, so
// a cycle of k cells costs k−1 drags and the fewest drags are m' − c, m' the
// mismatched cells and c the most cycles the edges split into. Taking every
// two-cycle first is safe (an exchange argument); the rest is an exact
// search over cycles of the eight-node graph.
//
// The component through ε is split into chains short and even (chains.go):
// a bot that overlaps its drags waits for the screen once per drag of the
// longest chain.

// eps is the label of "no tile" in the label graph.
const eps = 7

// labels is the number of nodes of the label graph: digits 0..6 and ε.
const labels = 8

func label(c board.Cell) int {
	if c.Tile == board.None {
		return eps
	}
	return int(c.Tile)
}

// PlanError is a start and target that no drags can turn into each other.
type PlanError struct{ Msg string }

func (e *PlanError) Error() string { return "plan: " + e.Msg }

// Compatible returns an error when no sequence of drags turns start into
// target: different sizes, a hole or locked tile that differs, or different
// tiles.
func Compatible(start, target board.Position) error {
	if err := start.Validate(); err != nil {
		return &PlanError{"start: " + err.Error()}
	}
	if err := target.Validate(); err != nil {
		return &PlanError{"target: " + err.Error()}
	}
	if start.Size != target.Size {
		return &PlanError{fmt.Sprintf("start has size %d, target size %d", start.Size, target.Size)}
	}
	for i := range start.Cells {
		s, t := start.Cells[i], target.Cells[i]
		if s.Fixed != t.Fixed || (s.Fixed && s.Tile != t.Tile) {
			return &PlanError{fmt.Sprintf("cell %d: start holds %s, target %s; holes and locked tiles never change", i, s, t)}
		}
	}
	if start.Counts() != target.Counts() {
		return &PlanError{fmt.Sprintf("start and target hold different tiles: %v against %v (count of each number 0..6)", start.Counts(), target.Counts())}
	}
	return nil
}

// ErrNoFreeCell is returned when tiles must cycle and no cell is free to park
// one of them.
var ErrNoFreeCell = errors.New("no free cell to break a cycle of tiles through")

// Plan returns the fewest drags onto free cells that turn start into target
// (same size, holes, locked tiles and tiles). Tiles already on a cell that
// wants their number stay; a tile whose cell is occupied waits until it is
// free; a cycle of tiles is broken by parking one tile on the free cell
// nearest to it. Every move is legal for board.Position.Apply in order.
func Plan(start, target board.Position) ([]board.Move, error) {
	if err := Compatible(start, target); err != nil {
		return nil, err
	}
	lg := newLabelGraph(start, target)
	cur := start.Clone()
	var moves []board.Move
	// Chains (components through ε) first: they need no free cell of their
	// own. Then the cycles of tiles, one extra drag each.
	eps0, circuits := lg.balancedChains()
	if len(eps0) > 0 {
		circuits = append([][]int{eps0}, circuits...)
	}
	for pass := 0; pass < 2; pass++ {
		for _, cyc := range circuits {
			hasEps := false
			for _, c := range cyc {
				if start.Cells[c].Tile == board.None {
					hasEps = true
					break
				}
			}
			if hasEps != (pass == 0) {
				continue
			}
			var err error
			moves, err = rollFree(&cur, cyc, moves)
			if err != nil {
				return nil, err
			}
		}
	}
	if !cur.Equal(target) {
		return nil, fmt.Errorf("plan: internal error: plan ends at\n%s\nnot the target\n%s", cur, target)
	}
	return moves, nil
}

// rollFree plays one cycle of cells (the content of cyc[i] goes to
// cyc[i+1], cyclically) with drags onto free cells only, applying them to
// cur and appending them to moves.
func rollFree(cur *board.Position, cyc []int, moves []board.Move) ([]board.Move, error) {
	n := len(cyc)
	empties := 0
	for _, c := range cyc {
		if cur.Cells[c].Tile == board.None {
			empties++
		}
	}
	if empties == 0 {
		return rollParked(cur, cyc, moves)
	}
	// Chains: every empty cell of the cycle takes the tile of the cell
	// before it, which takes the one before that, back to the previous empty
	// cell (whose "content", no tile, goes to the chain's first cell).
	wasEmpty := make([]bool, n)
	for i, c := range cyc {
		wasEmpty[i] = cur.Cells[c].Tile == board.None
	}
	var err error
	for j := range cyc {
		if !wasEmpty[j] {
			continue
		}
		to := cyc[j]
		for i := (j - 1 + n) % n; !wasEmpty[i]; i = (i - 1 + n) % n {
			if moves, err = applyMove(cur, moves, cyc[i], to); err != nil {
				return moves, err
			}
			to = cyc[i]
		}
	}
	return moves, nil
}

// applyMove applies the move from → to on cur and appends it to moves.
func applyMove(cur *board.Position, moves []board.Move, from, to int) ([]board.Move, error) {
	m := board.Move{From: from, To: to}
	if err := cur.Apply(m); err != nil {
		return moves, fmt.Errorf("plan: internal error: %w", err)
	}
	return append(moves, m), nil
}

// rollParked plays a cycle of tiles (no empty cell): it parks the tile
// nearest to a free cell there, so the cell it leaves opens the cycle into
// a chain.
func rollParked(cur *board.Position, cyc []int, moves []board.Move) ([]board.Move, error) {
	n := len(cyc)
	g := cur.Geom()
	bestK, bestF, bestD := -1, -1, 0
	for k, c := range cyc {
		for f, fc := range cur.Cells {
			if !fc.Free() {
				continue
			}
			if d := g.Dist(c, f); bestF < 0 || d < bestD {
				bestK, bestF, bestD = k, f, d
			}
		}
	}
	if bestF < 0 {
		return moves, fmt.Errorf("plan: %w: %d tiles must trade places (a game that swaps needs no free cell: plan with swaps)", ErrNoFreeCell, n)
	}
	// Rotate so the parked tile is the last of the cycle: it goes to
	// cyc[0] at the end.
	rot := append(append([]int(nil), cyc[bestK+1:]...), cyc[:bestK+1]...)
	park := rot[n-1]
	var err error
	if moves, err = applyMove(cur, moves, park, bestF); err != nil {
		return moves, err
	}
	for i := n - 2; i >= 0; i-- {
		if moves, err = applyMove(cur, moves, rot[i], rot[i+1]); err != nil {
			return moves, err
		}
	}
	return applyMove(cur, moves, bestF, rot[0])
}

// labelGraph holds the mismatched cells as edges T(c) → S(c).
type labelGraph struct {
	out [labels][]edge // node → edges leaving it (T(c) = node), in cell order
	n   int
}

type edge struct{ cell, t, s int }

func newLabelGraph(start, target board.Position) *labelGraph {
	lg := &labelGraph{}
	for c := range start.Cells {
		s, t := label(start.Cells[c]), label(target.Cells[c])
		if s != t {
			lg.out[t] = append(lg.out[t], edge{c, t, s})
			lg.n++
		}
	}
	return lg
}

// circuits returns one Euler circuit per connected component of the label
// graph (every node is balanced, so each component has one), as a cycle of
// cells: the content of each goes to the next. The component holding ε is
// walked from ε.
func (lg *labelGraph) circuits() [][]int {
	var ptr [labels]int
	var out [][]int
	order := [labels]int{eps, 0, 1, 2, 3, 4, 5, 6}
	for _, v0 := range order {
		if ptr[v0] == len(lg.out[v0]) {
			continue
		}
		// Hierholzer, iterative.
		nodes := []int{v0}
		via := []int{-1}
		var circ []int
		for len(nodes) > 0 {
			v := nodes[len(nodes)-1]
			if ptr[v] < len(lg.out[v]) {
				e := lg.out[v][ptr[v]]
				ptr[v]++
				nodes = append(nodes, e.s)
				via = append(via, e.cell)
				continue
			}
			if c := via[len(via)-1]; c >= 0 {
				circ = append(circ, c)
			}
			nodes, via = nodes[:len(nodes)-1], via[:len(via)-1]
		}
		for i, j := 0, len(circ)-1; i < j; i, j = i+1, j-1 {
			circ[i], circ[j] = circ[j], circ[i]
		}
		out = append(out, circ)
	}
	return out
}

// Drop does to p what the game does when the tile on m.From is dropped on
// m.To: onto a free cell it moves; onto another movable tile it trades places
// with it when swap is true. Anything else (no movable tile on m.From, a
// hole, a locked tile, a movable tile without swap, the same cell) is an
// error and p is unchanged, as the game puts the tile back.
func Drop(p *board.Position, m board.Move, swap bool) error {
	if m.From < 0 || m.From >= len(p.Cells) || m.To < 0 || m.To >= len(p.Cells) {
		return fmt.Errorf("drop %d→%d: cell out of range 0..%d", m.From, m.To, len(p.Cells)-1)
	}
	if m.From == m.To {
		return fmt.Errorf("drop %d→%d: tile dropped where it was", m.From, m.To)
	}
	if swap && p.Cells[m.From].Movable() && p.Cells[m.To].Movable() {
		p.Cells[m.From].Tile, p.Cells[m.To].Tile = p.Cells[m.To].Tile, p.Cells[m.From].Tile
		return nil
	}
	if err := p.Apply(m); err != nil {
		return fmt.Errorf("drop: %w", err)
	}
	return nil
}

// PlanSwap returns the fewest drags that turn start into target in a game
// where a tile dropped on another movable tile trades places with it (see
// Drop): a cycle of k cells costs k−1 drags and needs no free cell. Every
// move is legal for Drop with swap in order.
func PlanSwap(start, target board.Position) ([]board.Move, error) {
	if err := Compatible(start, target); err != nil {
		return nil, err
	}
	lg := newLabelGraph(start, target)
	var cnt counts
	var cells [labels][labels][]int
	for t := range lg.out {
		for _, e := range lg.out[t] {
			cnt[e.t][e.s]++
			cells[e.t][e.s] = append(cells[e.t][e.s], e.cell)
		}
	}
	var cycles [][]int // label cycles: a0 → a1 → … → a0
	for a := 0; a < labels; a++ {
		for b := a + 1; b < labels; b++ {
			for cnt[a][b] > 0 && cnt[b][a] > 0 {
				cnt[a][b]--
				cnt[b][a]--
				cycles = append(cycles, []int{a, b})
			}
		}
	}
	cs := &cycleSearch{memo: map[counts]searchResult{}, budget: 2_000_000}
	cycles = append(cycles, cs.best(&cnt).cycles...)

	cur := start.Clone()
	var moves []board.Move
	for _, lc := range cycles {
		k := len(lc)
		cyc := make([]int, k)
		for i, a := range lc {
			b := lc[(i+1)%k]
			list := cells[a][b]
			cyc[i] = list[len(list)-1]
			cells[a][b] = list[:len(list)-1]
		}
		// The content of cyc[i] goes to cyc[i+1]: trade cyc[0] with each
		// of the others in turn.
		for j := 1; j < k; j++ {
			m := board.Move{From: cyc[0], To: cyc[j]}
			if !cur.Cells[cyc[0]].Movable() {
				m = board.Move{From: cyc[j], To: cyc[0]}
			}
			if err := Drop(&cur, m, true); err != nil {
				return nil, fmt.Errorf("plan: internal error: %w", err)
			}
			moves = append(moves, m)
		}
	}
	if !cur.Equal(target) {
		return nil, fmt.Errorf("plan: internal error: swap plan ends at\n%s\nnot the target\n%s", cur, target)
	}
	return moves, nil
}

// counts is the label graph as edge multiplicities [T][S].
type counts [labels][labels]uint8

type searchResult struct {
	cycles [][]int
}

// cycleSearch finds the most cycles the edges of a balanced label graph
// without two-cycles split into. It is exact within its budget of search
// nodes and greedy beyond it (still a valid plan, perhaps a drag longer).
type cycleSearch struct {
	memo   map[counts]searchResult
	budget int
}

func (cs *cycleSearch) best(cnt *counts) searchResult {
	a, b := -1, -1
	for i := 0; i < labels && a < 0; i++ {
		for j := 0; j < labels; j++ {
			if cnt[i][j] > 0 {
				a, b = i, j
				break
			}
		}
	}
	if a < 0 {
		return searchResult{}
	}
	if r, ok := cs.memo[*cnt]; ok {
		return r
	}
	cs.budget--
	// Every split puts one a→b edge in a simple cycle a → b → … → a.
	var best searchResult
	found := false
	path := []int{a, b}
	var onPath [labels]bool
	onPath[a], onPath[b] = true, true
	var walk func(v int)
	walk = func(v int) {
		if found && cs.budget < 0 {
			return
		}
		if cnt[v][a] > 0 && v != a {
			cyc := append([]int(nil), path...)
			cnt.add(cyc, -1)
			r := cs.best(cnt)
			cnt.add(cyc, +1)
			if !found || len(r.cycles)+1 > len(best.cycles) {
				found = true
				best = searchResult{cycles: append([][]int{cyc}, r.cycles...)}
			}
		}
		for w := 0; w < labels; w++ {
			if cnt[v][w] == 0 || onPath[w] {
				continue
			}
			onPath[w] = true
			path = append(path, w)
			walk(w)
			path = path[:len(path)-1]
			onPath[w] = false
		}
	}
	walk(b)
	if !found {
		// Unbalanced graph: cannot happen for compatible positions.
		panic("actuate: label graph edge on no cycle")
	}
	cs.memo[*cnt] = best
	return best
}

// add adds d to the count of every edge of the label cycle cyc.
func (c *counts) add(cyc []int, d int) {
	for i, a := range cyc {
		b := cyc[(i+1)%len(cyc)]
		c[a][b] = uint8(int(c[a][b]) + d)
	}
}
