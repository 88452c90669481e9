// Package play is the bot's loop, hands-free from a calibrated screen to a
// solved board: wait until a board is in view, solve it, plan the fewest
// drags (actuate.Plan, or actuate.PlanSwap when the game swaps), and drag to
// the cell centres vision read; after every drag, check on the screen that
// it landed before the next.
//
// After a drag the bot reads only what changed (quick.go): the cells whose
// picture differs from the last picture it read, the drag's two among them,
// each read with confidence as the plan expects (reader.ReadCells); every
// other cell shows what it showed then. That is as sure as a whole read, in
// a few milliseconds. In a game that does not animate the bot does not even
// wait for a drag to show before the next (pipe.go): a drag waits only for
// the drags it shares a cell with, each seen landed by its two cells alone
// (the next drag made is the first of the plan free to go, up to twelve in
// flight; the plan's chains are short, so that many are), and the plan is
// spread (actuate.Spread) so that those come several drags earlier; once
// every drag is seen, one whole picture shows the board expected. The whole board is
// read at the start, whenever that check does not hold within a moment (a
// frame caught mid-redraw, a drag not taken, another board: then the rules
// below decide, on a still picture), and at the end, to prove it solved. A
// drag that moves a cell the drag before it changed first looks again, so a
// drag the game showed and then took back is seen before a drag depends on
// it. The first drags (probes) are watched until the picture stands still:
// a game whose picture keeps changing after a drop shows landed (a tile
// gliding into place), or one that loses a drag, is played at the learnt
// pace below, every drag waiting for a still picture.
//
// In a game that animates, and whenever it reads the whole board, the bot
// trusts a read, and starts a drag, only on a still picture: games animate (a tile glides into its cell, a level fades in) and often ignore
// input meanwhile, so a drag started on a moving picture is lost, and a
// frame in flight may show a board that is not there. Still means the
// captures of the game area stayed unchanged for a window learnt from the
// screen (the pace): twice the typical longest gap between two frames of the
// game's recent animations, at least MinStill, longer after a drag the game
// did not take (and the drags slower, and no press sooner after a release
// than the lost drag's press came and lostStill more: a game may ignore
// presses for a while after a drop and show nothing of it); after easeAfter drags taken in a row
// the bot eases off again, half of what the losses added, unless a drag was
// lost right after such an ease (pace.taken). A still picture that shows another board than expected is
// trusted only once it stays unchanged for NotTaken (a busy machine may
// pause a game in the middle of drawing a drag). The settle time of a drag (release to the last change)
// is learnt too, and the bot waits at least twice that for a drag to show
// before it counts as not taken. Report gives both (SettleTime, StillTime).
//
// A drag that did not take (the board stays as it was) or a board that shows
// something else is repaired by planning again from what the screen shows, a
// bounded number of times; then the bot gives up with a *StuckError and a
// debug picture. A board with other tiles, holes
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
