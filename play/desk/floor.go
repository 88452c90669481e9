//go:build linux

package desk

import (
	"context"
	"fmt"
	"image"
	"time"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/internal/desktop"
	"hexiom/solver"
)

// Floor measures the runtime's floor on the board in view (issue 40): the
// shortest time the game itself lets a player solve it in. It plays the
// fewest drags to a solution with the game's own knowledge, no eyes: each
// drag at a hand's pace as soon as the SWF reports its board at rest after
// the last release (the game ignores presses while a tile moves), until the
// SWF reports the last drop at rest. A drag the game did not take is made
// again. Only the Flash build reports its releases (game.Layout.Releases):
// elsewhere Floor is an error.
func (d *Desk) Floor(ctx context.Context) (time.Duration, int, error) {
	if !d.ruffle {
		return 0, 0, fmt.Errorf("desk: floor: only the Flash build reports its board at rest")
	}
	st, err := d.State()
	if err != nil {
		return 0, 0, err
	}
	start, err := board.Parse("the game's state", []byte(st.Board))
	if err != nil {
		return 0, 0, fmt.Errorf("desk: floor: %w", err)
	}
	res, err := solver.Solve(ctx, start)
	if err != nil {
		return 0, 0, fmt.Errorf("desk: floor: %w", err)
	}
	moves, err := actuate.Plan(start, res.Solution)
	if err != nil {
		return 0, 0, fmt.Errorf("desk: floor: %w", err)
	}
	cells, _, err := d.TrueCells()
	if err != nil {
		return 0, 0, err
	}
	releases := st.Layout.Releases
	t0 := time.Now()
	drags := 0
	for _, m := range moves {
		for taken := false; !taken; {
			if err := ctx.Err(); err != nil { // between drags: none is left half made
				return 0, 0, fmt.Errorf("desk: floor: %w", err)
			}
			before, err := d.State()
			if err != nil {
				return 0, 0, err
			}
			if err := d.drag(cells[m.From].Pt(), cells[m.To].Pt()); err != nil {
				return 0, 0, err
			}
			drags++
			releases++
			err = desktop.WaitFor(desktop.Patience, 5*time.Millisecond, "the SWF at rest after a drag", func() (bool, error) {
				now, err := d.State()
				taken = err == nil && now.Moves > before.Moves
				return err == nil && now.Layout.Releases >= releases && now.Layout.Version == now.Version, err
			})
			if err != nil {
				return 0, 0, fmt.Errorf("desk: floor: %w", err)
			}
		}
	}
	return time.Since(t0), drags, nil
}

// drag is a drag at a hand's pace: press, two steps, release, 15 ms apart
// (what the Flash build's tests drag with: every drag taken).
func (d *Desk) drag(a, b image.Point) error {
	pts := []image.Point{a, a.Add(b.Sub(a).Div(3)), a.Add(b.Sub(a).Mul(2).Div(3)), b}
	if err := d.Robot.Move(a); err != nil {
		return err
	}
	time.Sleep(15 * time.Millisecond)
	if err := d.Robot.Press(); err != nil {
		return err
	}
	for _, p := range pts[1:] {
		time.Sleep(15 * time.Millisecond)
		if err := d.Robot.Move(p); err != nil {
			_ = d.Robot.Release()
			return err
		}
	}
	time.Sleep(15 * time.Millisecond)
	return d.Robot.Release()
}
