package screencast

import (
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

// WebSafe maps every pixel as draw.Draw does onto palette.WebSafe.
func TestWebSafeIsDrawDraw(t *testing.T) {
	img := image.NewRGBA(image.Rect(3, 5, 3+64, 5+48))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(rng.IntN(256))
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	for v := 0; v < 256; v++ { // every level of every channel
		img.Pix[4*v], img.Pix[4*v+1], img.Pix[4*v+2] = uint8(v), uint8(255-v), uint8(v*7)
	}
	want := image.NewPaletted(img.Bounds(), palette.WebSafe)
	draw.Draw(want, want.Bounds(), img, img.Bounds().Min, draw.Src)
	got := WebSafe(img)
	if got.Bounds() != want.Bounds() {
		t.Fatalf("bounds %v, want %v", got.Bounds(), want.Bounds())
	}
	for i := range want.Pix {
		if got.Pix[i] != want.Pix[i] {
			t.Fatalf("pixel %d: index %d, draw.Draw gives %d", i, got.Pix[i], want.Pix[i])
		}
	}
}

// A recording of a rectangle whose colour changes on every grab is a GIF of
// the frames grabbed, at half size, each frame its own colour.
func TestRecordGIF(t *testing.T) {
	var grabs atomic.Int32
	grab := func(r image.Rectangle) (*image.RGBA, error) {
		n := grabs.Add(1)
		img := image.NewRGBA(r)
		draw.Draw(img, r, image.NewUniform(color.RGBA{uint8(51 * (n % 6)), 0, 0, 255}), image.Point{}, draw.Src)
		return img, nil
	}
	rec := Start(grab, image.Rect(10, 20, 10+64, 20+40))
	// Wait for three frames (0.5 s on an idle machine); the limit is far
	// beyond that for a busy one.
	deadline := time.Now().Add(time.Minute)
	for grabs.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	path := filepath.Join(t.TempDir(), "run.gif")
	if err := rec.Stop(path); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if n := int(grabs.Load()); len(g.Image) < 3 || len(g.Image) != n {
		t.Fatalf("%d frames for %d grabs", len(g.Image), n)
	}
	for i, fr := range g.Image {
		if fr.Bounds() != image.Rect(0, 0, 32, 20) {
			t.Fatalf("frame %d: %v, want 32×20 (half)", i, fr.Bounds())
		}
		r, _, _, _ := fr.At(5, 5).RGBA()
		if want := uint32(51*((i+1)%6)) * 0x101; r != want {
			t.Errorf("frame %d: red %d, want %d", i, r>>8, want>>8)
		}
	}
	if g.Delay[len(g.Delay)-1] != 300 {
		t.Errorf("last frame held %d cs, want 300", g.Delay[len(g.Delay)-1])
	}
}
