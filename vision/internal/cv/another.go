//go:build cgo

package cv

import (
	"errors"
	"image"
	"image/color"
	"image/draw"
	"math"

	"hexiom/calibration"
)

// FindAnother looks for a second board in img, besides the board of size s
// that FindArea found in area a: the found board (its cells and the plate
// around them) is painted over with the colour just around it, and FindArea
// runs again. It returns the other board's area and true when one holds
// there (with or without cells in doubt): two games in view, of which
// calibrate -auto cannot know which the user means.
func FindAnother(img image.Image, a calibration.Area, s int, tpl *Templates) (calibration.Area, bool) {
	box := boardBox(a, s).Intersect(img.Bounds())
	if box.Empty() {
		return calibration.Area{}, false
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	draw.Draw(out, box, &image.Uniform{around(img, box)}, image.Point{}, draw.Src)
	other, _, err := FindArea(out, tpl)
	var de *DoubtError
	if err != nil && !errors.As(err, &de) {
		return calibration.Area{}, false
	}
	return other, true
}

// boardBox is the box of the board of size s in area a: its cells and the
// plate around them (a cell's radius and a half more on each side).
func boardBox(a calibration.Area, s int) image.Rectangle {
	r := a.Radius(s) * 2.5
	lo := calibration.Point{X: math.Inf(1), Y: math.Inf(1)}
	hi := calibration.Point{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, p := range a.Cells(s) {
		lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
		hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
	}
	return image.Rect(int(lo.X-r), int(lo.Y-r), int(hi.X+r)+1, int(hi.Y+r)+1)
}

// around is the mean colour of the pixels of img on the line just around
// box (those on the picture).
func around(img image.Image, box image.Rectangle) color.RGBA {
	var sum [3]uint64
	n := uint64(0)
	add := func(x, y int) {
		if !(image.Point{x, y}).In(img.Bounds()) {
			return
		}
		r, g, b, _ := img.At(x, y).RGBA()
		sum[0], sum[1], sum[2] = sum[0]+uint64(r>>8), sum[1]+uint64(g>>8), sum[2]+uint64(b>>8)
		n++
	}
	for x := box.Min.X - 1; x <= box.Max.X; x++ {
		add(x, box.Min.Y-1)
		add(x, box.Max.Y)
	}
	for y := box.Min.Y; y < box.Max.Y; y++ {
		add(box.Min.X-1, y)
		add(box.Max.X, y)
	}
	if n == 0 {
		return color.RGBA{A: 255}
	}
	return color.RGBA{uint8(sum[0] / n), uint8(sum[1] / n), uint8(sum[2] / n), 255}
}
