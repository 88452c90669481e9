package reader_test

import (
	"testing"

	"hexiom/internal/tier"
	"hexiom/vision/reader"
)

// TestBevelLookEveryBoard (issue 40, items 3 and 5): the Flash build's bevel
// look (bevelled tiles lit from the upper left in state colours of their
// own, light FreeSans digits outlined in dark, a small padlock on locked
// tiles, holes a dark well in the plate), learnt from one size-6 start
// (swf/bevel-learn-z100, as hexiom learn and TestE2ERuffleBevel learn it)
// and nothing else, reads exactly every other board of it in the fixtures,
// none refused: official levels of sizes 2-6 and random size-6 starts, on
// the original's lattice, at 100 % and 150 % page zoom. Calibrate -auto
// (FindArea on the game area and the screen around it) finds every one
// with every cell within 2 px of where the SWF drew it.
func TestBevelLookEveryBoard(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	learnt := load(t, "swf/bevel-learn-z100")
	set, err := reader.Learn(nil, learnt.Image, learnt.Meta.Area, learnt.Truth)
	if err != nil {
		t.Fatalf("learn from bevel-learn-z100: %v", err)
	}
	var todo []string
	for _, base := range names(t, "swf/bevel-*-z*", 29) {
		if base == "bevel-learn-z100" {
			continue
		}
		name := "swf/" + base
		todo = append(todo, name)
		t.Run(base, func(t *testing.T) { checkRead(t, load(t, name), set) })
	}
	if found := findAll(t, set, todo); found != len(todo) {
		t.Errorf("FindArea found %d of the %d bevel boards, want all", found, len(todo))
	}
}
