//go:build linux

package main

import (
	"fmt"
	"image"
	"path/filepath"
	"strings"

	"hexiom/board"
	"hexiom/game"
	"hexiom/play/desk"
)

// runSWFBevel writes the fixtures of the clone's Flash build in Ruffle, its
// bevel look (game.SWFLooks), on the original's lattice (GAME.md's DX and DY
// as given) into out: bevel-learn-z100, the size-6 start TestE2ERuffleBevel
// learns from (board.ShowcaseSeed(6, 900000): every digit shows), and the
// boards of swf.go's flat fixtures (official levels of sizes 2-6, random
// size-6 starts of seeds 4001-4006) at 100 % and 150 % page zoom, named
// bevel-NAME-zNNN. Each holds the game area and margin px (at 100 %) of the
// screen around it, its .json every cell's centre on the screen.
func runSWFBevel(out, only string) error {
	learn := board.ShowcaseSeed(6, 900000)
	jobs := []job{{"bevel-learn", game.Spec{Mode: game.ModeRandom, Size: 6, Seed: &learn}, 0}}
	for _, l := range []int{1, 3, 10, 15, 22, 30, 38, 40} {
		jobs = append(jobs, job{fmt.Sprintf("bevel-level%02d", l), game.Spec{Mode: game.ModeLevel, Level: l}, 0})
	}
	for i := 1; i <= 6; i++ {
		jobs = append(jobs, job{fmt.Sprintf("bevel-random6-%02d", i), game.Spec{Mode: game.ModeRandom, Size: 6, Seed: seed(uint64(4000 + i))}, 0})
	}
	for _, z := range []float64{1, 1.5} {
		var todo []job
		for _, j := range jobs {
			name := fmt.Sprintf("%s-z%.0f", j.name, z*100)
			if strings.Contains(name, only) && (j.name != "bevel-learn" || z == 1) {
				todo = append(todo, j)
			}
		}
		if len(todo) == 0 {
			continue
		}
		if err := swfBevelSession(out, z, todo); err != nil {
			return err
		}
	}
	return nil
}

// swfBevelSession captures the jobs in Ruffle's bevel look at page zoom z.
func swfBevelSession(out string, z float64, jobs []job) error {
	d, err := ruffleDesk("bevel", z, jobs[0].spec)
	if err != nil {
		return err
	}
	defer d.Close()
	for _, j := range jobs {
		name := fmt.Sprintf("%s-z%.0f", j.name, z*100)
		if _, err := d.New(j.spec); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fx, img, st, err := swfFixture(d, z, "bevel", margin*z, false)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fx.Source += fmt.Sprintf(" (the game area and %.0f px around it)", margin*z)
		if err := saveFixture(filepath.Join(out, name), img, st.Board, fx); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fmt.Printf("%s: %s, area %.1f px at (%.1f,%.1f)\n", name, fx.Source, fx.Area.Side, fx.Area.Left, fx.Area.Top)
	}
	return nil
}

// ruffleDesk starts Ruffle in the SWF look look at page zoom z, showing
// start, on the fixtures' screen and window.
func ruffleDesk(look string, z float64, start game.Spec) (*desk.Desk, error) {
	return desk.Start(desk.Options{
		Runtime: game.RuntimeRuffle, SWFLook: look, Zoom: z, Start: start,
		Screen: image.Pt(1400, 1040), Window: image.Rect(30, 20, 30+1280, 20+1000),
	})
}
