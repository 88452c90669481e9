// Package search holds the two hot cores of package tantrix.
//
// Solver solves a fixed board. Each place has a domain of (tile, rotation)
// pairs held as a 60-bit mask. After every choice it runs to a fixpoint:
// arc consistency on edge colours (the colours a place can still show
// across an edge bound the neighbour's domain, and the designated colour
// never shows across the board's rim); tile counting (a tile whose copies
// are all down leaves every other domain; a tile with exactly as many
// places left that can take it as copies left goes on all of them); and a
// loop tracker: once a place's designated line is known, whatever its tile,
// it joins the chains of the neighbours it reaches (chain ends and sizes
// in arrays), a chain may close only through every place, and when a
// chain's two open ends lead to the same place or to two touching places
// the line that would close it early there is taken out. Then the graph
// of edges the loop may still cross must be connected and bridgeless
// (Tarjan, over the places not in a chain, each chain passed over as one
// edge), since a single loop through every place crosses each cut of
// the board at least twice (checked only when such an edge went since
// the last check). It branches on the place with the fewest
// pairs left per wipe-out (dom/wdeg: every time a place's domain empties,
// its weight grows by one, and the weights stay through backtracking and
// restarts, so the search learns where the board is tight), tiles with
// more copies left first, ties at random (on boards too wide for the
// loop's programme below, ties by the combos the value leaves its
// neighbours first), and restarts after a Luby
// sequence of node limits, which is still complete: a run that exhausts
// its space within its limit proves there is no solution. Once the runs
// have taken 20 nodes per place, it looks at the loop alone (linedp.go):
// a tile's designated line is a sharp curve, a wide one or straight
// whatever its rotation, so the challenge fixes how many of each the loop
// holds, and a dynamic programme over the places (in an order with few
// edges between the places done and those to do, as on bands and rings)
// decides whether a loop through every place with those counts exists on
// the domains, and keeps in them only the lines that lie on one (the
// order: breadth-first, swept along a direction, or, on rings, around the
// centre from a cut, so that the frontier is two cross-sections of the
// wall; or grown from a place by adding the place next to those done that
// widens the frontier least, which follows the walls of a ring with bands
// across it where a straight cut crosses them). A board without one is proved unsolvable there (most of the
// rings and bands CaDiCaL proves impossible before any sub-loop cut); a
// board whose frontier is too wide is left alone, and tried again with
// four times the bounds (and two more frontier edges) each time the runs
// reach four times the nodes, three tries in all; a try that ran out of
// its budget part-way along its order gives the words the whole programme
// would take (by the sum of 2^width of the frontier along the order), and
// the next try then runs at once if that fits its budget, or no more tries
// run if it fits none. Once it has run,
// the runs run it again on their own domains each time another eighth of
// the places is fixed on their path (lineCheck): a state without such a
// loop fails there, and the lines on none leave the domains (while these
// calls have made fewer than 64 of the programme's states a search
// node). When a node fails at such a call, its parent, if no call ran on
// its own state, runs one there before it tries its next value: a parent
// without a loop fails at once (and its own parent is asked in turn), so
// a choice that broke the loop several levels up is undone there and not
// under each of its children (on the rings of issue 44 the calls failed
// thousands of times in a row, each below a doomed choice). On the bands whose runs failed late, the deepest state of every failed run had
// no such loop: the counts that failed them were the loop's shapes.
// After the programme's first try, it shaves the domains the runs start
// from: every combo whose choice alone propagates to a contradiction is
// taken out, in one pass over the places (singleton arc consistency at the
// root, but for its later passes, which cost as much and seldom took out
// more). From then on, after each run that fails, a
// repair (a large neighbourhood search) takes the run's deepest state (the
// most tiles placed), frees the places it left open and those within a
// few steps of them, and searches that window alone; a window run that
// gets deeper is repaired in turn. On the solvable boards that take many
// runs, the tile counts are what fail them, late, and freeing the tiles
// next to the open places lets the counts come right. Repair proves
// nothing: the runs go on as before, so the search stays complete. On a
// board too wide for the loop's programme at both its tries (a frontier
// of up to 32 edges), once the runs have taken 680 nodes a place, repair
// runs the programme on the first state of each window, where most places
// are fixed (it counts only the lines of the places not fixed; a call
// over its smaller bounds turns it off for the larger windows of that
// state).
//
// Solver.Plain turns all of that but the propagation off: the branching
// on the fewest combos without weights, no programme, no shaving, no
// repair. It is the search from before issue 26 (5df5c67), node for node
// for a seed (on the 347 solvable hard boards of BENCHMARKS.md, seeds
// 1..5, all 1,735 solves took its nodes), and package tantrix runs it as a
// second lane beside the full search: the old branching finishes some
// boards in a few nodes a place, before the full search's machinery
// (which starts at 20 nodes a place) has paid for itself.
//
// Walker builds free-shape solutions by walking the loop: Enumerate lists
// them all (for counting), Random builds one at random (for boards).
//
// Everything is sized in New and NewWalker, but the dynamic programme's
// buffers, grown at its first call and kept for the next; the solver
// allocates nothing per search node.
package search
