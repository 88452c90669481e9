package cli

import (
	"fmt"
	"os"

	"hexiom/board"
	"hexiom/tantrix"
)

// ReadLevel reads a level from a file, or from stdin when name is "-".
// Its errors name the file (and line and column for bad content).
func ReadLevel(name string) (board.Position, error) {
	if name == "-" {
		return board.Read("<stdin>", os.Stdin)
	}
	f, err := os.Open(name)
	if err != nil {
		return board.Position{}, fmt.Errorf("read level: %w", err)
	}
	defer f.Close()
	return board.Read(name, f)
}

// ReadTantrixBoard reads a Tantrix BOARD file ("-" is stdin).
func ReadTantrixBoard(name string) (*tantrix.Board, error) {
	if name == "-" {
		return tantrix.ParseBoard(os.Stdin, "<stdin>")
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("read board: %w", err)
	}
	defer f.Close()
	return tantrix.ParseBoard(f, name)
}
