package game

import (
	"fmt"
	"strings"

	"hexiom/board"
)

// Themes are the looks the page can draw. Classic, neon and slate place the
// cells by the original's pitch table (board.Pitch); flash has a pitch rule
// of its own (FlashPitch), so a reader that assumes board.Pitch misplaces its
// cells on every size but the one it was calibrated on.
var Themes = []string{"classic", "neon", "flash", "slate"}

// checkTheme returns the theme's canonical name ("" means classic).
func checkTheme(t string) (string, error) {
	if t == "" {
		return "classic", nil
	}
	for _, n := range Themes {
		if t == n {
			return n, nil
		}
	}
	return "", fmt.Errorf("theme %q: %w (want %s)", t, ErrSpec, strings.Join(Themes, ", "))
}

// Pitch rules, as State.Geometry.Rule names them.
const (
	RuleOriginal = "original" // board.Pitch: the original's table 48, 48, 40, 31, 25 px of 400
	RuleFill     = "fill"     // FlashPitch: the board fills a fixed share of the area
)

// flashFill is the share of the game area's side the flash look's board spans
// across (the width of its columns, rims left out), and flashMax the largest
// column pitch it uses, so that small boards do not grow huge.
const (
	flashFill = 0.84
	flashMax  = 0.13
)

// FlashPitch is the flash look's column pitch DX and half row pitch DY for a
// board of side s, as fractions of the game area's side: the board spans
// flashFill of the area whatever its size (DX = 0.84 / (2(s−1) + 4/3)), at
// most 0.13, and at size 6 a little less (its column must fit the area's
// height). Against board.Pitch the cells are 8 % larger at sizes 2 and 3,
// 15 % at size 4, 16 % at size 5 and 18 % at size 6; DY/DX is board.Pitch's,
// the original's (before issue 40 the look drew regular hexagons, DY =
// DX/√3, as its fixtures in vision/testdata/flash show).
func FlashPitch(s int) (dx, dy float64) {
	bx, by := board.Pitch(s)
	k := by / bx
	// (and the column the rows stack in fits too: its end cells' rims,
	// 1.2 radii past their centres, inside the area; size 6's rows, 4 %
	// further apart than regular hexagons', need that)
	dx = min(flashMax, flashFill/(2*float64(s-1)+4.0/3), 0.5/(2*float64(s-1)*k+1.2/1.5))
	return dx, dx * k
}

// LookGeometry returns where the page draws the cells of a board of side s in
// the given theme: the pitch rule's name, the pitch, the circumradius and
// every cell's centre, as fractions of the game area's side (the board's
// centre cell at (0.5, 0.5)).
func LookGeometry(theme string, s int) Geometry {
	rule := RuleOriginal
	dx, dy := board.Pitch(s)
	if theme == "flash" {
		rule = RuleFill
		dx, dy = FlashPitch(s)
	}
	g := Geometry{Rule: rule, DX: dx, DY: dy, Radius: dx / 1.5, Centres: make([][2]float64, board.Geom(s).N())}
	for i, c := range board.Geom(s).Coords {
		g.Centres[i] = [2]float64{0.5 + dx*float64(c.X-c.Y), 0.5 + dy*float64(c.X+c.Y-2*(s-1))}
	}
	return g
}
