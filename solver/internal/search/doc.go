// Package search is the solver's hot core: a depth-first search that decides
// the free cells of a Hexiom board one at a time, in a given order, as
// occupied or empty, with incremental bounds, a memo of exhausted frontier
// states, and branch-and-bound on the number of tiles left where they stand.
// Everything it needs is sized once in Reset; the search itself allocates
// nothing. With Options.Learn the search for a first solution also learns
// from its failures: backjumping and nogoods (learn.go).
// MaxSearcher (max.go) is the same search for the overconstrained
// variant, where tiles may be set aside; ZeroSets (maxzero.go) decides its
// targets that need movable 0s by the sets of cells they take;
// Unsatisfiable (maxprop.go) rules out, before any search, levels whose
// locked tiles force a contradiction; OccDP (occdp.go) decides its targets
// without a search, by a breadth-first pass over the occupied sets in
// the order of Problem.Visit (state and histogram of the numbers), pruned
// by a Lagrangian table, or by the Lagrangian bound alone
// (its λ by cutting planes in a box: occbox.go); OccDP.Find (occfind.go)
// looks depth first, by the same table, for an arrangement worth a
// target; for the tiles objective, occsplit.go splits a target by the
// histograms worth it, tells apart those outside the hull of the
// arrangements' (Separate) and prunes the pass by tables for the rest.
// Walker (walk.go) is no tree search: a local search over occupancy, the
// walk lane of package solver's portfolio (Walk). Both searches embed
// one core (core.go): the board laid out (frame.go), the counts the bounds
// read with apply and undo, and the memo; each keeps only its bounds, its
// loop over a node's two values and its options.
//
// The model. Holes are never occupied; locked tiles are fixed and counted
// from the start as occupied neighbours. A tile's number is never guessed: it
// is the count of its occupied neighbours, known once its last free
// neighbour is decided (the tile "closes"). For every cell i, occ[i] counts
// its settled occupied neighbours (locked and decided tiles) and rem[i] its
// undecided free neighbours, so an open tile's number lies in
// [occ, occ+rem], and so does the number of an undecided cell if it gets a
// tile. After each decision the search checks:
//
//   - every locked tile can still reach its number, every closed tile takes
//     a number of which tiles are left, every open tile's interval still
//     holds a number of which tiles are left;
//   - for every number v, the open tiles and undecided cells whose interval
//     holds v are at least as many as the tiles of v not yet closed;
//   - for every range [a, b] of numbers, the open tiles whose numbers still
//     left all lie in [a, b] are no more than the tiles of a..b not yet
//     closed (Hall's condition for giving each open tile its own tile;
//     in the search for a first solution only);
//   - the handshake identity (the sum of the numbers is twice the number of
//     occupied adjacent pairs): the numbers still open give exactly how many
//     adjacent pairs the undecided cells must still form, so the empty cells
//     still to place must take away exactly the rest; they can take away at
//     most the sum of the largest occ+rem among undecided cells and at least
//     the sum of the smallest occ; the total is even (checked at the root,
//     each step changes it by an even amount);
//   - with branch-and-bound, that the tiles already kept plus, per number,
//     the cells that could still keep theirs beat the best solution so far.
//
// The future of a node depends only on its step, the counts of the tiles
// not yet closed, and the frontier: decided cells and locked tiles next to
// an undecided free cell, each empty or occupied with its occ. The memo
// remembers, for such states, an upper bound on how many tiles the rest of
// the board can keep in place (-1: nothing fits), which prunes states
// already exhausted and serves the branch-and-bound.
//
// # A tour of the data structures
//
// The board, laid out once (frame, frame.go; layout in Reset). Cells are
// indices 0..n-1; a cell's neighbours are nb[6i:6i+deg[i]] (int16, six
// slots a cell). state[i]
// is one of stFuture (free, undecided), stEmpty, stTile, stLocked, stHole;
// lockv[i] a locked tile's number. order lists the free cells in the order
// they are decided and pos[i] is cell i's step in it (-1 when not free):
// step k decides order[k]. occ[i] and rem[i] are the model's counts, kept
// exact for every cell. The frontier of each step is precomputed, not
// searched for: a cell is on it for an interval of steps, openLo[i] to
// openHi[i], and the lists of all steps share one slice, step k's being
// open[openIdx[k]:openIdx[k+1]] in cell order; lockQ[k] sums occ+rem−number
// over the locked tiles before their interval, and edgesAfter[k] counts
// the adjacent pairs of cells both decided after step k (the handshake
// bounds read both). scan reads a step's frontier in one pass into an
// openScan: the bounds on what the empties still to place take away (qLo,
// qHi), the open tiles by their smallest and largest number left (lo, hi,
// and need for Hall's condition), and ka, the frontier packed 3 bits a cell
// for the memo key.
//
// The counts (core, core.go), what the bounds read, kept up to date by
// apply and undo rather than recomputed: cnt[v] the tiles of v not yet
// closed (and cword, the same packed 9 bits a number, the memo key's other
// half; left their sum; mask the numbers still left), capV[v] the open
// tiles and undecided cells whose interval holds v (capK: of those, the
// ones whose start tile is v), occHist and hiHist the undecided cells by
// occ and by occ+rem, sumOccU the sum of occ over them, openFree the
// decided tiles not yet closed, d twice the occupied pairs not yet fully
// settled. pick and unpick take the cell of a step out of the undecided
// cells' counts and put it back. The state of one run (core's run: the
// context, the nodes, why it stopped, the best solution found) is set by
// begin.
//
// The trail. apply(j, tile) decides cell j and updates its neighbours'
// counts; a tile whose last free neighbour that was (j itself, when it
// takes a tile and has none undecided) closes: close settles its number,
// the counts drop, and it is pushed on closeLog. A node remembers mark := len(closeLog) before apply, and
// undo(j, tile, mark) pops and uncloses the tiles closed since, newest
// first, then reverts j's own changes: the counts come back exactly,
// nothing is copied or allocated per node. The search itself is the
// recursion over the steps (Searcher.dfs in occ.go, MaxSearcher.dfs in
// max.go): pick, the bounds, the memo, then for each of the two values
// apply, recurse, undo, then unpick.
//
// The memo (memoTable, of memoEntry, core.go): a table of 2^bits entries of 24 bytes,
// indexed by a hash of (ka, cword, step): the frontier, the counts and the
// step key the node's future. An entry holds ka and cword whole (a hit
// needs both equal) and meta: the generation (each Reset bumps gen instead
// of clearing the table; the entries of an older one never match), the
// step, and the bound remembered plus one. memoLook returns a memoRef, the slot and the key read before the
// children change them, and the node count before the subtree; memoKeep
// writes the bound there once the subtree is done, if it took at least
// memoMinNodes nodes. The memo is off when the widest frontier passes 21
// cells (3 bits a cell in ka's 64) or the tiles are 512 or more (cword's
// 9 bits a number).
//
// Learning (learner, learn.go; Searcher only). Sets of cells are bitsets
// of w words: decided and asg (the cells decided, those decided
// occupied), cs (the conflict set of the node at each depth, one row a
// depth), nbm (each cell's free neighbours), reach (for each step, one past
// the last step next to a step before it). Searcher.why and whyArg say
// which check of bounds failed last, and the explain functions turn that
// into a conflict set. The nogood store is nogoodSlots rows a step of
// (mask, value) pairs, ngMask and ngVal, filed by the step of a nogood's
// last cell and overwritten oldest first (ngLen, ngNext).
//
// Phase saving (phases, occ.go; Searcher only, Options.Phases): phase
// holds one value a cell (phaseEmpty, phaseTile, or 0: none), the cells'
// values on the deepest path of the searches before on the same board;
// deep is the step the search under way has reached, and savePhase
// writes the path again each time it goes deeper. firstValue reads it.
// With Options.Share, savePhase also writes the path into the
// PhaseShare (its phase and deep, as the searcher's) when it is deeper
// than the shared one, and takeShare, at the start of a search, copies
// the shared phases when they are deeper than lastDeep, the deepest step
// of the searcher's last search, then lowers the shared depth by one.
// A walk (Walk) given the share writes its occupancy there after each turn
// that lowered its cost (Walker.shareWalk), as deep as the free cells.
//
// MaxSearcher (max.go) adds the weights (core's wt and val: the weight of
// the tiles closed), the pool, and the caps: highCap (the most 5s and 6s
// placed together, from HighCaps in maxcap.go, itself a small search over
// the high cells with its own counts) and hiOut. lossBound, its bound, is
// built from the counts in three parts (countLoss, rangeLoss,
// handshakeLoss) on one scan of the frontier. ZeroSets (maxzero.go) keeps a
// zeroSets: the candidate cells for the movable 0s, the set tried, and a
// second Problem q in which the set's cells and their free neighbours are
// holes (hole counts the reasons for each), searched by the same
// MaxSearcher.
//
// OccDP (occdp.go) is another view of the same board, not a search: the
// free cells in visit order, the state after step m the occupancy of the
// last w[m] of them (at most k bits). close[m] lists the occClose cells
// whose count is final at step m (which state bits are their free
// neighbours, their own bit, their locked neighbours and number); code
// turns each step's closings into a row of occPat patterns (the
// histogram's increase, 6 bits a number, or bad), indexed through an
// occGather (three tables of 256 that gather a state's bits into the row's
// index): gcode holds the rows, pats the few dozen patterns (occCodes). The tables:
// cur and next, Eval's values of the states of a step (float32), choice
// the best predecessor of each (2 bits a state a step, chOff where each
// step starts); suf, the fixed-point Lagrangian table Refute and Find
// prune by, the most the rest may add from each state of each step
// (int16, a row of 2^w[m] a step, sufOff where each starts; sufRow;
// occSuf); extra,
// the tables of AddTable (occTable: a suf, its weights and its threshold).
// Refute's layers (occLayers): layer[0] and layer[1] hold, state after state, each
// state's histograms so far (uint64, ascending), off[0] and off[1] where
// each state's start; part and merged are the scratch in which a state's
// histograms from each parent are built and merged (Refute keeps its
// loops in one function: see why there). Find (occfind.go) walks the same states depth
// first with an explicit stack of occFrame (the state, the histogram, the
// children and which was tried) and an OccFind memo of failed nodes
// (occMemo: histogram, step and state packed), kept between calls for one
// target. Dual (occdp.go) holds Lagrange's steps: the least bound and its
// λ, and the cuts (boxCut: an affine piece of the bound) that boxLP
// (occbox.go) minimises over a box by the simplex method on a small dense
// tableau (boxTableau).
package search
