package board

import "testing"

// Altered changes exactly two movable tiles of Random, one up by one and one
// down by one (so the sum of the numbers, and the handshake parity, stay),
// never giving back the same multiset of numbers, the same way every time.
func TestAltered(t *testing.T) {
	for size := 3; size <= 6; size++ {
		for seed := uint64(0); seed < 200; seed++ {
			r, a := Random(size, seed), Altered(size, seed)
			if !a.Equal(Altered(size, seed)) {
				t.Fatalf("size %d seed %d: two calls differ", size, seed)
			}
			var up, down int
			for i, c := range r.Cells {
				d := a.Cells[i]
				switch {
				case c == d:
				case c.Movable() && d.Movable() && d.Tile == c.Tile+1:
					up++
				case c.Movable() && d.Movable() && d.Tile == c.Tile-1:
					down++
				default:
					t.Fatalf("size %d seed %d: cell %d changed from %v to %v", size, seed, i, c, d)
				}
			}
			if up != 1 || down != 1 {
				t.Fatalf("size %d seed %d: %d tiles up, %d down; want one each", size, seed, up, down)
			}
			if r.Counts() == a.Counts() {
				t.Fatalf("size %d seed %d: the same numbers as Random", size, seed)
			}
		}
	}
}
