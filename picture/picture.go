package picture

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"time"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision"
)

// Margin is how far (px) past the game area a picture reaches.
const Margin = 8

// Reading draws the reading over the game area of img: every cell's hexagon
// outlined (green when sure, red when in doubt) with what was read, in the
// level format, at its top left, and how sure (the cell's confidence in
// hundredths, 99 at most) at its bottom right; with no board read, the
// calibrated area outlined in red. The picture covers the area with a
// margin of Margin px.
func Reading(img image.Image, area calibration.Area, r vision.Reading) (*image.RGBA, error) {
	m, origin := canvas(img, area)
	if r.Size == 0 || len(r.Cells) != board.NumCells(r.Size) || len(r.Conf) != len(r.Cells) {
		rectangle(m, area.Rect().Sub(origin), color.RGBA{255, 0, 0, 255}, 2)
		return m, nil
	}
	area = readArea(area, r)
	R := area.Radius(r.Size)
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
		cx, cy := p.X-float64(origin.X), p.Y-float64(origin.Y)
		var pts [6]image.Point
		for k := range pts {
			a := math.Pi / 3 * float64(k)
			pts[k] = image.Pt(int(math.Round(cx+0.97*R*math.Cos(a))), int(math.Round(cy+0.97*R*math.Sin(a))))
		}
		for k := range pts {
			line(m, pts[k], pts[(k+1)%len(pts)], col, thick)
		}
		sure := fmt.Sprintf("%02.0f", math.Min(99, math.Max(0, 100*r.Conf[i])))
		text(m, c.Label(), image.Pt(int(cx-0.42*R), int(cy-0.5*R)), fs, ink, thick)
		text(m, sure, image.Pt(int(cx+0.42*R), int(cy+0.55*R)), fs, ink, thick)
	}
	return m, nil
}

// Plan draws the plan over the game area of img (with a margin of Margin
// px, like Reading): every drag an arrow from the tile's cell to its drop
// cell, numbered near its tail in the order the bot makes them. The cells
// are where the reading r found them.
func Plan(img image.Image, area calibration.Area, r vision.Reading, moves []board.Move) (*image.RGBA, error) {
	m, origin := canvas(img, area)
	if r.Size == 0 {
		return m, nil
	}
	area = readArea(area, r)
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
		arrowedLine(m, a2, b2, arrow, thick)
	}
	for n, mv := range moves {
		a, b := at(mv.From), at(mv.To)
		dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
		d := math.Max(1, math.Hypot(dx, dy))
		k := math.Min(0.45*R, d/3) / d
		tail := image.Pt(a.X+int(dx*k), a.Y+int(dy*k))
		text(m, fmt.Sprint(n+1), tail, fs, color.RGBA{255, 255, 255, 255}, 1)
	}
	return m, nil
}

// Debug writes the picture of the reading r of img (Reading; img itself
// when that cannot be drawn) into the folder dir as a new file
// hexiom-<what>-<when>-<random>.png, and returns its path. The file is
// created exclusively (O_EXCL, mode 0600) under a name no one can guess:
// dir is often the shared temporary folder, where another user could
// otherwise plant a symbolic link under the name to have the bot write
// over a file of its choice. It writes fast rather than small: a refusal
// is on its way.
func Debug(dir, what string, when time.Time, img image.Image, area calibration.Area, r vision.Reading) (string, error) {
	if dir == "" {
		return "", fmt.Errorf("debug picture: no folder")
	}
	pic := img
	if p, err := Reading(img, area, r); err == nil {
		pic = p
	}
	f, err := os.CreateTemp(dir, fmt.Sprintf("hexiom-%s-%s-*.png", what, when.Format("20060102-150405.000")))
	if err != nil {
		return "", fmt.Errorf("debug picture: %w", err)
	}
	err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(f, pic)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("debug picture %s: %w", f.Name(), err)
	}
	return f.Name(), nil
}

// readArea is the geometry the cells of r were read with.
func readArea(area calibration.Area, r vision.Reading) calibration.Area {
	if r.Area.Side > 0 {
		return r.Area
	}
	return area.Shift(r.Shift.X, r.Shift.Y)
}

// canvas copies the game area of img, with a margin of Margin px, into a
// picture to draw on; origin is the screen point of its top-left pixel.
func canvas(img image.Image, area calibration.Area) (m *image.RGBA, origin image.Point) {
	rect := area.Rect().Inset(-Margin).Intersect(img.Bounds())
	m = image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	draw.Draw(m, m.Bounds(), img, rect.Min, draw.Src)
	return m, rect.Min
}
