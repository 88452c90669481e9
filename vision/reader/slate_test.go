//go:build cgo

package reader_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/internal/tier"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// learnSlate learns the slate look from the fixture named and returns the
// set as hexiom learn saves and every command loads it.
func learnSlate(t *testing.T, name string) *vision.Templates {
	t.Helper()
	lf := load(t, "slate/"+name)
	tpl, err := reader.Learn(nil, lf.Image, lf.Meta.Area, lf.Truth)
	if err != nil {
		t.Fatalf("learn %s: %v", name, err)
	}
	path := filepath.Join(t.TempDir(), "slate.json")
	if err := tpl.Save(path); err != nil {
		t.Fatal(err)
	}
	loaded, err := vision.LoadTemplates(path)
	if err != nil {
		t.Fatalf("a set learn accepted (%s) is refused when loaded: %v", name, err)
	}
	return loaded
}

// The slate look (issue 21): holes are the plain stage, an empty cell only
// a fill 7 grey levels darker with a 1.5 px outline, dark digits in another
// font. Learnt from one start that shows every class, at each zoom: the
// set loads (learn and load agree), hole and empty are told apart with a
// wide measured margin, and every slate fixture at every zoom is read
// exactly or refused, most of them read. A set learnt from a start that
// lacks a digit misreads none (its digits are unlike the built-in ones,
// so it cannot notice an unlearnt digit: it refuses every tile). The
// built-in classic set misreads none either.
func TestSlateGolden(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	all := inDir(t, "slate", "*", 36)
	for _, c := range []struct {
		learn   string
		minRead int
	}{{"learn-z100", 30}, {"learn-z75", 28}, {"learn-z150", 27}} {
		tpl := learnSlate(t, c.learn)
		if m := tpl.Missing(); len(m) > 0 {
			t.Fatalf("learnt from %s, the set lacks %v", c.learn, m)
		}
		e := tpl.Sep.Kinds["empty"]
		if e == nil || e.Margin["hole"] < 0.5 {
			t.Errorf("learnt from %s: an empty cell beats the hole by %v, want at least 0.5 (%v)", c.learn, e, tpl.Sep)
		}
		read, refused := readAll(t, tpl, "slate/*")
		t.Logf("learnt from %s: %d of %d slate fixtures read exactly, %d refused", c.learn, read, len(all), refused)
		if read < c.minRead {
			t.Errorf("learnt from %s: %d of %d slate fixtures read, want at least %d", c.learn, read, len(all), c.minRead)
		}
	}
	lacking := learnSlate(t, "random6-01-z100")
	if m := lacking.Missing(); len(m) != 1 || m[0] != "digit 0" {
		t.Fatalf("random6-01 should lack only the 0, the set lacks %v", lacking.Missing())
	}
	read, refused := readAll(t, lacking, "slate/*")
	t.Logf("learnt from random6-01-z100 (no 0): %d read, %d refused", read, refused)
	f := load(t, "slate/level10-z100")
	_, err := readFixture(f, lacking) // (readAll read it)
	var de *vision.DoubtError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "unlike the built-in") {
		t.Errorf("level 10 (two 0s) with a set that never learnt 0: %v, want the tiles refused as unnoticeable", err)
	}
	read, refused = readAll(t, builtin(t), "slate/*")
	t.Logf("built-in classic set: %d slate fixtures read exactly, %d refused", read, refused)
}

// A margin Learn measured within what Read needs is refused when the set
// is loaded, naming the two classes, the margin and what to show instead;
// the same set with its measured margins loads.
func TestSeparationRefused(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := learnSlate(t, "learn-z100")
	data, err := json.Marshal(tpl)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	raw["separation"].(map[string]any)["kinds"].(map[string]any)["empty"].(map[string]any)["margin"].(map[string]any)["hole"] = 0.04
	bad, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = vision.LoadTemplates(path)
	var se *vision.SeparationError
	if !errors.As(err, &se) || se.Class != "empty" || se.Other != "hole" || se.Margin != 0.04 {
		t.Fatalf("a set whose empty cells beat the hole by 0.04: %v, want a SeparationError naming them", err)
	}
	for _, want := range []string{"empty and hole cannot be told apart", "0.04", "larger zoom"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal %q does not say %q", err, want)
		}
	}
}
