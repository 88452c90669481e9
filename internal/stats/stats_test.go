package stats

import (
	"testing"
	"time"
)

func TestMedianPercentileMax(t *testing.T) {
	for _, tc := range []struct {
		xs          []float64
		med, p99, m float64
	}{
		{nil, 0, 0, 0},
		{[]float64{3}, 3, 3, 3},
		{[]float64{4, 1}, 2.5, 4, 4},
		{[]float64{5, 1, 3}, 3, 5, 5},
		{[]float64{9, 2, 7, 4}, 5.5, 9, 9},
	} {
		in := append([]float64(nil), tc.xs...)
		if got := Median(tc.xs); got != tc.med {
			t.Errorf("Median(%v) = %v, want %v", tc.xs, got, tc.med)
		}
		if got := Percentile(tc.xs, 99); got != tc.p99 {
			t.Errorf("Percentile(%v, 99) = %v, want %v", tc.xs, got, tc.p99)
		}
		if got := Max(tc.xs); got != tc.m {
			t.Errorf("Max(%v) = %v, want %v", tc.xs, got, tc.m)
		}
		for i := range in {
			if in[i] != tc.xs[i] {
				t.Fatalf("%v changed to %v", in, tc.xs)
			}
		}
	}
	// 1000 values 1..1000: p99 is the 991st, p50 the 501st.
	var ds []time.Duration
	for i := 1000; i >= 1; i-- {
		ds = append(ds, time.Duration(i))
	}
	if p := Percentile(ds, 99); p != 991 {
		t.Errorf("p99 of 1..1000 = %d", p)
	}
	if m := Median(ds); m != 500 { // (500+501)/2 in integer nanoseconds
		t.Errorf("median of 1..1000 = %d", m)
	}
}
