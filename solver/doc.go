// Package solver solves Hexiom positions exactly: given a position it returns
// a solved position with exactly the same tiles, locks and holes, preferring
// one that leaves as many movable tiles as possible where they stand, or
// ErrNoSolution once the whole search space has been exhausted.
//
// The search (in internal/search) decides the free cells one by one in
// reading order. Each cell is given a tile number or left empty; the number
// must lie between the cell's settled occupied neighbours and that plus its
// undecided neighbours, every settled tile must still be able to reach its
// number, every number must still have room for its remaining tiles, and the
// handshake identity (the sum of all tile numbers is twice the number of
// occupied adjacent pairs) must still be satisfiable. States of the search
// frontier that were exhausted are remembered, which turns the hard
// official level 38 from seconds (Gecode) into milliseconds.
//
// Fewest moves. Values are tried with the tile that stands on a cell first,
// so the first solution tends to keep many tiles. Then, unless FirstSolution
// is given, a branch-and-bound over "tiles kept in place" looks for better
// solutions until the search space is exhausted (Result.Optimal is then true
// and Result.Moves is the proven minimum number of tiles to move) or until
// the node budget of MaxOptNodes is spent (Optimal false: Moves is what the
// returned solution needs, maybe not the minimum).
//
// Solve allocates only per call, never per search node.
package solver
