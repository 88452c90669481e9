//go:build cgo

package play_test

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"testing"

	"hexiom/board"
	"hexiom/capture"
	"hexiom/game"
	"hexiom/internal/desktop"
	"hexiom/play"
	"hexiom/play/desk"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// TestE2EFlash plays the flash look, which no template was made from, at
// 75 % and 150 % browser page zoom: the bot is calibrated by clicks on one
// level's start (flashLearn: a size-6 board showing every kind of cell) and
// learns the look from that one start (reader.Learn into the user's set, as
// `hexiom learn FILE` does), then, with the set the one rule finds with no
// -templates flag (vision.OpenTemplates("")), plays two official levels of
// other sizes and the size-6 challenge hands-free (flashBoards). The flash
// look's cells follow another pitch rule than board.Pitch, so the other
// sizes are read by measured geometry; its tiles glide into place and the
// page ignores presses meanwhile, so the bot must read and drag only on a
// still picture: at most two lost drags (seen and repaired) per board, for a
// browser stalled by a busy machine.
func TestE2EFlash(t *testing.T) {
	playLearntLook(t, "flash", flashZooms, flashBoards)
}

// playLearntLook plays the look theme at each page zoom: calibrated by
// clicks on flashLearn's start, the look learnt from that one start into
// the user's set, then every board in boards played hands-free with the set
// the one rule finds (no -templates flag).
func playLearntLook(t *testing.T, theme string, zooms []float64, boards []game.Spec) {
	d := getDesk(t)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // the user's learnt set goes here
	// The other e2e tests share the desk: put it back as it was.
	t.Cleanup(func() { backToClassic(t, d) })
	for _, zoom := range zooms {
		t.Run(fmt.Sprintf("zoom%.0f", zoom*100), func(t *testing.T) {
			if err := d.Reopen(theme, zoom); err != nil {
				t.Fatal(err)
			}
			learnFlash(t, d, flashLearn)
			for _, sp := range boards {
				r := playOn(t, d, sp, true, func(cfg *play.Config) {
					if dir := os.Getenv("HEXIOM_E2E_DEBUG"); dir != "" {
						cfg.DebugDir = dir // keep the debug pictures
					}
				})
				checkSolved(t, d, r, fmt.Sprintf("%s at %.0f %%: %+v", theme, zoom*100, sp))
				// The board must be solved (checkSolved). Up to two lost drags
				// that the bot saw and repaired are allowed here: each board
				// starts a new player, which learns the look's pace again,
				// and on a busy machine Chromium can stall mid-glide (1 repair
				// seen at load 15; 2 on level 20 at 150 % in a CI rehearsal
				// at load 5, before the first loss added lostStill at once).
				// That drags are not lost to the glide is asserted without
				// load in TestWaitsForAStillPicture and TestStallMidGlide.
				if lost := r.rep.Repairs + r.rep.Retries; lost > 2 {
					t.Errorf("%d repairs and %d retries: drags were lost", r.rep.Repairs, r.rep.Retries)
					r.explain(t)
				} else if lost > 0 {
					t.Logf("%d repair(s), %d retries: lost drags seen and made again", r.rep.Repairs, r.rep.Retries)
				}
			}
		})
	}
}

// flashZooms are the page zooms TestE2EFlash plays at.
var flashZooms = []float64{0.75, 1.5}

// flashBoards are what TestE2EFlash plays in each zoom: two official levels
// and the size-6 challenge. At 75 % the challenge's FreeSans 5s and 6s are
// too alike for the learnt templates alone ("its digit looks like 5 at 0.92
// and 6 at 0.91: too close"): vision reads them by the pair check, against
// the picture's own 5s and 6s (vision/internal/cv/pair.go).
var flashBoards = []game.Spec{
	{Mode: game.ModeLevel, Level: 20}, // size 3, holes and locked tiles
	{Mode: game.ModeLevel, Level: 34}, // size 4 (another pitch than calibrated), holes
	{Mode: game.ModeChallenge, Seed: &flashChallenge},
}

// flashChallenge is the seed of the size-6 challenge TestE2EFlash plays:
// many 5s and 6s.
var flashChallenge uint64 = 5

// backToClassic puts the shared desk back as the other e2e tests expect
// it: the classic look at 100 %, level 22, calibrated, the built-in set.
func backToClassic(t *testing.T, d *desk.Desk) {
	if err := d.Reopen("classic", 1); err != nil {
		t.Errorf("desk back to classic: %v", err)
		return
	}
	if _, err := d.New(game.Spec{Mode: game.ModeLevel, Level: 22}); err != nil {
		t.Error(err)
	}
	if _, err := d.Calibrate(); err != nil {
		t.Errorf("desk back to classic: %v", err)
	}
	if d.Tpl, _ = vision.Builtin(); d.Tpl == nil {
		t.Error("no built-in templates")
	}
}

// flashLearn is the one start TestE2EFlash learns the look from: no
// official start shows every kind of cell (a hole, a locked tile, an empty
// cell and each digit 0-6; the nearest, level 27, has no hole and no 0), so
// a random size-6 level that shows them all (board.ShowcaseSeed), as
// `hexiom gen -size 6 -seed N` prints it for `hexiom learn FILE`.
var flashLearn = game.Spec{Mode: game.ModeRandom, Size: 6, Seed: &flashLearnSeed}

var flashLearnSeed = board.ShowcaseSeed(6, 1)

// learnFlash calibrates on the start of the first level given and learns
// the look from the starts of the levels given into a new set saved where
// `hexiom learn` saves it; the desk then plays with the set the one rule
// finds with no -templates flag.
func learnFlash(t *testing.T, d *desk.Desk, specs ...game.Spec) {
	t.Helper()
	var tpl *vision.Templates
	for k, sp := range specs {
		st, err := d.New(sp)
		if err != nil {
			t.Fatal(err)
		}
		if k == 0 {
			if _, err := d.Calibrate(); err != nil {
				t.Fatal(err)
			}
		}
		// The board fades in for 150 ms after the page reports it: learn
		// from it at rest, as a user would.
		img, err := stillGrab(d)
		if err != nil {
			t.Fatal(err)
		}
		var start board.Position
		switch sp.Mode {
		case game.ModeLevel:
			if start, err = board.Level(sp.Level); err != nil {
				t.Fatal(err)
			}
		default:
			start = board.Random(sp.Size, *sp.Seed)
		}
		if start.Format() != st.Board {
			t.Fatalf("%+v is not at its start:\n%s", sp, st.Board)
		}
		if tpl, err = reader.Learn(tpl, img, d.Area.OnScreen(d.Screen.Bounds()), start); err != nil {
			t.Fatalf("learn the flash look from %+v: %v", sp, err)
		}
	}
	path, err := vision.TemplatesPath()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := tpl.Save(path); err != nil {
		t.Fatal(err)
	}
	if m := tpl.Missing(); len(m) > 0 {
		t.Fatalf("learnt from %+v, the set still lacks %v", specs, m)
	}
	found, line, err := vision.OpenTemplates("")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("no -templates flag: %s", line)
	d.Tpl = found
}

// stillGrab grabs the calibrated area (the part on the screen: a size-6
// calibration's area can reach past it, the board does not) once it has
// stood still for capture.StillGap (longer than the flash look's fade-in and
// glides); it gives up after desktop.Patience.
func stillGrab(d *desk.Desk) (*image.RGBA, error) {
	return capture.Still(d.Screen, d.Area.OnScreen(d.Screen.Bounds()).Rect(), capture.StillGap, desktop.Patience)
}
