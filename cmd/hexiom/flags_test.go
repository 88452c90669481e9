package main

import (
	"encoding/json"
	"strings"
	"testing"

	"hexiom/internal/cli/clitest"
)

// TestFlagsAfterArguments: a flag after a file is honoured, in every
// command that takes files, up to a "--"; a command that takes none calls
// an argument a usage error (exit 2) wherever it stands.
func TestFlagsAfterArguments(t *testing.T) {
	level := levelsDir + "level10.txt"
	board := genBoard(t, "10", "3")
	for _, tc := range []struct {
		args []string
		code int
		want string // in stdout (exit 0) or stderr
	}{
		// honoured: the output is JSON, the -timeout is no file name
		{[]string{"solve", level, "-json"}, exitOK, `"solved":true`},
		{[]string{"solve", "-max", "points", level, "-timeout", "5s"}, exitOK, "optimal"},
		{[]string{"solve", level, "-timeout", "5s", "-json", level}, exitOK, `"solved":true`},
		{[]string{"solve", level, "-threads", "0"}, exitUsage, "-threads 0"},
		{[]string{"solve", level, "-nosuchflag"}, exitUsage, "-nosuchflag"},
		{[]string{"tantrix", "solve", board, "-json"}, exitOK, `"solved":true`},
		{[]string{"tantrix", "solve", board, "-timeout", "0s"}, exitUsage, "-timeout"},
		// after "--" everything is a file
		{[]string{"solve", level, "--", "-json"}, exitFailed, "-json"},
		// commands that take no argument
		{[]string{"read", "extra", "-o", "x.txt"}, exitUsage, `unexpected argument "extra"`},
		{[]string{"gen", "-size", "3", "extra"}, exitUsage, `unexpected argument "extra"`},
		{[]string{"tantrix", "count", "-n", "3", "extra", "-timeout", "1s"}, exitUsage, `unexpected argument "extra"`},
	} {
		var stdout, stderr strings.Builder
		code := run(tc.args, &stdout, &stderr)
		out := stderr.String()
		if tc.code == exitOK {
			out = stdout.String()
		}
		if code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("hexiom %q: exit %d, want %d with %q in: %.400s", tc.args, code, tc.code, tc.want, out)
		}
	}
	// Both files of the third case were solved, once each.
	var stdout, stderr strings.Builder
	run([]string{"solve", level, "-timeout", "5s", "-json", level}, &stdout, &stderr)
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	for _, l := range lines {
		var r map[string]any
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Errorf("not JSON: %q", l)
		}
	}
	if len(lines) != 2 {
		t.Errorf("solve L -timeout 5s -json L: %d lines, want 2: %s", len(lines), stdout.String())
	}
}

// TestFlagValuesRefused: -threads out of range, a tantrix -n out of range
// and a -timeout of zero or less are usage errors (exit 2) naming the
// flag, in every command that has them, rather than clamped or run
// (hexiom-lab's commands: its own TestFlagValuesRefused).
func TestFlagValuesRefused(t *testing.T) {
	level := levelsDir + "level10.txt"
	board := genBoard(t, "10", "3")
	type refused = clitest.Refusal
	var cases []refused
	for _, th := range []string{"-1", "0", "1000000"} {
		cases = append(cases,
			refused{Flag: "-threads", Args: []string{"solve", "-threads", th, level}},
			refused{Flag: "-threads", Args: []string{"solve", "-max", "tiles", "-threads", th, level}},
			refused{Flag: "-threads", Args: []string{"tantrix", "solve", "-threads", th, board}})
	}
	for _, to := range []string{"0", "0s", "-1s"} {
		cases = append(cases,
			refused{Flag: "-timeout", Args: []string{"solve", "-timeout", to, level}},
			refused{Flag: "-timeout", Args: []string{"tantrix", "solve", "-timeout", to, board}},
			refused{Flag: "-timeout", Args: []string{"tantrix", "count", "-n", "3", "-timeout", to}},
			refused{Flag: "-timeout", Args: []string{"calibrate", "-timeout", to}})
	}
	cases = append(cases, refused{Flag: "-n 41", Args: []string{"tantrix", "count", "-n", "41"}}, refused{Flag: "-n 2", Args: []string{"tantrix", "count", "-n", "2"}})
	// a value out of its list or range, refused before anything runs (a
	// calibration missing, a desktop started)
	for _, c := range []string{"play", "read", "learn", "calibrate"} {
		cases = append(cases, refused{Flag: "-capture", Args: []string{c, "-capture", "bogus"}})
	}
	cases = append(cases,
		refused{Flag: "-clicks", Args: []string{"calibrate", "-clicks", "bogus"}})
	binary().FlagValuesRefused(t, cases)
}
