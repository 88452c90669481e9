//go:build cgo

package cv

import (
	"fmt"
	"runtime"
	"unsafe"

	"gocv.io/x/gocv"
)

// Matcher matches mosaics of crops against templates it holds, by
// normalised correlation (TM_CCOEFF_NORMED): where a window of the mosaic
// is exactly one crop and both it and the template have zero mean and
// nothing outside a mask, the score there is the masked correlation.
// Templates are of two kinds: floats (two channels: vision's W and S) and
// grey levels (one channel: W). A Matcher is for one goroutine; Close it.
type Matcher struct {
	tpls []gocv.Mat
	keep []any // the templates' pixels, which their Mats point into
	res  gocv.Mat
	none gocv.Mat // an empty mask
}

// NewMatcher returns a Matcher with no template.
func NewMatcher() *Matcher {
	return &Matcher{res: gocv.NewMat(), none: gocv.NewMat()}
}

// Close frees the Mats.
func (m *Matcher) Close() {
	m.res.Close()
	m.none.Close()
	for _, t := range m.tpls {
		t.Close()
	}
	m.tpls, m.keep = nil, nil
}

// AddFloat adds a template of w×h pixels of c float channels (pix, channels
// interleaved; it must not change while the Matcher lives) and returns its
// number.
func (m *Matcher) AddFloat(pix []float32, w, h, c int) (int, error) {
	typ, err := floatType(c)
	if err != nil {
		return 0, err
	}
	t, err := gocv.NewMatFromBytes(h, w, typ, floatBytes(pix))
	if err != nil {
		return 0, err
	}
	return m.add(t, pix), nil
}

// AddGrey adds a template of w×h grey levels (pix; it must not change
// while the Matcher lives) and returns its number.
func (m *Matcher) AddGrey(pix []byte, w, h int) (int, error) {
	t, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC1, pix)
	if err != nil {
		return 0, err
	}
	return m.add(t, pix), nil
}

func (m *Matcher) add(t gocv.Mat, pix any) int {
	m.tpls = append(m.tpls, t)
	m.keep = append(m.keep, pix)
	return len(m.tpls) - 1
}

// MatchFloat matches the mosaic (w×h pixels of the template's c float
// channels) against template number t and returns the scores, a row of
// cols (w − the template's width + 1) per window row: the score of the
// window whose top-left pixel is (x, y) is res[y*cols+x]. res is valid
// until the next match.
func (m *Matcher) MatchFloat(mosaic []float32, w, h, c, t int) (res []float32, cols int, err error) {
	typ, err := floatType(c)
	if err != nil {
		return nil, 0, err
	}
	sm, err := gocv.NewMatFromBytes(h, w, typ, floatBytes(mosaic))
	if err != nil {
		return nil, 0, fmt.Errorf("mosaic: %w", err)
	}
	defer sm.Close()
	res, cols, err = m.match(sm, t)
	runtime.KeepAlive(mosaic) // sm points into it (NewMatFromBytes does not copy)
	return res, cols, err
}

// MatchGrey is MatchFloat for a mosaic of grey levels.
func (m *Matcher) MatchGrey(mosaic []byte, w, h, t int) (res []float32, cols int, err error) {
	sm, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC1, mosaic)
	if err != nil {
		return nil, 0, fmt.Errorf("mosaic: %w", err)
	}
	defer sm.Close()
	res, cols, err = m.match(sm, t)
	runtime.KeepAlive(mosaic)
	return res, cols, err
}

func (m *Matcher) match(sm gocv.Mat, t int) ([]float32, int, error) {
	gocv.MatchTemplate(sm, m.tpls[t], &m.res, gocv.TmCcoeffNormed, m.none)
	res, err := m.res.DataPtrFloat32()
	if err != nil {
		return nil, 0, fmt.Errorf("scores: %w", err)
	}
	runtime.KeepAlive(m.keep) // the templates' Mats point into it
	return res, m.res.Cols(), nil
}

// floatType is the Mat type of c float channels.
func floatType(c int) (gocv.MatType, error) {
	switch c {
	case 1:
		return gocv.MatTypeCV32FC1, nil
	case 2:
		return gocv.MatTypeCV32FC2, nil
	}
	return 0, fmt.Errorf("%d float channels: the matcher takes 1 or 2", c)
}

func floatBytes(f []float32) []byte {
	if len(f) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&f[0])), 4*len(f))
}
