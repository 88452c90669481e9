//go:build cgo

package cv

import (
	"image"
	"math/rand/v2"
	"testing"

	"gocv.io/x/gocv"
)

// TestLazyScaledIsRescale: the picture lazyScaled makes where crops read
// is, byte for byte, OpenCV's INTER_AREA reduction (Rescale), on random
// two-channel pictures of random sizes at random scales, smooth and noisy,
// every pixel made through crops all over it; and a crop of it equals the
// crop of Rescale's picture at random sub-pixel points, the picture's
// edges and beyond included.
func TestLazyScaledIsRescale(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 1))
	var l lazyScaled
	for trial := 0; trial < 300; trial++ {
		w, h := 20+rng.IntN(400), 20+rng.IntN(400)
		src := randomScaled(t, rng, w, h, 2, 0.3+rng.Float64())
		k := src.K * (0.35 + 0.649*rng.Float64())
		if trial%50 == 0 {
			k = src.K / 3 // an integer reduction: Rescale's own
		}
		want, err := src.Rescale(k)
		if err != nil {
			t.Fatal(err)
		}
		if !l.reset(src, k) {
			if trial%50 != 0 && (want.W != w || want.H != h) {
				t.Fatalf("trial %d: reset refused the reduction %.4f", trial, k/src.K)
			}
			want.Close()
			src.Close()
			continue
		}
		if l.W != want.W || l.H != want.H {
			t.Fatalf("trial %d: %dx%d → lazy %dx%d, Rescale %dx%d", trial, w, h, l.W, l.H, want.W, want.H)
		}
		a, b := make([]float32, 2*kindSz*kindSz), make([]float32, 2*kindSz*kindSz)
		for i := 0; i < 40; i++ {
			cx, cy := rng.Float64()*float64(l.W+20)-10, rng.Float64()*float64(l.H+20)-10
			inA, inB := l.Crop(a, cx, cy, kindSz, kindSz), want.Crop(b, cx, cy, kindSz, kindSz)
			if inA != inB || !equalF32(a, b) {
				for j := range a {
					if a[j] != b[j] {
						t.Logf("crop value %d: %v vs %v", j, a[j], b[j])
						break
					}
				}
				t.Fatalf("trial %d: %dx%d→%dx%d the crop at (%.2f, %.2f) differs (inside %v, %v)", trial, w, h, l.W, l.H, cx, cy, inA, inB)
			}
		}
		for y := 0; y < l.H; y += kindSz {
			for x := 0; x < l.W; x += kindSz {
				l.Crop(a, float64(x+kindSz/2), float64(y+kindSz/2), kindSz, kindSz)
			}
		}
		for i := range want.Pix {
			if l.Pix[i] != want.Pix[i] {
				t.Fatalf("trial %d: %dx%d at %.5f: pixel %d (x %d, y %d) is %d, OpenCV's %d", trial, w, h, k/src.K,
					i/2, i/2%l.W, i/2/l.W, l.Pix[i], want.Pix[i])
			}
		}
		want.Close()
		src.Close()
	}
}

func equalF32(a, b []float32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// randomScaled is a w×h picture of c channels at scale k: smooth gradients
// with noise and sharp blocks, as features of a board are.
func randomScaled(t *testing.T, rng *rand.Rand, w, h, c int, k float64) *Scaled {
	t.Helper()
	pix := make([]byte, w*h*c)
	fx, fy := rng.Float64()*0.2, rng.Float64()*0.2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			for ch := 0; ch < c; ch++ {
				v := 128 + 60*float64((x*7+y*3+ch*11)%17)/17*fx*10 + float64(rng.IntN(40)) - 20
				if (x/9+y/7)%3 == 0 {
					v = float64(rng.IntN(256))
				}
				pix[(y*w+x)*c+ch] = byte(max(0, min(255, v+fy)))
			}
		}
	}
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC2, pix)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	own := m.Clone()
	return &Scaled{K: k, Origin: image.Pt(rng.IntN(100), rng.IntN(100)), W: w, H: h, C: c, Pix: own.ToBytes(), Mat: Mat{own}}
}

// BenchmarkLazyScaled: a reduction as the pitch scans make it, 562 px
// square at 0.6: OpenCV's whole picture, against lazyScaled's every pixel
// (its cost a pixel; the scans make some 23 % of them).
func BenchmarkLazyScaled(b *testing.B) {
	t := &testing.T{}
	src := randomScaled(t, rand.New(rand.NewPCG(1, 2)), 562, 561, 2, 1)
	defer src.Close()
	b.Run("opencv", func(b *testing.B) {
		for range b.N {
			sc, err := src.Rescale(0.6)
			if err != nil {
				b.Fatal(err)
			}
			sc.Close()
		}
	})
	b.Run("lazy", func(b *testing.B) {
		var l lazyScaled
		crop := make([]float32, 2*kindSz*kindSz)
		for range b.N {
			l.reset(src, 0.6)
			for y := 0; y < l.H; y += kindSz {
				for x := 0; x < l.W; x += kindSz {
					l.Crop(crop, float64(x+kindSz/2), float64(y+kindSz/2), kindSz, kindSz)
				}
			}
		}
	})
}
