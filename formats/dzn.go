package formats

import (
	"fmt"
	"io"
	"strings"

	"hexiom/board"
	"hexiom/tantrix"
)

// WriteLevelDZN writes level p as MiniZinc data for scripts/hexiom.mzn and
// scripts/hexiom-max.mzn: n cells, nbrs the neighbours of each (from 1),
// fixedval the number of each locked tile (7 for a hole, -1 for a free
// cell), counttiles the tiles of each number (7: the holes and the empty
// cells).
func WriteLevelDZN(w io.Writer, p board.Position) error {
	var b strings.Builder
	g := p.Geom()
	fmt.Fprintf(&b, "n = %d;\nnbrs = [", len(p.Cells))
	writeSets(&b, g.Nbrs)
	var counts [8]int
	b.WriteString("];\nfixedval = [")
	for i, c := range p.Cells {
		if i > 0 {
			b.WriteString(",")
		}
		v := 7
		if c.Tile != board.None {
			v = int(c.Tile)
		}
		counts[v]++
		if !c.Fixed {
			v = -1
		}
		fmt.Fprint(&b, v)
	}
	b.WriteString("];\ncounttiles = array1d(0..7, [")
	for v, c := range counts {
		if v > 0 {
			b.WriteString(",")
		}
		fmt.Fprint(&b, c)
	}
	b.WriteString("]);\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write dzn: %w", err)
	}
	return nil
}

// WriteTantrixDZN writes board b and the sub-loop cuts so far (sets of
// place indices from 0, b.Places' order) as MiniZinc data for
// scripts/tantrix.mzn: the tiles' counts, each edge's colour (the board's
// colour is 3, the other two 1 and 2 in red, blue, yellow order), the
// places' neighbours (from 1, 0 for none) and the cuts.
func WriteTantrixDZN(w io.Writer, b *tantrix.Board, cuts [][]int) error {
	var s strings.Builder
	fmt.Fprintf(&s, "n = %d;\ncnt = [", b.N)
	for i := 1; i <= tantrix.NumTiles; i++ {
		if i > 1 {
			s.WriteString(", ")
		}
		fmt.Fprint(&s, tantrix.TileCount(b.N, i))
	}
	s.WriteString("];\ncol = array3d(1..10, 0..5, 0..5, [")
	code := [3]int{}
	next := 1
	for c := tantrix.Red; c <= tantrix.Yellow; c++ {
		if c == b.Colour {
			code[c] = 3
		} else {
			code[c] = next
			next++
		}
	}
	for i := 1; i <= tantrix.NumTiles; i++ {
		for k := 0; k < 6; k++ {
			for l := 0; l < 6; l++ {
				if i+k+l > 1 {
					s.WriteString(",")
				}
				fmt.Fprint(&s, code[tantrix.EdgeColour(i, k, l)])
			}
		}
	}
	s.WriteString("]);\nadj = array2d(1..n, 0..5, [")
	for i, j := range b.Neighbours() {
		if i > 0 {
			s.WriteString(",")
		}
		fmt.Fprint(&s, j+1)
	}
	fmt.Fprintf(&s, "]);\nncuts = %d;\ncuts = [", len(cuts))
	writeSets(&s, cuts)
	s.WriteString("];\n")
	if _, err := io.WriteString(w, s.String()); err != nil {
		return fmt.Errorf("write dzn: %w", err)
	}
	return nil
}

// writeSets writes sets of indices from 0 as MiniZinc sets of indices from
// 1, "{1,2}, {3}".
func writeSets(b *strings.Builder, sets [][]int) {
	for i, set := range sets {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("{")
		for k, j := range set {
			if k > 0 {
				b.WriteString(",")
			}
			fmt.Fprint(b, j+1)
		}
		b.WriteString("}")
	}
}
