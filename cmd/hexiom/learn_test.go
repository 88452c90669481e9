package main

import (
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/vision"
)

// The levels calibrate's hint names to learn show, together, every class a
// template set holds (vision.Classes), each level at its start.
func TestLearnHintTeachesEveryClass(t *testing.T) {
	hint := learnHint()
	ts := teachers(vision.Classes())
	if len(ts) == 0 || !strings.Contains(hint, "hexiom learn -level ") {
		t.Fatalf("hint %q names no level to learn", hint)
	}
	shown := map[string]bool{}
	for _, tc := range ts {
		if !strings.Contains(hint, "-level "+itoa(tc.n)+"'") {
			t.Errorf("hint %q does not name level %d", hint, tc.n)
		}
		p, err := board.Level(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range vision.Shows(p) {
			shown[c] = true
		}
	}
	for _, c := range vision.Classes() {
		if !shown[c] {
			t.Errorf("no level the hint names shows %s (hint: %s)", c, hint)
		}
	}
}
