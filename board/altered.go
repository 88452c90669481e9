package board

import (
	"fmt"
	"math/rand/v2"
)

// Altered returns Random(size, seed) with two movable tiles' numbers
// changed, one raised by one and the other lowered by one, so that the sum
// of the numbers keeps its parity (the handshake: it must be even). The
// level may then have no solution; it is a harder kind of instance for the
// solver, which must then prove that by exhausting its search. The two
// tiles are chosen at random (from seed) among those that can be changed
// without giving back the same tiles (never a 6 raised or a 0 lowered, and
// never a v raised together with a v+1 lowered). Altered panics when size is
// outside 1..MaxSize, and when the level has fewer than two movable tiles
// that can change (only on boards of side 1 or 2).
func Altered(size int, seed uint64) Position {
	level := Random(size, seed)
	rng := rand.New(rand.NewPCG(seed, 0x616c_7465_7265_64)) // "altered"
	var movable []int
	for i, c := range level.Cells {
		if c.Movable() {
			movable = append(movable, i)
		}
	}
	for try := 0; try < 1000 && len(movable) >= 2; try++ {
		up, down := movable[rng.IntN(len(movable))], movable[rng.IntN(len(movable))]
		tu, td := level.Cells[up].Tile, level.Cells[down].Tile
		if up == down || tu == 6 || td == 0 || tu+1 == td {
			continue
		}
		level.Cells[up].Tile, level.Cells[down].Tile = tu+1, td-1
		return level
	}
	panic(fmt.Sprintf("board: Altered(%d, %d): no two movable tiles to change", size, seed))
}
