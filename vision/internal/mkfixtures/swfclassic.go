//go:build linux

package main

import (
	"fmt"
	"image"
	"math"
	"path/filepath"
	"strings"
	"time"

	"hexiom/capture"
	"hexiom/game"
	"hexiom/internal/desktop"
	"hexiom/play/desk"
)

// runSWFClassic writes the fixtures of the clone's Flash build in Ruffle, its
// classic look, on the original's lattice (GAME.md's DX and DY as given,
// issue 40) into out: official levels of sizes 2 to 6 and a challenge's
// size-6 board, at 100 % and 150 % page zoom, named classic-NAME-zNNN
// (vision/testdata/swf).
func runSWFClassic(out, only string) error {
	jobs := []job{
		{"level01", game.Spec{Mode: game.ModeLevel, Level: 1}, 0},
		{"level10", game.Spec{Mode: game.ModeLevel, Level: 10}, 0},
		{"level22", game.Spec{Mode: game.ModeLevel, Level: 22}, 0},
		{"level38", game.Spec{Mode: game.ModeLevel, Level: 38}, 0},
		{"level40", game.Spec{Mode: game.ModeLevel, Level: 40}, 0},
		{"challenge6", game.Spec{Mode: game.ModeChallenge, Seed: seed(31)}, 0},
	}
	for _, z := range []float64{1, 1.5} {
		if err := swfClassicSession(out, only, z, jobs); err != nil {
			return err
		}
	}
	return nil
}

// swfClassicSession captures the jobs in Ruffle at page zoom z.
func swfClassicSession(out, only string, z float64, jobs []job) error {
	d, err := desk.Start(desk.Options{
		Runtime: game.RuntimeRuffle, Zoom: z, Start: jobs[0].spec,
		Screen: image.Pt(1400, 1040), Window: image.Rect(30, 20, 30+1280, 20+1000),
	})
	if err != nil {
		return err
	}
	defer d.Close()
	wname := fmt.Sprintf("z%.0f", z*100)
	for _, j := range jobs {
		name := "classic-" + j.name + "-" + wname
		if !strings.Contains(name, only) {
			continue
		}
		if _, err := d.New(j.spec); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fx, img, st, err := swfFixture(d, z, "", 6, false)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := saveFixture(filepath.Join(out, name), img, st.Board, fx); err != nil {
			return err
		}
		fmt.Printf("%s: %s, area %.1f px at (%.1f,%.1f)\n", name, fx.Source, fx.Area.Side, fx.Area.Left, fx.Area.Top)
		time.Sleep(50 * time.Millisecond)
	}
	return nil
}

// runSWFFlatScreen writes the whole-screen fixtures of the Flash build's
// flat look in its site page (screen-flat-NAME-zNNN, vision/testdata/swf):
// official levels 1, 22 and 38 (sizes 2, 4, 5) at 100 % page zoom and
// level 1 at 150 %, the SWF on the original's lattice, the page's dark text
// under the game.
func runSWFFlatScreen(out, only string) error {
	for _, s := range []struct {
		z      float64
		levels []int
	}{{1, []int{1, 22, 38}}, {1.5, []int{1}}} {
		var jobs []job
		for _, l := range s.levels {
			jobs = append(jobs, job{fmt.Sprintf("level%02d", l), game.Spec{Mode: game.ModeLevel, Level: l}, 0})
		}
		if err := swfScreenSession(out, only, s.z, jobs); err != nil {
			return err
		}
	}
	return nil
}

// swfScreenSession captures the jobs, the whole screen, in Ruffle's flat
// look at page zoom z, after three calibration clicks (which take away
// Ruffle's "Click to unmute" overlay, as a player's first clicks do).
func swfScreenSession(out, only string, z float64, jobs []job) error {
	d, err := ruffleDesk("flat", z, jobs[0].spec)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Calibrate(); err != nil {
		return err
	}
	for _, j := range jobs {
		name := fmt.Sprintf("screen-flat-%s-z%.0f", j.name, z*100)
		if !strings.Contains(name, only) {
			continue
		}
		if _, err := d.New(j.spec); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fx, img, st, err := swfFixture(d, z, "flat", 6, true)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := saveFixture(filepath.Join(out, name), img, st.Board, fx); err != nil {
			return err
		}
		fmt.Printf("%s: %s, area %.1f px at (%.1f,%.1f)\n", name, fx.Source, fx.Area.Side, fx.Area.Left, fx.Area.Top)
	}
	return nil
}

// swfFixture captures the board d shows, once the SWF has reported it
// (its first report of a level bumps the version), at page zoom z, in the
// SWF's look ("" for classic): the game area and edge px around it, or with
// whole the whole screen. The HTML looks' fixtures keep 6 px; those FindArea
// is tried on keep more of the screen (the HUD, the page: swf.go's margin).
func swfFixture(d *desk.Desk, z float64, look string, edge float64, whole bool) (Fixture, *image.RGBA, game.State, error) {
	var fx Fixture
	st, err := d.State()
	if err == nil {
		err = d.WaitPainted(st.Version, desktop.Patience)
	}
	if err != nil {
		return fx, nil, st, err
	}
	a, err := d.TrueArea()
	if err != nil {
		return fx, nil, st, err
	}
	cells, r, err := d.TrueCells()
	if err != nil {
		return fx, nil, st, err
	}
	crop := image.Rect(int(math.Floor(a.Left-edge)), int(math.Floor(a.Top-edge)),
		int(math.Ceil(a.Left+a.Side+edge)), int(math.Ceil(a.Top+a.Side+edge))).Intersect(d.Screen.Bounds())
	theme, src := "swf", "the clone's Flash build in Ruffle, classic look, "+what(st)
	if look != "" {
		theme, src = "swf-"+look, fmt.Sprintf("the clone's Flash build in Ruffle, -swf-look %s, %s", look, what(st))
	}
	if whole {
		crop = d.Screen.Bounds()
		src += ", the whole screen (the site's page, its text under the game)"
	}
	img, err := capture.Still(d.Screen, crop, capture.StillGap, desktop.Patience)
	if err != nil {
		return fx, nil, st, err
	}
	if now, err := d.TrueArea(); err != nil || now.Left != a.Left || now.Top != a.Top || now.Side != a.Side {
		return fx, nil, st, fmt.Errorf("the game area moved while capturing (%v)", err)
	}
	if now, err := d.State(); err != nil || now.Board != st.Board {
		return fx, nil, st, fmt.Errorf("the board changed while capturing (%v)", err)
	}
	fx = Fixture{
		Area: Area{Left: a.Left, Top: a.Top, Side: a.Side}, Offset: [2]int{crop.Min.X, crop.Min.Y},
		Window: "1280x1000", Theme: theme, Zoom: z, Rule: st.Geometry.Rule, Radius: r, Lattice: "table",
		Pitch:  [2]float64{st.Geometry.DX * a.Side, st.Geometry.DY * a.Side},
		Source: src,
	}
	for _, c := range cells {
		fx.Cells = append(fx.Cells, [2]float64{round2(c.X), round2(c.Y)})
	}
	return fx, img, st, nil
}

// what names the board st shows.
func what(st game.State) string {
	if st.Mode == game.ModeLevel {
		return fmt.Sprintf("level %d", st.Level)
	}
	return fmt.Sprintf("%s size %d seed %d", st.Mode, st.Size, st.Seed)
}
