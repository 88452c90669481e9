package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// guideIntro is what a player who double-clicked hexiom.exe reads first;
// its lines, and the choices', fit a console 80 columns wide (Wine's is; a
// line of 80 or more wraps there).
const guideIntro = `hexiom plays Hexiom by itself: it looks at the game on your screen, solves the
board and drags the tiles into place with your mouse. Keep your hands off the
mouse while it plays; move it, or push it into a corner of the screen, to stop
it.

Open the game in your browser with a board in view, then:
`

// guideSteps are the choices the guide offers, each a hexiom command line.
var guideSteps = []struct {
	key, what string
	args      []string
}{
	{"1", "calibrate: click three cells of the board when asked (once; saved)", []string{"calibrate"}},
	{"2", "play the board in view", []string{"play"}},
	{"3", "play the board in view and wait for the next ones (Ctrl-C stops)", []string{"play", "-watch"}},
	{"h", "all commands, for the command line (hexiom help)", []string{"help"}},
}

// guide is hexiom with no arguments in a console window of its own (a
// double-click in Explorer, whose console closes when the program exits): it
// says what hexiom does, offers the steps and runs the one chosen with run,
// again and again, until the player types q or closes the window (the input
// ends). It returns the exit status of the last step run (0 for none).
func guide(in io.Reader, out io.Writer, run func(args []string) int) int {
	fmt.Fprint(out, guideIntro)
	sc := bufio.NewScanner(in)
	status := 0
	for {
		for _, s := range guideSteps {
			fmt.Fprintf(out, "  %s  %s\n", s.key, s.what)
		}
		fmt.Fprint(out, "  q  quit\nYour choice, then Enter: ")
		if !sc.Scan() {
			fmt.Fprintln(out)
			return status
		}
		choice := strings.ToLower(strings.TrimSpace(sc.Text()))
		if choice == "q" || choice == "quit" {
			return status
		}
		ran := false
		for _, s := range guideSteps {
			if choice == s.key {
				fmt.Fprintf(out, "\n> hexiom %s\n", strings.Join(s.args, " "))
				status, ran = run(s.args), true
				fmt.Fprintf(out, "\n(hexiom %s ended with status %d)\n\n", strings.Join(s.args, " "), status)
			}
		}
		if !ran && choice != "" {
			fmt.Fprintf(out, "%q is not one of the choices.\n\n", choice)
		}
	}
}
