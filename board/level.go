package board

import "hexiom/levels"

// Level returns official level n (1..levels.N) at its start, parsed from the
// embedded file.
func Level(n int) (Position, error) {
	data, err := levels.Text(n)
	if err != nil {
		return Position{}, err
	}
	return Parse(levels.Name(n), data)
}
