package prep

// KindTemplate is one kind's template prepared for matching.
type KindTemplate struct {
	OK      bool
	StandIn bool           // not learnt: the built-in set's template, to notice cells of this class
	Flat    bool           // too flat to correlate: scored by flatness and mean
	Mean    [KindC]float32 // per channel, within the mask
	Pix     []float32      // zero-mean within the mask, 0 outside
	Norm    float64        // its spread (as StdOf)
}

// Prepared is a template set (a *vision.Templates) prepared for matching:
// built from the set's samples on its first use, with every class the set
// has not learnt stood in for by the built-in set's template of it.
type Prepared struct {
	Kinds [NumKinds]KindTemplate // zero-mean within the mask
	// KindAlts are more templates of a kind (none flat), for a look whose
	// cells of one kind come in several colours (a tile's colour by its
	// state): a cell's score for the kind is its best over them all.
	KindAlts [NumKinds][]KindTemplate
	Digits   [7][]byte // rounded means, for the matcher
	// DigitStandIn[d]: Digits[d] is the built-in set's, the set never
	// learnt d
	DigitStandIn [7]bool
	// HoleInner, where HoleInnerOK: the mean of the plain inner part of
	// the set's learnt holes, far from every other kind's (HoleInner in
	// inner.go): a cell whose inner part is as plain, of that colour,
	// scores as a hole by it too.
	HoleInner   [KindC]float32
	HoleInnerOK bool
	// HolePlain, where HolePlainOK: the set's holes were measured plainer
	// than every other cell (vision.Templates.PlainHole): a cell as plain
	// scores as a hole by HolePlain.Score too.
	HolePlain   PlainHole
	HolePlainOK bool
	// DigitRho[a][b] is the correlation of digit templates a and b
	DigitRho [7][7]float64
	// StandInLike: for a set that lacks some digit, the least likeness
	// (correlation) of a learnt digit's template with the built-in one of
	// that digit (see MinStandInLikeness); 1 for a set lacking none
	StandInLike float64
}

// Of returns the prepared forms of the template set t, a *vision.Templates
// (prepared once, on first use, and kept in the set), or why the set
// cannot be prepared. Package vision sets it when it is initialised: this
// package cannot import vision, and the prepared forms are no part of
// vision's API.
var Of func(t any) (*Prepared, error)
