package play

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"gocv.io/x/gocv"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision"
)

// PlanPicture draws the plan over the reading's overlay of the game area:
// every drag an arrow from the tile's cell to its drop cell, numbered in the
// order the bot would make them.
func PlanPicture(img image.Image, area calibration.Area, r vision.Reading, moves []board.Move) (*image.RGBA, error) {
	base, err := vision.Overlay(img, area, r)
	if err != nil {
		return nil, fmt.Errorf("plan picture: %w", err)
	}
	if r.Size == 0 {
		return base, nil
	}
	// vision.Overlay covers the area with a margin, clipped to the image.
	origin := area.Rect().Inset(-8).Intersect(img.Bounds()).Min
	m, err := gocv.ImageToMatRGBA(base) // BGRA
	if err != nil {
		return nil, fmt.Errorf("plan picture: %w", err)
	}
	defer m.Close()
	R := area.Radius(r.Size)
	thick := max(1, int(math.Round(R/14)))
	fs := math.Max(0.35, R/40)
	at := func(i int) image.Point {
		p := area.Centre(r.Size, i)
		return image.Pt(int(math.Round(p.X))-origin.X, int(math.Round(p.Y))-origin.Y)
	}
	arrow := bgra(color.RGBA{40, 120, 255, 255})
	for _, mv := range moves {
		a, b := at(mv.From), at(mv.To)
		// Stop short of the centres so the labels stay readable.
		dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
		d := math.Hypot(dx, dy)
		if d < 1 {
			continue
		}
		k := math.Min(0.35*R, d/4) / d
		a2 := image.Pt(a.X+int(dx*k), a.Y+int(dy*k))
		b2 := image.Pt(b.X-int(dx*k), b.Y-int(dy*k))
		gocv.ArrowedLine(&m, a2, b2, arrow, thick)
	}
	for n, mv := range moves {
		a, b := at(mv.From), at(mv.To)
		mid := image.Pt((a.X+b.X)/2, (a.Y+b.Y)/2)
		label := fmt.Sprint(n + 1)
		sz := gocv.GetTextSize(label, gocv.FontHersheySimplex, fs, thick)
		org := image.Pt(mid.X-sz.X/2, mid.Y+sz.Y/2)
		gocv.PutText(&m, label, org, gocv.FontHersheySimplex, fs, bgra(color.RGBA{0, 0, 0, 255}), thick+2)
		gocv.PutText(&m, label, org, gocv.FontHersheySimplex, fs, bgra(color.RGBA{255, 255, 255, 255}), thick)
	}
	out, err := m.ToImage()
	if err != nil {
		return nil, fmt.Errorf("plan picture: %w", err)
	}
	res := image.NewRGBA(out.Bounds())
	draw.Draw(res, res.Bounds(), out, out.Bounds().Min, draw.Src)
	return res, nil
}

// bgra gives a colour in the channel order of a Mat made by
// gocv.ImageToMatRGBA (which is BGRA).
func bgra(c color.RGBA) color.RGBA { return color.RGBA{c.B, c.G, c.R, c.A} }
