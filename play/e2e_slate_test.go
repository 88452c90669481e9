//go:build cgo

package play_test

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"hexiom/capture"
	"hexiom/game"
	"hexiom/internal/desktop"
	"hexiom/vision"
	"hexiom/vision/reader"
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

// TestE2ESlateAuto is calibrate -auto on the slate look at the ends of the
// page zooms a player uses, 60 % and 200 % (issue 21): at each, the look
// learnt from one start as in TestE2ESlate, then, for a small board alone
// on the stage, a size-5 board with holes and the size-6 challenge, the
// whole screen is grabbed once it stands still and reader.FindArea (what
// calibrate -auto runs on it) must find the board with every cell within
// 2 px of where the page drew it.
func TestE2ESlateAuto(t *testing.T) {
	d := getDesk(t)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // the user's learnt set goes here
	t.Cleanup(func() { backToClassic(t, d) })
	for _, zoom := range []float64{0.6, 2} {
		t.Run(fmt.Sprintf("zoom%.0f", zoom*100), func(t *testing.T) {
			if err := d.Reopen("slate", zoom); err != nil {
				t.Fatal(err)
			}
			learnFlash(t, d, flashLearn)
			if dir := os.Getenv("HEXIOM_E2E_DEBUG"); dir != "" {
				if err := d.Tpl.Save(filepath.Join(dir, fmt.Sprintf("auto-z%.0f-templates.json", zoom*100))); err != nil {
					t.Log(err)
				}
			}
			for _, sp := range []game.Spec{
				{Mode: game.ModeLevel, Level: 10},
				{Mode: game.ModeLevel, Level: 39},
				{Mode: game.ModeChallenge, Seed: &flashChallenge},
			} {
				if _, err := d.New(sp); err != nil {
					t.Fatal(err)
				}
				img, err := capture.Still(d.Screen, d.Screen.Bounds(), capture.StillGap, desktop.Patience)
				if err != nil {
					t.Fatal(err)
				}
				if dir := os.Getenv("HEXIOM_E2E_DEBUG"); dir != "" {
					// keep the screens, to read them again by hand
					var buf bytes.Buffer
					if err := png.Encode(&buf, img); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("auto-z%.0f-%s%d.png", zoom*100, sp.Mode, sp.Level)), buf.Bytes(), 0o644); err != nil {
						t.Log(err)
					}
				}
				a, r, err := reader.FindArea(img, d.Tpl)
				var de *vision.DoubtError
				if err != nil && !errors.As(err, &de) {
					t.Errorf("%+v at %.0f %%: calibrate -auto would not find the board: %v", sp, zoom*100, err)
					continue
				}
				truth, _, terr := d.TrueCells()
				if terr != nil {
					t.Fatal(terr)
				}
				if r.Size == 0 || len(a.Cells(r.Size)) != len(truth) {
					t.Errorf("%+v at %.0f %%: found a size-%d board, the page drew %d cells", sp, zoom*100, r.Size, len(truth))
					continue
				}
				worst := 0.0
				for i, p := range a.Cells(r.Size) {
					worst = max(worst, p.Dist(truth[i]))
				}
				if worst > 2 {
					t.Errorf("%+v at %.0f %%: found %v, a cell %.2f px from where the page drew it", sp, zoom*100, a, worst)
				} else {
					t.Logf("%+v at %.0f %%: found %v, every cell within %.2f px (%v)", sp, zoom*100, a, worst, err)
				}
			}
		})
	}
}
