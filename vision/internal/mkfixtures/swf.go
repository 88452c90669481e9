//go:build linux

package main

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"

	"hexiom/game"
	"hexiom/play/desk"
)

// runSWF writes fixtures of the clone's Flash build in Ruffle, in the SWF
// look swfLook (game.SWFLooks), into out, at page zoom 100 % and 150 %
// (NAME-z100, NAME-z150): official levels of every size 2-6 and random
// size-6 starts. The .json gives the area in the picture's own pixels.
// Each picture holds the game area and margin px (at 100 %) around it.
func runSWF(out, only, swfLook string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var jobs []job
	for _, l := range []int{1, 3, 10, 15, 22, 30, 38, 40} {
		jobs = append(jobs, job{fmt.Sprintf("%s-level%02d", swfLook, l), game.Spec{Mode: game.ModeLevel, Level: l}, 0})
	}
	for i := 1; i <= 6; i++ {
		jobs = append(jobs, job{fmt.Sprintf("%s-random6-%02d", swfLook, i), game.Spec{Mode: game.ModeRandom, Size: 6, Seed: seed(uint64(4000 + i))}, 0})
	}
	for _, z := range []float64{1, 1.5} {
		var todo []job
		for _, j := range jobs {
			if strings.Contains(fmt.Sprintf("%s-z%.0f", j.name, z*100), only) {
				todo = append(todo, j)
			}
		}
		if len(todo) == 0 {
			continue
		}
		if err := swfSession(out, swfLook, z, todo); err != nil {
			return err
		}
	}
	return nil
}

// margin is how much of the screen around the game area a fixture holds,
// in px at 100 % page zoom.
const margin = 60

func swfSession(out, swfLook string, z float64, jobs []job) error {
	d, err := desk.Start(desk.Options{
		Screen:  image.Pt(1700, 1300),
		Window:  image.Rect(120, 60, 120+1400, 60+1100),
		Runtime: game.RuntimeRuffle, SWFLook: swfLook, Zoom: z,
	})
	if err != nil {
		return err
	}
	defer d.Close()
	for _, j := range jobs {
		st, err := d.New(j.spec)
		if err != nil {
			return fmt.Errorf("%s: %w", j.name, err)
		}
		a, err := d.TrueArea()
		if err != nil {
			return fmt.Errorf("%s: %w", j.name, err)
		}
		// the game area and what is around it on the screen (the HUD,
		// the page), for calibrate -auto
		m := margin * z
		crop := image.Rect(int(math.Floor(a.Left-m)), int(math.Floor(a.Top-m)), int(math.Ceil(a.Left+a.Side+m)), int(math.Ceil(a.Top+a.Side+m)))
		img, err := d.Grab(crop)
		if err != nil {
			return fmt.Errorf("%s: %w", j.name, err)
		}
		area := Area{Left: round2(a.Left - float64(crop.Min.X)), Top: round2(a.Top - float64(crop.Min.Y)), Side: round2(a.Side)}
		src := fmt.Sprintf("%s level %d", st.Mode, st.Level)
		if st.Mode != game.ModeLevel {
			src = fmt.Sprintf("%s size %d seed %d", st.Mode, st.Size, st.Seed)
		}
		fx := Fixture{Area: area, Window: fmt.Sprintf("%dx%d", crop.Dx(), crop.Dy()), Theme: "swf-" + swfLook, Zoom: z,
			Source: fmt.Sprintf("the clone's Flash build in Ruffle, -swf-look %s, %s (the game area and %.0f px around it)", swfLook, src, margin*z)}
		name := fmt.Sprintf("%s-z%.0f", j.name, z*100)
		if err := saveFixture(filepath.Join(out, name), img, st.Board, fx); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fmt.Println("wrote", name)
	}
	return nil
}
