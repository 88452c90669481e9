package calibration

import (
	"fmt"
	"math"
)

// Where returns the file Open reads for path: path itself, else (path "")
// the saved calibration's (Path). A calibration found again is saved there.
func Where(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	return Path()
}

// Moved says, for people, how the game went from area a to area b: "the
// game moved by (+137, +61)" (its centre), or, when the side changed by
// more than 1 %, "the game's scale changed (side 732 → 915 px) and it moved
// by (+12, -40)".
func Moved(a, b Area) string {
	dx := int(math.Round(b.Left + b.Side/2 - a.Left - a.Side/2))
	dy := int(math.Round(b.Top + b.Side/2 - a.Top - a.Side/2))
	if math.Abs(b.Side-a.Side) > 0.01*a.Side {
		return fmt.Sprintf("the game's scale changed (side %.0f → %.0f px) and it moved by (%+d, %+d)", a.Side, b.Side, dx, dy)
	}
	return fmt.Sprintf("the game moved by (%+d, %+d)", dx, dy)
}
