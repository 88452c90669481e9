//go:build cgo

package game

import (
	"image"
	"testing"

	"hexiom/vision"
	"hexiom/vision/reader"
)

// TestRuffleReadByVision: the bot's eyes on the Flash build. The built-in
// templates (drawn for the canvas page's classic look) find the game area
// on a grab of the Ruffle page with no calibration (reader.FindArea) and
// read the challenge's size-6 board exactly. Nothing in vision knows the
// SWF: this says how far the Flash look is from what the bot reads today.
func TestRuffleReadByVision(t *testing.T) {
	seed := uint64(7)
	s := openRuffle(t, Spec{Mode: ModeChallenge, Seed: &seed}, image.Rect(100, 40, 1380, 940))
	s.focus()
	st := s.g.State()
	img := s.captureUntil(ruffleDrawn(st))
	tpl, err := vision.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	area, r, err := reader.FindArea(img, tpl)
	if err != nil {
		t.Fatalf("FindArea on the Ruffle page: %v", err)
	}
	l := st.Layout
	t.Logf("found %v; the page reports the area at (%.1f, %.1f), %.1f px", area, l.Left, l.Top, l.Side)
	if got := r.Pos.Format(); got != st.Board {
		t.Fatalf("read\n%s\nthe game has\n%s", got, st.Board)
	}
}
