//go:build cgo

package cv

import (
	"hexiom/vision"
	"hexiom/vision/internal/prep"
)

// The reader's names for what it reads into (package vision's types and
// kinds) and what it reads with (prep's crop shapes and thresholds of
// doubt): the code that moved here from vision kept its words.
type (
	Reading      = vision.Reading
	CellReading  = vision.CellReading
	Templates    = vision.Templates
	Kind         = vision.Kind
	Doubt        = vision.Doubt
	DoubtError   = vision.DoubtError
	LearnError   = vision.LearnError
	Disagreement = vision.Disagreement
	Separation   = vision.Separation
	ClassSep     = vision.ClassSep
	Sample       = vision.Sample
)

// kindOf is the kind a cell of a position shows (vision.KindOf).
var kindOf = vision.KindOf

const (
	Hole    = vision.Hole
	Empty   = vision.Empty
	Movable = vision.Movable
	Locked  = vision.Locked

	numKinds = prep.NumKinds
	kindR    = prep.KindR
	kindSz   = prep.KindSz
	digitR   = prep.DigitR
	digitW   = prep.DigitW
	digitH   = prep.DigitH
	digitDY  = prep.DigitDY
	search   = prep.Search
	kindC    = prep.KindC

	minKind         = prep.MinKind
	minKindGap      = prep.MinKindGap
	minDigit        = prep.MinDigit
	minDigitGap     = prep.MinDigitGap
	minDigitMargin  = prep.MinDigitMargin
	minDigitLacking = prep.MinDigitLacking
	minBoard        = prep.MinBoard
	fitGood         = prep.FitGood
	sizeTie         = prep.SizeTie

	minStandInLikeness = prep.MinStandInLikeness
	minPairMargin      = prep.MinPairMargin
	minPairScore       = prep.MinPairScore
)

// set is a template set as the reader uses it: the set, and its forms
// prepared for matching (prep.Of).
type set struct {
	*Templates
	p *prep.Prepared
}

// newSet prepares the set t for reading.
func newSet(t *Templates) (*set, error) {
	p, err := prep.Of(t)
	if err != nil {
		return nil, err
	}
	return &set{Templates: t, p: p}, nil
}
