// Package stats is the one home of the order statistics the benchmarks
// print: the median, percentiles and the maximum of a sample.
package stats

import (
	"cmp"
	"slices"
)

// Number is what the statistics are taken of: counts, times, durations.
type Number interface {
	~int | ~int32 | ~int64 | ~float64
}

// Median returns the middle value of xs, the mean of the two middle ones
// when there is an even number of them, and 0 for none. xs is not changed.
func Median[T Number](xs []T) T {
	if len(xs) == 0 {
		return 0
	}
	s := sorted(xs)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return s[n/2-1] + (s[n/2]-s[n/2-1])/2
}

// Percentile returns the value below which p per cent of xs lie (the
// nearest rank from the top: element ⌊n·p/100⌋ of xs sorted, at most the
// last), and 0 for none. xs is not changed.
func Percentile[T cmp.Ordered](xs []T, p int) T {
	var zero T
	if len(xs) == 0 {
		return zero
	}
	s := sorted(xs)
	return s[min(len(s)-1, len(s)*p/100)]
}

// Max returns the largest value of xs, and 0 for none.
func Max[T cmp.Ordered](xs []T) T {
	var zero T
	if len(xs) == 0 {
		return zero
	}
	return slices.Max(xs)
}

func sorted[T cmp.Ordered](xs []T) []T {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s
}
