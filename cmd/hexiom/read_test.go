package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/calibration"
	"hexiom/internal/fixture"
	"hexiom/internal/tier"
	"hexiom/vision"
)

const fixtures = "../../vision/testdata"

// fixtureArgs writes the fixture's calibration to a file and returns the
// flags that read its PNG as the screen, and its truth.
func fixtureArgs(t *testing.T, name string) ([]string, string) {
	t.Helper()
	f, err := fixture.Load(fixtures, name)
	if err != nil {
		t.Fatal(err)
	}
	cal := filepath.Join(t.TempDir(), "calibration.json")
	if err := calibration.SaveFile(cal, f.Meta.Area); err != nil {
		t.Fatal(err)
	}
	at := fmt.Sprintf("%d,%d", f.Meta.Offset[0], f.Meta.Offset[1])
	return []string{"-image", f.PNG(), "-at", at, "-calibration", cal}, f.Truth.String()
}

func TestReadCommand(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir) // no learnt set: the built-in one
	args, truth := fixtureArgs(t, "random6-09-1920x1080")
	var out, errb strings.Builder
	debug := filepath.Join(dir, "overlay.png")
	if st := runAs("read", append(args, "-debug", debug), &out, &errb); st != exitOK {
		t.Fatalf("exit %d: %s", st, errb.String())
	}
	if out.String() != truth {
		t.Fatalf("printed\n%s\nwant\n%s", out.String(), truth)
	}
	if !strings.Contains(errb.String(), "size-6 board") || !strings.Contains(errb.String(), "built-in") {
		t.Errorf("summary: %q", errb.String())
	}
	if st, err := os.Stat(debug); err != nil || st.Size() == 0 {
		t.Fatalf("overlay: %v", err)
	}
	// -o writes the file instead.
	file := filepath.Join(dir, "board.txt")
	out.Reset()
	if st := runAs("read", append(args, "-o", file), &out, &errb); st != exitOK || out.Len() != 0 {
		t.Fatalf("-o: exit %d, stdout %q", st, out.String())
	}
	if got, _ := os.ReadFile(file); string(got) != truth {
		t.Fatalf("-o wrote\n%s", got)
	}
	// Bad input: clear errors, exit 2.
	errb.Reset()
	if st := runAs("read", []string{"-calibration", filepath.Join(dir, "nope.json")}, &out, &errb); st != exitFailed || !strings.Contains(errb.String(), "nope.json") {
		t.Errorf("missing calibration: exit %d, %q", st, errb.String())
	}
	errb.Reset()
	if st := runAs("read", append(args[:4:4], "-calibration", args[5], "-at", "12"), &out, &errb); st != exitUsage || !strings.Contains(errb.String(), "X,Y") {
		t.Errorf("bad -at: exit %d, %q", st, errb.String())
	}
}

// hexiom learn on a neon board, then hexiom read of other neon boards with
// the learnt set (the default set once learnt).
func TestLearnThenReadNeon(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	args, truth := fixtureArgs(t, "neon-learn-1280x800")
	level := filepath.Join(dir, "level.txt")
	if err := os.WriteFile(level, []byte(truth), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	if st := runAs("learn", append(args, "-level", level), &out, &errb); st != exitOK {
		t.Fatalf("learn: exit %d: %s", st, errb.String())
	}
	if !strings.Contains(out.String(), "new set") || strings.Contains(out.String(), "not learnt yet") {
		t.Errorf("learn said %q", out.String())
	}
	for _, n := range []string{"neon-level33-800x600", "neon-random6-02-1920x1080"} {
		args, truth := fixtureArgs(t, n)
		out.Reset()
		errb.Reset()
		if st := runAs("read", args, &out, &errb); st != exitOK {
			t.Fatalf("%s: exit %d: %s", n, st, errb.String())
		}
		if out.String() != truth {
			t.Fatalf("%s: printed\n%s\nwant\n%s", n, out.String(), truth)
		}
		if !strings.Contains(errb.String(), filepath.Join(dir, "hexiom", "templates.json")) {
			t.Errorf("%s: did not use the learnt set: %s", n, errb.String())
		}
	}
	// Learning from a picture that shows another level fails and says so.
	other, _ := fixtureArgs(t, "neon-level10-1280x800")
	errb.Reset()
	if st := runAs("learn", append(other, "-level", level), &out, &errb); st != exitFailed || !strings.Contains(errb.String(), "does not show this level") {
		t.Errorf("wrong level: exit %d, %q", st, errb.String())
	}
}

// hexiom learn -level N takes official level N from the embedded levels;
// it says what the set still lacks and which official levels show it, and
// a second learn on another board adds to the set.
func TestLearnOfficialLevelAndAdd(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("TMPDIR", t.TempDir())               // the refusal's debug picture
	args, _ := fixtureArgs(t, "level12-1280x800") // digits 1 3 4, no hole, no lock
	var out, errb strings.Builder
	if st := runAs("learn", append(args, "-level", "12"), &out, &errb); st != exitOK {
		t.Fatalf("learn: exit %d: %s", st, errb.String())
	}
	for _, want := range []string{"official level 12", "new set", "not learnt yet: hole, locked, digit 0, digit 2, digit 5, digit 6", "hexiom learn -level "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("learn said %q, want %q in it", out.String(), want)
		}
	}
	// The levels it suggests do show what is missing.
	suggested := regexp.MustCompile(`learn -level (\d+)`).FindAllStringSubmatch(out.String(), -1)
	if len(suggested) == 0 {
		t.Fatalf("no level suggested: %s", out.String())
	}
	shown := map[string]bool{}
	for _, m := range suggested {
		n, _ := strconv.Atoi(m[1])
		p, err := board.Level(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range vision.Shows(p) {
			shown[c] = true
		}
	}
	for _, c := range []string{"hole", "locked", "digit 0", "digit 2", "digit 5", "digit 6"} {
		if !shown[c] {
			t.Errorf("the levels suggested (%v) do not show %s", suggested, c)
		}
	}
	// read with what was learnt refuses a board with what it lacks, and
	// says which set it used.
	rargs, _ := fixtureArgs(t, "random6-03-1280x800")
	out.Reset()
	errb.Reset()
	if st := runAs("read", rargs, &out, &errb); st != exitFailed || out.Len() != 0 {
		t.Fatalf("read with a set lacking holes, locks and digits: exit %d, printed %q", st, out.String())
	}
	if !strings.Contains(errb.String(), "templates: the learnt set "+filepath.Join(dir, "hexiom", "templates.json")) || !strings.Contains(errb.String(), "not learnt: hole") {
		t.Errorf("read did not say which set it used: %s", errb.String())
	}
	// A second learn, on level 39 (holes, locks, digits 2–6), adds to it.
	args39, _ := fixtureArgs(t, "level39-800x600")
	out.Reset()
	errb.Reset()
	if st := runAs("learn", append(args39, "-level", "39"), &out, &errb); st != exitOK {
		t.Fatalf("second learn: exit %d: %s", st, errb.String())
	}
	if !strings.Contains(out.String(), "added to the set") || !strings.Contains(out.String(), "not learnt yet: digit 0;") {
		t.Errorf("second learn said %q", out.String())
	}
	if !strings.Contains(out.String(), "learn -level 7") && !strings.Contains(out.String(), "learn -level 10") && !strings.Contains(out.String(), "learn -level 16") && !strings.Contains(out.String(), "learn -level 23") {
		t.Errorf("no level with a 0 suggested: %s", out.String())
	}
	// Learning with the wrong level named fails and names the cells.
	out.Reset()
	errb.Reset()
	if st := runAs("learn", append(args39, "-level", "38"), &out, &errb); st == exitOK {
		t.Fatal("learnt level 38 from a picture of level 39")
	}
	if st := runAs("learn", append(args, "-level", "13"), &out, &errb); st != exitFailed || !strings.Contains(errb.String(), "does not show this level") || !regexp.MustCompile(`cell \d+ \(row \d+, column \d+\): the level has`).MatchString(errb.String()) || !regexp.MustCompile(`see \S+hexiom-learn-\S+\.png`).MatchString(errb.String()) {
		t.Errorf("wrong level: exit %d, %q", st, errb.String())
	}
	// Bad -level values: exit 2 for a level number out of range, 1 for a
	// file that is not there.
	for bad, want := range map[string]int{"41": exitUsage, "0": exitUsage, filepath.Join(dir, "nope.txt"): exitFailed} {
		errb.Reset()
		if st := runAs("learn", append(args, "-level", bad), &out, &errb); st != want {
			t.Errorf("-level %s: exit %d, want %d: %q", bad, st, want, errb.String())
		}
	}
}

// A corrupt template set is refused on load with a clear error, by every
// command, before anything is read (issue 13 item 4).
func TestCorruptTemplatesRefused(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	args, _ := fixtureArgs(t, "random6-09-1920x1080")
	good, err := vision.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	flat := func(v float32) string {
		c := *good.Kinds[vision.Empty]
		c.Mean = make([]float32, len(c.Mean))
		for i := range c.Mean {
			c.Mean[i] = v
		}
		t2 := vision.Templates{Name: "x", Kinds: good.Kinds, Digits: good.Digits}
		t2.Kinds[vision.Empty] = &c
		b, err := json.Marshal(&t2)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	noKinds := vision.Templates{Name: "x", Digits: good.Digits}
	nk, _ := json.Marshal(&noKinds)
	for _, c := range []struct{ name, body, want string }{
		{"null", "null", "at least two kinds"},
		{"empty object", "{}", "at least two kinds"},
		{"no kinds", string(nk), "at least two kinds"},
		{"huge values", flat(1e38), "outside the grey levels"},
		{"negative values", flat(-1), "outside the grey levels"},
		{"bad shape", `{"name":"x","kinds":[{"w":3,"h":3,"c":2,"n":1,"mean":[1,2]},null,null,null],"digits":[null,null,null,null,null,null,null]}`, "shape"},
		{"not JSON", "{", "not a template set"},
	} {
		if c.want == "" {
			continue
		}
		p := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb strings.Builder
		if st := runAs("read", append(args, "-templates", p), &out, &errb); st != exitFailed || out.Len() != 0 || !strings.Contains(errb.String(), c.want) || !strings.Contains(errb.String(), "bad.json") {
			t.Errorf("%s: exit %d, printed %q, said %q; want exit 2 and %q", c.name, st, out.String(), errb.String(), c.want)
		}
	}
	// A flat movable-tile template is refused too.
	mv := *good.Kinds[vision.Movable]
	mv.Mean = make([]float32, len(mv.Mean))
	t3 := vision.Templates{Name: "x", Kinds: good.Kinds, Digits: good.Digits}
	t3.Kinds[vision.Movable] = &mv
	if err := t3.Validate(); err == nil || !strings.Contains(err.Error(), "flat") {
		t.Errorf("flat movable template: %v", err)
	}
}

// A refused read still shows what it saw: hexiom read writes the debug
// picture into the temporary folder (or where -debug says) and names it;
// so does calibrate's check. Vision itself writes nothing.
func TestRefusalWritesPicture(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // the built-in (classic) set
	// A neon size-3 board: the classic set refuses it (not sure of the size).
	const name = "neon-level10-1280x800"
	args, _ := fixtureArgs(t, name)
	var out, errb strings.Builder
	if st := runAs("read", args, &out, &errb); st != exitFailed || out.Len() != 0 {
		t.Fatalf("exit %d, printed %q: %s", st, out.String(), errb.String())
	}
	seen := regexp.MustCompile(`hexiom read: see (\S+\.png)`).FindStringSubmatch(errb.String())
	if seen == nil || filepath.Dir(seen[1]) != tmp {
		t.Fatalf("no debug picture named in the temporary folder: %s", errb.String())
	}
	if st, err := os.Stat(seen[1]); err != nil || st.Size() == 0 {
		t.Fatalf("debug picture: %v", err)
	}
	// With -debug, there and only there.
	debug := filepath.Join(t.TempDir(), "refused.png")
	errb.Reset()
	if st := runAs("read", append(args, "-debug", debug), &out, &errb); st != exitFailed || !strings.Contains(errb.String(), "see "+debug) {
		t.Fatalf("-debug: exit %d: %s", st, errb.String())
	}
	if st, err := os.Stat(debug); err != nil || st.Size() == 0 {
		t.Fatalf("-debug picture: %v", err)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 1 {
		t.Errorf("%d files in the temporary folder, want the first read's picture only", len(ents))
	}
	// calibrate's check of the same screen.
	f, err := fixture.Load(fixtures, name)
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := vision.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	err = checkImage(&out, f.Image, f.Meta.Area, tpl)
	pic := regexp.MustCompile(`debug picture (\S+\.png)`).FindStringSubmatch(fmt.Sprint(err))
	if err == nil || pic == nil || filepath.Dir(pic[1]) != tmp {
		t.Fatalf("calibrate's check: %v", err)
	}
	if st, err := os.Stat(pic[1]); err != nil || st.Size() == 0 {
		t.Fatalf("calibrate's debug picture: %v", err)
	}
}
