package main

// hexiom read captures the calibrated game area, reads the board in view and
// prints it in the level text format; -debug writes an overlay picture (each
// cell outlined, with what was read and how sure).
//
//	hexiom read                         # print the board on screen
//	hexiom read -o board.txt -debug read.png
//	hexiom read -image shot.png -at 0,0 # read a saved screenshot instead

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/vision"
)

func init() {
	register(command{
		name:  "read",
		usage: "read [-o FILE] [-debug PNG] [-image PNG [-at X,Y]] [-templates FILE] [-calibration FILE] [-capture x11|portable]",
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
	tplPath := fs.String("templates", "", "template set `FILE` (default: the one hexiom learn saved, else the built-in one)")
	calPath := fs.String("calibration", "", "calibration `FILE` (default: the one hexiom calibrate saved)")
	via := fs.String("capture", capture.Default, "how to capture the screen: `x11` (X11 only, fast) or portable")
	if st := parseFlags(fs, args); st >= 0 {
		return st
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "hexiom read: unexpected argument %q\n", fs.Arg(0))
		return exitBadUser
	}
	area, err := loadArea(*calPath)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom read:", err)
		return exitBadUser
	}
	tpl, tplName, err := loadTemplates(*tplPath)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom read:", err)
		return exitBadUser
	}
	t0 := time.Now()
	img, err := grab(*imgPath, *at, *via, area)
	if err != nil {
		fmt.Fprintln(stderr, "hexiom read:", err)
		return exitBadUser
	}
	tCap := time.Since(t0)
	t1 := time.Now()
	r, err := vision.Read(img, area, tpl)
	tRead := time.Since(t1)
	if *debug != "" && r.Size != 0 {
		if pic, perr := vision.Overlay(img, area, r); perr == nil {
			if perr := capture.SavePNG(*debug, pic); perr != nil {
				fmt.Fprintln(stderr, "hexiom read:", perr)
			}
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "hexiom read:", err)
		var de *vision.DoubtError
		if errors.As(err, &de) && de.Picture != "" && *debug == "" {
			fmt.Fprintln(stderr, "hexiom read: see", de.Picture)
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
	fmt.Fprintf(stderr, "hexiom read: size-%d board, %d cells, least sure %.2f; capture %v, read %v (%s)\n",
		r.Size, len(r.Cells), least, tCap.Round(100*time.Microsecond), tRead.Round(100*time.Microsecond), tplName)
	return exitOK
}

// loadArea loads the calibration from path, or the saved one.
func loadArea(path string) (calibration.Area, error) {
	if path != "" {
		return calibration.LoadFile(path)
	}
	return calibration.Load()
}

// loadTemplates loads the set at path, or the default one.
func loadTemplates(path string) (*vision.Templates, string, error) {
	if path != "" {
		t, err := vision.LoadTemplates(path)
		return t, path, err
	}
	return vision.DefaultTemplates()
}

// grab returns the picture of the area: from the PNG at imgPath (its
// top-left pixel at screen point at), or from the screen captured the way
// via names.
func grab(imgPath, at, via string, area calibration.Area) (*image.RGBA, error) {
	if imgPath != "" {
		off, err := parsePoint(at)
		if err != nil {
			return nil, err
		}
		f, err := capture.OpenFile(imgPath, off)
		if err != nil {
			return nil, err
		}
		return f.Image(), nil
	}
	scr, err := capture.Open(via, "")
	if err != nil {
		return nil, err
	}
	defer scr.Close()
	return scr.Grab(area.Rect())
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
