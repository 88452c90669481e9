package play_test

import (
	"context"
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"testing"

	"hexiom/actuate"
	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/internal/tier"
	"hexiom/play"
	"hexiom/solver"
	"hexiom/vision"
)

// TestPlanPicture draws the plan of a real capture (vision's fixture of
// level 40) and checks an arrow is drawn on every drag's way.
func TestPlanPicture(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	const name = "../vision/testdata/level40-1280x800"
	var meta struct {
		Area   calibration.Area `json:"area"`
		Offset [2]int           `json:"offset"`
	}
	data, err := os.ReadFile(name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		t.Fatal(err)
	}
	f, err := capture.OpenFile(name+".png", image.Pt(meta.Offset[0], meta.Offset[1]))
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := vision.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	eyes := &play.Screen{Source: f, Area: meta.Area, Templates: tpl}
	s, err := eyes.Look(0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := solver.Solve(context.Background(), s.Reading.Pos)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := actuate.Plan(s.Reading.Pos, res.Solution)
	if err != nil {
		t.Fatal(err)
	}
	pic, err := play.PlanPicture(s.Image, meta.Area, s.Reading, moves)
	if err != nil {
		t.Fatal(err)
	}
	base, err := vision.Overlay(s.Image, meta.Area, s.Reading)
	if err != nil {
		t.Fatal(err)
	}
	if pic.Bounds() != base.Bounds() {
		t.Fatalf("plan picture %v, overlay %v", pic.Bounds(), base.Bounds())
	}
	origin := meta.Area.Rect().Inset(-8).Intersect(s.Image.Bounds()).Min
	for k, m := range moves {
		a, b := meta.Area.Centre(s.Reading.Size, m.From), meta.Area.Centre(s.Reading.Size, m.To)
		// Along the second half of the way (labels sit at the tails):
		// some pixel near it must be the arrow's blue. Another drag's
		// label may cover a point, not the whole stretch.
		found := false
		for f := 0.45; f <= 0.8 && !found; f += 0.05 {
			p := image.Pt(int(a.X+(b.X-a.X)*f)-origin.X, int(a.Y+(b.Y-a.Y)*f)-origin.Y)
			for dy := -2; dy <= 2 && !found; dy++ {
				for dx := -2; dx <= 2 && !found; dx++ {
					c := pic.RGBAAt(p.X+dx, p.Y+dy)
					found = c.B > 200 && c.R < 90 && c.G > 80 && c.G < 170
				}
			}
		}
		if !found {
			t.Errorf("drag %d (%d→%d): no arrow on its way", k+1, m.From, m.To)
		}
	}
	out := filepath.Join(t.TempDir(), "plan.png")
	if err := capture.SavePNG(out, pic); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("HEXIOM_KEEP_PLAN") != "" {
		capture.SavePNG(os.Getenv("HEXIOM_KEEP_PLAN"), pic)
	}
}
