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

// PlanPicture draws the plan over the game area of img (the area with a
// margin of 8 px, like vision.Overlay): every drag an arrow from the tile's
// cell to its drop cell, numbered near its tail in the order the bot makes
// them.
func PlanPicture(img image.Image, area calibration.Area, r vision.Reading, moves []board.Move) (*image.RGBA, error) {
	rect := area.Rect().Inset(-8).Intersect(img.Bounds())
	base := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	draw.Draw(base, base.Bounds(), img, rect.Min, draw.Src)
	if r.Size == 0 {
		return base, nil
	}
	origin := rect.Min
	m, err := gocv.ImageToMatRGBA(base)
	if err != nil {
		return nil, fmt.Errorf("plan picture: %w", err)
	}
	defer m.Close()
	R := area.Radius(r.Size)
	thick := max(1, int(math.Round(R/16)))
	fs := math.Max(0.3, R/70)
	at := func(i int) image.Point {
		p := area.Centre(r.Size, i)
		return image.Pt(int(math.Round(p.X))-origin.X, int(math.Round(p.Y))-origin.Y)
	}
	arrow := color.RGBA{40, 120, 255, 255}
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
		dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
		d := math.Max(1, math.Hypot(dx, dy))
		k := math.Min(0.45*R, d/3) / d
		tail := image.Pt(a.X+int(dx*k), a.Y+int(dy*k))
		label := fmt.Sprint(n + 1)
		sz := gocv.GetTextSize(label, gocv.FontHersheySimplex, fs, 1)
		org := image.Pt(tail.X-sz.X/2, tail.Y+sz.Y/2)
		gocv.PutText(&m, label, org, gocv.FontHersheySimplex, fs, color.RGBA{0, 0, 0, 255}, 3)
		gocv.PutText(&m, label, org, gocv.FontHersheySimplex, fs, color.RGBA{255, 255, 255, 255}, 1)
	}
	out, err := m.ToImage()
	if err != nil {
		return nil, fmt.Errorf("plan picture: %w", err)
	}
	res := image.NewRGBA(out.Bounds())
	draw.Draw(res, res.Bounds(), out, out.Bounds().Min, draw.Src)
	return res, nil
}
