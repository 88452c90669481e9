package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"hexiom/tantrix"
)

// fuzzBoard decodes a small board from fuzz bytes: data[0] gives the
// challenge n = 3..14, data[1] the colour (R, B, Y, or the challenge's),
// and each later byte b adds the neighbour across edge b&7 (none when 6
// or 7) of place (b>>3) mod (places so far), starting from (0, 0), until
// there are n places; ok is false when the bytes run out first.
func fuzzBoard(data []byte) (b *tantrix.Board, ok bool) {
	if len(data) < 2 {
		return nil, false
	}
	n := 3 + int(data[0])%12
	b = &tantrix.Board{N: n, Colour: tantrix.DefaultColour(n), Places: []tantrix.Place{{}}}
	if c := data[1] % 4; c < 3 {
		b.Colour = tantrix.Colour(c)
	}
	seen := map[tantrix.Place]bool{{}: true}
	for _, x := range data[2:] {
		if len(b.Places) == n {
			break
		}
		if x&7 >= 6 {
			continue
		}
		p := b.Places[int(x>>3)%len(b.Places)].Neighbour(int(x & 7))
		if !seen[p] {
			seen[p] = true
			b.Places = append(b.Places, p)
		}
	}
	return b, len(b.Places) == n
}

// FuzzTantrixSolve runs `hexiom tantrix solve -json` on small fuzzed
// boards (issue 24): it must end with exit 0 and a solution the package's
// checker accepts, or exit 1 with the search exhausted; never a "solved"
// the checker refuses, a panic or a usage error.
func FuzzTantrixSolve(f *testing.F) {
	// Seeds: the bytes of generated boards (solvable), a line, a blob.
	for _, n := range []int{3, 7, 10, 12} {
		b, _, err := tantrix.Generate(context.Background(), n, tantrix.DefaultColour(n), 1)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(boardBytes(b))
	}
	f.Add([]byte{5, 3, 1, 9, 17, 25, 33, 41, 49})
	f.Add([]byte{9, 2, 0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 16, 17})
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		b, ok := fuzzBoard(data)
		if !ok {
			return
		}
		var buf bytes.Buffer
		if err := b.Format(&buf); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "board.txt")
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		st := run([]string{"tantrix", "solve", "-json", "-timeout", "60s", file}, &out, &errb)
		var rep tantrixReport
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("status %d, output %q: %v; stderr %q", st, out.String(), err, errb.String())
		}
		switch {
		case st == exitOK && rep.Solved:
			var sol []tantrix.Placed
			for _, p := range rep.Places {
				sol = append(sol, tantrix.Placed{Place: tantrix.Place{Q: p.Q, R: p.R}, Tile: p.Tile, Rot: p.Rot})
			}
			if err := tantrix.Check(b, sol); err != nil {
				t.Fatalf("board\n%s\nsaid solved with a wrong solution: %v", buf.String(), err)
			}
		case st == exitFailed && !rep.Solved && rep.Proved:
		default:
			t.Fatalf("board\n%s\nstatus %d, report %+v, stderr %q", buf.String(), st, rep, errb.String())
		}
	})
}

// boardBytes encodes a board for fuzzBoard as near as it can: each place
// after the first as a step from an earlier place it touches.
func boardBytes(b *tantrix.Board) []byte {
	data := []byte{byte(b.N - 3), byte(b.Colour)}
	in := map[tantrix.Place]int{b.Places[0]: 0}
	order := []tantrix.Place{b.Places[0]}
	for len(order) < len(b.Places) {
		grew := false
		for _, p := range b.Places {
			if _, done := in[p]; done {
				continue
			}
			for i, q := range order {
				for e := 0; e < 6; e++ {
					if _, done := in[p]; !done && q.Neighbour(e) == p && i < 32 {
						in[p] = len(order)
						order = append(order, p)
						data = append(data, byte(i<<3|e))
						grew = true
					}
				}
			}
		}
		if !grew {
			panic(fmt.Sprintf("board %v is not connected", b.Places))
		}
	}
	return data
}
