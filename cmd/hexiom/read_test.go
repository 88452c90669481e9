package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/internal/tier"
)

const fixtures = "../../vision/testdata"

// fixtureArgs writes the fixture's calibration to a file and returns the
// flags that read its PNG as the screen, and its truth.
func fixtureArgs(t *testing.T, name string) ([]string, string) {
	t.Helper()
	base := filepath.Join(fixtures, name)
	data, err := os.ReadFile(base + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Area   json.RawMessage `json:"area"`
		Offset [2]int          `json:"offset"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	cal := filepath.Join(t.TempDir(), "calibration.json")
	if err := os.WriteFile(cal, m.Area, 0o644); err != nil {
		t.Fatal(err)
	}
	truth, err := os.ReadFile(base + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	return []string{"-image", base + ".png", "-at", fmt.Sprintf("%d,%d", m.Offset[0], m.Offset[1]), "-calibration", cal}, string(truth)
}

func TestReadCommand(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir) // no learnt set: the built-in one
	args, truth := fixtureArgs(t, "random6-09-1920x1080")
	var out, errb strings.Builder
	debug := filepath.Join(dir, "overlay.png")
	if st := runRead(append(args, "-debug", debug), &out, &errb); st != exitOK {
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
	if st := runRead(append(args, "-o", file), &out, &errb); st != exitOK || out.Len() != 0 {
		t.Fatalf("-o: exit %d, stdout %q", st, out.String())
	}
	if got, _ := os.ReadFile(file); string(got) != truth {
		t.Fatalf("-o wrote\n%s", got)
	}
	// Bad input: clear errors, exit 2.
	errb.Reset()
	if st := runRead([]string{"-calibration", filepath.Join(dir, "nope.json")}, &out, &errb); st != exitBadUser || !strings.Contains(errb.String(), "nope.json") {
		t.Errorf("missing calibration: exit %d, %q", st, errb.String())
	}
	errb.Reset()
	if st := runRead(append(args[:4:4], "-calibration", args[5], "-at", "12"), &out, &errb); st != exitBadUser || !strings.Contains(errb.String(), "X,Y") {
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
	if st := runLearn(append(args, "-level", level), &out, &errb); st != exitOK {
		t.Fatalf("learn: exit %d: %s", st, errb.String())
	}
	if !strings.Contains(out.String(), "new set") || strings.Contains(out.String(), "not learnt yet") {
		t.Errorf("learn said %q", out.String())
	}
	for _, n := range []string{"neon-level33-800x600", "neon-random6-02-1920x1080"} {
		args, truth := fixtureArgs(t, n)
		out.Reset()
		errb.Reset()
		if st := runRead(args, &out, &errb); st != exitOK {
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
	if st := runLearn(append(other, "-level", level), &out, &errb); st != exitFailed || !strings.Contains(errb.String(), "does not show this level") {
		t.Errorf("wrong level: exit %d, %q", st, errb.String())
	}
}
