package vision

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"gocv.io/x/gocv"

	"hexiom/board"
	"hexiom/calibration"
)

// Overlay draws the reading over the game area of img: every cell's hexagon
// outlined (green when sure, red when in doubt) with what was read, in the
// level format, at its top left, and how sure (the cell's confidence in
// hundredths, 99 at most) at its bottom right. The
// picture covers the area with a small margin.
func Overlay(img image.Image, area calibration.Area, r Reading) (*image.RGBA, error) {
	rect := area.Rect().Inset(-8).Intersect(img.Bounds())
	rgba := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, rect.Min, draw.Src)
	m, err := gocv.ImageToMatRGBA(rgba) // BGRA
	if err != nil {
		return nil, fmt.Errorf("overlay: %w", err)
	}
	defer m.Close()
	if r.Size == 0 || len(r.Cells) != board.NumCells(r.Size) || len(r.Conf) != len(r.Cells) {
		// no board read: outline the calibrated area
		a := area.Rect().Sub(rect.Min)
		gocv.Rectangle(&m, a, color.RGBA{255, 0, 0, 255}, 2)
		return toRGBA(m)
	}
	if r.Area.Side > 0 {
		area = r.Area // where the cells were read
	} else {
		area = area.Shift(r.Shift.X, r.Shift.Y)
	}
	R := area.Radius(r.Size)
	font := gocv.FontHersheySimplex
	fs := math.Max(0.3, R/55)
	thick := 1
	if R > 60 {
		thick = 2
	}
	for i, p := range area.Cells(r.Size) {
		c := r.Cells[i]
		col, ink := color.RGBA{0, 230, 0, 255}, color.RGBA{255, 255, 255, 255}
		if c.Doubt != "" {
			col, ink = color.RGBA{255, 0, 0, 255}, color.RGBA{255, 70, 70, 255}
		}
		cx, cy := p.X-float64(rect.Min.X), p.Y-float64(rect.Min.Y)
		pts := make([]image.Point, 6)
		for k := range pts {
			a := math.Pi / 3 * float64(k)
			pts[k] = image.Pt(int(math.Round(cx+0.97*R*math.Cos(a))), int(math.Round(cy+0.97*R*math.Sin(a))))
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
		gocv.Polylines(&m, pv, true, col, thick)
		pv.Close()
		label := c.Label()
		sure := fmt.Sprintf("%02.0f", math.Min(99, math.Max(0, 100*r.Conf[i])))
		drawText(&m, label, image.Pt(int(cx-0.42*R), int(cy-0.5*R)), font, fs, ink, thick)
		drawText(&m, sure, image.Pt(int(cx+0.42*R), int(cy+0.55*R)), font, fs, ink, thick)
	}
	return toRGBA(m)
}

func toRGBA(m gocv.Mat) (*image.RGBA, error) {
	out, err := m.ToImage()
	if err != nil {
		return nil, fmt.Errorf("overlay: %w", err)
	}
	res := image.NewRGBA(out.Bounds())
	draw.Draw(res, res.Bounds(), out, out.Bounds().Min, draw.Src)
	return res, nil
}

// drawText writes s centred on p, dark outline under a coloured fill so it
// reads on any tile.
func drawText(m *gocv.Mat, s string, p image.Point, font gocv.HersheyFont, fs float64, col color.RGBA, thick int) {
	sz := gocv.GetTextSize(s, font, fs, thick)
	at := image.Pt(p.X-sz.X/2, p.Y+sz.Y/2)
	gocv.PutText(m, s, at, font, fs, color.RGBA{0, 0, 0, 255}, thick+2)
	gocv.PutText(m, s, at, font, fs, col, thick)
}
