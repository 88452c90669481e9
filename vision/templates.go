package vision

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"

	"hexiom/board"
	"hexiom/internal/safefile"
	"hexiom/vision/internal/prep"
)

// Kind is what a cell holds, as seen.
type Kind int8

// The kinds of cell.
const (
	Hole    Kind = iota // plain board: no tile may go there
	Empty               // a recess a tile may be dropped in
	Movable             // a tile that can be dragged
	Locked              // a tile held by claws
	numKinds
)

var kindNames = [numKinds]string{"hole", "empty", "movable", "locked"}

func (k Kind) String() string {
	if k >= 0 && k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Sample is the average of the crops learnt for one class: Mean holds H×W×C
// values, channels interleaved, N crops went into it.
type Sample struct {
	W    int       `json:"w"`
	H    int       `json:"h"`
	C    int       `json:"c"`
	N    int       `json:"n"`
	Mean []float32 `json:"mean"`
}

// Templates is a set of templates: one per kind of cell (hole, empty,
// movable, locked) in the features (W, S) at the kind scale, and one per
// digit 0..6 in the feature W at the digit scale. Kinds or digits never
// learnt are nil; a cell that would need them reads as doubtful.
type Templates struct {
	Name  string            `json:"name"`
	Kinds [numKinds]*Sample `json:"kinds"`
	// KindAlts are more templates of a kind, learnt where its cells come
	// in several colours (issue 40: a tile's colour by its state) and one
	// mean of them all reads them back wrong: each the mean of one colour's
	// cells; none flat. Absent from sets that need none.
	KindAlts [numKinds][]*Sample `json:"kind_alts,omitempty"`
	Digits   [7]*Sample          `json:"digits"`
	// Sep is what Learn measured of how well the set tells its classes
	// apart on the pictures it learnt from (absent from sets saved before
	// it was measured, and from none learnt since).
	Sep *Separation `json:"separation,omitempty"`
	// SkyHoles: on the picture Learn learnt from, the game area's corners,
	// where no board reaches, read as the hole: the look's holes are its
	// plain background. Read then judges a lattice by its cells that are
	// not holes wherever the area lies (its corners may be off the page,
	// on a browser's frame).
	SkyHoles bool `json:"sky_holes,omitempty"`
	// MarkGap: where the look's locked and movable tiles differ only by a
	// small mark (issue 40: a padlock on the tile), the gap between a
	// tile's movable and locked scores Read needs to tell them apart, as
	// Learn measured it on its own picture (half the least margin there,
	// at least prep.MinMarkGap); 0 (absent): prep.MinKindGap, as between
	// any other two kinds.
	MarkGap float64 `json:"mark_gap,omitempty"`
	// PlainHole: where the look's holes are a background of changing
	// colour and its empty cells are told from them by a thin outline
	// alone (issue 40's HEXCOUNT), the spreads Learn measured on its
	// pictures: a cell about as plain as the holes, of about their
	// colour, is a hole wherever it lies (prep.PlainHole). Absent from
	// sets whose holes read by their template.
	PlainHole *PlainGap `json:"plain_hole,omitempty"`
	once      sync.Once // the prepared forms p (and err), built on first use (prepare)
	p         prep.Prepared
	err       error
}

// PlainGap is what Learn measured of a look whose holes are told by their
// plainness (Templates.PlainHole): the largest spread of a hole's kind
// crop and the least of any other cell's, in grey levels, on the pictures
// it learnt from, at every scale it learns at.
type PlainGap struct {
	Holes  float64 `json:"holes"`
	Others float64 `json:"others"`
}

//go:embed templates/classic.json
var classicJSON []byte

// Builtin returns the templates for the clone's classic look.
func Builtin() (*Templates, error) {
	t, err := parseTemplates("built-in classic templates", classicJSON)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// MaxTemplatesSize bounds a template file: a full set is about 60 kB, and
// a larger file is refused before it is decoded.
const MaxTemplatesSize = 4 << 20

// TemplatesVersion is the version of the template file format this hexiom
// reads and writes. A file with no version is version 1 (the sets saved
// before the field was added, and the built-in one); another version is
// refused, naming it.
const TemplatesVersion = 1

// templatesFile is a template file: the version, then the set's fields.
type templatesFile struct {
	Version int `json:"version"`
	*Templates
}

// LoadTemplates reads a template set saved by Save (hexiom learn): at most
// MaxTemplatesSize bytes, of the format TemplatesVersion.
func LoadTemplates(path string) (*Templates, error) {
	data, err := safefile.ReadLimited(path, MaxTemplatesSize)
	if errors.Is(err, safefile.ErrTooLarge) {
		return nil, fmt.Errorf("load templates: %w: not a template set", err)
	}
	if err != nil {
		return nil, fmt.Errorf("load templates: %w", err)
	}
	return parseTemplates(path, data)
}

func parseTemplates(name string, data []byte) (*Templates, error) {
	var v struct {
		Version *json.Number `json:"version"`
	}
	if json.Unmarshal(data, &v) == nil { // not JSON: the decoding below says so
		version := json.Number("1") // no version: the format before the field
		if v.Version != nil {
			version = *v.Version
		}
		if n, err := version.Int64(); err != nil || n != TemplatesVersion {
			return nil, fmt.Errorf("%s: template file version %s: this hexiom reads version %d; learn the set again (hexiom learn -new)", name, version, TemplatesVersion)
		}
	}
	var t Templates
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&templatesFile{Templates: &t}); err != nil {
		return nil, fmt.Errorf("%s: not a template set: %w", name, safefile.Clip(err, 200))
	}
	if err := t.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w; learn the set again (hexiom learn -new)", name, err)
	}
	return &t, nil
}

// Validate checks a set before it is used: every template present has the
// shape its class needs, N ≥ 1 and grey levels in 0..255 (no NaN or
// infinity); tiles' and digits' templates are not flat; the set holds at
// least two kinds and one digit; and the margins Learn measured between its
// classes (Sep) hold (Separation.check). A class absent (null) is one the set never learnt: cells that look
// like it are doubtful (see Read).
func (t *Templates) Validate() error {
	nk, nd := 0, 0
	for k, s := range t.Kinds {
		if s == nil {
			continue
		}
		nk++
		if err := s.check(prep.KindSz, prep.KindSz, prep.KindC); err != nil {
			return fmt.Errorf("%s template: %w", Kind(k), err)
		}
	}
	for k, alts := range t.KindAlts {
		if len(alts) > 0 && t.Kinds[k] == nil {
			return fmt.Errorf("%s: more templates and no first one", Kind(k))
		}
		for _, s := range alts {
			if s == nil {
				return fmt.Errorf("%s: a missing template among its others", Kind(k))
			}
			if err := s.check(prep.KindSz, prep.KindSz, prep.KindC); err != nil {
				return fmt.Errorf("%s template: %w", Kind(k), err)
			}
		}
	}
	for d, s := range t.Digits {
		if s == nil {
			continue
		}
		nd++
		if err := s.check(prep.DigitW, prep.DigitH, 1); err != nil {
			return fmt.Errorf("digit %d template: %w", d, err)
		}
	}
	if nk < 2 || nd < 1 {
		return fmt.Errorf("a template set needs at least two kinds of cell and one digit; this one has %d and %d", nk, nd)
	}
	if err := t.prepare(); err != nil {
		return err
	}
	for _, k := range []Kind{Movable, Locked} {
		if p := t.p.Kinds[k]; p.OK && !p.StandIn && p.Flat {
			return fmt.Errorf("%s template is flat (spread %.1f): a tile is never plain", k, p.Norm)
		}
	}
	if g := t.PlainHole; g != nil && !(g.Holes >= 0 && prep.PlainApart(g.Holes, g.Others)) {
		return fmt.Errorf("plain holes: spreads %v and %v lie too close to tell a hole by its plainness", g.Holes, g.Others)
	}
	if t.MarkGap != 0 && !(t.MarkGap >= prep.MinMarkGap && t.MarkGap < prep.MinKindGap) {
		return fmt.Errorf("mark gap %v: want 0, or %.2f up to %.2f", t.MarkGap, prep.MinMarkGap, prep.MinKindGap)
	}
	return t.Sep.check(t.MarkGap)
}

func (s *Sample) check(w, h, c int) error {
	if s.W != w || s.H != h || s.C != c || len(s.Mean) != w*h*c || s.N < 1 {
		return fmt.Errorf("shape %dx%dx%d with %d values from %d crops, want %dx%dx%d from at least one crop", s.W, s.H, s.C, len(s.Mean), s.N, w, h, c)
	}
	for i, v := range s.Mean {
		if !(v >= 0 && v <= 255) { // false for NaN too
			return fmt.Errorf("value %d is %v, outside the grey levels 0..255", i, v)
		}
	}
	return nil
}

// Save writes the set as JSON (format TemplatesVersion), through a
// temporary file renamed over path (safefile.Write), so that a crash never
// leaves half a set, and the next save removes what a killed one left.
func (t *Templates) Save(path string) error {
	data, err := json.Marshal(templatesFile{Version: TemplatesVersion, Templates: t})
	if err != nil {
		return fmt.Errorf("save templates: %w", err)
	}
	if err := safefile.WriteBytes(path, append(data, '\n')); err != nil {
		return fmt.Errorf("save templates: %w", err)
	}
	return nil
}

// Classes lists every class a template set holds, as Missing and Shows
// name them: the kinds of cell, then "digit 0" … "digit 6".
func Classes() []string {
	out := make([]string, 0, numKinds+7)
	for k := range Kind(numKinds) {
		out = append(out, k.String())
	}
	for d := range 7 {
		out = append(out, digitClass(d))
	}
	return out
}

// digitClass names the class of digit d.
func digitClass(d int) string { return fmt.Sprintf("digit %d", d) }

// Shows lists the classes (as Missing names them) that position p shows:
// the kinds of its cells and the digits of its tiles.
func Shows(p board.Position) []string {
	var kinds [numKinds]bool
	var digits [7]bool
	for _, c := range p.Cells {
		kinds[KindOf(c)] = true
		if c.Tile >= 0 && c.Tile <= 6 {
			digits[c.Tile] = true
		}
	}
	var out []string
	for k, ok := range kinds {
		if ok {
			out = append(out, Kind(k).String())
		}
	}
	for d, ok := range digits {
		if ok {
			out = append(out, digitClass(d))
		}
	}
	return out
}

// KindOf is the kind a cell of a position shows: a hole, a locked tile,
// an empty cell or a movable tile.
func KindOf(c board.Cell) Kind {
	switch {
	case c.Hole():
		return Hole
	case c.Locked():
		return Locked
	case c.Tile == board.None:
		return Empty
	}
	return Movable
}

// Missing lists the kinds and digits the set has no template for.
func (t *Templates) Missing() []string {
	var m []string
	for k, s := range t.Kinds {
		if s == nil {
			m = append(m, Kind(k).String())
		}
	}
	for d, s := range t.Digits {
		if s == nil {
			m = append(m, digitClass(d))
		}
	}
	return m
}

// The prepared forms are the reader's (vision/internal/cv), through
// prep.Of: no part of the API.
func init() {
	prep.Of = func(set any) (*prep.Prepared, error) {
		t := set.(*Templates)
		err := t.prepare()
		return &t.p, err
	}
}

// numKinds is prep.NumKinds: the prepared forms hold one template per kind.
var _ = [1]struct{}{}[numKinds-prep.NumKinds]

// flatStd is the spread (grey levels) under which a template counts as flat.
const flatStd = 3

func (t *Templates) prepare() error {
	t.once.Do(func() {
		for k, s := range t.Kinds {
			if s == nil {
				continue
			}
			p := prep.KindTemplate{OK: true}
			p.Pix, p.Mean = maskZeroMean(s.Mean)
			p.Norm = prep.StdOf(p.Pix)
			if p.Norm < flatStd {
				p.Flat = true
			}
			t.p.Kinds[k] = p
		}
		for k, alts := range t.KindAlts {
			for _, s := range alts {
				p := prep.KindTemplate{OK: true}
				p.Pix, p.Mean = maskZeroMean(s.Mean)
				p.Norm = prep.StdOf(p.Pix)
				if p.Norm < flatStd {
					continue // a flat crop correlates with nothing: the first template's flat score serves
				}
				t.p.KindAlts[k] = append(t.p.KindAlts[k], p)
			}
		}
		t.holeInner()
		for d, s := range t.Digits {
			if s == nil {
				continue
			}
			b := make([]byte, len(s.Mean))
			var sum, sq float64
			for i, v := range s.Mean {
				b[i] = byte(math.Round(math.Max(0, math.Min(255, float64(v)))))
				sum += float64(b[i])
				sq += float64(b[i]) * float64(b[i])
			}
			n := float64(len(b))
			if std := math.Sqrt(sq/n - (sum/n)*(sum/n)); std < 2*flatStd {
				t.err = fmt.Errorf("digit %d template is flat (spread %.1f): it would match anything", d, std)
				return
			}
			t.p.Digits[d] = b
		}
		t.standIns()
		for a := range t.p.Digits {
			for b := range t.p.Digits {
				if t.p.Digits[a] != nil && t.p.Digits[b] != nil {
					t.p.DigitRho[a][b] = prep.Corr(t.p.Digits[a], t.p.Digits[b])
				}
			}
		}
	})
	return t.err
}

// holeInner sets the prepared set's HoleInner: where the learnt hole
// template's inner part is plain and far from every other kind's
// (prep.HoleInner), as in a look whose holes are the plain background;
// and its HolePlain, where Learn measured the set's holes to be plainer
// than every other cell (PlainHole), as in a look whose holes are a
// background of changing colour.
func (t *Templates) holeInner() {
	h := t.Kinds[Hole]
	if h == nil {
		return
	}
	var others [][]float32
	for k, s := range t.Kinds {
		if s == nil || Kind(k) == Hole {
			continue
		}
		others = append(others, s.Mean)
		for _, a := range t.KindAlts[k] {
			others = append(others, a.Mean)
		}
	}
	t.p.HoleInner, t.p.HoleInnerOK = prep.HoleInner(h.Mean, others)
	if g := t.PlainHole; g != nil && prep.PlainApart(g.Holes, g.Others) {
		t.p.HolePlain, t.p.HolePlainOK = prep.NewPlainHole(g.Holes, g.Others, t.p.Kinds[Hole].Mean), true
	}
}

// builtinOnce parses the built-in set once, for stand-ins.
var builtinSet struct {
	once sync.Once
	t    *Templates
	err  error
}

func builtinOnce() (*Templates, error) {
	builtinSet.once.Do(func() {
		builtinSet.t, builtinSet.err = parseTemplates("built-in classic templates", classicJSON)
	})
	return builtinSet.t, builtinSet.err
}

// standIns fills every class the set has not learnt with the built-in
// set's template for it, marked as a stand-in: a cell that looks most like
// a stand-in (or nearly as much as like its best learnt class) may be of a
// class the set has never seen, and is doubtful (the reader's judge). Across the
// looks tried, a digit matches the built-in template of the same digit in
// another font better than any other.
func (t *Templates) standIns() {
	t.p.StandInLike = 1
	missing := false
	for k := range t.p.Kinds {
		missing = missing || !t.p.Kinds[k].OK
	}
	for d := range t.p.Digits {
		missing = missing || t.p.Digits[d] == nil
	}
	if !missing {
		return
	}
	b, err := builtinOnce()
	if err != nil {
		t.err = fmt.Errorf("the built-in set, whose templates stand in for those a set lacks: %w", err)
		return
	}
	if b == t {
		return
	}
	for k := range t.p.Kinds {
		if !t.p.Kinds[k].OK && b.p.Kinds[k].OK {
			t.p.Kinds[k] = b.p.Kinds[k]
			t.p.Kinds[k].StandIn = true
		}
	}
	lacks := false
	for d := range t.p.Digits {
		if t.p.Digits[d] == nil && b.p.Digits[d] != nil {
			t.p.Digits[d] = b.p.Digits[d]
			t.p.DigitStandIn[d] = true
			lacks = true
		}
	}
	if lacks {
		for d := range t.p.Digits {
			if !t.p.DigitStandIn[d] && t.p.Digits[d] != nil && b.p.Digits[d] != nil {
				t.p.StandInLike = math.Min(t.p.StandInLike, prep.Corr(t.p.Digits[d], b.p.Digits[d]))
			}
		}
	}
}

// maskZeroMean returns a copy of the kind crop v (prep.KindC channels) with each
// channel's mean within prep.KindMask subtracted and every pixel outside the mask
// set to 0, and those means.
func maskZeroMean(v []float32) ([]float32, [prep.KindC]float32) {
	out := append([]float32(nil), v...)
	_, mean := prep.ZeroMean(out)
	return out, mean
}

// StandInLikeness is how much the set's learnt digits resemble the
// built-in ones that stand in for the digits it lacks (1 when it lacks
// none): below what Read takes, no tile is read until every
// digit is learnt.
func (t *Templates) StandInLikeness() float64 {
	if t.prepare() != nil {
		return 0
	}
	return t.p.StandInLike
}

// StandInsFail says whether the built-in digits cannot stand in for those
// the set lacks: its learnt digits are unlike them (StandInLikeness below
// what Read takes), so until the set has learnt every digit, no tile is
// read.
func (t *Templates) StandInsFail() bool {
	return t.StandInLikeness() < prep.MinStandInLikeness
}
