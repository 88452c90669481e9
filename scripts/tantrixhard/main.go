// Command tantrixhard makes fixed Tantrix boards of several shapes for
// scripts/tantrix-compare-sat.sh (issue 26), many of them without a
// solution, and checks a solution file against a board:
//
//	go run ./scripts/tantrixhard gen -n N -seed S -shape SHAPE [-move K]   (board on stdout)
//	go run ./scripts/tantrixhard check BOARD SOLUTION            (exit 0: a solution)
//	go run ./scripts/tantrixhard show BOARD                      (the board drawn in text)
//
// Shapes, each with the challenge's own colour:
//
//	moved  a `hexiom tantrix gen` board with one place moved to an empty
//	       place beside the board (the rest stays connected)
//	band   a thick band: rows of width 3..5, each shifted by a random step
//	       of −1, 0 or +1 from the one before
//	loop   a thick ring (two to three places wide) around an empty middle,
//	       in a random hexagon-like outline
//	hole   a random polyhex with one or two of its inner places taken out
//	poly   a random polyhex without a hole (grown one place at a time from
//	       the rim, places with more neighbours on the board first)
//	curve  a ring grown as a loop: a closed band along a random closed
//	       curve, its wall 1 to 3 places wide in stretches (thin 1-2,
//	       thick 2-3; curve.go, issue 44)
//	holes  the same with one or two bands across the middle (two or
//	       three holes)
//	snake  an open band along a random path, walls as for curve
//
// With -move K, K places of the shape then move, one at a time, to empty
// places beside it (near.go): the walls keep their holes and no place is
// left with fewer than two neighbours, so the board nearly fits the loop
// the shape was drawn for. The same n, seed, shape and K give the same
// board. SOLUTION holds one
// "q r tile rotation" line per place (as scripts/tantrix-sat.cpp writes;
// read by formats.ReadTantrixSolution).
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"

	"hexiom/formats"
	"hexiom/tantrix"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
	case "check":
		err = check(os.Args[2:])
	case "show":
		err = show(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tantrixhard:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: tantrixhard gen -n N -seed S -shape moved|band|loop|hole|poly|curve|holes|snake\n       tantrixhard check BOARD SOLUTION\n       tantrixhard show BOARD")
	os.Exit(2)
}

func gen(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	n := fs.Int("n", 40, "places (3..1000)")
	seed := fs.Uint64("seed", 1, "random seed")
	shape := fs.String("shape", "poly", "moved, band, loop, hole, poly, curve, holes or snake")
	move := fs.Int("move", 0, "then move this many places, keeping the holes (near.go)")
	fs.Parse(args)
	if *n < 3 || *n > tantrix.MaxGenerate || fs.NArg() > 0 {
		usage()
	}
	rng := rand.New(rand.NewPCG(*seed, 0x7a17))
	var ps []tantrix.Place
	var err error
	switch *shape {
	case "moved":
		ps, err = moved(*n, *seed, rng)
	case "band":
		ps = band(*n, rng)
	case "loop":
		ps = ring(*n, rng)
	case "hole":
		ps = holed(*n, rng)
	case "poly":
		ps = poly(*n, rng, true)
	case "curve":
		ps = curveRing(*n, rng)
	case "holes":
		ps = holesRing(*n, rng)
	case "snake":
		ps = snakeBand(*n, rng)
	default:
		usage()
	}
	if err != nil {
		return err
	}
	if *move > 0 {
		if ps, err = moveSome(ps, *move, rng); err != nil {
			return fmt.Errorf("shape %s n=%d seed %d: %w", *shape, *n, *seed, err)
		}
	}
	b := &tantrix.Board{N: *n, Colour: tantrix.DefaultColour(*n), Places: ps}
	if err := b.Validate(); err != nil {
		return fmt.Errorf("shape %s n=%d seed %d: %w", *shape, *n, *seed, err)
	}
	if *move > 0 {
		fmt.Printf("# tantrixhard gen -n %d -seed %d -shape %s -move %d\n", *n, *seed, *shape, *move)
	} else {
		fmt.Printf("# tantrixhard gen -n %d -seed %d -shape %s\n", *n, *seed, *shape)
	}
	return b.Format(os.Stdout)
}

func has(ps []tantrix.Place) map[tantrix.Place]bool {
	m := make(map[tantrix.Place]bool, len(ps))
	for _, p := range ps {
		m[p] = true
	}
	return m
}

func connected(ps []tantrix.Place) bool {
	in := has(ps)
	seen := map[tantrix.Place]bool{ps[0]: true}
	stack := []tantrix.Place{ps[0]}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for e := 0; e < 6; e++ {
			q := p.Neighbour(e)
			if in[q] && !seen[q] {
				seen[q] = true
				stack = append(stack, q)
			}
		}
	}
	return len(seen) == len(ps)
}

// rimOf returns the empty places next to ps, in a fixed order.
func rimOf(ps []tantrix.Place) []tantrix.Place {
	in := has(ps)
	seen := map[tantrix.Place]bool{}
	var rim []tantrix.Place
	for _, p := range ps {
		for e := 0; e < 6; e++ {
			q := p.Neighbour(e)
			if !in[q] && !seen[q] {
				seen[q] = true
				rim = append(rim, q)
			}
		}
	}
	return rim
}

func moved(n int, seed uint64, rng *rand.Rand) ([]tantrix.Place, error) {
	b, _, err := tantrix.Generate(context.Background(), n, tantrix.DefaultColour(n), seed)
	if err != nil {
		return nil, err
	}
	ps := b.Places
	for try := 0; try < 1000; try++ {
		i := rng.IntN(len(ps))
		rest := append(append([]tantrix.Place(nil), ps[:i]...), ps[i+1:]...)
		if !connected(rest) {
			continue
		}
		rim := rimOf(rest)
		q := rim[rng.IntN(len(rim))]
		if q == ps[i] {
			continue
		}
		return append(rest, q), nil
	}
	return nil, fmt.Errorf("moved n=%d: found no place to move", n)
}

func band(n int, rng *rand.Rand) []tantrix.Place {
	w := 3 + rng.IntN(3)
	var ps []tantrix.Place
	start := 0
	for r := 0; len(ps) < n; r++ {
		for q := start; q < start+w && len(ps) < n; q++ {
			ps = append(ps, tantrix.Place{Q: q, R: r})
		}
		start += rng.IntN(3) - 1 // rows of width ≥ 3 always overlap
	}
	return ps
}

// ring: places at hex distance d from the centre, for d in a band of two
// or three around a radius, trimmed or extended at random to n places.
func ring(n int, rng *rand.Rand) []tantrix.Place {
	width := 2 + rng.IntN(2)
	dist := func(p tantrix.Place) int {
		s := -p.Q - p.R
		return max(abs(p.Q), abs(p.R), abs(s))
	}
	// the smallest inner radius whose band holds at least n places
	for r := 1; ; r++ {
		var ps []tantrix.Place
		for q := -(r + width); q <= r+width; q++ {
			for rr := -(r + width); rr <= r+width; rr++ {
				p := tantrix.Place{Q: q, R: rr}
				if d := dist(p); d >= r && d < r+width {
					ps = append(ps, p)
				}
			}
		}
		if len(ps) < n {
			continue
		}
		// take out places of the outer circle at random, keeping it one
		// piece, until n are left
		for len(ps) > n {
			i := rng.IntN(len(ps))
			if dist(ps[i]) != r+width-1 && rng.IntN(4) != 0 {
				continue
			}
			rest := append(append([]tantrix.Place(nil), ps[:i]...), ps[i+1:]...)
			if connected(rest) {
				ps = rest
			}
		}
		return ps
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// poly grows a polyhex from (0, 0): each step adds a rim place, chosen at
// random with weight 4^(neighbours on the board), so the shape stays
// compact; with noHoles a place that would shut in a hole is skipped.
func poly(n int, rng *rand.Rand, noHoles bool) []tantrix.Place {
	ps := []tantrix.Place{{}}
	for len(ps) < n {
		in := has(ps)
		rim := rimOf(ps)
		wts := make([]int, len(rim))
		total := 0
		for i, q := range rim {
			k := 0
			for e := 0; e < 6; e++ {
				if in[q.Neighbour(e)] {
					k++
				}
			}
			wts[i] = 1 << (2 * k)
			total += wts[i]
		}
		x := rng.IntN(total)
		i := 0
		for x >= wts[i] {
			x -= wts[i]
			i++
		}
		next := append(ps, rim[i])
		if noHoles && len(tantrix.Holes(next)) > 0 {
			continue
		}
		ps = next
	}
	return ps
}

// holed is a polyhex of n+k places without a hole, then k = 1 or 2 of its
// places with six neighbours taken out.
func holed(n int, rng *rand.Rand) []tantrix.Place {
	k := 1 + rng.IntN(2)
	for {
		ps := poly(n+k, rng, true)
		in := has(ps)
		var inner []int
		for i, p := range ps {
			all := true
			for e := 0; e < 6; e++ {
				all = all && in[p.Neighbour(e)]
			}
			if all {
				inner = append(inner, i)
			}
		}
		if len(inner) < k {
			continue
		}
		rng.Shuffle(len(inner), func(a, b int) { inner[a], inner[b] = inner[b], inner[a] })
		drop := map[int]bool{}
		for _, i := range inner[:k] {
			drop[i] = true
		}
		var out []tantrix.Place
		for i, p := range ps {
			if !drop[i] {
				out = append(out, p)
			}
		}
		if connected(out) {
			return out
		}
	}
}

func check(args []string) error {
	if len(args) != 2 {
		usage()
	}
	f, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	b, err := tantrix.ParseBoard(f, args[0])
	if err != nil {
		return err
	}
	g, err := os.Open(args[1])
	if err != nil {
		return err
	}
	defer g.Close()
	sol, err := formats.ReadTantrixSolution(g, args[1])
	if err != nil {
		return err
	}
	sort.Slice(sol, func(i, j int) bool { return sol[i].R < sol[j].R || sol[i].R == sol[j].R && sol[i].Q < sol[j].Q })
	return tantrix.Check(b, sol)
}

// show draws a board file in text, one row of places a line (o a place,
// . an empty place), each row shifted half a place from the one above.
func show(args []string) error {
	if len(args) != 1 {
		usage()
	}
	f, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	b, err := tantrix.ParseBoard(f, args[0])
	if err != nil {
		return err
	}
	in := has(b.Places)
	minR, maxR, minX, maxX := b.Places[0].R, b.Places[0].R, 2*b.Places[0].Q+b.Places[0].R, 2*b.Places[0].Q+b.Places[0].R
	for _, p := range b.Places {
		minR, maxR = min(minR, p.R), max(maxR, p.R)
		minX, maxX = min(minX, 2*p.Q+p.R), max(maxX, 2*p.Q+p.R)
	}
	fmt.Printf("n = %d, colour %v, %d holes\n", b.N, b.Colour, enclosed(b.Places))
	for r := minR; r <= maxR; r++ {
		line := make([]byte, maxX-minX+1)
		for x := minX; x <= maxX; x++ {
			line[x-minX] = ' '
			if (x-r)%2 == 0 {
				line[x-minX] = '.'
				if in[tantrix.Place{Q: (x - r) / 2, R: r}] {
					line[x-minX] = 'o'
				}
			}
		}
		fmt.Println(string(line))
	}
	return nil
}
