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
	rng := rand.New(rand.NewPCG(26, 4))
	accepted, refused := 0, 0
	for trial := 0; trial < 200; trial++ {
		n := 6 + rng.IntN(30)
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
			c := bits.TrailingZeros64(d)
			m := mark{len(s.dtrail), len(s.itrail)}
			if s.setDom(p, 1<<c) && s.propagate() {
				accepted++
				if !s.bridgeless() {
					t.Fatalf("trial %d, step %d: propagate accepted a state with a bridge or two parts", trial, step)
				}
				marks = append(marks, m)
				continue
			}
			refused++
			s.clearQueue()
			s.undo(m.d, m.i)
		}
	}
	t.Logf("%d states accepted, %d refused", accepted, refused)
	if accepted < 1000 || refused < 100 {
		t.Errorf("want many states of both kinds, got %d accepted, %d refused", accepted, refused)
	}
}
