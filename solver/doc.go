// Package solver solves Hexiom positions exactly: given a position it returns
// a solved position with exactly the same tiles, locks and holes, preferring
// one that leaves as many movable tiles as possible where they stand, or
// ErrNoSolution once the whole search space has been exhausted.
//
// The search (in internal/search) decides the free cells one by one as
// occupied or empty; a tile's number is never guessed, it is the count of
// its occupied neighbours once they are all decided. After each decision it
// checks that every locked and open tile can still reach a number of which
// tiles are left, that every number still has room for its tiles, that for
// every range of numbers the open tiles that can only take a number in it
// are no more than the tiles of those numbers left (Hall's condition), and the
// handshake identity (the sum of all tile numbers is twice the number of
// occupied adjacent pairs) turned into exact bounds on what the empty cells
// still to place must take away. Exhausted states of the search frontier
// are remembered. The cells are visited in reading order, and on levels
// that resist, a portfolio takes over (see Solve): a short search trying
// "empty" first (on a level that is the same in its twelve orientations,
// with the rows from the outside in), two searches that restart with
// growing budgets (the Luby sequence), each restart in another of the
// reading orders of the board (on a symmetric level four, one in orders
// from the middle row out), trying first at each cell the value it had
// on the deepest path of the restarts before (phase saving, as in CDCL
// solvers; on a symmetric level, with a few value choices swapped at
// random, and a fifth search that swaps more), and local searches over
// occupancy (walks), all taking turns. The searches that save phases
// share their deepest path: from its second restart on, a search that
// went less deep than the deepest path found lately takes that path's
// values instead of its own, and each time a walk's cost falls, its
// occupancy is such a path.
// With FirstSolution, a walk goes first, before any tree search (a
// shorter one on a symmetric level, whose few solutions it finds later,
// and none on a symmetric level of side 3 or less, where the lone tree
// search is quicker):
// random levels have many solutions, and on its last plateau the walk
// looks at every swap at once for one to a solution and throws its tiles
// again when a throw finds none, so that it solves every size-6 level
// but about one in 100,000 in a median of some 200 steps
// (docs/solver-tail.md, rounds seven and eight); the portfolio's first
// walk goes on from where it stopped. On a level that is not symmetric,
// after DiveAt steps one dive without a step back (search.Dive: every
// free cell in index order given a tile unless propagation rules it out)
// answers the levels that CaDiCaL solves in its least time, by its
// "lucky" phase, which is that dive on the level's CNF, and which the
// walk sometimes took past CaDiCaL's time; after ProbeAt steps, the
// tree search with learning in each of the twelve reading orders for a
// few nodes (round eleven).
// Threads(1) runs the portfolio on one goroutine, deterministically: the
// same level always takes the same nodes to the same solution.
//
// Learning. With Learn (and in most.Solve's turns of Solve's lanes on the
// whole level once they have resisted a while), the searches for a first
// solution explain each
// failure by the decided cells it depends on, jump back over decisions
// that play no part in it, and keep those explanations as nogoods, kept
// across restarts (search.Options.Learn). It visits fewer nodes (random
// size-6 seeds 0..9999: median 180 against 276, p99 11,583 against
// 13,055; level 38 2,393 against 5,749) but each costs more, so it is not
// the default: BENCHMARKS.md has the figures.
//
// Fewest moves. Unless FirstSolution is given, after the first solution a
// branch-and-bound over "tiles kept in place" (trying at each cell what
// stands there first, bounded per number by the cells that could still keep
// their tile) looks for better solutions until the search space is
// exhausted (Result.Optimal is then true and Result.Moves is the proven
// minimum number of tiles to move) or until the node budget of MaxOptNodes
// is spent (Optimal false: Moves is what the returned solution needs, maybe
// not the minimum). The minimum counts tiles standing on a cell that must
// change; it is what a player must drag at least, swaps or not.
//
// As many tiles as possible: the overconstrained variant, whatever
// position is given, is package solver/most's (most.Solve), over this
// package's first-solution searches (PlaceAll, Restarts) and the same
// search core.
//
// Solve allocates only per call, never per search node.
//
// A level as a SAT problem, to compare with SAT solvers, is package
// formats' (WriteCNF, WriteMaxCNF).
package solver
