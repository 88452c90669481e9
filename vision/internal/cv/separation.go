//go:build cgo

package cv

import (
	"math"

	"hexiom/board"
)

// measure returns the separation of the classes learnt by t on the reading
// r of a picture of truth.
func (t *set) measure(r Reading, truth board.Position) *Separation {
	s := &Separation{Kinds: map[string]*ClassSep{}, Digits: map[string]*ClassSep{}}
	note := func(m map[string]*ClassSep, own string, v float64, others map[string]float64) {
		c := m[own]
		if c == nil {
			c = &ClassSep{Floor: v, Margin: map[string]float64{}}
			m[own] = c
		}
		c.Mean = (c.Mean*float64(c.N) + v) / float64(c.N+1)
		c.N++
		c.Floor = math.Min(c.Floor, v)
		for o, w := range others {
			if old, ok := c.Margin[o]; !ok || v-w < old {
				c.Margin[o] = v - w
			}
		}
	}
	for i, c := range r.Cells {
		tc := truth.Cells[i]
		k := kindOf(tc)
		others := map[string]float64{}
		for o, v := range c.KindScores {
			if o != int(k) && t.p.Kinds[o].OK && !t.p.Kinds[o].StandIn {
				others[Kind(o).String()] = v
			}
		}
		note(s.Kinds, k.String(), c.KindScores[k], others)
		if tc.Tile < 0 || tc.Tile > 6 || c.Kind != Movable && c.Kind != Locked {
			continue
		}
		others = map[string]float64{}
		for o, v := range c.DigitScores {
			if o != int(tc.Tile) && t.p.Digits[o] != nil && !t.p.DigitStandIn[o] {
				others[digitClass(o)] = v
			}
		}
		note(s.Digits, digitClass(int(tc.Tile)), c.DigitScores[tc.Tile], others)
	}
	return s
}

// merge returns the separation of a set learnt from the pictures of a and
// then of b: the least floors and margins, the means weighted by cells.
func merge(a, b *Separation) *Separation {
	if a == nil {
		return b
	}
	out := &Separation{Kinds: map[string]*ClassSep{}, Digits: map[string]*ClassSep{}}
	for _, g := range []struct{ out, a, b map[string]*ClassSep }{{out.Kinds, a.Kinds, b.Kinds}, {out.Digits, a.Digits, b.Digits}} {
		for _, m := range []map[string]*ClassSep{g.a, g.b} {
			for name, c := range m {
				o := g.out[name]
				if o == nil {
					cp := *c
					cp.Margin = map[string]float64{}
					for k, v := range c.Margin {
						cp.Margin[k] = v
					}
					g.out[name] = &cp
					continue
				}
				o.Mean = (o.Mean*float64(o.N) + c.Mean*float64(c.N)) / float64(o.N+c.N)
				o.N += c.N
				o.Floor = math.Min(o.Floor, c.Floor)
				for k, v := range c.Margin {
					if old, ok := o.Margin[k]; !ok || v < old {
						o.Margin[k] = v
					}
				}
			}
		}
	}
	return out
}

// rank offers candidate x with score v to the best (best, bestScore) and
// the runner-up (next, nextScore) so far: the kinds and the digits of a
// cell are ranked this one way.
func rank[T any](best *T, bestScore *float64, next *T, nextScore *float64, x T, v float64) {
	switch {
	case v > *bestScore:
		*next, *nextScore = *best, *bestScore
		*best, *bestScore = x, v
	case v > *nextScore:
		*next, *nextScore = x, v
	}
}

// largest is the largest board size the game shows.
const largest = 6

func doubts(r Reading) *DoubtError {
	var ds []Doubt
	g := board.Geom(r.Size)
	for i, c := range r.Cells {
		if c.Doubt != "" {
			ds = append(ds, Doubt{Cell: i, Coord: g.Coords[i], Seen: c.Label(), Why: c.Doubt})
		}
	}
	if ds == nil {
		return nil
	}
	return &DoubtError{Reading: r, Doubts: ds}
}
