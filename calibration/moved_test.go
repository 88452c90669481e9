package calibration

import (
	"path/filepath"
	"testing"
)

func TestMoved(t *testing.T) {
	a := Area{Left: 334, Top: 105, Side: 732}
	for _, c := range []struct {
		b    Area
		want string
	}{
		{a.Shift(137, 61), "the game moved by (+137, +61)"},
		{a.Shift(-90, 240), "the game moved by (-90, +240)"},
		{a.Shift(0, -300), "the game moved by (+0, -300)"},
		{Area{Left: 326.6, Top: 75.1, Side: 601.8}, "the game's scale changed (side 732 → 602 px) and it moved by (-73, -95)"},
	} {
		if got := Moved(a, c.b); got != c.want {
			t.Errorf("Moved(%v, %v) = %q, want %q", a, c.b, got, c.want)
		}
	}
}

func TestWhere(t *testing.T) {
	if p, err := Where("x/cal.json"); err != nil || p != "x/cal.json" {
		t.Errorf("Where(file) = %q, %v", p, err)
	}
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	p, err := Where("")
	want, _ := Path()
	if err != nil || p != want || filepath.Base(p) != "calibration.json" {
		t.Errorf("Where(\"\") = %q, %v; want %q", p, err, want)
	}
}
