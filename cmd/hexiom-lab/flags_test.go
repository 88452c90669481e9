package main

import (
	"testing"

	"hexiom/internal/cli/clitest"
)

// TestFlagValuesRefused: -threads out of range and a -timeout of zero or
// less are usage errors (exit 2) naming the flag, in every hexiom-lab
// command that has them, rather than clamped or run; so are a -theme out
// of its list, a -zoom out of range and a bench-play with nothing to play
// (-n below 0, or 0 without -levels), refused before a desktop starts.
func TestFlagValuesRefused(t *testing.T) {
	board := genBoard(t, 10, 3)
	type refused = clitest.Refusal
	var cases []refused
	for _, th := range []string{"-1", "0", "1000000"} {
		cases = append(cases,
			refused{Flag: "-threads", Args: []string{"bench", "-levels", "none", "-random", "1", "-threads", th}},
			refused{Flag: "-threads", Args: []string{"bench-max", "-levels", "none", "-random", "1", "-sizes", "3", "-threads", th}})
	}
	for _, to := range []string{"0", "0s", "-1s"} {
		cases = append(cases,
			refused{Flag: "-timeout", Args: []string{"tantrix-mzn", "-timeout", to, board}},
			refused{Flag: "-timeout", Args: []string{"bench", "-levels", "none", "-random", "1", "-timeout", to}},
			refused{Flag: "-timeout", Args: []string{"bench-max", "-levels", "none", "-random", "1", "-sizes", "3", "-timeout", to}})
	}
	cases = append(cases,
		refused{Flag: "-theme", Args: []string{"bench-play", "-theme", "bogus"}},
		refused{Flag: "-zoom", Args: []string{"bench-play", "-zoom", "0"}},
		refused{Flag: "-zoom", Args: []string{"bench-play", "-zoom", "-1"}},
		refused{Flag: "-levels", Args: []string{"bench-play", "-levels", "0-41"}},
		refused{Flag: "hexiom-lab bench-play: -n -3: want 0 or more random challenges", Args: []string{"bench-play", "-n", "-3"}},
		refused{Flag: "hexiom-lab bench-play: -n 0 and no -levels: nothing to play", Args: []string{"bench-play", "-n", "0"}})
	binary().FlagValuesRefused(t, cases)
}
