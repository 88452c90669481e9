// Package tantrix is the solitaire puzzle Tantrix Discovery: the ten tiles,
// boards, the rules, a checker that names every broken rule, a fixed-board
// solver, a counter of free-shape solutions and a generator of solvable
// boards.
//
// # Tiles
//
// Hexagons stand pointy-top. A tile's edges are listed clockwise from the
// north-east one: NE, E, SE, SW, W, NW (0..5). Tiles holds the colours
// (R, B, Y) of tiles 1..10 unrotated; rotation k (0..5) turns a tile 60°·k
// clockwise, so edge e then shows the colour of edge (e − k) mod 6.
// Challenge n uses tile i ⌈(n+1−i)/10⌉ times (TileCount) and designates
// the colour DefaultColour(n) (the colour of the number on the back of the
// tile numbered by the last digit of n; sources disagree for 7 and 10, the
// defaults are red and blue and every command takes another).
//
// # Places and boards
//
// Places use axial coordinates (q, r); the neighbours across NE, E, SE, SW,
// W, NW are (q+1, r−1), (q+1, r), (q, r+1), (q−1, r+1), (q−1, r), (q, r−1).
// A board file has a first line `tantrix N [COLOUR]`, then one place `q r`
// per line (# starts a comment), |q|, |r| ≤ MaxCoord (10⁶, so that the
// neighbour arithmetic never wraps); ParseBoard reads it, Board.Format
// writes it.
//
// # Rules
//
// A solution puts every tile of the challenge on exactly one place of the
// board so that touching edges show the same colour, no line of the
// designated colour runs off the board, and the designated lines form one
// single loop through every tile. Check returns a CheckError listing each
// broken rule (place, tile, count, match, boundary, loop) with the places,
// edges and colours involved. The free-shape puzzle also forbids holes:
// empty places enclosed by tiles (Holes).
//
// # Solving a fixed board
//
// Solve proves a board unsolvable or returns a solution that Check
// accepts; see package internal/search for the search. With two threads
// (Threads; the default on two cores or more) it runs two lanes at once,
// the full search and the plain search from before issue 26 (Solver.Plain),
// and takes the first answer: on a board the plain search finishes in a
// few nodes a place it answers before the full one's loop programme,
// shaving and repair have paid for themselves, and the full one answers
// on the rest and proves most boards without a solution far sooner. Nodes
// then counts both lanes and may differ from run to run; Threads(1) is the
// full search alone, deterministic. The seed article
// (an integer program solved by CPLEX, re-solved after each cut against a
// sub-loop) reached n = 60 in 6,713 s; BENCHMARKS.md has our figures.
//
// # Free shapes
//
// Count enumerates every solution of challenge n with any shape and no
// hole, walking the loop from a tile 1 unrotated at (0, 0). It reports
// solutions up to translation (every rotation apart, as tiles are never
// flipped: a mirror image would need mirrored tiles) and up to rotation;
// the counts published by lwiest/SolvingTantrix are up to rotation, and
// ours match them for n = 3..10. That program tests holes by flooding an
// offset-row array in four directions only (OffsetHoles), a test that can
// see a hole where there is an opening between rows; for n ≤ 10 the two
// tests reject the same solutions.
//
// Generate builds a random solvable board: the shape of a random loop of
// all the tiles grown from both ends at once as a double-stranded band
// (search.Walker.Random), so the board has a solution by construction and
// no hole. The generator never consults the fixed-board solver, so its
// boards are not chosen to suit it. The two ends stay within two places of
// each other but for the last 24 tiles: to the last tile, the yellow
// challenges (many sharp curves) mostly failed to close, n = 33 for ever.
// For n ≤ 12, after ten tries, Generate walks one end until it comes back,
// a complete walk. A challenge and colour without a loop get an error
// saying why: LoopPossible counts the tiles whose line turns by 60° (a
// closed loop needs an even number), or the complete walk finds none.
// Generate takes n up to MaxGenerate (1,000); its memory grows as n.
//
// WriteSVG draws a solution.
package tantrix
