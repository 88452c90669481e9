package board

import (
	"fmt"
	"math/rand/v2"
)

// Random returns a random level of side size (1..MaxSize; the game uses 3–6),
// made the way the original game most likely made its random levels: build a
// solved board, then scramble its movable tiles. So every random level is
// solvable, and the same (size, seed) always gives the same level.
//
// The solved board has a few holes, a density of tiles that grows with the
// size (about 60–65% of the cells at size 4, 60–80 tiles of 91 at size 6,
// dense like level 40), every tile numbered by its count of occupied
// neighbours, and a few of them locked. The movable tiles are then spread at
// random over all non-fixed cells; the start is never solved unless the board
// is too small to hold any other arrangement (size 1).
//
// Random panics when size is outside 1..MaxSize, like Geom.
func Random(size int, seed uint64) Position {
	level, _ := RandomWithSolution(size, seed)
	return level
}

// RandomWithSolution is Random that also returns the solved board the level
// was scrambled from (one solution; the level may have others).
func RandomWithSolution(size int, seed uint64) (level, solution Position) {
	if !ValidSize(size) {
		panic(fmt.Sprintf("board: Random size %d outside 1..%d", size, MaxSize))
	}
	rng := rand.New(rand.NewPCG(seed, 0x6865_7869_6f6d)) // "hexiom"
	for {
		level, solution, ok := randomTry(size, rng)
		if ok || size <= 1 {
			return level, solution
		}
	}
}

// density returns the range of the fraction of non-hole cells that hold a
// tile on a solved random board of side s.
func density(s int) (lo, hi float64) {
	switch {
	case s <= 2:
		return 0.4, 0.6
	case s == 3:
		return 0.5, 0.65
	case s == 4:
		return 0.55, 0.7
	case s == 5:
		return 0.6, 0.8
	default:
		return 0.7, 0.88
	}
}

// randomTry builds one solved board and scrambles it; ok is false when the
// scramble could not produce an unsolved start (tiny boards).
func randomTry(s int, rng *rand.Rand) (level, solution Position, ok bool) {
	n := NumCells(s)
	g := Geom(s)
	sol := New(s)
	perm := rng.Perm(n)

	holes := 0
	if s >= 3 {
		holes = rng.IntN(n/12 + 1)
	}
	for _, i := range perm[:holes] {
		sol.Cells[i].Fixed = true
	}
	avail := n - holes
	lo, hi := density(s)
	tiles := int((lo + (hi-lo)*rng.Float64()) * float64(avail))
	tiles = max(1, min(tiles, avail-1))
	if s == 1 {
		tiles = 1
	}
	occ := perm[holes : holes+tiles]
	for _, i := range occ {
		sol.Cells[i].Tile = 0 // numbered below
	}
	for _, i := range occ {
		k := 0
		for _, j := range g.Nbrs[i] {
			if sol.Cells[j].Tile != None {
				k++
			}
		}
		sol.Cells[i].Tile = int8(k)
	}
	locked := 0
	if s >= 2 {
		locked = 1 + rng.IntN(n/20+1)
		locked = min(locked, tiles-1)
	}
	// occ is already in random order: lock its first tiles.
	for _, i := range occ[:locked] {
		sol.Cells[i].Fixed = true
	}

	level, ok = scramble(sol, rng)
	return level, sol, ok
}

// scramble puts sol's movable tiles onto a random choice of its non-fixed
// cells, up to 20 times until the level is not solved already; ok when
// one is not.
func scramble(sol Position, rng *rand.Rand) (level Position, ok bool) {
	var free []int
	var movable []int8
	for i, c := range sol.Cells {
		if !c.Fixed {
			free = append(free, i)
			if c.Tile != None {
				movable = append(movable, c.Tile)
			}
		}
	}
	for try := 0; try < 20; try++ {
		level = sol.Clone()
		for _, i := range free {
			level.Cells[i].Tile = None
		}
		rng.Shuffle(len(free), func(a, b int) { free[a], free[b] = free[b], free[a] })
		for k, t := range movable {
			level.Cells[free[k]].Tile = t
		}
		if !level.Solved() {
			return level, true
		}
	}
	return level, false
}

// ShowsEveryKind reports whether p shows every kind of cell a reader of the
// game must tell apart: a hole, a locked tile, an empty cell, and every
// digit a tile of its size can hold (0 to min(6, 2·size−2)). A look of the
// game is learnt from the start of such a board.
func (p Position) ShowsEveryKind() bool {
	var digits [7]bool
	hole, locked, empty := false, false, false
	for _, c := range p.Cells {
		switch {
		case c.Hole():
			hole = true
		case c.Locked():
			locked = true
		case c.Tile == None:
			empty = true
		}
		if c.Tile >= 0 && int(c.Tile) < len(digits) {
			digits[c.Tile] = true
		}
	}
	all := hole && locked && empty
	for d := 0; d <= min(6, 2*p.Size-2); d++ {
		all = all && digits[d]
	}
	return all
}

// ShowcaseSeed is the first seed from from on whose Random board of side
// size ShowsEveryKind at its start.
func ShowcaseSeed(size int, from uint64) uint64 {
	seed := from
	for !Random(size, seed).ShowsEveryKind() {
		seed++
	}
	return seed
}
