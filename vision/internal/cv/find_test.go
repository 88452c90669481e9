//go:build cgo

package cv

import (
	"errors"
	"fmt"
	"testing"

	"hexiom/board"
	"hexiom/internal/tier"
)

// TestInnerBoardRefused: an area drawn for a smaller board on the inner
// cells of a larger one (the same lattice: a smaller game area, centred on
// the board's centre cell, whose size-s cells are the larger board's) is
// never confirmed at the smaller size. FindArea tries such areas (from a
// lattice it measured) and, on the SWF's flat look, whose holes are the
// plain background, once saved one: a size-3 area on the size-6 board of
// flat-random6-02-z100, whose size-4 ring of tiles matched the area's
// corners, themselves on the board (issue 40.2). Every size from 2 below
// the board's, in both SWF looks (flat: holes the background; classic:
// holes drawn), at 100 % and 150 %: confirm refuses, or finds the board
// itself, at its size, within 2 px.
func TestInnerBoardRefused(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	for _, look := range []struct {
		learn  string
		boards []string
	}{
		{"swf/flat-learn-z100", []string{"flat-random6-02", "flat-random6-01", "flat-level40", "flat-level38", "flat-level22"}},
		{"swf/classic-challenge6-z100", []string{"classic-level40", "classic-level38", "classic-level22"}},
	} {
		lf := loadFlash(t, look.learn)
		tpl, err := Learn(nil, lf.Image, lf.Meta.Area, lf.Truth)
		if err != nil {
			t.Fatalf("learn %s: %v", look.learn, err)
		}
		for _, b := range look.boards {
			for _, z := range []string{"z100", "z150"} {
				f := loadFlash(t, "swf/"+b+"-"+z)
				big := f.Truth.Size
				centre := board.Geom(big).Index(big-1, big-1)
				for s := board.MinScreen; s < big; s++ {
					a := sizeCentred(f.Meta.Area, big, centre, s)
					a.Method = "auto"
					c, ok := tryArea(f.Image, tpl, a, s)
					if !ok {
						continue // no board of size s there at all
					}
					area, r, err := confirm(f.Image, tpl, c, true)
					var de *DoubtError
					if err != nil && !errors.As(err, &de) {
						continue // refused
					}
					name := fmt.Sprintf("%s, a size-%d area on its size-%d board", f.Name, s, big)
					if r.Size != big {
						t.Errorf("%s: confirmed as size %d in %v (%v)", name, r.Size, area, err)
						continue
					}
					worst := 0.0
					truth := f.Meta.Area.Cells(big)
					for i, p := range area.Cells(big) {
						worst = max(worst, p.Dist(truth[i]))
					}
					if worst > 2 {
						t.Errorf("%s: confirmed at its size in %v, a cell %.2f px off", name, area, worst)
					}
				}
			}
		}
	}
}
