package capture

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"hexiom/internal/pngtest"
)

// TestOpenFileRefusesHugePictures: the header is checked before decoding,
// so a 333-byte PNG claiming 65535×65535 px is refused at once, with no
// large allocation.
func TestOpenFileRefusesHugePictures(t *testing.T) {
	dir := t.TempDir()
	for _, sz := range [][2]uint32{{65535, 65535}, {20000, 20000}, {MaxSide + 1, 1}, {1, MaxSide + 1}, {8192, 8192}} {
		p := filepath.Join(dir, "huge.png")
		if err := os.WriteFile(p, pngtest.Header(sz[0], sz[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := OpenFile(p, image.Point{})
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("%d×%d: %v, want ErrTooLarge", sz[0], sz[1], err)
		}
		if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
			t.Errorf("%d×%d: allocated %d bytes before refusing", sz[0], sz[1], d)
		}
	}
	// Not a PNG at all.
	p := filepath.Join(dir, "text.png")
	os.WriteFile(p, []byte("hello"), 0o644)
	if _, err := OpenFile(p, image.Point{}); err == nil {
		t.Error("a text file was read as a picture")
	}
	// At the limits, a real picture is read: a long thin strip.
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, MaxSide, 2))); err != nil {
		t.Fatal(err)
	}
	p = filepath.Join(dir, "strip.png")
	os.WriteFile(p, b.Bytes(), 0o644)
	f, err := OpenFile(p, image.Pt(-5, 7))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Image().Bounds(); got != image.Rect(-5, 7, MaxSide-5, 9) {
		t.Fatalf("bounds %v", got)
	}
}
