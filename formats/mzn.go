package formats

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"hexiom/tantrix"
)

// TantrixAnswer is what MiniZinc printed for scripts/tantrix.mzn (with
// -s, its statistics): the tiles placed, one on every place of the board;
// whether it proved there is no placement (Unsatisfiable) or ran out of
// time without one (Unknown, =====UNKNOWN=====); and the solver's
// solveTime in seconds, summed over its statistics blocks.
type TantrixAnswer struct {
	Tiles         []tantrix.Placed
	Unsatisfiable bool
	Unknown       bool
	SolveS        float64
}

// ReadTantrixMZN reads MiniZinc's output on scripts/tantrix.mzn for board
// b: a line "place J TILE ROT" for each place J (from 1, b.Places' order)
// of a solution, "=====UNSATISFIABLE=====" for none, "=====UNKNOWN=====" for
// a run out of time, and "%%%mzn-stat: solveTime=S" lines (S a finite
// number of seconds, not negative). Other lines are skipped. Output with
// none of the three answers, or a solution that leaves a place empty or
// fills one twice, is refused, saying so.
func ReadTantrixMZN(r io.Reader, name string, b *tantrix.Board) (TantrixAnswer, error) {
	var a TantrixAnswer
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		if err := a.readLine(sc.Text(), b); err != nil {
			return TantrixAnswer{}, fmt.Errorf("%s:%d: %w", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return TantrixAnswer{}, fmt.Errorf("%s: %w", name, err)
	}
	if err := a.check(b); err != nil {
		return TantrixAnswer{}, fmt.Errorf("%s: %w", name, err)
	}
	return a, nil
}

// readLine reads one line of MiniZinc's output into a.
func (a *TantrixAnswer) readLine(text string, b *tantrix.Board) error {
	if rest, ok := strings.CutPrefix(text, "place "); ok {
		var j, i, k int
		if n, _ := fmt.Sscanf(rest, "%d %d %d", &j, &i, &k); n != 3 {
			return fmt.Errorf("expected \"place J TILE ROT\", got %q", text)
		}
		if j < 1 || j > len(b.Places) || i < 1 || i > tantrix.NumTiles || k < 0 || k > 5 {
			return fmt.Errorf("%q: want place 1..%d, tile 1..%d, rotation 0..5", text, len(b.Places), tantrix.NumTiles)
		}
		a.Tiles = append(a.Tiles, tantrix.Placed{Place: b.Places[j-1], Tile: i, Rot: k})
	}
	if v, ok := strings.CutPrefix(text, "%%%mzn-stat: solveTime="); ok {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
			return fmt.Errorf("solveTime %q is not a number of seconds", v)
		}
		a.SolveS += f
	}
	a.Unsatisfiable = a.Unsatisfiable || strings.Contains(text, "=====UNSATISFIABLE=====")
	a.Unknown = a.Unknown || strings.Contains(text, "=====UNKNOWN=====")
	return nil
}

// check refuses an answer that is not exactly one of a solution (every
// place once), a proof of none, or a run out of time.
func (a *TantrixAnswer) check(b *tantrix.Board) error {
	switch n := len(a.Tiles); {
	case a.Unsatisfiable && n > 0:
		return fmt.Errorf("both a placement and =====UNSATISFIABLE=====")
	case a.Unknown && (n > 0 || a.Unsatisfiable):
		return fmt.Errorf("=====UNKNOWN===== with another answer")
	case n == 0 && !a.Unsatisfiable && !a.Unknown:
		return fmt.Errorf("no placement, =====UNSATISFIABLE===== or =====UNKNOWN=====: not an answer of the model")
	case n > 0 && n != len(b.Places):
		return fmt.Errorf("%d places filled, want all %d", n, len(b.Places))
	}
	seen := map[tantrix.Place]bool{}
	for _, t := range a.Tiles {
		if seen[t.Place] {
			return fmt.Errorf("place %v filled twice", t.Place)
		}
		seen[t.Place] = true
	}
	return nil
}
