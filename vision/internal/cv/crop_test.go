//go:build cgo

package cv

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Crop, its columns worked out once, gives the values of sampling a pixel
// at a time (cropEach), bit for bit, and says the same of whether the crop
// lay inside: crops inside, across every edge and past the picture, of one
// and two channels.
func TestCropAsEachPixel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, c := range []int{1, 2} {
		s := &Scaled{K: 1, W: 61, H: 47, C: c}
		s.Pix = make([]byte, s.W*s.H*c)
		for i := range s.Pix {
			s.Pix[i] = byte(rng.IntN(256))
		}
		for range 4000 {
			w, h := 1+rng.IntN(24), 1+rng.IntN(24)
			cx, cy := rng.Float64()*90-15, rng.Float64()*80-15
			if rng.IntN(4) == 0 { // on a pixel's grid, as integer shifts give
				cx, cy = float64(int(cx))+0.5, float64(int(cy))
			}
			got, want := make([]float32, w*h*c), make([]float32, w*h*c)
			for i := range got {
				got[i], want[i] = -1, -2
			}
			in1, in2 := s.Crop(got, cx, cy, w, h), s.cropEach(want, cx, cy, w, h)
			if in1 != in2 || !slices.Equal(got, want) {
				t.Fatalf("%d channels, %d×%d at (%v, %v): inside %v, a pixel at a time %v; values equal %v", c, w, h, cx, cy, in1, in2, slices.Equal(got, want))
			}
		}
	}
}
