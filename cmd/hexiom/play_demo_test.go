package main

import (
	"image"
	"image/color/palette"
	"image/draw"
	"math/rand/v2"
	"testing"
)

// webSafe maps every pixel as draw.Draw does onto palette.WebSafe.
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
	got := webSafe(img)
	if got.Bounds() != want.Bounds() {
		t.Fatalf("bounds %v, want %v", got.Bounds(), want.Bounds())
	}
	for i := range want.Pix {
		if got.Pix[i] != want.Pix[i] {
			t.Fatalf("pixel %d: index %d, draw.Draw gives %d", i, got.Pix[i], want.Pix[i])
		}
	}
}
