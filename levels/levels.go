// Package levels is the one home of the 40 official Hexiom levels: the files
// level01.txt … level40.txt beside this file, embedded in every binary that
// imports the package, byte for byte as transcribed from the original game
// (CRLF line ends). README.md beside them gives their source and the text
// format, which board.Parse reads; board.Level returns a level parsed.
package levels

import (
	"embed"
	"fmt"
)

// N is the number of official levels.
const N = 40

//go:embed level*.txt
var files embed.FS

// Name returns the file name of level n: "level07.txt".
func Name(n int) string { return fmt.Sprintf("level%02d.txt", n) }

// Text returns the file of level n (1..N) as it is.
func Text(n int) ([]byte, error) {
	if n < 1 || n > N {
		return nil, fmt.Errorf("level %d outside 1..%d", n, N)
	}
	data, err := files.ReadFile(Name(n))
	if err != nil {
		return nil, fmt.Errorf("embedded level %d: %w", n, err)
	}
	return data, nil
}
