//go:build cgo

package play

import (
	"fmt"
	"image"
	"time"

	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// Screen is Eyes on the real screen: a capture of the calibrated game area
// read by vision.
type Screen struct {
	Source    capture.Source
	Area      calibration.Area
	Templates *vision.Templates
}

func (s *Screen) GameArea() calibration.Area { return s.Area }

func (s *Screen) Grab() (image.Image, error) {
	img, err := s.Source.Grab(s.Area.Rect())
	if err != nil {
		return nil, fmt.Errorf("look: %w", err)
	}
	return img, nil
}

func (s *Screen) Read(img image.Image, size int) (vision.Reading, error) {
	var r vision.Reading
	var err error
	if size == 0 {
		r, err = reader.Read(img, s.Area, s.Templates)
	} else {
		r, err = reader.ReadSize(img, s.Area, size, s.Templates)
	}
	// Keep the cell scale and lattice aspect vision measured on a sure
	// read (a look whose cells do not follow board.Pitch): the next read of
	// a board of this size then takes vision's fast path instead of
	// measuring again.
	if err == nil && r.Size != 0 {
		k, a := r.Area.ScaleOf(r.Size), r.Area.AspectOf(r.Size)
		if k != s.Area.ScaleOf(r.Size) || a != s.Area.AspectOf(r.Size) {
			s.Area = s.Area.WithScale(r.Size, k).WithAspect(r.Size, a)
		}
	}
	return r, err
}

func (s *Screen) GrabPart(r image.Rectangle) (image.Image, error) {
	img, err := s.Source.Grab(r.Intersect(s.Area.Rect()))
	if err != nil {
		return nil, fmt.Errorf("look: %w", err)
	}
	return img, nil
}

func (s *Screen) ReadCells(img image.Image, r vision.Reading, cells []int) ([]vision.CellReading, error) {
	return reader.ReadCells(img, r, cells, s.Templates)
}

// Changed compares the two pictures over each cell of r (cellBox): a cell
// changed when more than a few pixels (noise) of the box differ by more than
// a small amount in some channel, as changed judges a picture. A cell only
// one picture shows is not compared.
func (s *Screen) Changed(a, b image.Image, r vision.Reading) []int {
	ra, okA := a.(*image.RGBA)
	rb, okB := b.(*image.RGBA)
	if r.Size == 0 || r.Area.Side <= 0 {
		return nil
	}
	pts := r.Area.Cells(r.Size)
	if !okA || !okB {
		all := make([]int, len(pts)) // not comparable: every cell
		for i := range all {
			all[i] = i
		}
		return all
	}
	both := ra.Rect.Intersect(rb.Rect)
	var out []int
	for i := range pts {
		if box := cellBox(r, i).Intersect(both); !box.Empty() && differs(ra, rb, box) {
			out = append(out, i)
		}
	}
	return out
}

// Look grabs and reads once, moving or not: for one picture, as `hexiom
// read` takes it. The loop itself reads only still pictures.
func (s *Screen) Look(size int) (Sight, error) {
	t0 := time.Now()
	img, err := s.Grab()
	if err != nil {
		return Sight{}, err
	}
	t1 := time.Now()
	r, err := s.Read(img, size)
	return Sight{Image: img, Reading: r, Capture: t1.Sub(t0), Read: time.Since(t1)}, err
}

// Refind looks for the board on the whole screen (Finder): a grab of all of
// it, reader.Refind there; the area found keeps to the screen, as the
// calibrated one did.
func (s *Screen) Refind() (old, now calibration.Area, err error) {
	old = s.Area
	bounds := s.Source.Bounds()
	img, err := s.Source.Grab(bounds)
	if err != nil {
		return old, old, fmt.Errorf("look over the screen: %w", err)
	}
	saved := old
	saved.Screen = image.Rectangle{}
	now, _, err = reader.Refind(img, saved, s.Templates)
	if err != nil {
		return old, old, err
	}
	now.Method, now.When = "found again", time.Now().UTC().Truncate(time.Second)
	s.Area = now.OnScreen(bounds)
	return old, s.Area, nil
}
