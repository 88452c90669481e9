package main

// hexiom learn teaches the bot another look of the game: with a known level
// on screen at its start, it averages every cell's crop into a template set
// (adding to the set saved before) and saves it where every command finds it.
// It then says what the set still lacks and which official level shows it.
// From the screen it takes the board at rest (unchanged for 200 ms, so never
// a board still fading in), as hexiom read does.
//
//	hexiom learn -level 12                    # the screen shows official level 12 at its start
//	hexiom learn -level mylevel.txt           # a level file (level text format)
//	hexiom learn -level 33 -image shot.png -at 0,0
//	hexiom learn -level 10 -new -o mylook.json

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"hexiom/board"
	"hexiom/internal/cli"
	"hexiom/levels"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// learnCommand is `hexiom learn` (main.go lists the commands).
var learnCommand = cli.Command{
	Name:  "learn",
	Usage: "learn -level N|FILE [-o FILE] [-new] [-image PNG [-at X,Y]] [-calibration FILE] [-capture x11|portable] [-xwayland]",
	Short: "learn templates from a screen showing a known level at its start",
	Run:   runLearn,
}

func runLearn(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("learn", stderr)
	levelArg := fs.String("level", "", "the level the screen shows at its start: official level `N` (1–40) or a level FILE")
	out := fs.String("o", "", "template set `FILE` to add to and save (default: the user's set, which every command uses)")
	fresh := fs.Bool("new", false, "start a new set instead of adding to the saved one")
	imgPath := fs.String("image", "", "learn from this screenshot `PNG` instead of the screen")
	at := fs.String("at", "0,0", "screen point `X,Y` of the -image's top-left pixel")
	calPath := calibrationFlag(fs)
	screen := addScreenFlags(fs)
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return err
	}
	if *levelArg == "" {
		return cli.Usagef("-level N|FILE is needed: the level the screen shows")
	}
	off, err := parsePoint(*at)
	if err != nil {
		return err
	}
	truth, levelName, err := learnLevel(*levelArg)
	if err != nil {
		return err
	}
	area, err := loadArea(*calPath, "learn", stderr)
	if err != nil {
		return err
	}
	path, into, err := learnInto(*out, *fresh, stderr)
	if err != nil {
		return err
	}
	img, err := grab(*imgPath, off, screen, area)
	if err != nil {
		return err
	}
	t, err := reader.Learn(into, img, area, truth)
	if err != nil {
		var le *vision.LearnError
		if errors.As(err, &le) {
			err = errors.Join(err, seeDebug("learn", img, area, le.Reading))
		}
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := t.Save(path); err != nil {
		return err
	}
	verb := "new set"
	if into != nil {
		verb = "added to the set"
	}
	fmt.Fprintf(stdout, "learnt the %d cells of %s, a size-%d board (%s) into %s\n", len(truth.Cells), levelName, truth.Size, verb, path)
	printLearnt(stdout, t)
	return nil
}

// learnInto returns the template set's file (out, or the user's set) and
// the set in it to add to, nil for a new set (fresh, or none saved yet).
func learnInto(out string, fresh bool, stderr io.Writer) (path string, into *vision.Templates, err error) {
	path = out
	if path == "" {
		if path, err = vision.TemplatesPath(); err != nil {
			return "", nil, err
		}
	}
	if _, err := os.Stat(path); err == nil && !fresh {
		if into, err = vision.LoadTemplates(path); err != nil {
			return "", nil, fmt.Errorf("%w (use -new to start a new set)", err)
		}
		fmt.Fprintf(stderr, "hexiom learn: templates: adding to the set %s\n", path)
	} else {
		fmt.Fprintf(stderr, "hexiom learn: templates: a new set, to be saved as %s\n", path)
	}
	return path, into, nil
}

// printLearnt prints how surely t tells its classes apart, and what it
// has not learnt yet with the levels that show it.
func printLearnt(stdout io.Writer, t *vision.Templates) {
	fmt.Fprintf(stdout, "how surely each class was told from the nearest other (its cells' least score; the margin): %s\n", t.Sep)
	if m := t.Missing(); len(m) > 0 {
		fmt.Fprintf(stdout, "not learnt yet: %s; cells that look like them will be refused\n", strings.Join(m, ", "))
		if t.StandInsFail() {
			fmt.Fprintf(stdout, "this look's digits are unlike the built-in ones (likeness %.2f): until every digit is learnt, no tile will be read\n", t.StandInLikeness())
		}
		for _, l := range teachers(m) {
			fmt.Fprintf(stdout, "  to learn %s: show official level %d at its start and run 'hexiom learn -level %d'\n", strings.Join(l.shows, ", "), l.n, l.n)
		}
	} else {
		fmt.Fprintln(stdout, "every kind of cell and every digit learnt")
	}
}

// learnLevel returns the level -level names: an official level number, or a
// level file.
func learnLevel(arg string) (board.Position, string, error) {
	if n, err := strconv.Atoi(arg); err == nil {
		p, err := board.Level(n)
		if err != nil {
			return p, "", cli.Usagef("-level %s: %v (or give a level file)", arg, err)
		}
		return p, fmt.Sprintf("official level %d", n), nil
	}
	data, err := os.ReadFile(arg)
	if err != nil {
		return board.Position{}, "", err
	}
	p, err := board.Parse(arg, data)
	if err != nil {
		return p, "", err
	}
	return p, arg, nil
}

// teacher is an official level whose start shows some of what a set lacks.
type teacher struct {
	n     int
	shows []string
}

// teachers picks official levels whose starts together show every class in
// missing (as Templates.Missing names them), greedily: each next level the
// one that shows the most of what is still missing, the smaller board on a
// tie. Classes no level shows are left out.
func teachers(missing []string) []teacher {
	var starts [levels.N + 1][]string
	for n := 1; n <= levels.N; n++ {
		p, err := board.Level(n)
		if err != nil {
			continue
		}
		starts[n] = vision.Shows(p)
	}
	want := map[string]bool{}
	for _, m := range missing {
		want[m] = true
	}
	var out []teacher
	for len(want) > 0 {
		best, bestShows, bestCells := 0, []string(nil), 0
		for n := 1; n <= levels.N; n++ {
			var shows []string
			for _, c := range starts[n] {
				if want[c] {
					shows = append(shows, c)
				}
			}
			cells := board.NumCells(sizeOfLevel(n))
			if len(shows) > len(bestShows) || (len(shows) == len(bestShows) && len(shows) > 0 && cells < bestCells) {
				best, bestShows, bestCells = n, shows, cells
			}
		}
		if best == 0 {
			break
		}
		for _, c := range bestShows {
			delete(want, c)
		}
		out = append(out, teacher{best, bestShows})
	}
	return out
}

func sizeOfLevel(n int) int {
	p, err := board.Level(n)
	if err != nil {
		return board.MaxSize
	}
	return p.Size
}
