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
// closed). The loop grows as a double-stranded band that may bend and
// touch itself (the ends at most two places apart until the last tailFree
// tiles), and closes when the two ends lead to the same place. A placement that shuts in empty places
// the rest of the loop cannot fill exactly is refused, so the shape has no
// hole. A place's subtree gives up after 10,000 tiles plus 30 per tile
// still to put, so a tip that
// cannot close is changed further back. Random returns false when maxNodes
// tiles were tried or Stop said so; when it returns true, Path and Combos hold the tiles
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

// tailFree is the number of tiles still to put from which the two ends may
// be more than two places apart. Keeping them within two to the last tile
// left the yellow challenges of n ≡ 1, 2, 3, 9 (mod 10) from n = 22 on
// (many sharp curves: tiles 1, 2, 3, 5 and 10) mostly unclosed: their walks
// reached n−3 tiles and failed there, attempt after attempt (n = 33, 52, 81:
// 0 of 3 attempts of 200,000 tiles closed). Measured on n = 33..199, 3
// seeds, up to 10 attempts: with 0, yellow at n ≥ 122 mostly failed; 12:
// 9.1 million tiles tried for 6 yellow boards of n = 122, 143, 2 of them
// failed; 24: 1.7 million for 24 yellow boards of n = 33..199 and 0.3
// million for 18 others, none failed; 40: others 1.2 million.
const tailFree = 24

// options fills wk.opt[k][slot] with the tiles and rotations that can go
// on the place end i leads to, in random order, those keeping the ends
// within gap places first (and within two places but for the last
// tailFree tiles); it returns how many.
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
				if wk.occ[o.y] != 0 || o.dist > rest-1 || (o.y == other && rest != 1) || (o.dist > 2 && rest > tailFree) || wk.onRim(o.y) {
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
		if (wk.maxNodes > 0 && wk.nodes > wk.maxNodes) || (wk.nodes&4095 == 0 && wk.Stop != nil && wk.Stop()) {
			wk.stopped = true
			return
		}
		if wk.nodes-start > budget {
			return
		}
		if rest == 0 {
			// x is where both ends lead; fits made the line join them.
			wk.put(x, c)
			if wk.holeFree() {
				wk.onSolution()
				wk.stopped = true
				return
			}
			wk.take() // the last tailFree tiles shut in a hole
			continue
		}
		wk.put(x, c)
		kept := wk.pocketsKept(x, o.y, other)
		if pocketsCheck.on {
			wk.checkPockets(kept, o.y, other)
		}
		if kept == 1 || kept < 0 && wk.pocketsOK(o.y, other) {
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

// checkPockets counts, for the test of pocketsKept (pocketsCheck), its
// answer kept and whether pocketsOK's flood says otherwise.
func (wk *Walker) checkPockets(kept int8, y, other int32) {
	pocketsCheck.calls++
	if kept >= 0 {
		pocketsCheck.told++
		if (kept == 1) != wk.pocketsOK(y, other) {
			pocketsCheck.differ++
		}
	}
}

// pocketsOK reports whether the tile just put on x, whose line leads on to
// y, leaves no empty place shut in. The two ends of the loop lead to y and
// other, at most two places apart; y, other and the places between them
// are counted as a wall that closes the band, and every region of empty
// places must still reach the outside (leave the bounding box of the
// tiles). A region shut in behind that wall is the inside of the loop, and
// the loop could only fill it by coming back through the wall; Random does
// not try that. The regions are flooded from the empty places next to the
// wall in turns, one place each, until they have met or each has reached
// the outside; a flood that runs out is a shut-in region.
func (wk *Walker) pocketsOK(y, other int32) bool {
	wall, nw := wk.wallOf(y, other)
	base := wk.newStamp()
	reps := wk.seedFloods(&wall, nw, base)
	active := reps
	for active > 0 {
		active -= wk.floodOnce(&wall, nw, base, reps)
		// Stop early when every region holds a flood that got out.
		if active < reps && wk.floodsOut(reps) {
			return true
		}
	}
	return wk.floodsOut(reps)
}

// inWall reports whether c is one of the nw places of wall.
func inWall(wall *[4]int32, nw int, c int32) bool {
	for i := 0; i < nw; i++ {
		if wall[i] == c {
			return true
		}
	}
	return false
}

// seedFloods starts pocketsOK's floods (24 at most), one from each empty
// place next to the wall not yet taken by one, stamped base+i for flood
// i; it returns how many.
func (wk *Walker) seedFloods(wall *[4]int32, nw int, base int32) int {
	reps := 0
	for i := 0; i < nw && reps < 24; i++ {
		for e := 0; e < 6; e++ {
			c := wall[i] + wk.step[e]
			if wk.occ[c] != 0 || inWall(wall, nw, c) || (wk.stamp[c] >= base && wk.stamp[c] < base+32) {
				continue
			}
			wk.root[reps] = int8(reps)
			wk.head[reps] = 0
			wk.done[reps] = false
			wk.open[reps] = false
			wk.fills[reps] = append(wk.fills[reps][:0], c)
			wk.stamp[c] = base + int32(reps)
			reps++
		}
	}
	return reps
}

// floodRoot is the region flood i belongs to (the floods that met, joined).
func (wk *Walker) floodRoot(i int) int {
	for int(wk.root[i]) != i {
		i = int(wk.root[i])
	}
	return i
}

// floodOnce moves each of the reps floods not done on by one place: a
// flood that leaves the tiles' bounding box is open, one that runs out is
// done (shut in, unless it met a region that is open), one that meets
// another joins its region. It returns how many got done.
func (wk *Walker) floodOnce(wall *[4]int32, nw int, base int32, reps int) (finished int) {
	k := len(wk.Path)
	minQ, maxQ, minR, maxR := wk.minQ[k], wk.maxQ[k], wk.minR[k], wk.maxR[k]
	for i := 0; i < reps; i++ {
		if wk.done[i] {
			continue
		}
		f := wk.fills[i]
		if wk.head[i] == len(f) {
			// Ran out: shut in, unless it met a region that is open.
			wk.done[i] = true
			finished++
			continue
		}
		c := f[wk.head[i]]
		wk.head[i]++
		if wk.cq[c] < minQ || wk.cq[c] > maxQ || wk.cr[c] < minR || wk.cr[c] > maxR {
			wk.open[i] = true
			wk.done[i] = true
			finished++
			continue
		}
		for e := 0; e < 6; e++ {
			d := c + wk.step[e]
			if wk.occ[d] != 0 || inWall(wall, nw, d) {
				continue
			}
			sd := wk.stamp[d]
			if sd == base+int32(i) {
				continue
			}
			if sd >= base && sd < base+32 {
				a, b := wk.floodRoot(i), wk.floodRoot(int(sd-base))
				if a != b {
					wk.root[a] = int8(b)
				}
				continue
			}
			wk.stamp[d] = base + int32(i)
			f = append(f, d)
		}
		wk.fills[i] = f
	}
	return finished
}

// floodsOut reports whether every region of the reps floods holds a flood
// that got out.
func (wk *Walker) floodsOut(reps int) bool {
	var openRoot [24]bool
	for i := 0; i < reps; i++ {
		if wk.open[i] {
			openRoot[wk.floodRoot(i)] = true
		}
	}
	for i := 0; i < reps; i++ {
		if !openRoot[wk.floodRoot(i)] {
			return false
		}
	}
	return true
}

// pocketsCheck, turned on by a test, has grow call pocketsOK after each
// answer of pocketsKept and count the answers that differ.
var pocketsCheck struct {
	on                  bool
	calls, told, differ int
}

// wallOf returns the wall pocketsOK counts between the ends' places y and
// other: both, and the empty places touching both when they are two apart.
func (wk *Walker) wallOf(y, other int32) (wall [4]int32, nw int) {
	wall[nw] = y
	nw++
	if other != y {
		wall[nw] = other
		nw++
		if wk.dist(y, other) == 2 {
			for e := 0; e < 6; e++ {
				c := y + wk.step[e]
				if wk.occ[c] == 0 && wk.dist(c, other) == 1 {
					wall[nw] = c
					nw++
				}
			}
		}
	}
	return
}

// pocketsKept tells, without pocketsOK's flood, what it would say of the
// tile just put on x (the place one end led to; its line leads on to y):
// 1, no region shut in, since the last pocketsOK passed with the wall
// between x and other and going from that wall to the one between y and
// other splits no region of empty places (a wall place added splits none
// when its empty neighbours form one run around it, neighbours next to
// each other around a place touching, or when its runs meet within a few
// places; a wall place let go joins a region when it touches an empty
// place outside both walls); 0, a few empty places beside the new wall
// are shut in (pocketsOK's flood from them runs out); −1, it cannot tell.
// On every board of n = 3..199 by 7, seeds 1..10, it told 99 % of the
// calls and always what the flood says; the flood's places went from 383
// million to 3.7 million.
func (wk *Walker) pocketsKept(x, y, other int32) int8 {
	oldW, no := wk.wallOf(x, other)
	newW, nn := wk.wallOf(y, other)
	// Add the new wall places one at a time to the old wall.
	var added [4]int32
	na := 0
	for i := nn - 1; i >= 0; i-- { // the places between first, then y
		a := newW[i]
		if inWall(&oldW, no, a) {
			continue
		}
		empty := func(c int32) bool {
			return wk.occ[c] == 0 && !inWall(&oldW, no, c) && !inWall(&added, na, c)
		}
		runs, blocked := 0, false
		var rep [3]int32
		for e := 0; e < 6; e++ {
			cur := empty(a + wk.step[e])
			if !cur {
				blocked = true
			} else if !empty(a + wk.step[(e+5)%6]) {
				rep[runs] = a + wk.step[e]
				runs++
			}
		}
		added[na] = a
		na++
		if blocked && runs > 1 && !wk.nearlyJoined(rep[:runs], empty) {
			for _, r := range rep[:runs] {
				if !inWall(&newW, nn, r) && wk.closedPocket(r, &newW, nn) {
					return 0
				}
			}
			return -1
		}
	}
	// The old wall places let go (x is a tile now) must each touch an
	// empty place outside both walls.
	for i := 0; i < no; i++ {
		r := oldW[i]
		if r == x || inWall(&newW, nn, r) {
			continue
		}
		ok := false
		for e := 0; e < 6 && !ok; e++ {
			c := r + wk.step[e]
			ok = wk.occ[c] == 0 && !inWall(&oldW, no, c) && !inWall(&newW, nn, c)
		}
		if !ok {
			return -1
		}
	}
	return 1
}

// nearlyJoined reports whether the empty places reps are joined by empty
// places (as empty says) within a search of pocketSearch places from the
// first.
func (wk *Walker) nearlyJoined(reps []int32, empty func(int32) bool) bool {
	mark := wk.newStamp()
	var queue [pocketSearch]int32
	queue[0] = reps[0]
	wk.stamp[reps[0]] = mark
	m, found := 1, 1
	for h := 0; h < m; h++ {
		c := queue[h]
		for e := 0; e < 6; e++ {
			d := c + wk.step[e]
			if wk.stamp[d] == mark || !empty(d) || wk.onRim(d) {
				continue
			}
			wk.stamp[d] = mark
			for _, r := range reps[1:] {
				if d == r {
					found++
				}
			}
			if found == len(reps) {
				return true
			}
			if m == pocketSearch {
				return false
			}
			queue[m] = d
			m++
		}
	}
	return false
}

// pocketSearch bounds the places nearlyJoined looks at.
const pocketSearch = 64

// closedPocket reports whether the empty places joined to r, with the
// wall w, are a few (pocketSearch at most) inside the tiles' bounding
// box: pocketsOK's flood from r runs out there, and it says false.
func (wk *Walker) closedPocket(r int32, w *[4]int32, nw int) bool {
	k := len(wk.Path)
	minQ, maxQ, minR, maxR := wk.minQ[k], wk.maxQ[k], wk.minR[k], wk.maxR[k]
	mark := wk.newStamp()
	var queue [pocketSearch]int32
	queue[0] = r
	wk.stamp[r] = mark
	m := 1
	for h := 0; h < m; h++ {
		c := queue[h]
		if wk.cq[c] < minQ || wk.cq[c] > maxQ || wk.cr[c] < minR || wk.cr[c] > maxR {
			return false
		}
		for e := 0; e < 6; e++ {
			d := c + wk.step[e]
			if wk.stamp[d] == mark || wk.occ[d] != 0 {
				continue
			}
			wall := false
			for i := 0; i < nw; i++ {
				wall = wall || w[i] == d
			}
			if wall {
				continue
			}
			if m == pocketSearch {
				return false
			}
			wk.stamp[d] = mark
			queue[m] = d
			m++
		}
	}
	return true
}

// newStamp returns a fresh mark for wk.stamp, with the 31 values above it
// free too. The marks would come round again after 2^27 calls (a long
// walk of n = 1,000); before that the stamps are cleared.
func (wk *Walker) newStamp() int32 {
	wk.curStamp++
	if wk.curStamp >= 1<<25 {
		clear(wk.stamp)
		wk.curStamp = 1
	}
	return wk.curStamp * 32
}

// holeFree reports whether the tiles down shut in no empty place: the
// empty cells of their bounding box widened by one, flooded from its
// border, are all reached. Random calls it once the loop closes.
func (wk *Walker) holeFree() bool {
	k := len(wk.Path)
	minQ, maxQ, minR, maxR := wk.minQ[k]-1, wk.maxQ[k]+1, wk.minR[k]-1, wk.maxR[k]+1
	mark := wk.newStamp()
	stack := wk.fills[0][:0]
	for x := int32(0); x < int32(len(wk.occ)); x++ {
		q, r := wk.cq[x], wk.cr[x]
		if q < minQ || q > maxQ || r < minR || r > maxR {
			continue
		}
		if (q == minQ || q == maxQ || r == minR || r == maxR) && wk.occ[x] == 0 {
			wk.stamp[x] = mark
			stack = append(stack, x)
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for e := 0; e < 6; e++ {
			y := x + wk.step[e]
			if y < 0 || int(y) >= len(wk.occ) {
				continue
			}
			q, r := wk.cq[y], wk.cr[y]
			if q < minQ || q > maxQ || r < minR || r > maxR || wk.occ[y] != 0 || wk.stamp[y] == mark ||
				q-wk.cq[x] > 1 || wk.cq[x]-q > 1 { // a step across the grid's side wraps
				continue
			}
			wk.stamp[y] = mark
			stack = append(stack, y)
		}
	}
	wk.fills[0] = stack
	for x := int32(0); x < int32(len(wk.occ)); x++ {
		q, r := wk.cq[x], wk.cr[x]
		if q > minQ && q < maxQ && r > minR && r < maxR && wk.occ[x] == 0 && wk.stamp[x] != mark {
			return false
		}
	}
	return true
}
