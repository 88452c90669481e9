package calibration

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoadFile: any calibration file either fails to load with an error, or
// gives an area that passes Valid, has a sane pixel rectangle and finite
// cell centres for every size, and saves and loads back the same.
func FuzzLoadFile(f *testing.F) {
	for _, s := range []string{
		`{"left": 487.5, "top": 114, "side": 846, "method": "clicks", "when": "2026-01-01T00:00:00Z"}`,
		`{"left":1e300,"top":0,"side":400}`, `{"left":0,"top":0,"side":1e300}`, `{"left":0,"top":0,"side":3}`,
		`{"left":-1e-300,"top":-399.99,"side":400}`, `{"left":32766,"top":32766,"side":40}`,
		`null`, `{}`, `[]`, `{"side":"400"}`, `{"left":0,"top":0,"side":400,"when":"yesterday"}`, "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		p := filepath.Join(dir, "calibration.json")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		a, err := LoadFile(p)
		if err != nil {
			if len(err.Error()) > 1000 {
				t.Fatalf("a %d-byte error", len(err.Error()))
			}
			return
		}
		if err := a.Valid(); err != nil {
			t.Fatalf("loaded an area Valid refuses: %+v: %v", a, err)
		}
		r := a.Rect()
		if r.Dx() <= 0 || r.Dx() > MaxCoord+2 || r.Dy() > MaxCoord+2 || r.Max.X > 2*MaxCoord+2 || r.Min.X < -MaxCoord-1 {
			t.Fatalf("area %+v: pixel rectangle %v", a, r)
		}
		for s := 2; s <= 6; s++ {
			for i, c := range a.Cells(s) {
				if math.IsNaN(c.X) || math.IsInf(c.X, 0) || math.IsNaN(c.Y) || math.IsInf(c.Y, 0) {
					t.Fatalf("area %+v: cell %d of size %d at %v", a, i, s, c)
				}
			}
		}
		q := filepath.Join(dir, "again.json")
		if err := SaveFile(q, a); err != nil {
			t.Fatalf("a loaded area does not save: %v", err)
		}
		b, err := LoadFile(q)
		if err != nil || b.Left != a.Left || b.Top != a.Top || b.Side != a.Side {
			t.Fatalf("saved %+v, loaded back %+v, %v", a, b, err)
		}
	})
}
