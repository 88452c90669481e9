package search

import "math/rand/v2"

type randOpt struct {
	c    int8
	out  int8
	y    int32
	key  int32
	dist int32
}

// Random builds one random loop of all the tiles, growing it from both ends
// of a first tile put at the origin: the ends take turns, and each end's
// tiles and rotations are tried in a random order, those that keep the two
// ends within two places of each other first, and tiles with more copies
// left before tiles with fewer (so that the last tiles are of many kinds
// and the loop can close: without it, a walk of 500 tiles almost never
// closed). The loop grows as a
// double-stranded band that may bend and touch itself, and closes when the
// two ends lead to the same place. A placement that shuts in empty places
// the rest of the loop cannot fill exactly is refused, so the shape has no
// hole. A place's subtree gives up after 10,000 tiles plus 30 per tile
// still to put, so a tip that
// cannot close is changed further back. Random returns false when maxNodes
// tiles were tried; when it returns true, Path and Combos hold the tiles
// (in the order they were put, not loop order).
func (wk *Walker) Random(rng *rand.Rand, maxNodes int64) bool {
	wk.reset()
	wk.maxNodes, wk.rng = maxNodes, rng
	wk.subBudget, wk.gap, wk.balance = 10000, 2, 30000
	var ts []int
	for t := 0; t < 10; t++ {
		if wk.count[t] > 0 {
			ts = append(ts, t)
		}
	}
	first := 6*ts[rng.IntN(len(ts))] + rng.IntN(6)
	o := wk.origin()
	wk.put(o, first)
	a, b := wk.line[first][0], wk.line[first][1]
	if wk.opt == nil {
		wk.opt = make([][2][20]randOpt, wk.n)
	}
	done := false
	wk.onSolution = func() bool { done = true; return true }
	var tgt = [2]int32{o + wk.step[a], o + wk.step[b]}
	var in = [2]int{int((a + 3) % 6), int((b + 3) % 6)}
	wk.grow(tgt, in, maxNodes)
	return done
}

// options fills wk.opt[k][slot] with the tiles and rotations that can go
// on the place end i leads to, in random order, those keeping the ends
// within gap places first; it returns how many.
func (wk *Walker) options(tgt [2]int32, in [2]int, i, slot int) int {
	k := len(wk.Path)
	x, other := tgt[i], tgt[1-i]
	rest := int32(wk.n - k - 1)
	opts := &wk.opt[k][slot]
	m := 0
	most := 0
	for t := 0; t < 10; t++ {
		most = max(most, wk.remain[t])
	}
	for t := 0; t < 10; t++ {
		if wk.remain[t] == 0 {
			continue
		}
		for _, rot := range wk.opts[t][in[i]] {
			c := 6*t + int(rot)
			if !wk.fits(x, c) {
				continue
			}
			o := &opts[m]
			o.c = int8(c)
			o.out = wk.line[c][0]
			if int(o.out) == in[i] {
				o.out = wk.line[c][1]
			}
			o.y = x + wk.step[o.out]
			if rest > 0 {
				o.dist = int32(wk.dist(o.y, other))
				if wk.occ[o.y] != 0 || o.dist > rest-1 || (o.y == other && rest != 1) {
					continue
				}
			}
			o.key = int32(wk.rng.IntN(1 << 16))
			// Tiles with more copies left first, so that the last tiles
			// are of many kinds and the loop can close.
			o.key += int32(most-wk.remain[t]) * wk.balance
			if over := o.dist - wk.gap; over > 0 {
				o.key += over << 16
			}
			m++
		}
	}
	for a := 1; a < m; a++ {
		for b := a; b > 0 && opts[b].key < opts[b-1].key; b-- {
			opts[b], opts[b-1] = opts[b-1], opts[b]
		}
	}
	return m
}

// grow puts the next tile at the place one of the ends leads to, the ends
// taking turns; when either end has no tile that fits, it is a dead end. tgt are the empty
// places the two ends lead to, in the edges they are entered by.
func (wk *Walker) grow(tgt [2]int32, in [2]int, budget int64) {
	start := wk.nodes
	k := len(wk.Path)
	rest := int32(wk.n - k - 1) // tiles still to put after this one
	if rest == 0 && tgt[0] != tgt[1] {
		return
	}
	m0 := wk.options(tgt, in, 0, 0)
	if m0 == 0 {
		return
	}
	i, slot, m := 0, 0, m0
	if rest > 0 {
		m1 := wk.options(tgt, in, 1, 1)
		if m1 == 0 {
			return
		}
		if k%2 == 1 {
			i, slot, m = 1, 1, m1
		}
	}
	x, other := tgt[i], tgt[1-i]
	opts := &wk.opt[k][slot]
	for j := 0; j < m; j++ {
		o := opts[j]
		c := int(o.c)
		wk.nodes++
		if wk.maxNodes > 0 && wk.nodes > wk.maxNodes {
			wk.stopped = true
			return
		}
		if wk.nodes-start > budget {
			return
		}
		if rest == 0 {
			// x is where both ends lead; fits made the line join them.
			wk.put(x, c)
			wk.onSolution()
			wk.stopped = true
			return
		}
		wk.put(x, c)
		if wk.pocketsOK(x, o.y, other, rest) {
			nt, ni := tgt, in
			nt[i], ni[i] = o.y, (int(o.out)+3)%6
			wk.grow(nt, ni, wk.subBudget+30*int64(rest))
		}
		if wk.stopped {
			return
		}
		wk.take()
	}
}

// pocketsOK reports whether the tile just put on x leaves no empty place
// shut in for good: a region of empty places cut off from the outside must
// hold both places the two ends lead to (y and other) and exactly the rest
// tiles, since the rest of the loop runs from one to the other through it.
// Only a tile whose empty neighbours fall into two or three separate arcs
// can cut a region in two; the arcs are flooded in turns, one place each,
// until they meet (nothing was cut), or each has left the bounding box of
// the tiles (open) or run out (shut in).
func (wk *Walker) pocketsOK(x, y, other int32, rest int32) bool {
	arcs := 0
	var reps [3]int32
	for e := 0; e < 6; e++ {
		if wk.occ[x+wk.step[e]] == 0 && wk.occ[x+wk.step[(e+5)%6]] != 0 {
			reps[arcs] = x + wk.step[e]
			arcs++
		}
	}
	if arcs < 2 {
		return true
	}
	k := len(wk.Path)
	minQ, maxQ, minR, maxR := wk.minQ[k], wk.maxQ[k], wk.minR[k], wk.maxR[k]
	wk.curStamp++
	base := wk.curStamp * 4
	var root [3]int
	var size [3]int32
	var hasY, hasOther, open, done [3]bool
	var head [3]int
	find := func(i int) int {
		for root[i] != i {
			i = root[i]
		}
		return i
	}
	comps := arcs
	for i := 0; i < arcs; i++ {
		root[i] = i
		wk.fills[i] = append(wk.fills[i][:0], reps[i])
		wk.stamp[reps[i]] = base + int32(i)
	}
	active := arcs
	for active > 0 {
		for i := 0; i < arcs; i++ {
			if done[i] {
				continue
			}
			f := wk.fills[i]
			if head[i] == len(f) {
				done[i] = true
				active--
				continue
			}
			c := f[head[i]]
			head[i]++
			size[i]++
			hasY[i] = hasY[i] || c == y
			hasOther[i] = hasOther[i] || c == other
			if wk.cq[c] < minQ || wk.cq[c] > maxQ || wk.cr[c] < minR || wk.cr[c] > maxR {
				open[i] = true
				done[i] = true
				active--
				continue
			}
			for e := 0; e < 6; e++ {
				d := c + wk.step[e]
				if wk.occ[d] != 0 {
					continue
				}
				sd := wk.stamp[d]
				if sd == base+int32(i) {
					continue
				}
				if sd >= base && sd < base+4 {
					a, b := find(i), find(int(sd-base))
					if a != b {
						root[a] = b
						comps--
						if comps == 1 {
							return true
						}
					}
					continue
				}
				wk.stamp[d] = base + int32(i)
				f = append(f, d)
			}
			wk.fills[i] = f
		}
	}
	// Sum each region over its arcs.
	var rs [3]int32
	var ry, ro, rOpen [3]bool
	for i := 0; i < arcs; i++ {
		r := find(i)
		rs[r] += int32(len(wk.fills[i]))
		ry[r] = ry[r] || hasY[i]
		ro[r] = ro[r] || hasOther[i]
		rOpen[r] = rOpen[r] || open[i]
	}
	for i := 0; i < arcs; i++ {
		if find(i) != i || rOpen[i] {
			continue
		}
		if !ry[i] || !ro[i] || rs[i] != rest {
			return false
		}
	}
	return true
}
