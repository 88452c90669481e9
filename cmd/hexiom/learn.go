package main

// hexiom learn teaches the bot another look of the game: with a known level
// on screen at its start, it averages every cell's crop into a template set
// (merging with the set saved before) and saves it where hexiom read and
// hexiom play find it.
//
//	hexiom learn -level level10.txt           # the screen shows level 10 at its start
//	hexiom learn -level level33.txt -image shot.png -at 0,0
//	hexiom learn -level l.txt -new -o mylook.json

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"hexiom/board"
	"hexiom/capture"
	"hexiom/vision"
)

func init() {
	register(command{
		name:  "learn",
		usage: "learn -level FILE [-o FILE] [-new] [-image PNG [-at X,Y]] [-calibration FILE] [-capture x11|portable]",
		short: "learn templates from a screen showing a known level at its start",
		run:   runLearn,
	})
}

func runLearn(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("learn", stderr)
	levelPath := fs.String("level", "", "the level `FILE` (level text format) the screen shows, at its start")
	out := fs.String("o", "", "template set `FILE` to extend and save (default: the user's set, see hexiom read)")
	fresh := fs.Bool("new", false, "start a new set instead of merging into the saved one")
	imgPath := fs.String("image", "", "learn from this screenshot `PNG` instead of the screen")
	at := fs.String("at", "0,0", "screen point `X,Y` of the -image's top-left pixel")
	calPath := fs.String("calibration", "", "calibration `FILE` (default: the one hexiom calibrate saved)")
	via := fs.String("capture", capture.Default, "how to capture the screen: `x11` (X11 only, fast) or portable")
	if st := parseFlags(fs, args); st >= 0 {
		return st
	}
	if *levelPath == "" || fs.NArg() > 0 {
		fs.Usage()
		return exitBadUser
	}
	data, err := os.ReadFile(*levelPath)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom learn:", err)
		return exitBadUser
	}
	truth, err := board.Parse(*levelPath, data)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom learn:", err)
		return exitBadUser
	}
	area, err := loadArea(*calPath)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom learn:", err)
		return exitBadUser
	}
	path := *out
	if path == "" {
		if path, err = vision.TemplatesPath(); err != nil {
			fmt.Fprintln(stderr, "hexiom learn:", err)
			return exitFailed
		}
	}
	var into *vision.Templates
	if _, err := os.Stat(path); err == nil && !*fresh {
		if into, err = vision.LoadTemplates(path); err != nil {
			fmt.Fprintf(stderr, "hexiom learn: %v (use -new to start a new set)\n", err)
			return exitBadUser
		}
	}
	img, err := grab(*imgPath, *at, *via, area)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom learn:", err)
		return exitBadUser
	}
	t, err := vision.Learn(into, img, area, truth)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom learn:", err)
		return exitFailed
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		fmt.Fprintln(stderr, "hexiom learn:", err)
		return exitFailed
	}
	if err := t.Save(path); err != nil {
		fmt.Fprintln(stderr, "hexiom learn:", err)
		return exitFailed
	}
	verb := "new set"
	if into != nil {
		verb = "merged into the set"
	}
	fmt.Fprintf(stdout, "learnt the %d cells of a size-%d board (%s) into %s\n", len(truth.Cells), truth.Size, verb, path)
	if m := t.Missing(); len(m) > 0 {
		fmt.Fprintf(stdout, "not learnt yet: %s; learn a level that shows them to read them\n", strings.Join(m, ", "))
	}
	return exitOK
}
