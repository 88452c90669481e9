// Package play is the bot's loop, hands-free from a calibrated screen to a
// solved board: wait until a board is in view (read the same board with
// confidence twice), solve it, plan the fewest drags (actuate.Plan, or
// actuate.PlanSwap when the game swaps), and drag; after every drag, wait one
// redraw of the game (Config.Redraw) and look again until the screen shows
// what the plan expected. A drag that did not take (the board stays as it
// was) or a board that shows something else, for long enough that it is not
// a frame caught mid-redraw (Config.NotTaken), is repaired by planning again
// from what the screen shows, a bounded number of times; then the bot gives
// up with a *StuckError and a debug picture. A board with other tiles, holes
// or locks than the one being played is not repaired: ErrBoardChanged. The
// last look, a moment after the last drag, proves the board solved (a drag
// the game dropped may show for a moment and go back); the game may cover the
// middle of a solved board with its panel, so a solved board counts when
// every cell read with confidence is as planned.
//
// It never moves anything while vision is unsure: a board it cannot read
// with confidence is waited for and then refused (*UnsureError with a debug
// picture), and a board read that has no solution is taken for a misreading.
// The mouse is an actuate.Driver, so every drag stays inside the calibrated
// game area and stops when the user takes the mouse (actuate.ErrFailSafe).
//
// Board plays one board; Watch plays the next ones as they come. Eyes is the
// screen (capture + vision) in use and a simulated game in tests.
package play
