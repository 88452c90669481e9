package board

// The original game drew every board inside one square game area, with the
// horizontal pitch between cell columns set per board size (48, 48, 40, 31
// and 25 px of a 400 px area for sizes 2 to 6). Pitch, Radius and Centre give
// those proportions so that the clone draws like the original and calibration can
// find every cell of any size from one measured area. A picture may still
// draw another lattice (older clones drew DY = DX/√3): calibration.Area
// carries a scale and an aspect per size for that.

// The board sizes the original game shows on screen, from MinScreen to
// MaxScreen: the sizes vision reads and calibration measures (Pitch, Radius
// and Centre work for every size).
const (
	MinScreen = 2
	MaxScreen = 6
)

// ScreenSizes returns the sizes the game shows, MinScreen..MaxScreen.
func ScreenSizes() []int {
	out := make([]int, 0, MaxScreen-MinScreen+1)
	for s := MinScreen; s <= MaxScreen; s++ {
		out = append(out, s)
	}
	return out
}

// OnScreen reports whether the game shows boards of side s.
func OnScreen(s int) bool { return s >= MinScreen && s <= MaxScreen }

// pitch400 and row400 are the original's column pitch DX and half row pitch
// DY in a 400 px game area, by size (GAME.md), as the original drew them:
// DX/DY is 1.67 to 1.74, not √3, so its hexagons are not quite regular
// (most at size 6, whose rows are 4 % further apart than √3 would say).
var (
	pitch400 = [...]float64{1: 48, 2: 48, 3: 48, 4: 40, 5: 31, 6: 25}
	row400   = [...]float64{1: 28, 2: 28, 3: 28, 4: 23, 5: 18, 6: 15}
)

// Pitch returns the column pitch DX and the half row pitch DY of a board of
// side s as fractions of the game area's side, the original's table as given
// (sizes 1 to 6; larger boards shrink size 6's pitch to keep its span). A
// cell at axial (x, y) is centred DX·(x−y) right and DY·(x+y) down of the
// top cell. A cell's hexagon is as wide as a regular one of circumradius
// DX/1.5 (Radius); DY need not be DX/√3.
func Pitch(s int) (dx, dy float64) {
	if s < len(pitch400) {
		return pitch400[s] / 400, row400[s] / 400
	}
	f := 5 / float64(s-1) / 400
	return pitch400[6] * f, row400[6] * f
}

// Radius returns the circumradius of a cell's hexagon of a board of side s,
// as a fraction of the game area's side.
func Radius(s int) float64 {
	dx, _ := Pitch(s)
	return dx / 1.5
}

// Centre returns where the centre of cell i of a board of side s lies in a
// game area of side 1 whose top-left corner is (0, 0). The board's centre
// cell is at (0.5, 0.5).
func Centre(s, i int) (fx, fy float64) {
	c := Geom(s).Coords[i]
	dx, dy := Pitch(s)
	return 0.5 + dx*float64(c.X-c.Y), 0.5 + dy*float64(c.X+c.Y-2*(s-1))
}
