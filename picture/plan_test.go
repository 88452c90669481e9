//go:build cgo

package picture_test

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
	"hexiom/picture"
	"hexiom/solver"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// TestPlan draws the plan of a real capture (vision's fixture of
// level 40) and checks an arrow is drawn on every drag's way.
func TestPlan(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	img, area := fixture(t, "level40-1280x800")
	tpl, err := vision.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	rd, err := reader.Read(img, area, tpl)
	if err != nil {
		t.Fatal(err)
	}
	res, err := solver.Solve(context.Background(), rd.Pos)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := actuate.Plan(rd.Pos, res.Solution)
	if err != nil {
		t.Fatal(err)
	}
	pic, err := picture.Plan(img, area, rd, moves)
	if err != nil {
		t.Fatal(err)
	}
	base, err := picture.Reading(img, area, rd)
	if err != nil {
		t.Fatal(err)
	}
	if pic.Bounds() != base.Bounds() {
		t.Fatalf("plan picture %v, overlay %v", pic.Bounds(), base.Bounds())
	}
	origin := area.Rect().Inset(-picture.Margin).Intersect(img.Bounds()).Min
	// the cells where the reading found them (its own lattice: the
	// fixture's area, saved before the original's lattice was drawn, says
	// only the side and the place), as Plan draws them
	centres := rd.Centres(area)
	for k, m := range moves {
		a, b := centres[m.From], centres[m.To]
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

type meta struct {
	Area   calibration.Area `json:"area"`
	Offset [2]int           `json:"offset"`
}

// readMeta reads a fixture's JSON: its calibration and where its picture
// lies on the screen.
func readMeta(t *testing.T, name string) meta {
	t.Helper()
	data, err := os.ReadFile(name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var m meta
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
