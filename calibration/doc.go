// Package calibration is the link between the screen and the board's cells:
// where the game's square game area lies on the screen, saved once, and from
// it the centre and radius of every cell of a board of any size.
//
// The game draws every board inside one square game area; only the cell
// pitch changes with the board size (board.Pitch, board.Radius,
// board.Centre). So one Area, measured once, serves every later level and
// every board size from 2 to 6.
//
// An Area is measured in one of two ways:
//
//   - FromClicks: the user clicks the centre of the top cell, the centre of
//     the bottom cell and the centre of the cell just below the top one
//     (hexiom calibrate hears those clicks with package clicks: X RECORD on
//     X11, a system hook elsewhere). The three points give the board size,
//     the pitch and so the area, without any vision.
//   - reader.FindArea (hexiom calibrate -auto): the board's plate found in a
//     screenshot, with the size whose cell lattice fits it best.
//
// The Area is saved as JSON in os.UserConfigDir()/hexiom/calibration.json
// (Save, Load). Coordinates are screen coordinates, the mouse's and the
// capture's: device pixels on X11 and Windows, points on macOS.
package calibration
