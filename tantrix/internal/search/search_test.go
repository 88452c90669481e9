package search

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// support against a count from the tiles' own colours: for each
// neighbour, the combos it keeps whose colour across the shared edge is
// the combo's own there.
func TestSupportCountsNeighbourCombos(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 3))
	tc := testTileColours()
	colour := func(c int, e int) uint8 { return tc[c/6][((e-c%6)%6+6)%6] }
	checked := 0
	for trial := 0; trial < 50; trial++ {
		n := 5 + rng.IntN(20)
		s := New(testProblem(randomShape(n, rng), n, uint8(rng.IntN(3))))
		for p := range s.dom {
			s.dom[p] = s.init[p] & rng.Uint64()
		}
		for p := int32(0); p < int32(n); p++ {
			for c := 0; c < NumCombos; c++ {
				want := 0
				for e := 0; e < 6; e++ {
					q := s.nbr[6*p+int32(e)]
					if q < 0 {
						continue
					}
					k := 0
					for d := s.dom[q]; d != 0; d &= d - 1 {
						if colour(bits.TrailingZeros64(d), (e+3)%6) == colour(c, e) {
							k++
						}
					}
					want += logSupport[k]
				}
				if got := s.support(p, int8(c)); got != want {
					t.Fatalf("trial %d, place %d, combo %d: support %d, want %d", trial, p, c, got, want)
				}
				checked++
			}
		}
	}
	if 6*logSupport[NumCombos] >= 1<<14 {
		t.Errorf("six supports of %d do not fit in 14 bits", logSupport[NumCombos])
	}
	t.Logf("%d scores checked", checked)
}

// The bridge check is skipped when no edge the loop could cross has gone
// since the last one: on random walks down and back up the search tree of
// random boards, every state propagate accepts passes the full check.
func TestSkippedBridgeCheckMissesNothing(t *testing.T) {
	accepted, refused := 0, 0
	randomWalks(rand.New(rand.NewPCG(26, 4)), 200, 30, func(s *Solver, p int32, c int) bool {
		if s.setDom(p, 1<<c) && s.propagate() {
			accepted++
			if !s.bridgeless() {
				t.Fatalf("%d places: propagate accepted a state with a bridge or two parts", s.n)
			}
			return true
		}
		refused++
		return false
	})
	t.Logf("%d states accepted, %d refused", accepted, refused)
	if accepted < 1000 || refused < 100 {
		t.Errorf("want many states of both kinds, got %d accepted, %d refused", accepted, refused)
	}
}

// randomWalks walks down and back up the search trees of random boards
// (trials of them, of 6 to 5+span places): at each of up to 400 steps it
// either takes back the last state kept or has try fix an open place p to
// one of its combos c; a state try does not keep (false) is undone.
func randomWalks(rng *rand.Rand, trials, span int, try func(s *Solver, p int32, c int) bool) {
	for trial := 0; trial < trials; trial++ {
		n := 6 + rng.IntN(span)
		s := New(testProblem(randomShape(n, rng), n, uint8(rng.IntN(3))))
		copy(s.start, s.init)
		if !s.root() {
			continue
		}
		type mark struct{ d, i int }
		var marks []mark
		for step := 0; step < 400; step++ {
			var open []int32
			for p := int32(0); p < int32(n); p++ {
				if d := s.dom[p]; d&(d-1) != 0 {
					open = append(open, p)
				}
			}
			if len(open) == 0 || len(marks) > 0 && rng.IntN(4) == 0 {
				if len(marks) == 0 {
					break
				}
				m := marks[len(marks)-1]
				marks = marks[:len(marks)-1]
				s.undo(m.d, m.i)
				continue
			}
			p := open[rng.IntN(len(open))]
			d := s.dom[p]
			for k := rng.IntN(bits.OnesCount64(d)); k > 0; k-- {
				d &= d - 1
			}
			m := mark{len(s.dtrail), len(s.itrail)}
			if try(s, p, bits.TrailingZeros64(d)) {
				marks = append(marks, m)
				continue
			}
			s.clearQueue()
			s.undo(m.d, m.i)
		}
	}
}

// bridgelessPlain is bridgeless without passing over chains: Tarjan's
// bridge search over every place.
func (s *Solver) bridgelessPlain() bool {
	n := int32(s.n)
	// em[p], the edges at which p's domain may show the designated colour
	// (never an edge off the board: New took those combos out), is kept
	// up to date by setDom, undo and root.
	clear(s.disc)
	timer := int32(1)
	s.disc[0], s.low[0] = 1, 1
	sp := 0
	s.stk[0] = frame{p: 0, rest: s.usable(0, -1)}
	for sp >= 0 {
		f := &s.stk[sp]
		if f.rest == 0 {
			p := f.p
			sp--
			if sp >= 0 {
				par := s.stk[sp].p
				if s.low[p] < s.low[par] {
					s.low[par] = s.low[p]
				}
				if s.low[p] > s.disc[par] {
					return false // the edge par–p is a bridge
				}
			}
			continue
		}
		e := int32(bits.TrailingZeros8(f.rest))
		f.rest &= f.rest - 1
		p := f.p
		q := s.nbr[6*p+e]
		if s.disc[q] == 0 {
			timer++
			s.disc[q], s.low[q] = timer, timer
			sp++
			s.stk[sp] = frame{p: q, rest: s.usable(q, (e+3)%6)}
		} else if s.disc[q] < s.low[p] {
			s.low[p] = s.disc[q]
		}
	}
	return timer == n
}

// bridgeless, which passes over chains of linked lines, answers as the
// plain bridge search over every place, on every state the rules reach
// on random walks down and back up the search tree of random boards (with
// chains, and with bridges, in many of them), and on those states with a
// few domains narrowed at random without the rules.
func TestBridgelessPassesChains(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 7))
	compared, bridged, chained := 0, 0, 0
	randomWalks(rng, 300, 60, func(s *Solver, p int32, c int) bool {
		if !s.setDom(p, 1<<c) || !s.fixpoint() {
			return false
		}
		narrowed := rng.IntN(2) == 0
		if narrowed {
			for k := 1 + rng.IntN(3); k > 0; k-- {
				narrowNearChain(s, rng)
			}
			s.clearQueue()
		}
		got, want := s.bridgeless(), s.bridgelessPlain()
		if got != want {
			t.Fatalf("%d places: bridgeless %v, the plain bridge search %v (%d places linked)", s.n, got, want, s.ints[s.linked])
		}
		compared++
		if s.ints[s.linked] > 1 {
			chained++
		}
		if !want {
			bridged++
		}
		s.lost = false
		return want && !narrowed
	})
	t.Logf("%d states compared, %d with a bridge, %d with places linked", compared, bridged, chained)
	if compared < 2000 || bridged < 500 || chained < 1000 {
		t.Errorf("want many states of each kind, got %d compared, %d with a bridge, %d linked", compared, bridged, chained)
	}
}

// narrowNearChain narrows a place to one of its combos, without the rules:
// a place next to a linked one when there is such, else any.
func narrowNearChain(s *Solver, rng *rand.Rand) {
	var near []int
	for q := 0; q < s.n; q++ {
		for e := 0; e < 6; e++ {
			if x := s.nbr[6*q+e]; s.ints[s.lf+int32(q)] == 0 && x >= 0 && s.ints[s.lf+x] != 0 {
				near = append(near, q)
				break
			}
		}
	}
	q := rng.IntN(s.n)
	if len(near) > 0 {
		q = near[rng.IntN(len(near))]
	}
	nd := s.dom[q]
	for k := rng.IntN(bits.OnesCount64(nd)); k > 0; k-- {
		nd &= nd - 1
	}
	s.setDom(int32(q), nd&-nd)
}

// countRule counts, per tile, the open places whose domain holds it (its
// sums of 12-bit fields against a count combo by combo), on boards up to
// past the 4,095 places after which it empties its fields.
func TestCountRuleCountsTiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 9))
	for _, n := range []int{3, 40, 130, 4095, 4096, 9000} {
		s := New(testProblem(randomShape(n, rng), n, uint8(rng.IntN(3))))
		var want [10]int32
		for p := int32(0); p < int32(n); p++ {
			s.dom[p] = s.init[p] & rng.Uint64()
			if s.dom[p] == 0 {
				s.dom[p] = s.init[p]
			}
			if n < 200 || rng.IntN(8) != 0 { // most places open, so that the fields fill
				s.ints[s.open+p>>5] |= 1 << (p & 31)
				for tile := 0; tile < 10; tile++ {
					if s.dom[p]&s.tileMask[tile] != 0 {
						want[tile]++
					}
				}
			}
		}
		// remain 0 for every tile: the rule only counts.
		if _, ok := s.countRule(); !ok {
			t.Fatalf("%d places: countRule failed with no tiles left to place", n)
		}
		if s.tcount != want {
			t.Errorf("%d places: counts %v, want %v", n, s.tcount, want)
		}
	}
}
