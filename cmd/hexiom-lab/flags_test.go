package main

import (
	"strings"
	"testing"
)

// TestFlagValuesRefused: -threads out of range and a -timeout of zero or
// less are usage errors (exit 2) naming the flag, in every hexiom-lab
// command that has them, rather than clamped or run; so are a -theme out
// of its list and a -zoom out of range, refused before a desktop starts.
func TestFlagValuesRefused(t *testing.T) {
	board := genBoard(t, 10, 3)
	type refused struct {
		flag string // named in the message
		args []string
	}
	var cases []refused
	for _, th := range []string{"-1", "0", "1000000"} {
		cases = append(cases,
			refused{"-threads", []string{"bench", "-levels", "none", "-random", "1", "-threads", th}},
			refused{"-threads", []string{"bench-max", "-levels", "none", "-random", "1", "-sizes", "3", "-threads", th}})
	}
	for _, to := range []string{"0", "0s", "-1s"} {
		cases = append(cases,
			refused{"-timeout", []string{"tantrix-mzn", "-timeout", to, board}},
			refused{"-timeout", []string{"bench", "-levels", "none", "-random", "1", "-timeout", to}},
			refused{"-timeout", []string{"bench-max", "-levels", "none", "-random", "1", "-sizes", "3", "-timeout", to}})
	}
	cases = append(cases,
		refused{"-theme", []string{"bench-play", "-theme", "bogus"}},
		refused{"-zoom", []string{"bench-play", "-zoom", "0"}},
		refused{"-zoom", []string{"bench-play", "-zoom", "-1"}},
		refused{"-levels", []string{"bench-play", "-levels", "0-41"}})
	for _, tc := range cases {
		var stdout, stderr strings.Builder
		code := run(tc.args, &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), tc.flag) {
			t.Errorf("hexiom-lab %q: exit %d, want %d naming %s: %.300s", tc.args, code, exitUsage, tc.flag, stderr.String())
		}
	}
}
