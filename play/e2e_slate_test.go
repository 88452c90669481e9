package play_test

import (
	"testing"

	"hexiom/game"
)

// TestE2ESlate plays the slate look (issue 21), which the reader was never
// drawn for: its holes are the plain grey stage, its empty cells differ from
// it only by a fill 7 grey levels darker and a 1.5 px outline, its digits
// are dark and in another font, and its tiles glide as in the flash look.
// At 75 % and 150 % browser page zoom the bot is calibrated by clicks on one
// start, learns the look from that one start (flashLearn: every kind of
// cell and every digit), then, with the set the one rule finds with no
// -templates flag, plays an official level and the size-6 challenge
// hands-free (playLearntLook: at most two lost drags, seen and repaired).
func TestE2ESlate(t *testing.T) {
	playLearntLook(t, "slate", []float64{0.75, 1.5}, slateBoards)
}

// slateBoards are what TestE2ESlate plays in each zoom: an official level
// of size 5 with holes (the stage) and locked tiles, and the size-6
// challenge.
var slateBoards = []game.Spec{
	{Mode: game.ModeLevel, Level: 39},
	{Mode: game.ModeChallenge, Seed: &flashChallenge},
}
