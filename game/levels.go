package game

import (
	"embed"
	"fmt"

	"hexiom/board"
)

// The 40 official levels, byte for byte as in shared/levels (CRLF line ends).
//
//go:embed levels/level*.txt
var levelFS embed.FS

// NumLevels is the number of official levels.
const NumLevels = 40

// Level returns official level n (1..NumLevels) at its start.
func Level(n int) (board.Position, error) {
	if n < 1 || n > NumLevels {
		return board.Position{}, fmt.Errorf("level %d outside 1..%d", n, NumLevels)
	}
	name := fmt.Sprintf("levels/level%02d.txt", n)
	data, err := levelFS.ReadFile(name)
	if err != nil {
		return board.Position{}, fmt.Errorf("read embedded %s: %w", name, err)
	}
	p, err := board.Parse(name, data)
	if err != nil {
		return board.Position{}, fmt.Errorf("parse embedded level: %w", err)
	}
	return p, nil
}
