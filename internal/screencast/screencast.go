package screencast

import (
	"fmt"
	"image"
	"image/color/palette"
	"image/gif"
	"os"
	"sync"
	"time"
)

// Every is the time between two frames.
const Every = 250 * time.Millisecond

// Recorder grabs a rectangle of the screen every Every until Stop.
type Recorder struct {
	mu     sync.Mutex
	frames []*image.RGBA
	times  []time.Time
	quit   chan struct{}
	done   chan struct{}
}

// Start records r with grab (a capture of a screen rectangle) until Stop. A
// grab that fails leaves no frame.
func Start(grab func(image.Rectangle) (*image.RGBA, error), r image.Rectangle) *Recorder {
	rec := &Recorder{quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(rec.done)
		tick := time.NewTicker(Every)
		defer tick.Stop()
		for {
			if img, err := grab(r); err == nil {
				rec.mu.Lock()
				rec.frames = append(rec.frames, Half(img))
				rec.times = append(rec.times, time.Now())
				rec.mu.Unlock()
			}
			select {
			case <-rec.quit:
				return
			case <-tick.C:
			}
		}
	}()
	return rec
}

// Stop ends the recording and saves it as an animated GIF at path, each
// frame shown as long as it lasted, the last one three seconds.
func (rec *Recorder) Stop(path string) error {
	close(rec.quit)
	<-rec.done
	if len(rec.frames) == 0 {
		return fmt.Errorf("screencast %s: no frames", path)
	}
	g := &gif.GIF{}
	for i, f := range rec.frames {
		delay := 300 // hold the last frame
		if i+1 < len(rec.frames) {
			delay = int(rec.times[i+1].Sub(rec.times[i]) / (10 * time.Millisecond))
		}
		g.Image = append(g.Image, WebSafe(f))
		g.Delay = append(g.Delay, delay)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("screencast: %w", err)
	}
	if err := gif.EncodeAll(f, g); err != nil {
		f.Close()
		return fmt.Errorf("screencast %s: %w", path, err)
	}
	return f.Close()
}

// Half scales img down by two, averaging 2×2 blocks.
func Half(img *image.RGBA) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx()/2, b.Dy()/2
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := img.PixOffset(b.Min.X+2*x, b.Min.Y+2*y)
			j := out.PixOffset(x, y)
			for c := 0; c < 3; c++ {
				s := int(img.Pix[i+c]) + int(img.Pix[i+4+c]) + int(img.Pix[i+img.Stride+c]) + int(img.Pix[i+img.Stride+4+c])
				out.Pix[j+c] = uint8(s / 4)
			}
			out.Pix[j+3] = 255
		}
	}
	return out
}

// WebSafe maps img to palette.WebSafe, each pixel to its nearest colour: as
// draw.Draw does, but by arithmetic (the palette is the 6×6×6 cube of the
// multiples of 0x33, so the nearest colour is the nearest level in each
// channel), not by a search of the 216 colours for every pixel, which made a
// long run's GIF take minutes.
func WebSafe(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	p := image.NewPaletted(b, palette.WebSafe)
	level := func(v uint8) uint8 { return uint8((int(v) + 25) / 51) }
	for y := b.Min.Y; y < b.Max.Y; y++ {
		i := img.PixOffset(b.Min.X, y)
		j := p.PixOffset(b.Min.X, y)
		for x := 0; x < b.Dx(); x, i, j = x+1, i+4, j+1 {
			p.Pix[j] = 36*level(img.Pix[i]) + 6*level(img.Pix[i+1]) + level(img.Pix[i+2])
		}
	}
	return p
}
