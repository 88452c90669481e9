package picture

import (
	"image"
	"image/color"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// line draws the segment from a to b, thick px wide, in col: every pixel
// whose centre lies within thick/2 of the segment (half a pixel at least,
// so that a line of one pixel has no gap at any slope).
func line(m *image.RGBA, a, b image.Point, col color.RGBA, thick int) {
	r := math.Max(0.5, float64(thick)/2)
	box := image.Rectangle{Min: a, Max: b}.Canon()
	box = image.Rect(box.Min.X-int(r)-1, box.Min.Y-int(r)-1, box.Max.X+int(r)+2, box.Max.Y+int(r)+2).Intersect(m.Rect)
	ax, ay := float64(a.X), float64(a.Y)
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	l2 := dx*dx + dy*dy
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			px, py := float64(x)-ax, float64(y)-ay
			t := 0.0
			if l2 > 0 {
				t = math.Max(0, math.Min(1, (px*dx+py*dy)/l2))
			}
			if ex, ey := px-t*dx, py-t*dy; ex*ex+ey*ey <= r*r+1e-9 {
				m.SetRGBA(x, y, col)
			}
		}
	}
}

// rectangle outlines r, thick px wide, in col.
func rectangle(m *image.RGBA, r image.Rectangle, col color.RGBA, thick int) {
	tl, br := r.Min, r.Max.Sub(image.Pt(1, 1))
	tr, bl := image.Pt(br.X, tl.Y), image.Pt(tl.X, br.Y)
	line(m, tl, tr, col, thick)
	line(m, tr, br, col, thick)
	line(m, br, bl, col, thick)
	line(m, bl, tl, col, thick)
}

// arrowedLine draws a line from a to b with an arrow head at b: two strokes
// a tenth of the line long, 45° either side of it (as OpenCV's arrowedLine).
func arrowedLine(m *image.RGBA, a, b image.Point, col color.RGBA, thick int) {
	line(m, a, b, col, thick)
	dx, dy := float64(a.X-b.X), float64(a.Y-b.Y)
	tip := 0.1 * math.Hypot(dx, dy)
	back := math.Atan2(dy, dx)
	for _, turn := range [2]float64{math.Pi / 4, -math.Pi / 4} {
		p := image.Pt(int(math.Round(float64(b.X)+tip*math.Cos(back+turn))), int(math.Round(float64(b.Y)+tip*math.Sin(back+turn))))
		line(m, p, b, col, thick)
	}
}

// textFont is the Go font, parsed once.
var textFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(goregular.TTF) })

// face returns the Go font at px pixels per em (nil if it cannot be had).
// A face is not for use by two goroutines at once: each text has its own.
func face(px int) font.Face {
	f, err := textFont()
	if err != nil {
		return nil
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil
	}
	return fc
}

// text writes s centred on p in col over a dark outline, so it reads on
// any tile. fs is the size as OpenCV's Hershey fonts count it (1: capitals
// about 22 px high); thick widens the outline.
func text(m *image.RGBA, s string, p image.Point, fs float64, col color.RGBA, thick int) {
	fc := face(max(6, int(math.Round(31*fs))))
	if fc == nil {
		return
	}
	d := font.Drawer{Dst: m, Face: fc}
	adv := d.MeasureString(s)
	met := fc.Metrics()
	// the digits' height is about the cap height: centre that on p
	capH := met.CapHeight
	if capH <= 0 {
		capH = met.Ascent * 7 / 10
	}
	dot := fixed.Point26_6{X: fixed.I(p.X) - adv/2, Y: fixed.I(p.Y) + capH/2}
	o := max(1, (thick+1)/2)
	d.Src = image.NewUniform(color.RGBA{0, 0, 0, 255})
	for dy := -o; dy <= o; dy++ {
		for dx := -o; dx <= o; dx++ {
			if dx != 0 || dy != 0 {
				d.Dot = dot.Add(fixed.P(dx, dy))
				d.DrawString(s)
			}
		}
	}
	d.Src = image.NewUniform(col)
	d.Dot = dot
	d.DrawString(s)
}
