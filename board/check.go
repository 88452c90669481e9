package board

import (
	"fmt"
	"strings"
)

// Problem names one cell that breaks the rule or the level, and how.
type Problem struct {
	Cell int // cell index, or -1 for a problem of the whole board
	What string
}

func (pr Problem) String() string {
	if pr.Cell < 0 {
		return pr.What
	}
	return fmt.Sprintf("cell %d: %s", pr.Cell, pr.What)
}

// Check compares a proposed solution with the level it came from and returns
// every problem found, or nil when the solution is right: every tile's number
// equals its count of occupied neighbours, every fixed cell (hole or locked
// tile) is as it was, no tile stands on a hole, and the tiles are the same
// multiset of numbers.
func Check(level, sol Position) []Problem {
	var out []Problem
	if err := level.Validate(); err != nil {
		return []Problem{{-1, "level: " + err.Error()}}
	}
	if err := sol.Validate(); err != nil {
		return []Problem{{-1, "solution: " + err.Error()}}
	}
	if level.Size != sol.Size {
		return []Problem{{-1, fmt.Sprintf("size %d, level has size %d", sol.Size, level.Size)}}
	}
	g := level.Geom()
	for i := range level.Cells {
		lc, sc := level.Cells[i], sol.Cells[i]
		x, y := g.Coords[i].X, g.Coords[i].Y
		where := fmt.Sprintf("(x=%d,y=%d)", x, y)
		switch {
		case lc.Hole() && sc.Tile != None:
			out = append(out, Problem{i, where + " tile " + digit(sc.Tile) + " on a hole"})
		case lc.Locked() && sc.Tile != lc.Tile:
			out = append(out, Problem{i, where + " locked tile " + digit(lc.Tile) + " moved off its cell, now " + sc.String()})
		case lc.Fixed != sc.Fixed:
			out = append(out, Problem{i, where + " fixed flag changed"})
		}
		if sc.Tile != None {
			if n := sol.Occupied(i); n != int(sc.Tile) {
				out = append(out, Problem{i, fmt.Sprintf("%s tile %d has %d occupied neighbours", where, sc.Tile, n)})
			}
		}
	}
	if lc, sc := level.Counts(), sol.Counts(); lc != sc {
		var b strings.Builder
		for d := 0; d < 7; d++ {
			if lc[d] != sc[d] {
				fmt.Fprintf(&b, " %d×%d (level has %d)", sc[d], d, lc[d])
			}
		}
		out = append(out, Problem{-1, "tiles changed:" + b.String()})
	}
	return out
}

func digit(t int8) string { return string(rune('0' + t)) }

// Move drags the tile on From onto To.
type Move struct{ From, To int }

// Apply carries out m on p, which must be legal: a movable tile on From and
// a free cell at To. Otherwise it returns an error and leaves p unchanged.
func (p Position) Apply(m Move) error {
	if m.From < 0 || m.From >= len(p.Cells) || m.To < 0 || m.To >= len(p.Cells) {
		return fmt.Errorf("move %d→%d: cell out of range 0..%d", m.From, m.To, len(p.Cells)-1)
	}
	if !p.Cells[m.From].Movable() {
		return fmt.Errorf("move %d→%d: no movable tile on cell %d", m.From, m.To, m.From)
	}
	if !p.Cells[m.To].Free() {
		return fmt.Errorf("move %d→%d: cell %d is not free", m.From, m.To, m.To)
	}
	p.Cells[m.To].Tile, p.Cells[m.From].Tile = p.Cells[m.From].Tile, None
	return nil
}
