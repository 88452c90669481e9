//go:build cgo

package cv

import (
	"math/rand/v2"
	"testing"

	"hexiom/calibration"
	"hexiom/internal/tier"
	"hexiom/vision"
)

// TestLatticeMovedIsLattice: nearby's lattice tests of whole-pixel moves,
// their crops cut from one wider crop a cell (latticeMoved), score what
// lattice's own crops score, bit for bit, at every move within nearReach:
// on fixtures of the classic and flash looks, each at its calibration
// moved by random fractions of a pixel (other sample weights), the
// holes read as the background or not, with cells near and past the
// picture's edge (whose wider crops do not lie inside it: cropped afresh).
func TestLatticeMovedIsLattice(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	classic, err := vision.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	flashSet := learnFlash(t, "flash/random6-01-z100")
	cases := []struct {
		name string
		tpl  *Templates
	}{{"random6-01-800x600", classic}, {"level22-1280x800", classic}, {"flash/level10-z75", flashSet}, {"flash/random6-02-z150", flashSet}}
	rng := rand.New(rand.NewPCG(43, 2))
	cut, all := 0, 0
	for _, c := range cases {
		f := loadFlash(t, c.name)
		for trial := 0; trial < 3; trial++ {
			area := f.Meta.Area.Shift(rng.Float64()*3-1.5, rng.Float64()*3-1.5)
			rd, err := newReader(f.Image, area, c.tpl)
			if err != nil {
				t.Fatal(err)
			}
			s := f.Truth.Size
			base, err := Scale(rd.f.WS, rd.f.Origin, kindR/area.Radius(6))
			if err != nil {
				t.Fatal(err)
			}
			sc, err := base.Rescale(kindR / area.Radius(s))
			if err != nil {
				t.Fatal(err)
			}
			pts := sparse(area.Cells(s), s)
			// cells at the picture's edge, and past it
			b := rd.f.WS.Size()
			o := calibration.Point{X: float64(rd.f.Origin.X), Y: float64(rd.f.Origin.Y)}
			for _, e := range [][2]float64{{0.3, 0.3}, {float64(b.X) - 1, 5}, {-3, float64(b.Y) / 2}, {float64(b.X) / 2, float64(b.Y) + 2}} {
				pts = append(pts, calibration.Point{X: o.X + e[0], Y: o.Y + e[1]})
			}
			for _, sky := range []bool{false, true} {
				rd.skyHole = sky
				w := rd.windowsOf(sc, pts)
				for dy := -nearReach; dy <= nearReach; dy++ {
					for dx := -nearReach; dx <= nearReach; dx++ {
						got, want := rd.latticeMoved(w, dx, dy), rd.lattice(sc, pts, float64(dx), float64(dy))
						if got != want {
							t.Fatalf("%s, area %v, sky %v, moved (%d, %d): %v, lattice %v", c.name, area, sky, dx, dy, got, want)
						}
						crop := make([]float32, kindC*kindSz*kindSz)
						for i := range w.cx {
							all++
							if w.cut(crop, i, w.cx[i]+float64(dx), w.cy[i]+float64(dy), dx, dy) {
								cut++
							}
						}
					}
				}
			}
			sc.Close()
			base.Close()
			rd.Close()
		}
	}
	t.Logf("%d of %d moved crops cut from the wider ones", cut, all)
	if cut < all/2 {
		t.Errorf("only %d of %d moved crops cut from the wider ones", cut, all)
	}
}
