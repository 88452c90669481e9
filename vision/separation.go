package vision

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"hexiom/vision/internal/prep"
)

// Separation is what Learn measured on its own pictures, with the very
// scores Read uses: for each class learnt, how its cells scored against
// its own template and by how much they beat every other class learnt.
// Whether two classes can be told apart is a fact about the pictures, not
// about colour distances fixed in advance; a set is refused (Validate,
// which Learn and every load apply alike) only when a measured margin
// lies within what Read needs or within the class's own measured spread.
type Separation struct {
	Kinds  map[string]*ClassSep `json:"kinds"`  // by kind: "hole", "empty", …
	Digits map[string]*ClassSep `json:"digits"` // by digit: "digit 0", …
}

// ClassSep is one class's measures: N cells, the least (Floor) and the mean
// of their scores against the class's own template, and, for every other
// class learnt, the least margin (own score − that class's score) over
// those cells.
type ClassSep struct {
	N      int                `json:"n"`
	Floor  float64            `json:"floor"`
	Mean   float64            `json:"mean"`
	Margin map[string]float64 `json:"margin"`
}

// Spread is how far the class's own scores fell below their mean: the
// noise its margins are judged against.
func (c *ClassSep) Spread() float64 { return c.Mean - c.Floor }

// SeparationError says which two classes a set cannot tell apart, by how
// much their cells were apart, and what picture would separate them.
type SeparationError struct {
	Class, Other string
	Margin       float64 // the least (own − other) measured
	Need         float64 // what the set needs: the larger of Read's gap and the class's spread
	Spread       float64
}

func (e *SeparationError) Error() string {
	hint := "a picture where they look more different: the game at a larger zoom (outlines and digits drawn wider), or another start"
	return fmt.Sprintf("%s and %s cannot be told apart: on the pictures learnt, a cell of the %s scored only %.2f better as %s than as %s (need %.2f: Read's gap, or more than the %.2f the %s's own scores spread); learn from %s",
		e.Class, e.Other, e.Class, e.Margin, e.Class, e.Other, e.Need, e.Spread, e.Class, hint)
}

// check refuses the separation when a margin between two kinds lies below
// prep.MinKindGap (Read would doubt such cells; between movable and locked,
// markGap where the set has one: Templates.MarkGap, and then not the
// class's spread) or within the class's spread,
// or when a digit's cells scored better as another digit (margin ≤ 0:
// digits close in a font are read by the margin and pair checks, which
// need no gap).
func (s *Separation) check(markGap float64) error {
	if s == nil {
		return nil
	}
	for _, g := range []struct {
		m    map[string]*ClassSep
		kind bool
	}{{s.Kinds, true}, {s.Digits, false}} {
		names := make([]string, 0, len(g.m))
		for n := range g.m {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			c := g.m[n]
			if c == nil || c.N < 1 || !finite(c.Floor, c.Mean) {
				return fmt.Errorf("separation of %s: %+v: want at least one cell and finite scores", n, c)
			}
			others := make([]string, 0, len(c.Margin))
			for o := range c.Margin {
				others = append(others, o)
			}
			sort.Strings(others)
			for _, o := range others {
				m := c.Margin[o]
				if !finite(m) {
					return fmt.Errorf("separation of %s from %s: margin %v", n, o, m)
				}
				need := 0.0
				switch {
				case g.kind && markGap > 0 && markPair(n, o):
					// (Learn checked the margins' own spread, which
					// a tile's colour does not move as it moves
					// its score: Templates.MarkGap)
					need = markGap
				case g.kind:
					need = math.Max(prep.MinKindGap, c.Spread())
				}
				if m < need || !g.kind && m <= 0 {
					return &SeparationError{Class: n, Other: o, Margin: m, Need: need, Spread: c.Spread()}
				}
			}
		}
	}
	return nil
}

// String lists the narrowest margin of each class, for hexiom learn.
func (s *Separation) String() string {
	if s == nil {
		return "not measured"
	}
	var parts []string
	for _, m := range []map[string]*ClassSep{s.Kinds, s.Digits} {
		names := make([]string, 0, len(m))
		for n := range m {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			c := m[n]
			lo, who := math.Inf(1), ""
			for o, v := range c.Margin {
				if v < lo || v == lo && o < who {
					lo, who = v, o
				}
			}
			if who == "" {
				parts = append(parts, fmt.Sprintf("%s %.2f", n, c.Floor))
				continue
			}
			parts = append(parts, fmt.Sprintf("%s %.2f (from %s by %.2f)", n, c.Floor, who, lo))
		}
	}
	return strings.Join(parts, "; ")
}

// markPair says whether kinds a and b are movable and locked, in either
// order: the pair a small mark tells apart (Templates.MarkGap).
func markPair(a, b string) bool {
	m, l := Movable.String(), Locked.String()
	return a == m && b == l || a == l && b == m
}

func finite(v ...float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
