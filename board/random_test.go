package board

import "testing"

func TestRandomSolvableAndScrambled(t *testing.T) {
	for s := 1; s <= MaxSize; s++ {
		for seed := uint64(0); seed < 200; seed++ {
			level, sol := RandomWithSolution(s, seed)
			if err := level.Validate(); err != nil {
				t.Fatalf("size %d seed %d: %v", s, seed, err)
			}
			if pr := Check(level, sol); pr != nil {
				t.Fatalf("size %d seed %d: built solution rejected: %v\n%s\n%s", s, seed, pr, level, sol)
			}
			if s >= 2 && level.Solved() {
				t.Fatalf("size %d seed %d: start is already solved\n%s", s, seed, level)
			}
			if !Random(s, seed).Equal(level) {
				t.Fatalf("size %d seed %d: Random differs from RandomWithSolution", s, seed)
			}
			if seed == 0 {
				again, _ := RandomWithSolution(s, seed)
				if !again.Equal(level) {
					t.Fatalf("size %d: not deterministic", s)
				}
			}
		}
	}
}

// The game's random levels: holes and locked tiles, dense at size 6.
func TestRandomLooksLikeTheGame(t *testing.T) {
	for s := 3; s <= 6; s++ {
		var minT, maxT, holes, locked, distinct int
		minT = 1 << 30
		seen := map[string]bool{}
		const seeds = 500
		for seed := uint64(0); seed < seeds; seed++ {
			p := Random(s, seed)
			seen[p.Format()] = true
			n := p.Tiles()
			minT, maxT = min(minT, n), max(maxT, n)
			for _, c := range p.Cells {
				if c.Hole() {
					holes++
				}
				if c.Locked() {
					locked++
				}
			}
		}
		distinct = len(seen)
		if distinct < seeds*99/100 {
			t.Errorf("size %d: only %d distinct levels of %d seeds", s, distinct, seeds)
		}
		if holes == 0 || locked == 0 {
			t.Errorf("size %d: %d holes, %d locked tiles over %d seeds", s, holes, locked, seeds)
		}
		if locked < seeds {
			t.Errorf("size %d: fewer than one locked tile per level on average (%d)", s, locked)
		}
		t.Logf("size %d: tiles %d..%d, %.2f holes and %.2f locked per level", s, minT, maxT, float64(holes)/seeds, float64(locked)/seeds)
		if s == 6 && (minT < 55 || maxT > 82 || maxT < 75) {
			t.Errorf("size 6: tiles %d..%d, want dense like level 40 (about 60–80)", minT, maxT)
		}
		if s == 4 && (minT > 22 || maxT < 22) {
			t.Errorf("size 4: tiles %d..%d should include the 22 a bot read off the game", minT, maxT)
		}
	}
}

func TestRandomRejectsBadSize(t *testing.T) {
	for _, s := range []int{0, -1, MaxSize + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Random(%d) did not panic", s)
				}
			}()
			Random(s, 1)
		}()
	}
}

func TestRaise(t *testing.T) {
	level := Random(5, 3)
	r := Raise(level, 2, 7)
	diff := 0
	for i, c := range level.Cells {
		d := r.Cells[i]
		if d == c {
			continue
		}
		diff++
		if !c.Movable() || d.Fixed || d.Tile <= c.Tile || d.Tile > 6 {
			t.Fatalf("cell %d: %+v became %+v", i, c, d)
		}
	}
	if diff != 2 {
		t.Fatalf("%d tiles changed, want 2", diff)
	}
	if !r.Equal(Raise(level, 2, 7)) {
		t.Fatal("Raise is not deterministic")
	}
	if r.Equal(Raise(level, 2, 8)) && r.Equal(Raise(level, 2, 9)) {
		t.Fatal("Raise ignores its seed")
	}
}

// ShowcaseSeed is the first seed whose board shows a hole, a locked tile,
// an empty cell and every digit the size allows; the seeds before it lack
// one of them.
func TestShowcaseSeed(t *testing.T) {
	for _, c := range []struct {
		size int
		from uint64
	}{{3, 0}, {4, 900000}, {6, 3000}, {6, 900000}} {
		s := ShowcaseSeed(c.size, c.from)
		p := Random(c.size, s)
		var seen [7]bool
		kinds := map[string]bool{}
		for _, cell := range p.Cells {
			switch {
			case cell.Hole():
				kinds["hole"] = true
			case cell.Locked():
				kinds["locked"] = true
			case cell.Tile == None:
				kinds["empty"] = true
			}
			if cell.Tile != None {
				seen[cell.Tile] = true
			}
		}
		for d := 0; d <= min(6, 2*c.size-2); d++ {
			if !seen[d] {
				t.Errorf("size %d seed %d: no digit %d", c.size, s, d)
			}
		}
		if len(kinds) != 3 {
			t.Errorf("size %d seed %d: shows only %v", c.size, s, kinds)
		}
		for before := c.from; before < s; before++ {
			if Random(c.size, before).ShowsEveryKind() {
				t.Errorf("size %d: seed %d shows every kind, before %d", c.size, before, s)
			}
		}
	}
	l10, err := Level(10) // no tile 3, 4, 5 or 6
	if err != nil {
		t.Fatal(err)
	}
	if l10.ShowsEveryKind() {
		t.Errorf("level 10 shows every kind:\n%s", l10)
	}
}

func TestChanged(t *testing.T) {
	lockedChanges := 0
	for seed := range uint64(40) {
		for _, size := range []int{4, 5, 6} {
			level := Random(size, seed)
			far := FarLevel(size, seed)
			want := ChangedMin + int(seed%uint64(ChangedMax-ChangedMin+1))
			diff, lockedDiff := 0, 0
			for i, c := range level.Cells {
				d := far.Cells[i]
				if d.Fixed != c.Fixed || (d.Tile == None) != (c.Tile == None) {
					t.Fatalf("size %d seed %d cell %d: %+v became %+v", size, seed, i, c, d)
				}
				if d.Tile == c.Tile {
					continue
				}
				diff++
				if d.Tile < 0 || d.Tile > 6 {
					t.Fatalf("size %d seed %d cell %d: number %d", size, seed, i, d.Tile)
				}
				if c.Fixed {
					lockedDiff++
					room := 0
					for _, j := range level.Geom().Nbrs[i] {
						if !level.Cells[j].Hole() {
							room++
						}
					}
					if int(d.Tile) > room {
						t.Fatalf("size %d seed %d: locked cell %d became %d with %d cells around", size, seed, i, d.Tile, room)
					}
				}
			}
			if diff > want || diff < want-1 { // a locked 0 among holes stays
				t.Fatalf("size %d seed %d: %d tiles changed, want %d", size, seed, diff, want)
			}
			if !far.Equal(FarLevel(size, seed)) {
				t.Fatal("FarLevel is not deterministic")
			}
			lockedChanges += lockedDiff
		}
	}
	if lockedChanges == 0 {
		t.Fatal("no locked tile changed in 120 levels")
	}
}
