package main

// hexiom read captures the calibrated game area, reads the board in view and
// prints it in the level text format; -debug writes an overlay picture (each
// cell outlined, with what was read and how sure). A board not in the
// calibrated area is looked for over the whole screen, as play does.
//
//	hexiom read                         # print the board on screen
//	hexiom read -o board.txt -debug read.png
//	hexiom read -image shot.png -at 0,0 # read a saved screenshot instead

import (
	"context"
	"errors"
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
	"hexiom/internal/cli"
	"hexiom/internal/safefile"
	"hexiom/picture"
	"hexiom/play"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// readCommand is `hexiom read` (main.go lists the commands).
var readCommand = cli.Command{
	Name:  "read",
	Usage: "read [-o FILE] [-debug PNG] [-image PNG [-at X,Y]] [-templates FILE] [-calibration FILE] [-capture x11|portable] [-xwayland]",
	Short: "read the board on screen and print it in the level text format",
	Run:   runRead,
}

func runRead(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("read", stderr)
	out := fs.String("o", "", "write the board to `FILE` instead of stdout")
	debug := fs.String("debug", "", "write an overlay picture of what was read to `PNG`")
	imgPath := fs.String("image", "", "read this screenshot `PNG` instead of the screen")
	at := fs.String("at", "0,0", "screen point `X,Y` of the -image's top-left pixel")
	tplPath := templatesFlag(fs)
	calPath := calibrationFlag(fs)
	screen := addScreenFlags(fs)
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return err
	}
	off, err := parsePoint(*at)
	if err != nil {
		return err
	}
	if err := writableFlags(map[string]string{"-debug": *debug, "-o": *out}); err != nil {
		return err
	}
	area, tpl, err := loadBoth(*calPath, *tplPath, "read", stderr)
	if err != nil {
		return err
	}
	t0 := time.Now()
	img, err := grab(*imgPath, off, screen, area)
	if err != nil {
		return err
	}
	tCap := time.Since(t0)
	t1 := time.Now()
	r, err := reader.Read(img, area, tpl)
	if err != nil && play.Refinds(err) && *imgPath == "" {
		area, img, r, err = readAgain(screen, area, img, r, tpl, *calPath, err, stderr)
	}
	tRead := time.Since(t1)
	saveErr := saveReading(*debug, img, area, r, err)
	if err != nil {
		if *debug != "" && saveErr == nil {
			err = errors.Join(err, errors.New("see "+*debug))
		} else if *debug == "" {
			err = errors.Join(err, seeDebug("doubt", img, area, r))
		}
		return errors.Join(err, saveErr)
	}
	if err := writeBoard(*out, r.Pos.Format(), stdout); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "hexiom read: size-%d board, %d cells, least sure %.2f; capture %v, read %v\n",
		r.Size, len(r.Cells), leastSure(r.Conf), tCap.Round(100*time.Microsecond), tRead.Round(100*time.Microsecond))
	return saveErr
}

// writeBoard writes the board text to the file out, or with no file to
// stdout.
func writeBoard(out, text string, stdout io.Writer) error {
	if out != "" {
		return safefile.WriteBytes(out, []byte(text))
	}
	fmt.Fprint(stdout, text)
	return nil
}

// leastSure is the lowest of the cells' confidences (1 with none).
func leastSure(conf []float64) float64 {
	least := 1.0
	for _, c := range conf {
		least = math.Min(least, c)
	}
	return least
}

// writableFlags checks that the directory of each file named (by its
// flag; "": none) can be written to.
func writableFlags(files map[string]string) error {
	for flag, file := range files {
		if file == "" {
			continue
		}
		if err := writableDir(file); err != nil {
			return fmt.Errorf("%s %q: %w", flag, file, err)
		}
	}
	return nil
}

// saveReading saves the overlay of the reading r of img to the PNG path
// ("": none) when there is something to show (a board read, or an error
// readErr); it returns the save's error.
func saveReading(path string, img image.Image, area calibration.Area, r vision.Reading, readErr error) error {
	if path == "" || r.Size == 0 && readErr == nil {
		return nil
	}
	pic, perr := picture.Reading(img, area, r)
	if perr != nil {
		return nil
	}
	return capture.SavePNG(path, pic)
}

// readAgain is read when the board is not in the calibrated area (the
// read's refusal readErr): the board looked for on the whole screen
// (readElsewhere) and read where it was found; readErr, with why, and the
// picture of the calibrated area and what was read there (r) when it was
// not.
func readAgain(screen screenFlags, area calibration.Area, img *image.RGBA, r vision.Reading, tpl *vision.Templates, calPath string, readErr error, stderr io.Writer) (calibration.Area, *image.RGBA, vision.Reading, error) {
	scr, err := screen.open(false, "")
	if err != nil {
		return area, img, r, errors.Join(readErr, err)
	}
	defer scr.Close()
	now, found, err := readElsewhere(scr, area.OnScreen(scr.Bounds()), tpl, calPath, readErr, stderr)
	if err != nil {
		return area, img, r, err
	}
	r, err = reader.Read(found, now, tpl)
	return now, found, r, err
}

// seeDebug writes the picture of a refused reading r of img into the
// temporary folder and says where, or why it could not, as an error to
// join to the refusal.
func seeDebug(what string, img image.Image, area calibration.Area, r vision.Reading) error {
	p, err := picture.Debug(os.TempDir(), what, time.Now(), img, area, r)
	if err != nil {
		return fmt.Errorf("no debug picture: %w", err)
	}
	return errors.New("see " + p)
}

// grab returns the picture of the area: from the PNG at imgPath (its
// top-left pixel at screen point at), or from the screen.
func grab(imgPath string, at image.Point, screen screenFlags, area calibration.Area) (*image.RGBA, error) {
	if imgPath != "" {
		f, err := capture.OpenFile(imgPath, at)
		if err != nil {
			return nil, err
		}
		if err := area.Fits(f.Bounds()); err != nil {
			return nil, fmt.Errorf("%s at %d,%d: %w", imgPath, at.X, at.Y, err)
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
	return grabStill(scr, r)
}

// grabStill grabs r once it has stood still (capture.Still), waiting up to
// 10 s: read, learn and calibrate's check take the board at rest, never one
// fading in or redrawing.
func grabStill(scr capture.Source, r image.Rectangle) (*image.RGBA, error) {
	img, err := capture.Still(scr, r, capture.StillGap, 10*time.Second)
	if errors.Is(err, capture.ErrNotStill) {
		return nil, fmt.Errorf("%w: the board is read at rest; stop what moves on it and try again", err)
	}
	return img, err
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
		return image.Point{}, cli.Usagef("-at %q: want X,Y in screen pixels, e.g. 0,0", s)
	}
	return image.Pt(x, y), nil
}
