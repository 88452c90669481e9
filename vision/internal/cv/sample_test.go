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

// sym, its sampling written out, gives what sampling with at gives, bit
// for bit: about points inside the map, near and across its edges, on
// regular and squashed lattices.
func TestSymAsAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	m := &edgeMap{w: 53, h: 41, q: 1, e: make([]float32, 53*41)}
	for i := range m.e {
		m.e[i] = rng.Float32()*40 - 20
	}
	// sym as it was written, sampling with at
	ref := func(cx, cy, r, w float64) (ab, aa, bb float64) {
		var ring [symAngles]float64
		for i := 0; i < symRadii; i++ {
			rr := r * (0.45 + 0.55*float64(i)/(symRadii-1))
			for j, u := range symUnit {
				ring[j] = float64(m.at(cx+rr*w*u[0], cy+rr*u[1]))
			}
			for j, a := range ring {
				b := ring[(j+symAngles/6)%symAngles]
				ab += a * b
				aa += a * a
				bb += b * b
			}
		}
		return ab, aa, bb
	}
	for range 3000 {
		cx, cy := rng.Float64()*80-12, rng.Float64()*64-12
		r, w := 2+rng.Float64()*14, minSquash+rng.Float64()*(maxSquash-minSquash)
		a1, b1, c1 := m.sym(cx, cy, r, w)
		a2, b2, c2 := ref(cx, cy, r, w)
		if a1 != a2 || b1 != b2 || c1 != c2 {
			t.Fatalf("sym(%v, %v, %v, %v) = %v %v %v, with at %v %v %v", cx, cy, r, w, a1, b1, c1, a2, b2, c2)
		}
	}
}
