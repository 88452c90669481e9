package cli

import (
	"fmt"

	"hexiom/board"
	"hexiom/solver/most"
)

// CheckMaxAnswer checks an answer of most.Solve with
// board.CheckArrangement and its objective by counting; "" when right.
// (solve -max prints no answer it refuses; bench-max counts one as a
// failure.)
func CheckMaxAnswer(level board.Position, res most.Result, obj most.Objective) string {
	if pr := board.CheckArrangement(level, res.Solution, res.SetAside); pr != nil {
		return fmt.Sprint(pr)
	}
	v := 0
	for _, c := range res.Solution.Cells {
		if c.Tile != board.None {
			if obj == most.Points {
				v += int(c.Tile)
			} else {
				v++
			}
		}
	}
	if v != res.Objective {
		return fmt.Sprintf("objective %d, the board holds %d", res.Objective, v)
	}
	return ""
}
