package main

import (
	"reflect"
	"strings"
	"testing"
)

// TestGuide: hexiom.exe double-clicked (no arguments, a console of its own)
// says what it does, offers the steps, runs each chosen, says how it ended,
// skips what is not a choice, and ends on q or when the input ends (the
// window closed), returning the last step's status.
func TestGuide(t *testing.T) {
	cases := []struct {
		input  string
		want   [][]string
		status int
	}{
		{"1\n2\nq\n", [][]string{{"calibrate"}, {"play"}}, 1},
		{"3\n", [][]string{{"play", "-watch"}}, 1},
		{"x\n\nH\nquit\n", [][]string{{"help"}}, 0},
		{"", nil, 0},
	}
	for _, c := range cases {
		var out strings.Builder
		var ran [][]string
		status := guide(strings.NewReader(c.input), &out, func(args []string) int {
			ran = append(ran, args)
			if args[0] == "help" {
				return 0
			}
			return 1
		})
		if !reflect.DeepEqual(ran, c.want) || status != c.status {
			t.Errorf("input %q: ran %v, status %d; want %v, %d", c.input, ran, status, c.want, c.status)
		}
		o := out.String()
		for _, w := range []string{"plays Hexiom by itself", "calibrate", "play the board in view", "q  quit"} {
			if !strings.Contains(o, w) {
				t.Errorf("input %q: the guide does not say %q:\n%s", c.input, w, o)
			}
		}
		if strings.Contains(c.input, "x\n") && !strings.Contains(o, `"x" is not one of the choices`) {
			t.Errorf("input %q: no word on the wrong choice:\n%s", c.input, o)
		}
		if len(c.want) > 0 && !strings.Contains(o, "ended with status") {
			t.Errorf("input %q: the guide does not say how the step ended:\n%s", c.input, o)
		}
		// an 80-column console (Wine's) wraps a line of 80 or more (the
		// player's Enter, which the console echoes, ends the prompt's line)
		for _, l := range strings.Split(strings.ReplaceAll(o, "Enter: ", "Enter:\n"), "\n") {
			if len([]rune(l)) >= 80 {
				t.Errorf("input %q: a line of %d columns: %q", c.input, len([]rune(l)), l)
			}
		}
	}
}
