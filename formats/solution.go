package formats

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"hexiom/tantrix"
)

// ReadTantrixSolution reads a Tantrix solution as scripts/tantrix-sat.cpp
// writes it: one "Q R TILE ROTATION" line per place (the lines `hexiom
// tantrix solve` prints under its "# q r tile rotation"); blank lines and
// lines starting with # are skipped. tantrix.Check says whether it solves
// a board.
func ReadTantrixSolution(r io.Reader, name string) ([]tantrix.Placed, error) {
	var out []tantrix.Placed
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 4 {
			return nil, fmt.Errorf("%s:%d: expected q r tile rotation", name, line)
		}
		var v [4]int
		for i := range v {
			n, err := strconv.Atoi(f[i])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %q is not a number", name, line, f[i])
			}
			v[i] = n
		}
		out = append(out, tantrix.Placed{Place: tantrix.Place{Q: v[0], R: v[1]}, Tile: v[2], Rot: v[3]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}
