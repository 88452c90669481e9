// Package most solves the overconstrained variant of a Hexiom position
// (Solve; the end of the 2012 blog post "Hexiom Puzzle"): for any position,
// solvable or not, an arrangement of a subset of its tiles in which every
// tile on the board has its number of occupied neighbours, with the most
// tiles (Tiles) or the largest sum of numbers (Points); the tiles left out
// are set aside, and solver.ErrNoSolution means the locked tiles cannot all be
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
// places all 75 tiles, which 5 minutes of solver.Solve and 10 of CaDiCaL did
// not prove, in 2 to 4 s; seeds 10 and 40, one tile above the searches'
// best, found in 6 s); see Solve.
//
// Its one job is that optimisation, the way gophersat's maxsat package
// sits over its solver: it uses the exact solver (package solver:
// ProblemOf, Orientations, PlaceAll, Restarts, Spares) and the search core
// (solver/internal/search: MaxSearcher, ZeroSets, OccDP) and adds the race
// between them. The files: most.go (the API, the problem and the answer),
// race.go (the race's state, by who owns it), turns.go (the searches each
// goroutine runs in turn), occ.go and wide.go (the occupancy view), find.go
// (its searches for arrangements), pauser.go, mem.go (MemBudget) and
// consts.go (the tuned constants, each with its measurement).
//
// Solve allocates only per call, never per search node.
package most
