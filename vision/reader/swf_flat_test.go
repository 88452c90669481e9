package reader_test

import (
	"testing"

	"hexiom/internal/tier"
	"hexiom/vision/reader"
)

// TestFlatLookEveryBoard (issue 40, items 3 and 5): the Flash build's flat
// look, learnt from one size-6 start (swf/flat-learn-z100) and nothing
// else, reads exact the other boards of it in the fixtures: official
// levels of sizes 2-6 and random size-6 starts, their holes the plain
// background, also at the board's edge and corners (where a hole has fewer
// neighbours' outlines in its crop than the holes learnt: read by its
// plain inner part, prep.HoleInner), a size-2 board not taken for a size-3
// one whose outer ring is all holes. Learnt at 100 % page zoom, read at
// 100 % and 150 %. FindArea (calibrate -auto) finds every one, within 2
// px of every cell.
func TestFlatLookEveryBoard(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	learnt := load(t, "swf/flat-learn-z100")
	tpl, err := reader.Learn(nil, learnt.Image, learnt.Meta.Area, learnt.Truth)
	if err != nil {
		t.Fatal(err)
	}
	for _, base := range names(t, "swf/flat-*-z*", 15) {
		name := "swf/" + base
		if name == "swf/flat-learn-z100" {
			continue
		}
		t.Run(base, func(t *testing.T) { checkRead(t, load(t, name), tpl) })
	}
	// calibrate -auto: each picture holds the game area and what is
	// around it on the screen (the HUD, the page)
	all := names(t, "swf/flat-*-z*", 15)
	var todo []string
	for _, base := range all {
		if base != "flat-learn-z100" {
			todo = append(todo, "swf/"+base)
		}
	}
	if found := findAll(t, tpl, todo); found != len(todo) {
		t.Errorf("FindArea found %d of the %d flat boards, want all", found, len(todo))
	}
}
