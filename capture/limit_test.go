package capture

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// headerPNG is a PNG whose header says w×h (8-bit RGB) followed by no
// pixels: a few hundred bytes that would ask a decoder for w·h·4 bytes.
func headerPNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		b.WriteString(typ)
		b.Write(data)
		_ = binary.Write(&b, binary.BigEndian, crc.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // bit depth, colour type RGB
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

// TestOpenFileRefusesHugePictures: the header is checked before decoding,
// so a 333-byte PNG claiming 65535×65535 px is refused at once, with no
// large allocation.
func TestOpenFileRefusesHugePictures(t *testing.T) {
	dir := t.TempDir()
	for _, sz := range [][2]uint32{{65535, 65535}, {20000, 20000}, {MaxSide + 1, 1}, {1, MaxSide + 1}, {8192, 8192}} {
		p := filepath.Join(dir, "huge.png")
		if err := os.WriteFile(p, headerPNG(sz[0], sz[1]), 0o644); err != nil {
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
