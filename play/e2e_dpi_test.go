//go:build linux && cgo

package play_test

import (
	"fmt"
	"image"
	"testing"

	"hexiom/board"
	"hexiom/game"
	"hexiom/internal/tier"
	"hexiom/play/desk"
)

// At a display scale other than 100 % (Chromium's devicePixelRatio 1.25 and
// 2, as a user's display setting makes it), calibration, capture and drags
// stay on the same screen pixels: calibrating by clicks puts every cell
// within 2 px of where the page drew it (desk.Calibrate checks), the bot
// reads the board the game holds and solves it hands-free, and every
// pointer event the page saw lies inside the game area it drew.
func TestE2EDisplayScale(t *testing.T) {
	tier.Heavy(t, tier.Xvfb, tier.Chromium, tier.OpenCV)
	for _, c := range []struct {
		scale  float64
		screen image.Point
		window image.Rectangle // screen pixels: 1024×640 and 800×600 CSS px
		levels []int
	}{
		{1.25, image.Pt(1366, 868), image.Rect(30, 20, 30+1280, 20+800), []int{22, 40}}, // sizes 4 and 6
		// a game area of 1094 px: four times the pixels to grab and read
		// as at 100 %, so smaller boards (sizes 3 and 4)
		{2, image.Pt(1700, 1300), image.Rect(30, 20, 30+1600, 20+1200), []int{10, 22}},
	} {
		t.Run(fmt.Sprint(c.scale), func(t *testing.T) {
			o, err := e2eOptions()
			if err != nil {
				t.Fatal(err)
			}
			if o.Display != "" {
				t.Fatal("HEXIOM_E2E=portable runs the e2e tests on one display of its own; run the display-scale test without it")
			}
			o.Scale, o.Screen, o.Window = c.scale, c.screen, c.window
			d, err := desk.Start(o)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			area, err := d.Calibrate()
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("scale %v: calibrated %v", c.scale, area)
			for _, lv := range c.levels {
				r := playOn(t, d, game.Spec{Mode: game.ModeLevel, Level: lv}, false, nil)
				checkSolved(t, d, r, fmt.Sprintf("scale %v, level %d", c.scale, lv))
				want, err := board.Level(lv)
				if err != nil {
					t.Fatal(err)
				}
				if !r.rep.Start.Equal(want) {
					t.Errorf("level %d: the bot read\n%s\nthe level is\n%s", lv, r.rep.Start, want)
				}
			}
		})
	}
}
