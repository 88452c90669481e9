package prep

// Thresholds of doubt (applied by the reader, vision/internal/cv, in its
// judge). A cell is read only when its best kind is one the set learnt,
// scores at least MinKind and beats the second best by MinKindGap, and,
// for a tile, its best digit is one the set learnt, scores at least
// MinDigit (MinDigitLacking when the set lacks some digit) and beats the
// second by MinDigitGap. A flat template (a hole: plain board) scores a
// crop by its flatness and by how near its mean is (flatScore).
const (
	MinKind    = 0.75
	MinKindGap = 0.10
	// MinMarkGap is the least gap a set may need between a tile's movable
	// and locked scores where they differ only by a small mark
	// (Templates.MarkGap, learnt): below it a pixel's rendering would
	// decide the kind.
	MinMarkGap  = 0.03
	MinDigit    = 0.75
	MinDigitGap = 0.08
	// MinDigitMargin: a digit closer than MinDigitGap to the runner-up is
	// still read when it scores at least MinDigitLacking and lies this far
	// from the runner-up's template towards its own (digitMargin). In the
	// flash look (FreeSans, where 5 and 6 correlate at 0.87–0.91) true 5s
	// and 6s read at another zoom lie 0.36–0.6 of the way.
	MinDigitMargin = 0.3
	// MinDigitLacking is MinDigit for a set that has not learnt every
	// digit: in the looks tried, a digit scores up to 0.85 against another
	// digit's template of the same font, and 0.85 and more against its own.
	MinDigitLacking = 0.88
	// MinBoard is the least mean kind score of a board size's cells for a
	// board of that size to be in view at all.
	MinBoard = 0.55
	// FitGood is the mean kind score of the best size's cells under which
	// the reader measures the pitch (searchPitch) instead of taking the
	// calibration's.
	FitGood = 0.90
	// SizeTie: a larger size whose mean kind score is within SizeTie of
	// the best wins (a size-3 board matches the size-2 lattice as well).
	SizeTie = 0.08
)

// MinStandInLikeness is how much a set's learnt digits must resemble the
// built-in set's digits (the correlation of each learnt template with the
// built-in one of the same digit, the least of them) for the built-in
// digits to stand in for those it lacks. Across the looks tried, a look
// whose digits are light on the tile like the clone's resembles it at 0.65
// and more (flash: 0.65–0.90); one with dark digits at −0.56 or less
// (slate), and its unlearnt digits then score up to 0.93 against its
// learnt templates, as high as its learnt digits do (0.84 and more).
const MinStandInLikeness = 0.5

// The pair check (vision/internal/cv, pair.go) reads a tile whose two best
// digits scored too close against the picture's own tiles of either digit;
// what it must find:
const (
	// MinPairMargin is how far (as digitMargin measures it, 1 a perfect
	// match) a tile must lie from the picture's runner-up digit towards
	// its best for the pair check to read it. Right digits lie 0.43 and
	// more of the way from any other, wrong ones −0.43 or less from the
	// right one (TestPairCheckNeverFlips).
	MinPairMargin = 0.2
	// MinPairScore is the least correlation of the tile with the
	// picture's template of its digit. Over the flash fixtures (every
	// zoom) and classic ones, a tile scores 0.98 or more against the
	// picture's own tiles of its digit, and 0.93 or less against those of
	// any other (TestPairCheckNeverFlips).
	MinPairScore = 0.955
)
