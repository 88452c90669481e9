//go:build cgo

package cv

import (
	"fmt"
	"image"
	"math"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/vision"
)

// ReadCells reads only some cells of a board already read: the board of r
// (its size, and the geometry r.Area it was read with) in img, as Read reads
// those cells, each judged (CellReading.Doubt says why one is in doubt). It
// is how hexiom play checks what a drag changed in a few milliseconds: no
// size test, no lattice search, no pair check (a cell that would need the
// pair check stays in doubt, for a full Read to decide). The cells come back
// in the order asked.
func ReadCells(img image.Image, r Reading, cells []int, tpl *Templates) ([]CellReading, error) {
	if !board.OnScreen(r.Size) || r.Area.Side <= 0 {
		return nil, fmt.Errorf("vision: ReadCells needs a reading of a board (size %d, area %v)", r.Size, r.Area)
	}
	pts := r.Area.Cells(r.Size)
	for _, i := range cells {
		if i < 0 || i >= len(pts) {
			return nil, fmt.Errorf("vision: ReadCells: cell %d outside the %d cells of a size-%d board", i, len(pts), r.Size)
		}
	}
	if len(cells) == 0 {
		return nil, nil
	}
	box := vision.CellsBox(r, cells)
	if sub, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	}); ok {
		img = sub.SubImage(box.Intersect(img.Bounds()))
	}
	rd, err := newReader(img, r.Area, tpl)
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	// The kind-scale picture made as read makes it: from size 6's scale.
	base, err := Scale(rd.f.WS, rd.f.Origin, kindR/rd.area.Radius(6))
	if err != nil {
		return nil, err
	}
	defer base.Close()
	sc, err := base.Rescale(kindR / rd.area.Radius(r.Size))
	if err != nil {
		return nil, err
	}
	defer sc.Close()
	selPts := make([]calibration.Point, len(cells))
	for j, i := range cells {
		selPts[j] = pts[i]
	}
	ks, err := rd.kindsAt(sc, selPts)
	if err != nil {
		return nil, err
	}
	// digitsOf reads the tiles among all the board's cells: the others are
	// left holes, which it skips.
	all := make([]CellReading, len(pts))
	for j, i := range cells {
		all[i] = ks[j]
	}
	if err := rd.digitsOf(r.Size, r.Area, all); err != nil {
		return nil, err
	}
	out := Reading{Size: r.Size, Cells: make([]CellReading, len(cells)), Conf: make([]float64, len(cells))}
	for j, i := range cells {
		c := all[i]
		rd.tpl.judge(&c)
		out.Conf[j] = c.KindScore
		if c.Kind == Movable || c.Kind == Locked {
			out.Conf[j] = math.Min(c.KindScore, c.DigitScore)
		}
		out.Cells[j] = c
	}
	rd.tpl.standInCheck(&out)
	return out.Cells, nil
}
