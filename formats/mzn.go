package formats

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"hexiom/tantrix"
)

// TantrixAnswer is what MiniZinc printed for scripts/tantrix.mzn (with
// -s, its statistics): the tiles placed, whether it proved there is no
// placement (Unsatisfiable), and the solver's solveTime in seconds, summed
// over its statistics blocks. Neither tiles nor Unsatisfiable: the time
// ran out (=====UNKNOWN=====).
type TantrixAnswer struct {
	Tiles         []tantrix.Placed
	Unsatisfiable bool
	SolveS        float64
}

// ReadTantrixMZN reads MiniZinc's output on scripts/tantrix.mzn for board
// b: a line "place J TILE ROT" for each place J (from 1, b.Places' order)
// of a solution, "=====UNSATISFIABLE=====" for none, and "%%%mzn-stat:
// solveTime=S" lines. Other lines are skipped.
func ReadTantrixMZN(r io.Reader, name string, b *tantrix.Board) (TantrixAnswer, error) {
	var a TantrixAnswer
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if rest, ok := strings.CutPrefix(text, "place "); ok {
			var j, i, k int
			if n, _ := fmt.Sscanf(rest, "%d %d %d", &j, &i, &k); n != 3 {
				return TantrixAnswer{}, fmt.Errorf("%s:%d: expected \"place J TILE ROT\", got %q", name, line, text)
			}
			if j < 1 || j > len(b.Places) || i < 1 || i > tantrix.NumTiles || k < 0 || k > 5 {
				return TantrixAnswer{}, fmt.Errorf("%s:%d: %q: want place 1..%d, tile 1..%d, rotation 0..5", name, line, text, len(b.Places), tantrix.NumTiles)
			}
			a.Tiles = append(a.Tiles, tantrix.Placed{Place: b.Places[j-1], Tile: i, Rot: k})
		}
		if v, ok := strings.CutPrefix(text, "%%%mzn-stat: solveTime="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return TantrixAnswer{}, fmt.Errorf("%s:%d: solveTime %q is not a number", name, line, v)
			}
			a.SolveS += f
		}
		if strings.Contains(text, "=====UNSATISFIABLE=====") {
			a.Unsatisfiable = true
		}
	}
	if err := sc.Err(); err != nil {
		return TantrixAnswer{}, fmt.Errorf("%s: %w", name, err)
	}
	if a.Unsatisfiable && len(a.Tiles) > 0 {
		return TantrixAnswer{}, fmt.Errorf("%s: both a placement and =====UNSATISFIABLE=====", name)
	}
	return a, nil
}
