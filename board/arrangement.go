package board

import (
	"fmt"
	"slices"
)

// CheckArrangement checks an answer to the overconstrained variant (place
// as many tiles as possible): sol holds a subset of level's tiles, the
// others are setAside. It returns every problem found, or nil when every
// fixed cell is as in the level, every tile on sol's board has exactly its
// number of occupied neighbours, and the movable tiles on sol plus setAside
// are exactly the movable tiles of level.
func CheckArrangement(level, sol Position, setAside []int8) []Problem {
	if err := level.Validate(); err != nil {
		return []Problem{{-1, "level: " + err.Error()}}
	}
	if err := sol.Validate(); err != nil {
		return []Problem{{-1, "arrangement: " + err.Error()}}
	}
	if level.Size != sol.Size {
		return []Problem{{-1, fmt.Sprintf("size %d, level has size %d", sol.Size, level.Size)}}
	}
	var out []Problem
	var want, got []int8
	for i, lc := range level.Cells {
		sc := sol.Cells[i]
		switch {
		case lc.Fixed != sc.Fixed:
			out = append(out, Problem{i, "fixed flag changed"})
		case lc.Fixed && lc.Tile != sc.Tile:
			out = append(out, Problem{i, "fixed cell " + lc.String() + " now " + sc.String()})
		}
		if lc.Movable() {
			want = append(want, lc.Tile)
		}
		if sc.Movable() {
			got = append(got, sc.Tile)
		}
		if sc.Tile != None {
			if n := sol.Occupied(i); n != int(sc.Tile) {
				out = append(out, Problem{i, fmt.Sprintf("tile %d has %d occupied neighbours", sc.Tile, n)})
			}
		}
	}
	for _, t := range setAside {
		if t < 0 || t > 6 {
			return append(out, Problem{-1, fmt.Sprintf("tile %d set aside", t)})
		}
	}
	got = append(got, setAside...)
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(want, got) {
		out = append(out, Problem{-1, fmt.Sprintf("movable tiles placed and set aside %v, level has %v", got, want)})
	}
	return out
}
