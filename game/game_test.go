package game

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/levels"
)

// clock is a settable time source.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func newGame(t *testing.T, sp Spec, noswap bool) (*Game, *clock) {
	t.Helper()
	c := &clock{t: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	g, err := New(Config{Start: sp, NoSwap: noswap, Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	return g, c
}

func seed(n uint64) *uint64 { return &n }

// level10Solution is the solution of level 10 printed in levels/README.md.
const level10Solution = "3\n  +.+. 1\n +. 1 . 2\n 0 .+2 2 .\n  . . .+.\n   0+.+.\n"

// planMoves returns moves onto free cells that take from to target, which
// must hold the same tiles with the same locks and holes. Tiles of the same
// number are interchangeable. Test helper, not the bot's planner.
func planMoves(t testing.TB, from, target board.Position) []Move {
	t.Helper()
	p := from.Clone()
	var out []Move
	for iter := 0; iter < 10*len(p.Cells); iter++ {
		done := true
		for i := range p.Cells {
			want, have := target.Cells[i].Tile, p.Cells[i].Tile
			if want == have || p.Cells[i].Fixed {
				continue
			}
			done = false
			if have != board.None {
				// Park the wrong tile on a free cell that the target leaves empty,
				// or else on any cell whose target tile is this one.
				k := -1
				for j := range p.Cells {
					if p.Cells[j].Free() && (target.Cells[j].Tile == have || k < 0 && target.Cells[j].Tile == board.None) {
						k = j
						if target.Cells[j].Tile == have {
							break
						}
					}
				}
				if k < 0 {
					t.Fatalf("planMoves: no free cell for the tile on %d", i)
				}
				out = append(out, Move{From: i, To: k})
				if err := p.Apply(board.Move{From: i, To: k}); err != nil {
					t.Fatal(err)
				}
				continue
			}
			for j := range p.Cells {
				if p.Cells[j].Movable() && p.Cells[j].Tile == want && target.Cells[j].Tile != want {
					out = append(out, Move{From: j, To: i})
					if err := p.Apply(board.Move{From: j, To: i}); err != nil {
						t.Fatal(err)
					}
					break
				}
			}
		}
		if done {
			return out
		}
	}
	t.Fatalf("planMoves: no plan from\n%s to\n%s", from, target)
	return nil
}

func TestLevelsLoad(t *testing.T) {
	sizes := map[int]int{1: 2, 2: 2, 10: 3, 22: 4, 38: 5, 40: 6}
	for n := 1; n <= levels.N; n++ {
		p, err := board.Level(n)
		if err != nil {
			t.Fatalf("level %d: %v", n, err)
		}
		if want, ok := sizes[n]; ok && p.Size != want {
			t.Errorf("level %d: size %d, want %d", n, p.Size, want)
		}
		if p.Solved() {
			t.Errorf("level %d starts solved", n)
		}
	}
	for _, n := range []int{0, 41, -1} {
		if _, err := board.Level(n); err == nil {
			t.Errorf("level %d accepted", n)
		}
	}
}

func TestSolveLevel10(t *testing.T) {
	g, c := newGame(t, Spec{Mode: ModeLevel, Level: 10}, false)
	sol, err := board.Parse("solution", []byte(level10Solution))
	if err != nil {
		t.Fatal(err)
	}
	moves := planMoves(t, g.Position(), sol)
	if len(moves) == 0 {
		t.Fatal("empty plan")
	}
	v0 := g.State().Version
	for k, m := range moves {
		if g.State().Solved {
			t.Fatalf("solved after %d of %d moves", k, len(moves))
		}
		c.advance(time.Second)
		res, err := g.Move(m)
		if err != nil || res != Moved {
			t.Fatalf("move %d %v: %v %v", k, m, res, err)
		}
	}
	st := g.State()
	if !st.Solved || st.Moves != len(moves) || st.Version != v0+uint64(len(moves)) {
		t.Fatalf("after the plan: solved %v moves %d version %d", st.Solved, st.Moves, st.Version)
	}
	if st.Board != level10Solution {
		t.Fatalf("board\n%s\nwant\n%s", st.Board, level10Solution)
	}
	for i, cv := range st.Cells {
		if cv.Tile >= 0 && cv.Status != "right" {
			t.Errorf("cell %d status %s on a solved board", i, cv.Status)
		}
	}
	// The clock stops when the level is solved, and no move is taken after.
	want := int64(len(moves)) * 1000
	c.advance(time.Minute)
	if st := g.State(); st.ElapsedMS != want {
		t.Fatalf("elapsed %d ms after solving, want %d", st.ElapsedMS, want)
	}
	if _, err := g.Move(Move{From: 2, To: 5}); !errors.Is(err, ErrSolved) {
		t.Fatalf("move after solved: %v, want ErrSolved", err)
	}
	if err := g.Undo(); !errors.Is(err, ErrSolved) {
		t.Fatalf("undo after solved: %v, want ErrSolved", err)
	}
}

// findCells returns the first cell of each kind in the position.
func findCells(p board.Position) (movable, movable2, free, hole, locked int) {
	movable, movable2, free, hole, locked = -1, -1, -1, -1, -1
	for i, c := range p.Cells {
		switch {
		case c.Movable() && movable < 0:
			movable = i
		case c.Movable() && movable2 < 0 && p.Cells[movable].Tile != c.Tile:
			movable2 = i
		case c.Free() && free < 0:
			free = i
		case c.Hole() && hole < 0:
			hole = i
		case c.Locked() && locked < 0:
			locked = i
		}
	}
	return
}

func TestMovesSwapsAndIllegalDrops(t *testing.T) {
	// Level 10 has holes, a locked tile, movable tiles and free cells.
	for _, noswap := range []bool{false, true} {
		t.Run(fmt.Sprintf("noswap=%v", noswap), func(t *testing.T) {
			g, _ := newGame(t, Spec{Mode: ModeLevel, Level: 10}, noswap)
			start := g.Position()
			mv, mv2, free, hole, locked := findCells(start)
			if mv < 0 || mv2 < 0 || free < 0 || hole < 0 || locked < 0 {
				t.Fatalf("level 10 lacks a kind of cell: %d %d %d %d %d", mv, mv2, free, hole, locked)
			}
			illegal := []Move{
				{From: mv, To: hole},             // onto a hole
				{From: mv, To: locked},           // onto a locked tile
				{From: locked, To: free},         // a locked tile
				{From: free, To: mv},             // no tile
				{From: hole, To: free},           // a hole
				{From: mv, To: mv},               // where it was
				{From: mv, To: len(start.Cells)}, // off the board
				{From: -1, To: free},
			}
			if noswap {
				illegal = append(illegal, Move{From: mv, To: mv2})
			}
			for _, m := range illegal {
				if res, err := g.Move(m); !errors.Is(err, ErrIllegal) {
					t.Errorf("move %v: %v %v, want ErrIllegal", m, res, err)
				}
			}
			if !g.Position().Equal(start) || g.State().Moves != 0 || g.State().Version != 1 {
				t.Fatal("an illegal move changed the game")
			}
			// A move onto a free cell.
			res, err := g.Move(Move{From: mv, To: free})
			if err != nil || res != Moved {
				t.Fatalf("move to free: %v %v", res, err)
			}
			p := g.Position()
			if p.Cells[free].Tile != start.Cells[mv].Tile || p.Cells[mv].Tile != board.None {
				t.Fatalf("move to free did not carry the tile:\n%s", p)
			}
			// A drop on another movable tile swaps, unless swapping is off.
			res, err = g.Move(Move{From: free, To: mv2})
			if noswap {
				if !errors.Is(err, ErrIllegal) {
					t.Fatalf("swap with -noswap: %v %v", res, err)
				}
				return
			}
			if err != nil || res != Swapped {
				t.Fatalf("swap: %v %v", res, err)
			}
			p = g.Position()
			if p.Cells[mv2].Tile != start.Cells[mv].Tile || p.Cells[free].Tile != start.Cells[mv2].Tile {
				t.Fatalf("swap did not exchange the tiles:\n%s", p)
			}
			if lm := g.State().LastMove; lm == nil || !lm.Swap || lm.From != free || lm.To != mv2 {
				t.Fatalf("last move %+v", lm)
			}
		})
	}
}

func TestUndoAndRestart(t *testing.T) {
	g, c := newGame(t, Spec{Mode: ModeLevel, Level: 10}, false)
	start := g.Position()
	if err := g.Undo(); !errors.Is(err, ErrNothing) {
		t.Fatalf("undo at start: %v", err)
	}
	mv, mv2, free, _, _ := findCells(start)
	if _, err := g.Move(Move{From: mv, To: free}); err != nil {
		t.Fatal(err)
	}
	after1 := g.Position()
	if _, err := g.Move(Move{From: free, To: mv2}); err != nil { // a swap
		t.Fatal(err)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if !g.Position().Equal(after1) || g.State().Moves != 1 {
		t.Fatalf("undo of a swap gave\n%s", g.Position())
	}
	if lm := g.State().LastMove; lm == nil || lm.From != mv || lm.To != free {
		t.Fatalf("last move after undo %+v", lm)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if !g.Position().Equal(start) || g.State().Moves != 0 || g.State().LastMove != nil {
		t.Fatal("two undos did not give the start back")
	}
	// Restart puts everything back, the clock runs on.
	c.advance(5 * time.Second)
	if _, err := g.Move(Move{From: mv, To: free}); err != nil {
		t.Fatal(err)
	}
	v := g.State().Version
	g.Restart()
	st := g.State()
	if !g.Position().Equal(start) || st.Moves != 0 || st.Version <= v {
		t.Fatalf("restart: moves %d version %d (was %d)\n%s", st.Moves, st.Version, v, g.Position())
	}
	if st.ElapsedMS != 5000 {
		t.Fatalf("restart reset the clock: %d ms", st.ElapsedMS)
	}
}

func TestTimer(t *testing.T) {
	g, c := newGame(t, Spec{Mode: ModeLevel, Level: 1}, false)
	if ms := g.State().ElapsedMS; ms != 0 {
		t.Fatalf("elapsed %d at start", ms)
	}
	c.advance(1500 * time.Millisecond)
	if ms := g.State().ElapsedMS; ms != 1500 {
		t.Fatalf("elapsed %d, want 1500", ms)
	}
	if err := g.NewLevel(Spec{Mode: ModeLevel, Level: 2}); err != nil {
		t.Fatal(err)
	}
	if ms := g.State().ElapsedMS; ms != 0 {
		t.Fatalf("a new level kept the clock: %d", ms)
	}
}

func TestNewLevel(t *testing.T) {
	g, _ := newGame(t, Spec{}, false)
	if st := g.State(); st.Mode != ModeLevel || st.Level != 1 || st.Size != 2 {
		t.Fatalf("default start: %s level %d size %d", st.Mode, st.Level, st.Size)
	}
	for _, size := range []int{3, 4, 5, 6} {
		if err := g.NewLevel(Spec{Mode: ModeRandom, Size: size, Seed: seed(42)}); err != nil {
			t.Fatal(err)
		}
		st := g.State()
		want := board.Random(size, 42)
		if st.Size != size || st.Seed != 42 || st.Board != want.Format() || st.LimitMS != 0 {
			t.Fatalf("random %d seed 42: size %d seed %d limit %d\n%s", size, st.Size, st.Seed, st.LimitMS, st.Board)
		}
		if len(st.Cells) != board.NumCells(size) || len(st.Geometry.Centres) != board.NumCells(size) {
			t.Fatalf("random %d: %d cells", size, len(st.Cells))
		}
		fx, fy := board.Centre(size, 7)
		if st.Geometry.Centres[7] != [2]float64{fx, fy} || st.Geometry.Radius != board.Radius(size) {
			t.Fatalf("geometry is not board.Centre/Radius")
		}
	}
	// No seed: the server picks one, and reports it so the level can be replayed.
	if err := g.NewLevel(Spec{Mode: ModeRandom, Size: 4}); err != nil {
		t.Fatal(err)
	}
	st := g.State()
	if st.Seed == 0 || st.Seed > maxSeed || st.Board != board.Random(4, st.Seed).Format() {
		t.Fatalf("picked seed %d does not replay", st.Seed)
	}
	if err := g.NewLevel(Spec{Mode: ModeChallenge, Seed: seed(9)}); err != nil {
		t.Fatal(err)
	}
	if st := g.State(); st.Size != 6 || st.LimitMS != 180000 || st.Board != board.Random(6, 9).Format() {
		t.Fatalf("challenge: size %d limit %d", st.Size, st.LimitMS)
	}
	bad := []Spec{
		{Mode: ModeLevel, Level: 0}, {Mode: ModeLevel, Level: 41}, {Mode: ModeRandom, Size: 2},
		{Mode: ModeRandom, Size: 7}, {Mode: ModeChallenge, Size: 5}, {Mode: "arcade"},
	}
	for _, sp := range bad {
		if err := g.NewLevel(sp); !errors.Is(err, ErrSpec) {
			t.Errorf("NewLevel(%+v): %v, want ErrSpec", sp, err)
		}
	}
	if _, err := New(Config{Theme: "pink"}); !errors.Is(err, ErrSpec) {
		t.Errorf("theme pink: %v", err)
	}
}

func TestChallengeAchievement(t *testing.T) {
	for _, tc := range []struct {
		took time.Duration
		want bool
	}{{2*time.Minute + 59*time.Second, true}, {3*time.Minute + time.Second, false}} {
		g, c := newGame(t, Spec{Mode: ModeChallenge, Seed: seed(5)}, false)
		level, sol := board.RandomWithSolution(6, 5)
		if !g.Position().Equal(level) {
			t.Fatal("challenge is not board.Random(6, seed)")
		}
		moves := planMoves(t, level, sol)
		c.advance(tc.took)
		for _, m := range moves {
			if _, err := g.Move(m); err != nil {
				t.Fatal(err)
			}
		}
		st := g.State()
		if !st.Solved || st.Achieved != tc.want {
			t.Errorf("solved in %v: solved %v achieved %v, want achieved %v", tc.took, st.Solved, st.Achieved, tc.want)
		}
	}
}

func TestDropNext(t *testing.T) {
	g, _ := newGame(t, Spec{Mode: ModeLevel, Level: 10}, false)
	start := g.Position()
	mv, _, free, hole, _ := findCells(start)
	if n := g.DropNext(2); n != 2 {
		t.Fatalf("DropNext = %d", n)
	}
	// An illegal move is refused as always and does not use up a drop.
	if _, err := g.Move(Move{From: mv, To: hole}); !errors.Is(err, ErrIllegal) {
		t.Fatal(err)
	}
	for k := 0; k < 2; k++ {
		res, err := g.Move(Move{From: mv, To: free})
		if err != nil || res != Dropped {
			t.Fatalf("drop %d: %v %v", k, res, err)
		}
		if st := g.State(); !g.Position().Equal(start) || st.Moves != 0 || st.DropNext != 1-k {
			t.Fatalf("dropped move changed the game (drop_next %d)", st.DropNext)
		}
	}
	if res, err := g.Move(Move{From: mv, To: free}); err != nil || res != Moved {
		t.Fatalf("move after the drops: %v %v", res, err)
	}
}

func TestChangedWakesWaiters(t *testing.T) {
	g, _ := newGame(t, Spec{}, false)
	v, ch := g.Changed()
	g.Restart()
	select {
	case <-ch: // Restart closed it before returning
	default:
		t.Fatal("Changed channel not closed by a change")
	}
	if v2, _ := g.Changed(); v2 != v+1 {
		t.Fatalf("version %d after one change from %d", v2, v)
	}
}

func TestClockStartsWhenThePageShowsTheLevel(t *testing.T) {
	g, c := newGame(t, Spec{Mode: ModeLevel, Level: 10}, false)
	c.advance(2 * time.Second) // Chromium starting
	st := g.State()
	if st.ElapsedMS != 2000 {
		t.Fatalf("elapsed %d before the page showed the level", st.ElapsedMS)
	}
	// A report of another size (an old board) does not count.
	g.SetLayout(Layout{Side: 500, Version: st.Version, Size: 5})
	if g.State().ElapsedMS != 2000 {
		t.Fatal("clock restarted by a report of another board")
	}
	g.SetLayout(Layout{Side: 500, Version: st.Version, Size: 3})
	st2 := g.State()
	if st2.ElapsedMS != 0 || st2.Version != st.Version+1 {
		t.Fatalf("first paint: elapsed %d version %d (was %d)", st2.ElapsedMS, st2.Version, st.Version)
	}
	c.advance(time.Second)
	g.SetLayout(Layout{Side: 500, Version: st2.Version, Size: 3})
	if st := g.State(); st.ElapsedMS != 1000 || st.Version != st2.Version {
		t.Fatalf("a later report touched the clock: elapsed %d version %d", st.ElapsedMS, st.Version)
	}
	// A move before the page showed the level keeps the server's clock.
	if err := g.NewLevel(Spec{Mode: ModeLevel, Level: 10}); err != nil {
		t.Fatal(err)
	}
	c.advance(time.Second)
	if _, err := g.Move(Move{From: 4, To: 2}); err != nil {
		t.Fatal(err)
	}
	g.SetLayout(Layout{Side: 500, Version: g.State().Version, Size: 3})
	if st := g.State(); st.ElapsedMS != 1000 {
		t.Fatalf("clock restarted after a move: %d", st.ElapsedMS)
	}
}

// Two layout reports in flight can reach the server in either order; the
// older one, arriving last, must not replace the newer (a browser test
// waited a minute under load for a layout of the current version that the
// page, having sent it, never sent again).
func TestLateLayoutReportIgnored(t *testing.T) {
	g, _ := newGame(t, Spec{Mode: ModeLevel, Level: 10}, false)
	old := g.State().Version
	if _, err := g.Move(Move{From: 4, To: 2}); err != nil {
		t.Fatal(err)
	}
	now := g.State().Version
	if now <= old {
		t.Fatalf("a move left the version at %d (was %d)", now, old)
	}
	g.SetLayout(Layout{Side: 500, Left: 10, Version: now, Size: 3})
	g.SetLayout(Layout{Side: 400, Left: 20, Version: old, Size: 3})
	l := g.State().Layout
	if l == nil || l.Version != now || l.Side != 500 {
		t.Fatalf("after the newer report and then a late older one, the layout is %+v, want version %d side 500", l, now)
	}
	// A report of the same version (the window moved) still replaces it.
	g.SetLayout(Layout{Side: 450, Left: 30, Version: now, Size: 3})
	if l := g.State().Layout; l == nil || l.Side != 450 {
		t.Fatalf("a newer report of the same version was not taken: %+v", l)
	}
}
