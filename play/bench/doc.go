//go:build linux

// Package bench times the bot end to end on a real desktop, for `hexiom-lab
// bench-play`: it starts Xvfb, the clone and Chromium (play/desk),
// calibrates by clicking three cells with XTest, then for every board runs
// `hexiom play -json` as a user would and times it from the start of the
// command until the game, asked through its API, says the board is solved.
//
// In another look than classic it first teaches the bot the look, as a user
// would with `hexiom learn`: it calibrates on a board of the size to be
// played and learns from the start of a board whose truth it knows (the
// start of a random board of that size showing every digit, a hole and a
// locked tile, not one of those benched), and passes the set to `hexiom play
// -templates`.
package bench
