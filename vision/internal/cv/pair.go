//go:build cgo

package cv

import (
	"math"

	"hexiom/vision/internal/prep"
)

// The picture's own digits: two digits of a font can be so alike at a small
// size (FreeSans 5 and 6 at 75 % page zoom correlate at 0.89 once learnt) that
// the learnt templates, averaged over boards drawn at other sizes, leave a
// true 5 scoring 0.92 as a 5 and 0.91 as a 6. The tiles of the same picture
// that were read surely as either digit are drawn at the very size and with
// the very font rendering of the doubtful one: averaged, each aligned to a
// quarter pixel, they make a template of each digit for this picture alone,
// and the doubtful tile is compared with those two.
const (
	// pairExemplars is how many tiles of each of the two digits the
	// picture must show, read surely, for the pair check to be made.
	pairExemplars = 2
	// pairSure: a tile serves as an exemplar only when read with a
	// margin at least this large (digitMargin), or with a gap to the
	// runner-up of minDigitGap.
	pairSure = 2 * minDigitMargin
)

// pairCheck reads again, with the picture's own digits, every tile of r
// judged doubtful only because its two best digits scored too close: when
// the picture shows at least pairExemplars tiles read surely as each of
// the two, their crops (each aligned to the learnt template) are averaged
// into the picture's template of each, the tile is matched against both,
// and the one it matches best is its digit when it scores at least
// minPairScore and lies minPairMargin of the way from the other (pairSays);
// else the tile stays doubtful, its Doubt saying what the check found.
func (rd *reader) pairCheck(r *Reading) error {
	var tied []int
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Doubt != "" && rd.tpl.onlyTooClose(c) {
			tied = append(tied, i)
		}
	}
	if len(tied) == 0 {
		return nil
	}
	p, err := rd.newPairs(r)
	if err != nil {
		return err
	}
	defer p.Close()
	var pic [7][]float32
	var tried [7]bool
	exemplar := func(d int8) []float32 {
		if !tried[d] {
			tried[d] = true
			pic[d] = p.exemplar(d, -1)
		}
		return pic[d]
	}
	for _, i := range tied {
		c := &r.Cells[i]
		a, b := exemplar(c.Digit), exemplar(c.NextDigit)
		if a == nil || b == nil {
			continue
		}
		c.PairScore, c.PairMargin = p.between(i, a, b)
		if c.PairMargin < 0 {
			// The templates scored the two alike; the picture's own
			// digits say the runner-up: they decide.
			c.PairScore, c.PairMargin = p.between(i, b, a)
			c.Digit, c.NextDigit = c.NextDigit, c.Digit
			c.DigitScore, c.DigitNext = c.DigitNext, c.DigitScore
			c.NextAtBest = c.DigitScores[c.NextDigit]
			r.Pos.Cells[i].Tile = c.Digit
			r.Conf[i] = math.Min(c.KindScore, c.DigitScore)
		}
		c.Doubt = ""
		rd.tpl.judge(c)
	}
	return nil
}

// pairs holds what the pair check needs of one picture and its reading.
type pairs struct {
	r   *Reading
	tpl *set
	sc  *Scaled // W at the digit scale
	buf []float32
}

func (rd *reader) newPairs(r *Reading) (*pairs, error) {
	sc, err := Scale(rd.f.W, rd.f.Origin, digitR/r.Area.Radius(r.Size))
	if err != nil {
		return nil, err
	}
	return &pairs{r: r, tpl: rd.tpl, sc: sc, buf: make([]float32, digitW*digitH)}, nil
}

func (p *pairs) Close() { p.sc.Close() }

// crop fills p.buf with tile i's digit box, aligned to tpl; it returns the
// correlation with tpl there.
func (p *pairs) crop(i int, tpl []float32) (float64, bool) {
	cx, cy := p.sc.At(p.r.Area.Centre(p.r.Size, i))
	v, ox, oy := alignDigit(p.sc, cx, cy, tpl, p.buf)
	return v, p.sc.Crop(p.buf, cx+ox, cy+digitDY+oy, digitW, digitH)
}

// exemplar returns the picture's template of digit d, the average of the
// crops of the tiles read surely as d (tile skip left out), each aligned
// to the learnt template of d; nil when fewer than pairExemplars tiles were.
func (p *pairs) exemplar(d int8, skip int) []float32 {
	idx, crops := p.sure(d)
	return meanOf(idx, crops, skip)
}

// sure returns the tiles read surely as digit d (see pairSure) and their
// crops, each aligned to the learnt template of d.
func (p *pairs) sure(d int8) ([]int, [][]float32) {
	var idx []int
	var crops [][]float32
	learnt := p.tpl.digitsF(d)
	for i := range p.r.Cells {
		c := &p.r.Cells[i]
		if c.Doubt != "" || c.Digit != d || (c.DigitScore-c.DigitNext < minDigitGap && p.tpl.digitMargin(c) < pairSure) {
			continue
		}
		if _, ok := p.crop(i, learnt); !ok {
			continue
		}
		idx = append(idx, i)
		crops = append(crops, append([]float32(nil), p.buf...))
	}
	return idx, crops
}

// meanOf averages the crops but the one of tile skip; nil when fewer than
// pairExemplars are left.
func meanOf(idx []int, crops [][]float32, skip int) []float32 {
	var out []float32
	n := 0
	for k, c := range crops {
		if idx[k] == skip {
			continue
		}
		if out == nil {
			out = make([]float32, len(c))
		}
		for j, v := range c {
			out[j] += v
		}
		n++
	}
	if n < pairExemplars {
		return nil
	}
	for j := range out {
		out[j] /= float32(n)
	}
	return out
}

// between matches tile i against the picture's templates a (its best
// digit) and b (the runner-up), each aligned to a quarter pixel: its score
// against a, and where it lies between them (as digitMargin: 1 is a, −1 is
// b).
func (p *pairs) between(i int, a, b []float32) (score, margin float64) {
	sa, _ := p.crop(i, a)
	sb, _ := p.crop(i, b)
	rho := prep.Corr(a, b)
	if rho >= 1-1e-6 {
		return sa, 0
	}
	return sa, (sa - sb) / (1 - rho)
}

// digitsF returns digit d's template as floats.
func (t *set) digitsF(d int8) []float32 {
	b := t.p.Digits[d]
	f := make([]float32, len(b))
	for i, v := range b {
		f[i] = float32(v)
	}
	return f
}

// alignDigit finds where, within search pixels of the digit box centred on
// (cx, cy+digitDY) in the digit-scale picture sc, the box best matches tpl,
// to a quarter pixel; it returns the correlation there and the offset.
// buf is scratch space of the box's size.
func alignDigit(sc *Scaled, cx, cy float64, tpl, buf []float32) (best, bx, by float64) {
	best = math.Inf(-1)
	try := func(ox, oy float64) {
		if !sc.Crop(buf, cx+ox, cy+digitDY+oy, digitW, digitH) {
			return
		}
		if v := prep.Corr(buf, tpl); v > best {
			best, bx, by = v, ox, oy
		}
	}
	for oy := -search; oy <= search; oy++ {
		for ox := -search; ox <= search; ox++ {
			try(float64(ox), float64(oy))
		}
	}
	for _, step := range []float64{0.5, 0.25} {
		x0, y0 := bx, by
		for _, d := range [8][2]float64{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}} {
			try(x0+d[0]*step, y0+d[1]*step)
		}
	}
	return best, bx, by
}
