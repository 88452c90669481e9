package tantrix

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hexiom/tantrix/internal/search"
)

// ErrStopped is returned by Solve when its context ended the search before
// it found a solution or proved there is none.
var ErrStopped = errors.New("tantrix: search stopped before it ended")

// Result is what Solve found.
type Result struct {
	Solved  bool     // false: the board has no solution (the search space was exhausted)
	Tiles   []Placed // one per place of the board, in its order, when Solved
	Nodes   int64    // search nodes
	Elapsed time.Duration
}

func problem(b *Board) search.Problem {
	p := search.Problem{Nbr: b.Neighbours(), Colour: uint8(b.Colour)}
	for t := 0; t < NumTiles; t++ {
		for e := 0; e < 6; e++ {
			p.Tiles[t][e] = uint8(Tiles[t][e])
		}
		p.Count[t] = TileCount(b.N, t+1)
	}
	return p
}

// Solve solves the fixed board b: it returns a solution that Check accepts,
// or Solved false once the whole search space is exhausted, or ErrStopped
// (wrapping the context's error) when ctx ends first.
func Solve(ctx context.Context, b *Board) (Result, error) {
	if err := b.Validate(); err != nil {
		return Result{}, fmt.Errorf("tantrix: %w", err)
	}
	start := time.Now()
	if LoopPossible(b.N, b.Colour) != nil {
		// The tile counts alone rule a loop out (an odd number of 60°
		// turns, say): no search needed.
		return Result{Elapsed: time.Since(start)}, nil
	}
	s := search.New(problem(b))
	st := s.Solve(0, restartBase(b.N), 1, func() bool { return ctx.Err() != nil })
	res := Result{Nodes: s.Nodes(), Elapsed: time.Since(start)}
	switch st {
	case search.Stopped:
		return res, fmt.Errorf("%w after %d nodes: %w", ErrStopped, res.Nodes, ctx.Err())
	case search.NoSolution:
		return res, nil
	}
	res.Solved = true
	res.Tiles = make([]Placed, len(b.Places))
	for i, p := range b.Places {
		c := int(s.Solution[i])
		res.Tiles[i] = Placed{Place: p, Tile: c/6 + 1, Rot: c % 6}
	}
	if err := Check(b, res.Tiles); err != nil {
		return res, fmt.Errorf("tantrix: internal error, the search returned a wrong solution: %w", err)
	}
	return res, nil
}

// restartBase is the node count of the shortest run between restarts.
func restartBase(n int) int64 { return int64(2 * n) }
