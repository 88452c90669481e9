// Package vision reads a Hexiom board off a picture of the screen: image +
// calibration → board.Position, with a confidence per cell. This package
// holds what a read returns and what it reads with, in pure Go; reading a
// picture is vision/reader's (Read, ReadSize, ReadCells, Learn, FindArea:
// "Where cgo runs" below). It never guesses:
// when any cell is in doubt, Read returns a *DoubtError naming the doubtful
// cells, with everything read. Read is pure: it writes no file (a caller
// that wants a picture of a refusal draws it with package picture).
//
// Files by job: reading.go (what a read returns: Reading, CellReading,
// DoubtError and the errors, LearnError, CellsBox), templates.go (the
// template sets as data: their JSON, Validate, Save, the built-in set, the
// stand-ins), separation.go (what Learn measured of how well a set tells
// its classes apart, and the check of it), choose.go (which set a command
// uses: OpenTemplates).
//
// Where cgo runs: nowhere in this package, which is pure Go and builds and
// tests with CGO_ENABLED=0 (scripts/test.sh checks it). Reading a picture
// is vision/reader's job (Read, ReadSize, ReadCells, Learn, FindArea), the
// public face of vision/internal/cv, the one package that calls OpenCV
// (gocv) and the one that holds the reading (the lattice, the kinds and
// digits, the pair check, Learn, FindArea); both need cgo. What this
// package and the reader share of a template (the crops' shapes, the kind
// mask, a set prepared for matching, the thresholds of doubt) is
// vision/internal/prep, pure Go too. A package that only carries readings
// (play through its Eyes, picture, game) builds and tests with
// CGO_ENABLED=0.
//
// How it reads:
//
//  1. Colour is taken out first. Each pixel becomes two features: W, its
//     darkest channel (digits are white on any tile colour, so they stay
//     bright while every tile face goes dark), and S, its spread (max − min
//     channel: tiles are colourful, the board and the claws are grey). Yellow,
//     green and red tiles of the same kind look alike in (W, S), and so does
//     any background tint. An empty cell that differs from a hole only by a
//     faint fill and a thin outline (the clone's slate look) is told apart
//     by that outline: its template is not flat, so it is matched by
//     correlation, which a plain hole does not pass (the margin Learn
//     measures between them is 0.68 and more).
//  2. Size: the board in view is found by testing each size's cell lattice
//     (calibration.Area gives every cell's centre and radius for size s): the
//     image is scaled so that a cell has a fixed radius, each cell is matched
//     against the kind templates (hole, empty, movable tile, locked tile), and
//     the size whose cells match best wins. Sizes 2 and 3 share their pitch,
//     so a size-3 board also matches the size-2 lattice; the larger size wins
//     a near tie (only between lattices of one pitch). Where the holes are
//     the plain background (the area's corners read as holes), any lattice
//     laid over the background scores well: a lattice is then judged by its
//     cells that are not holes, and a size only when its outer ring holds
//     one, as a person sees a board. Where no size fits well at the
//     calibrated place, each is tested again about it, within nearReach
//     (a person's three clicks put the area a few pixels off, and a board
//     matched its own lattice 3 px off worse than a smaller one's).
//     Where no size fits (another zoom, a look of another pitch rule), the
//     pitch is searched; where that still does not fit, the column pitch and
//     the rows each on their own (a game whose lattice is squashed against
//     the calibration's: the original's DX/DY is 1.67 to 1.74, regular
//     hexagons' √3; three clicks measure only the rows).
//  3. Refine: the lattice is moved by up to about a fifth of a cell, in
//     steps, to where its cells match best (Reading.Shift says how far), so a
//     calibration a few pixels off still reads; a lattice whose aspect was
//     measured is fitted again there (Reading.Area).
//  4. Kind: OpenCV template matching (gocv, TM_CCOEFF_NORMED) of a hexagonal
//     crop of the cell, with the digit box left out, against the kind
//     templates. A flat template (the hole: plain board) cannot be matched
//     with a normalised correlation (a constant patch scores 1.0 or 0 whatever
//     it is compared with), so flat templates are scored by the crop's
//     flatness and by how close its mean is to the template's. All cells'
//     crops are laid out in one mosaic, matched in one call per template.
//  5. Digit: template matching of the W feature of the digit box, at a second,
//     finer scale, against the seven digit templates, searching a few pixels
//     around the expected place.
//
// A cell is doubtful when its best kind or digit scores below its threshold,
// or when the second best is too close. Two digits of a font can be too
// alike at a small size for learnt templates to tell (FreeSans 5 and 6 at
// 75 % page zoom): a tile in doubt only for that is matched against the
// picture's own tiles read surely as either digit (the pair check, vision/internal/cv/pair.go),
// drawn at the same size with the same rendering, and read only when it
// matches one of them closely and clearly better than the other. A set learnt from boards that lack
// some kind or digit never guesses one: every class it has not learnt is
// stood in for by the built-in set's template of that class, and a cell whose
// best (or nearly best) match is a stand-in is doubtful; a set that lacks
// some digit also needs a higher score for the digits it has
// (MinDigitLacking), and a set whose learnt digits are unlike the built-in
// ones (dark digits where the clone's are light: the stand-ins could not
// notice an unlearnt digit) reads no tile until it has learnt every digit
// (MinStandInLikeness: the thresholds are vision/internal/prep's). Learn measures on its own picture, with the scores
// Read uses, how each class scored against its own template and by how
// much it beat every other class (Separation), stores that in the set,
// and refuses a set only when a margin lies within what Read needs or
// within the class's own spread, naming the two classes. Where a look's
// locked tiles differ from its movable ones only by a small mark (a
// padlock: a few pixels of a kind crop), one mean crop of each reads every
// tile right but with the two kinds' scores closer than Read's gap; Learn
// then measures the gap that look needs between those two on its own
// picture (Templates.MarkGap: half the least margin there, at least
// prep.MinMarkGap, more than the margins' own spread) and keeps it in the
// set, which Read and the check apply to that pair alone (measured on every
// start learnt, the least kept). Where a look's holes are a background of
// changing colour and its empty cells are of that colour inside a thin
// outline (HEXCOUNT), neither colour nor one mean crop tells a hole; Learn
// then measures how plain its holes' crops are against every other cell's
// (Templates.PlainHole, widened by every start learnt after) and Read
// reads a cell as plain, of about the holes' colour, as a hole, judging a
// lattice by its cells that are not holes; every load
// applies the same check (Validate), so learn and read never disagree
// about a set. Templates for the clone's classic look are built in
// (vision/templates/classic.json, embedded); Learn builds or extends a set
// from a picture of a known level, so another rendering of the game reads
// without a code change. OpenTemplates is the one rule every command uses to
// choose a set (a file, else the learnt set, else the built-in one); every
// set is checked when loaded (Templates.Validate) and saved through a
// temporary file. FindArea finds the game area on a screenshot with no
// calibration at all (hexiom calibrate -auto): the board's outline (its
// plate's colour, else its edges) and the cell lattice measured with no
// template give candidate areas, each read at its size; the best must hold
// when the board is read from scratch there (no ring of cells around a
// small board, none that reads surely as a cell where the holes are the
// background, not a smaller board seen off centre there), else the next
// best is tried; when none holds, the same again in the solid patch of the
// plate's colour (a page's text in that colour near the game may have
// joined the first). An area whose board reads with
// some cells in doubt is still returned, with the *DoubtError: the area is
// found, the board is not yet read.
//
// The API, for hexiom play (reader is vision/reader):
//
//	area, _, _ := calibration.Open("")     // the saved calibration
//	tpl, _, _ := vision.OpenTemplates("")  // learnt set, else built-in
//	scr, _ := capture.Open("", "")         // X11 fast path, else kbinani
//	img, _ := scr.Grab(area.Rect())
//	r, err := reader.Read(img, area, tpl)  // *DoubtError: never act on it
//	// r.Pos is the board; r.Conf[i] how sure cell i is; r.Centres(area)[i]
//	// where to grab it. Once the size is known, ReadSize skips the size test.
package vision
