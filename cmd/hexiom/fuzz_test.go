package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/internal/pngtest"
)

// seePicture finds the debug pictures a refusal names.
var seePicture = regexp.MustCompile(`see (\S+\.png)`)

// fuzzSide is the side of the game area FuzzReadPNG's calibration gives:
// the pictures are small, so that each run is quick.
const fuzzSide = 96

// FuzzReadPNG feeds `hexiom read -image` any bytes as the PNG, with a
// calibration of a small area at the picture's origin. It must exit 0, 1 or
// 2 with a short message (never panic, hang or run out of memory), and a
// board it prints must be one.
func FuzzReadPNG(f *testing.F) {
	// Seeds: a real board shrunk to fuzzSide px, flat and noisy pictures,
	// a picture smaller than the area, and headers that lie about the size.
	data, err := os.ReadFile(filepath.Join(fixtures, "level10-800x600.png"))
	if err != nil {
		f.Fatal(err)
	}
	shot, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		f.Fatal(err)
	}
	// The fixture's area: (149,66) side 547 of the window, which the PNG
	// shows from (143,60).
	board10 := image.NewRGBA(image.Rect(0, 0, fuzzSide, fuzzSide))
	for y := 0; y < fuzzSide; y++ {
		for x := 0; x < fuzzSide; x++ {
			board10.Set(x, y, shot.At(6+x*547/fuzzSide, 6+y*547/fuzzSide))
		}
	}
	flat := image.NewGray(image.Rect(0, 0, fuzzSide, fuzzSide))
	noise := image.NewRGBA(image.Rect(0, 0, fuzzSide+4, fuzzSide))
	for i := range noise.Pix {
		noise.Pix[i] = byte(i * 2654435761 >> 13)
	}
	small := image.NewPaletted(image.Rect(0, 0, 20, 20), color.Palette{color.Black, color.White})
	for _, m := range []image.Image{board10, flat, noise, small} {
		var b bytes.Buffer
		if err := png.Encode(&b, m); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	f.Add(pngtest.Header(65535, 65535))
	f.Add(pngtest.Header(fuzzSide, fuzzSide))
	f.Add([]byte("not a picture"))

	dir := f.TempDir()
	f.Setenv("XDG_CONFIG_HOME", dir) // the built-in templates
	tmp := f.TempDir()
	f.Setenv("TMPDIR", tmp) // a refusal's debug picture: never in the real temporary folder
	cal := filepath.Join(dir, "cal.json")
	if err := os.WriteFile(cal, []byte(`{"left":0,"top":0,"side":96}`), 0o644); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, pic []byte) {
		p := filepath.Join(t.TempDir(), "shot.png")
		if err := os.WriteFile(p, pic, 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr strings.Builder
		code := run([]string{"read", "-image", p, "-calibration", cal}, &stdout, &stderr)
		if code != exitOK && code != exitFailed && code != exitUsage {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		if len(stderr.String()) > 2000 {
			t.Fatalf("a %d-byte message: %.300s…", stderr.Len(), stderr.String())
		}
		if code == exitOK {
			if _, err := board.Parse("printed", []byte(stdout.String())); err != nil {
				t.Fatalf("exit 0 but printed no board: %v\n%s", err, stdout.String())
			}
		} else if stdout.Len() > 0 {
			t.Fatalf("exit %d but printed %q", code, stdout.String())
		}
		// A refusal's debug picture goes to $TMPDIR, which this test
		// points at its own folder, and is removed with it.
		for _, m := range seePicture.FindAllStringSubmatch(stderr.String(), -1) {
			if filepath.Dir(m[1]) != tmp {
				t.Fatalf("a debug picture outside the test's temporary folder %s: %s", tmp, m[1])
			}
			os.Remove(m[1])
		}
	})
}
