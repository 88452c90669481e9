package main

// hexiom read captures the calibrated game area, reads the board in view and
// prints it in the level text format; -debug writes an overlay picture (each
// cell outlined, with what was read and how sure).
//
//	hexiom read                         # print the board on screen
//	hexiom read -o board.txt -debug read.png
//	hexiom read -image shot.png -at 0,0 # read a saved screenshot instead

import (
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/picture"
	"hexiom/vision"
)

func init() {
	register(command{
		name:  "read",
		usage: "read [-o FILE] [-debug PNG] [-image PNG [-at X,Y]] [-templates FILE] [-calibration FILE] [-capture x11|portable] [-xwayland]",
		short: "read the board on screen and print it in the level text format",
		run:   runRead,
	})
}

func runRead(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("read", stderr)
	out := fs.String("o", "", "write the board to `FILE` instead of stdout")
	debug := fs.String("debug", "", "write an overlay picture of what was read to `PNG`")
	imgPath := fs.String("image", "", "read this screenshot `PNG` instead of the screen")
	at := fs.String("at", "0,0", "screen point `X,Y` of the -image's top-left pixel")
	tplPath := templatesFlag(fs)
	calPath := calibrationFlag(fs)
	screen := addScreenFlags(fs)
	if st := parseFlags(fs, args); st >= 0 {
		return st
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "hexiom read: unexpected argument %q\n", fs.Arg(0))
		return exitBadUser
	}
	for flag, file := range map[string]string{"-debug": *debug, "-o": *out} {
		if file == "" {
			continue
		}
		if err := writableDir(file); err != nil {
			fmt.Fprintf(stderr, "hexiom read: %s %q: %v\n", flag, file, err)
			return exitBadUser
		}
	}
	area, err := loadArea(*calPath, "read", stderr)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom read:", err)
		return exitBadUser
	}
	tpl, _, err := loadTemplates(*tplPath, "read", stderr)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom read:", err)
		return exitBadUser
	}
	t0 := time.Now()
	img, err := grab(*imgPath, *at, screen, area)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom read:", err)
		return exitBadUser
	}
	tCap := time.Since(t0)
	t1 := time.Now()
	r, err := vision.Read(img, area, tpl)
	tRead := time.Since(t1)
	saveFailed := false
	if *debug != "" && (r.Size != 0 || err != nil) {
		if pic, perr := picture.Reading(img, area, r); perr == nil {
			if perr := capture.SavePNG(*debug, pic); perr != nil {
				fmt.Fprintln(stderr, "hexiom read:", perr)
				saveFailed = true
			}
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "hexiom read:", err)
		if *debug != "" {
			fmt.Fprintln(stderr, "hexiom read: see", *debug)
		} else {
			seeDebug(stderr, "read", "doubt", img, area, r)
		}
		return exitFailed
	}
	text := r.Pos.Format()
	if *out != "" {
		if err := os.WriteFile(*out, []byte(text), 0o644); err != nil {
			fmt.Fprintln(stderr, "hexiom read:", err)
			return exitFailed
		}
	} else {
		fmt.Fprint(stdout, text)
	}
	least := 1.0
	for _, c := range r.Conf {
		least = math.Min(least, c)
	}
	fmt.Fprintf(stderr, "hexiom read: size-%d board, %d cells, least sure %.2f; capture %v, read %v\n",
		r.Size, len(r.Cells), least, tCap.Round(100*time.Microsecond), tRead.Round(100*time.Microsecond))
	if saveFailed {
		return exitFailed
	}
	return exitOK
}

// seeDebug writes the picture of a refused reading r of img into the
// temporary folder and says where (or why it could not).
func seeDebug(stderr io.Writer, cmd, what string, img image.Image, area calibration.Area, r vision.Reading) {
	p, err := picture.Debug(os.TempDir(), what, time.Now(), img, area, r)
	if err != nil {
		fmt.Fprintf(stderr, "hexiom %s: no debug picture: %v\n", cmd, err)
		return
	}
	fmt.Fprintf(stderr, "hexiom %s: see %s\n", cmd, p)
}

// loadArea finds the calibration by the one rule (calibration.Open: the
// -calibration file, else the saved one) and says on stderr which it uses.
func loadArea(path, cmd string, stderr io.Writer) (calibration.Area, error) {
	a, line, err := calibration.Open(path)
	if err != nil {
		return a, err
	}
	fmt.Fprintf(stderr, "hexiom %s: %s\n", cmd, line)
	return a, nil
}

// loadTemplates finds the template set by the one rule (vision.OpenTemplates:
// the -templates file or "builtin", else the learnt set, else the built-in
// one) and says on w which it uses.
func loadTemplates(path, cmd string, w io.Writer) (*vision.Templates, string, error) {
	t, line, err := vision.OpenTemplates(path)
	if err != nil {
		return nil, "", err
	}
	fmt.Fprintf(w, "hexiom %s: %s\n", cmd, line)
	return t, line, nil
}

// templatesFlag declares the -templates flag every command shares.
func templatesFlag(fs *flag.FlagSet) *string {
	return fs.String("templates", "", "template set `FILE` from 'hexiom learn', or \"builtin\" (default: the set hexiom learn saved, else the built-in one)")
}

// calibrationFlag declares the -calibration flag every command shares.
func calibrationFlag(fs *flag.FlagSet) *string {
	return fs.String("calibration", "", "calibration `FILE` (default: the one 'hexiom calibrate' saved)")
}

// grab returns the picture of the area: from the PNG at imgPath (its
// top-left pixel at screen point at), or from the screen.
func grab(imgPath, at string, screen screenFlags, area calibration.Area) (*image.RGBA, error) {
	if imgPath != "" {
		off, err := parsePoint(at)
		if err != nil {
			return nil, err
		}
		f, err := capture.OpenFile(imgPath, off)
		if err != nil {
			return nil, err
		}
		if err := area.Fits(f.Bounds()); err != nil {
			return nil, fmt.Errorf("%s at %s: %w", imgPath, at, err)
		}
		return f.Image(), nil
	}
	scr, err := screen.open(false, "")
	if err != nil {
		return nil, err
	}
	defer scr.Close()
	if err := area.Fits(scr.Bounds()); err != nil {
		return nil, err
	}
	r := area.OnScreen(scr.Bounds()).Rect()
	if r.Empty() {
		return nil, fmt.Errorf("the calibrated %v is not on the screen %v; run 'hexiom calibrate' again", area, scr.Bounds())
	}
	return scr.Grab(r)
}

// writableDir checks that the folder a file is to be written in exists.
func writableDir(file string) error {
	dir := filepath.Dir(file)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("folder %s: %w", dir, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	return nil
}

func parsePoint(s string) (image.Point, error) {
	xs, ys, ok := strings.Cut(s, ",")
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || err1 != nil || err2 != nil {
		return image.Point{}, fmt.Errorf("-at %q: want X,Y in screen pixels, e.g. 0,0", s)
	}
	return image.Pt(x, y), nil
}
