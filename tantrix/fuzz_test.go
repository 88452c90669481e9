package tantrix

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// FuzzParseBoard feeds ParseBoard any bytes. It must never panic; a board
// it accepts must be valid (N ≥ 3 places, each once, coordinates within
// ±MaxCoord) and come back the same through Format and ParseBoard; a
// refusal must name the file and a line.
func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{
		"# a triangle\ntantrix 3\n0 0\n1 0\n\n0 1\n",
		"tantrix 3 Y\n-9223372036854775808 0\n9223372036854775807 1\n-9223372036854775808 1\n",
		"tantrix 3 red\n1000000 -1000000\n999999 -1000000\n1000000 -999999\n",
		"tantrix 4 b\n0 0\n0 0\n1 0\n2 0\n",
		"tantrix 1000000\n",
		"tantrix 3\n0 0\n1 0\n0 1\n5 5\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBoard(bytes.NewReader(data), "f.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt:") {
				t.Fatalf("error %q does not name the file and line", err)
			}
			return
		}
		if err := b.Validate(); err != nil {
			t.Fatalf("accepted a board that is not valid: %v", err)
		}
		var buf bytes.Buffer
		if err := b.Format(&buf); err != nil {
			t.Fatal(err)
		}
		b2, err := ParseBoard(&buf, "again")
		if err != nil {
			t.Fatalf("its own format refused: %v", err)
		}
		if b2.N != b.N || b2.Colour != b.Colour || fmt.Sprint(sortedCopy(b2.Places)) != fmt.Sprint(sortedCopy(b.Places)) {
			t.Fatalf("round trip changed the board: %v to %v", b, b2)
		}
	})
}

func sortedCopy(ps []Place) []Place {
	s := append([]Place(nil), ps...)
	sort.Slice(s, func(i, j int) bool { return s[i].R < s[j].R || s[i].R == s[j].R && s[i].Q < s[j].Q })
	return s
}
