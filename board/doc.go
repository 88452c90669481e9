// Package board is the Hexiom puzzle itself: the hexagonal geometry of a board of
// side s (3s²−3s+1 cells and their neighbours), positions (holes, locked tiles,
// movable tiles), the rule and a checker that names every cell breaking it, the
// level text format of the 40 official levels, random levels like the
// original game's (Random: built solved, then scrambled, so always solvable),
// and the drawing proportions the original game used (Pitch, Radius and
// Centre).
//
// Cells are numbered 0..N-1 in reading order of the text format. A cell's text
// row is Y (0 at the top) and its axial column is X, which runs from
// max(0, Y−(s−1)) to min(2s−2, Y+s−1). The neighbours of (X, Y) are
// (X±1, Y), (X, Y−1), (X−1, Y−1), (X, Y+1) and (X+1, Y+1).
package board
