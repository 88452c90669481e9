package levels

import (
	"bytes"
	"testing"
)

// Every level is there, in the original's bytes (CRLF line ends), and only
// those.
func TestTheFortyFiles(t *testing.T) {
	for n := 1; n <= N; n++ {
		data, err := Text(n)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte("\r\n")) {
			t.Errorf("%s: no CRLF line end: not the original's bytes", Name(n))
		}
	}
	for _, n := range []int{0, N + 1, -1} {
		if _, err := Text(n); err == nil {
			t.Errorf("level %d accepted", n)
		}
	}
	all, err := files.ReadDir(".")
	if err != nil || len(all) != N {
		t.Fatalf("%d embedded files (%v), want %d", len(all), err, N)
	}
}
