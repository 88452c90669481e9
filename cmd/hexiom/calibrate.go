package main

// hexiom calibrate measures where the game's board is on the screen, once:
// it asks for three clicks on the board (heard by package clicks, the game
// still gets them), derives the square game area every board size is drawn
// in, checks it by reading the board, and saves it. -auto finds the board
// with no clicks.
//
//	hexiom calibrate          # click the top cell, the one below it, the bottom cell
//	hexiom calibrate -auto    # find the board on screen by itself

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"strings"
	"time"

	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/clicks"
	"hexiom/internal/cli"
	"hexiom/picture"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// calibrateCommand is `hexiom calibrate` (main.go lists the commands).
var calibrateCommand = cli.Command{
	Name:  "calibrate",
	Usage: "calibrate [-auto] [-o FILE] [-timeout DURATION] [-templates FILE] [-capture x11|portable] [-clicks x11|portable] [-xwayland]",
	Short: "measure where the game's board is on screen (three clicks, or -auto) and save it",
	Run:   runCalibrate,
}

func runCalibrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("calibrate", stderr)
	auto := fs.Bool("auto", false, "find the board on screen by itself, no clicks")
	out := fs.String("o", "", "save to `FILE` (default: the calibration file every command reads)")
	timeout := fs.Duration("timeout", 2*time.Minute, "give up when the clicks have not come after `DURATION`")
	tplPath := templatesFlag(fs)
	screen := addScreenFlags(fs)
	clicksVia := cli.Choice(fs, "clicks", clicks.Default, "how to hear the clicks: `x11` (X RECORD) or portable (a system hook)", clicks.ViaX11, clicks.ViaPortable)
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return err
	}
	if *timeout <= 0 {
		return cli.Usagef("-timeout %v: want a positive duration, e.g. 2m", *timeout)
	}
	tpl, err := loadTemplates(*tplPath, "calibrate", stdout)
	if err != nil {
		if *auto {
			return err
		}
		// The clicks need no templates: a set that cannot be loaded must
		// not keep the user from calibrating (for another zoom, say); only
		// the check of the board read with the new calibration is lost.
		fmt.Fprintf(stderr, "hexiom calibrate: the board will not be checked after the clicks: %v\n", err)
		tpl = nil
	}
	if err := screen.check(!*auto); err != nil {
		return err
	}
	area, err := findArea(*auto, *screen.capture, tpl, stdout, *clicksVia, *timeout)
	if err != nil {
		return err
	}
	// Check: read the board with the new calibration, once the game has
	// settled after the clicks (a press on a tile lifts it).
	if !*auto {
		time.Sleep(400 * time.Millisecond)
	}
	if tpl == nil {
		// not checked: said above
	} else if err := checkArea(stdout, *screen.capture, area, tpl); err != nil {
		fmt.Fprintf(stderr, "hexiom calibrate: saved anyway, but: %v\n", err)
		if errors.Is(err, vision.ErrNoBoard) || errors.Is(err, vision.ErrSize) || errors.As(err, new(*vision.DoubtError)) {
			fmt.Fprintln(stderr, "hexiom calibrate:", learnHint())
		}
	}
	path, err := saveArea(*out, area)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s\nsaved to %s\n", area, path)
	return nil
}

// findArea finds the board: by itself with auto (capture the way to grab
// the screen), else by three clicks heard via clicksVia within timeout.
func findArea(auto bool, capture string, tpl *vision.Templates, stdout io.Writer, clicksVia string, timeout time.Duration) (calibration.Area, error) {
	if !auto {
		return byClicks(stdout, clicksVia, timeout)
	}
	area, err := findAuto(capture, tpl)
	if err != nil {
		return area, errors.Join(err,
			errors.New("-auto could not find the board by itself; calibrate with three clicks instead: run 'hexiom calibrate' (no -auto) with a board in view"),
			errors.New("then, "+learnHint()))
	}
	return area, nil
}

// saveArea saves the area to out ("": the calibration file every command
// reads) and returns the file's path.
func saveArea(out string, area calibration.Area) (string, error) {
	if out == "" {
		return calibration.Save(area)
	}
	return out, calibration.SaveFile(out, area)
}

// byClicks asks for the three clicks and derives the area.
func byClicks(stdout io.Writer, via string, timeout time.Duration) (calibration.Area, error) {
	l, err := clicks.Listen(via, "")
	if err != nil {
		return calibration.Area{}, err
	}
	defer l.Close()
	fmt.Fprintln(stdout, "Calibration: show any board in the game, then click with the left button, in this order:")
	steps := []string{
		"1. the centre of the TOP cell of the board (the highest hexagon)",
		"2. the centre of the cell just BELOW it (the next one down, same column)",
		"3. the centre of the BOTTOM cell of the board (the lowest hexagon, same column)",
	}
	var pts [3]calibration.Point
	deadline := time.After(timeout)
	for i, s := range steps {
		fmt.Fprintln(stdout, s)
		for {
			var c clicks.Click
			var ok bool
			select {
			case c, ok = <-l.Clicks():
			case <-deadline:
				return calibration.Area{}, fmt.Errorf("no click for %v: calibration not saved", timeout)
			}
			if !ok {
				return calibration.Area{}, fmt.Errorf("the click listener stopped: %v", l.Err())
			}
			if c.Button != 1 {
				continue
			}
			pts[i] = calibration.Point{X: float64(c.X), Y: float64(c.Y)}
			fmt.Fprintf(stdout, "   clicked at (%d, %d)\n", c.X, c.Y)
			break
		}
	}
	area, s, err := calibration.FromClicks(pts[0], pts[1], pts[2])
	if err != nil {
		return area, err
	}
	fmt.Fprintf(stdout, "the clicks fit a board of size %d\n", s)
	return area, nil
}

// findAuto finds the area on the whole screen.
func findAuto(via string, tpl *vision.Templates) (calibration.Area, error) {
	scr, err := capture.Open(via, "")
	if err != nil {
		return calibration.Area{}, err
	}
	defer scr.Close()
	img, err := scr.Grab(scr.Bounds())
	if err != nil {
		return calibration.Area{}, err
	}
	area, err := findOne(img, tpl)
	if err != nil {
		return area, err
	}
	area.Method, area.When = "auto", time.Now().UTC().Truncate(time.Second)
	return area, nil
}

// findOne finds the one board in img: FindArea's, unless another board is
// in view too (issue 42: with two games on the screen -auto took one and
// said nothing of the other, which may be the one the user plays).
func findOne(img image.Image, tpl *vision.Templates) (calibration.Area, error) {
	area, r, err := reader.FindArea(img, tpl)
	var de *vision.DoubtError
	if err != nil && !errors.As(err, &de) {
		return area, err
	}
	if other, ok := reader.FindAnother(img, area, r.Size, tpl); ok {
		return calibration.Area{}, fmt.Errorf("find board: two boards in view, a size-%d board in %v and another in %v: -auto cannot tell which one you play; close or cover the other game, or click on yours", r.Size, area, other)
	}
	return area, nil
}

// learnHint tells how to teach the bot a look it does not know.
func learnHint() string {
	ts := teachers(vision.Classes())
	if len(ts) == 0 {
		return "if the game looks otherwise than the templates know, teach the bot its look: show an official level at its start and run 'hexiom learn -level N'"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "if the game looks otherwise than the templates know, teach the bot its look: show official level %d at its start and run 'hexiom learn -level %d'", ts[0].n, ts[0].n)
	for _, t := range ts[1:] {
		fmt.Fprintf(&b, ", then level %d ('hexiom learn -level %d')", t.n, t.n)
	}
	return b.String()
}

// checkArea reads the board with area and says what it saw.
func checkArea(stdout io.Writer, via string, area calibration.Area, tpl *vision.Templates) error {
	scr, err := capture.Open(via, "")
	if err != nil {
		return err
	}
	defer scr.Close()
	area = area.OnScreen(scr.Bounds())
	img, err := grabStill(scr, area.Rect())
	if err != nil {
		return err
	}
	return checkImage(stdout, img, area, tpl)
}

// checkImage reads the board in img with area and says what it saw; a
// refusal names the debug picture it wrote into the temporary folder.
func checkImage(stdout io.Writer, img image.Image, area calibration.Area, tpl *vision.Templates) error {
	r, err := reader.Read(img, area, tpl)
	if err != nil {
		err = fmt.Errorf("reading the board with this calibration: %w", err)
		if p, perr := picture.Debug(os.TempDir(), "calibrate", time.Now(), img, area, r); perr == nil {
			err = fmt.Errorf("%w; debug picture %s", err, p)
		} else {
			err = fmt.Errorf("%w; no debug picture: %v", err, perr)
		}
		return err
	}
	fmt.Fprintf(stdout, "check: read a size-%d board with every cell sure\n", r.Size)
	return nil
}
