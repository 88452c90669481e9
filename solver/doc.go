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
// with the rows from the outside in), and
// four searches that
// restart with growing budgets (the Luby sequence), each restart in
// another orientation of the board and with a few value choices swapped at
// random, all taking turns.
// Threads(1) runs the portfolio on one goroutine, deterministically: the
// same level always takes the same nodes to the same solution.
//
// Learning. With Learn (and in SolveMax's turns of Solve's lanes on the
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
// As many tiles as possible. SolveMax solves the overconstrained variant
// (the end of the 2012 blog post "Hexiom Puzzle"): for any position,
// solvable or not, an arrangement of a subset of its tiles in which every
// tile on the board has its number of occupied neighbours, with the most
// tiles (Tiles) or the largest sum of numbers (Points); the tiles left out
// are set aside, and ErrNoSolution means the locked tiles cannot all be
// satisfied (often seen at once by propagating what they force,
// search.Unsatisfiable). Its search (search.MaxSearcher) decides occupancy the same
// way, with the same kinds of bounds given a slack (what a better
// arrangement may still set aside): counts over ranges of numbers, Hall's
// condition for the open tiles, and the handshake identity for each number
// of tiles set aside; with points, the parity of the sum. Before it,
// search.HighCaps takes out of the pool the 5s and 6s no arrangement can
// place (their forced neighbours would want more high numbers than the
// pool holds). Its memo keeps
// the bound each subtree proved, so the searches for lower targets reuse
// the work of higher ones. With two goroutines two branch-and-bounds for
// better arrangements race in two orientations, sharing the best value
// found; with one, searches for an arrangement worth at least a target
// run from the bound at the root down, each refuted target lowering the
// bound. With tiles, a target that the other tiles cannot reach without
// movable 0s is decided by search.MaxSearcher.ZeroSets: a 0 needs a cell
// whose neighbours all stay empty, so placing a set of 0s is the same as
// holing those cells and their neighbours; each set's holed board is
// searched, most refuted at the root (issue 27: on dense far levels the
// plain search had to exhaust every arrangement of the other tiles). It
// runs in turn with the search above, budgets doubling; so do, while the
// best found is two values or more below the bound, dives: searches for a
// target halfway between the two from the root, each in another
// orientation (with one goroutine, down and up's short searches may leave
// the best found poor: far size 6 seed 29, 17 tiles in 10 s before, 65
// with them; two goroutines found 65 before too, up's last
// branch-and-bound in its own orientation). With two goroutines, the
// occupancy view (search.OccDP) decides targets by a pass over the
// occupied sets, and a depth-first search by its Lagrangian table finds
// arrangements the searches find late (far size 5 seed 54, a whole
// solution: 1.3 s against 4.4 s at load 3); for the tiles objective it
// splits a target by the histograms worth it (those of the wrong parity
// left out: the numbers on a board sum to twice its occupied pairs),
// tells apart those no arrangement can have, and looks for and passes
// over the rest (far size 5 seed 18: unproved in 10 s, proved in 0.85 to
// 0.9 s); the same split, for either objective, looks for the bound
// itself when λ's bound leaves it likely (far size 5 seed 59, points:
// its 94 found in 0.7 s, by the searches in 1 to 1.4). On boards too
// wide for occ's stages (most of size 6) the second goroutine tries the
// Lagrangian bound, its multipliers by cutting planes in a box, and for
// tiles then the split, Find for each target left from the likeliest,
// goal after goal, and one pass (far size 6 seed 6: no arrangement
// places all 75 tiles, which 5 minutes of Solve and 10 of CaDiCaL did
// not prove, in 2 to 4 s; seeds 10 and 40, one tile above the searches'
// best, found in 6 s); see SolveMax.
//
// Solve and SolveMax allocate only per call, never per search node.
//
// A level as a SAT problem, to compare with SAT solvers, is package
// formats' (WriteCNF, WriteMaxCNF).
package solver
