// Package actuate turns a read board and the solver's target into mouse
// drags on the screen, and makes them safely.
//
// Plan gives the fewest drags onto free cells that turn one position into
// another with the same tiles; PlanSwap the fewest when the game swaps a tile
// dropped on another movable tile. Drop is the game's rule for one drag.
//
// A Driver makes the drags with a Mouse (Robot, the real pointer through
// robotgo and XTest; Recorder, for tests). Before the pointer moves it checks
// every point of the drag inside the calibrated game area and refuses
// otherwise (*OutsideError). Before every drag it checks the fail-safe: the
// pointer must be where the driver left it (else the user has taken the
// mouse) and not in a corner of the screen (the user's signal to stop); when
// either fails it stops with a *FailSafeError and moves nothing. During a
// drag it checks before every step that the pointer is where it last put it;
// when the user moved it, the drag is abandoned at once (the pointer back on
// the tile's own cell, the button released there) and the driver makes no
// more drags.
package actuate
