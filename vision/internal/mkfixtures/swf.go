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
// look swfLook (game.SWFLooks), into out: the game area only (as
// bench-play captures it to learn from), at page zoom 100 % and 150 %
// (NAME-z100, NAME-z150): official levels of every size 2-6 and random
// size-6 starts. The .json gives the area in the picture's own pixels.
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

func swfSession(out, swfLook string, z float64, jobs []job) error {
	d, err := desk.Start(desk.Options{
		Screen:  image.Pt(1600, 1200),
		Window:  image.Rect(30, 20, 30+1400, 20+1100),
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
		crop := image.Rect(int(math.Floor(a.Left)), int(math.Floor(a.Top)), int(math.Ceil(a.Left+a.Side)), int(math.Ceil(a.Top+a.Side)))
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
			Source: fmt.Sprintf("the clone's Flash build in Ruffle, -swf-look %s, %s (the game area only)", swfLook, src)}
		name := fmt.Sprintf("%s-z%.0f", j.name, z*100)
		if err := saveFixture(filepath.Join(out, name), img, st.Board, fx); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fmt.Println("wrote", name)
	}
	return nil
}
