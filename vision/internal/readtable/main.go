// Command readtable prints, for each look of the clone, how a template set
// learnt from one board reads that look's fixtures: per zoom (or window),
// how many boards were read exactly, refused, or read wrong with no error,
// and how many boards calibrate -auto (reader.FindArea) finds with every
// cell centre within 2 px (an area it saves further off is counted apart:
// a calibration that would read wrong places). It is the table BENCHMARKS.md gives for issue 21.
//
// How to run (from the repository root; a few minutes):
//
//	go run ./vision/internal/readtable
package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path"
	"sort"
	"strings"

	"hexiom/calibration"
	"hexiom/internal/fixture"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// look is one look's fixtures and the board its set is learnt from ("" for
// the built-in set).
type look struct {
	name, dir, pattern, learn string
}

var looks = []look{
	{"classic", "vision/testdata", "level*", ""},
	{"classic", "vision/testdata", "random6-*", ""},
	{"neon", "vision/testdata", "neon-[lr][ea]*[0-9]-*", "neon-learn-1280x800"},
	{"flash", "vision/testdata/flash", "*", "random6-01-z100"},
	{"slate", "vision/testdata/slate", "*", "learn-z100"},
	{"slate", "vision/testdata/slate", "*", "learn-z75"},
	{"slate", "vision/testdata/slate", "*", "learn-z150"},
	{"slate", "vision/testdata/slate", "*", "random6-01-z100"},
}

var (
	verbose bool
	// match, when set, keeps only the fixtures whose name it matches
	// (path.Match), for a look at a few
	match string
)

type count struct{ read, refused, wrong, found, off, n int }

func main() {
	find := flag.Bool("find", true, "also run FindArea (calibrate -auto) on every fixture")
	only := flag.String("look", "", "only the look `NAME` (classic, neon, flash or slate)")
	from := flag.String("learn", "", "only the set learnt from the fixture `NAME` (\"\" for every set)")
	flag.BoolVar(&verbose, "v", false, "say, for each fixture -auto misses, what it found")
	flag.StringVar(&match, "only", "", "only the fixtures whose name matches the glob `PATTERN` (the set still learnt as usual)")
	flag.Parse()
	fmt.Println("| look | learnt from | zoom or window | boards | read exactly | refused | wrong | -auto within 2 px |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, l := range looks {
		if *only != "" && l.name != *only || *from != "" && l.learn != *from {
			continue
		}
		if err := run(l, *find); err != nil {
			fmt.Fprintln(os.Stderr, "readtable:", err)
			os.Exit(1)
		}
	}
}

func run(l look, find bool) error {
	tpl, from, err := templates(l)
	if err != nil {
		return err
	}
	names, err := fixture.Names(l.dir, l.pattern)
	if err != nil {
		return err
	}
	by := map[string]*count{}
	for _, n := range names {
		if ok, _ := path.Match(match, n); match != "" && !ok {
			continue
		}
		f, err := fixture.Load(l.dir, n)
		if err != nil {
			return err
		}
		z := n[strings.LastIndex(n, "-")+1:]
		c := by[z]
		if c == nil {
			c = &count{}
			by[z] = c
		}
		c.n++
		r, err := reader.Read(f.Image, f.Meta.Area, tpl)
		var de *vision.DoubtError
		switch {
		case err == nil && r.Pos.Equal(f.Truth):
			c.read++
		case err == nil:
			c.wrong++
			fmt.Fprintf(os.Stderr, "readtable: %s/%s read wrong with no error\n", l.dir, n)
		case errors.As(err, &de), err != nil:
			c.refused++
		}
		if find {
			c.tryFind(l, n, f, tpl)
		}
	}
	printCounts(l, from, by, find)
	return nil
}

// templates are the templates to read with: built in, or learnt from the
// fixture l.learn (from names them, and what they lack).
func templates(l look) (tpl *vision.Templates, from string, err error) {
	from = "built in"
	if l.learn == "" {
		tpl, err = vision.Builtin()
	} else {
		var f *fixture.Fixture
		if f, err = fixture.Load(l.dir, l.learn); err == nil {
			tpl, err = reader.Learn(nil, f.Image, f.Meta.Area, f.Truth)
		}
		from = l.learn
		if tpl != nil && len(tpl.Missing()) > 0 {
			from += " (lacks " + strings.Join(tpl.Missing(), ", ") + ")"
		}
	}
	return tpl, from, err
}

// tryFind counts in c whether FindArea, as calibrate -auto, finds the
// area of the fixture f (named n) with tpl.
func (c *count) tryFind(l look, n string, f *fixture.Fixture, tpl *vision.Templates) {
	// calibrate -auto saves the area FindArea returns with no error or
	// with cells in doubt (it then says which); any other error asks
	// for the three clicks.
	var de *vision.DoubtError
	a, fr, err := reader.FindArea(f.Image, tpl)
	saved := err == nil || errors.As(err, &de)
	// (the cells of the area saved, at the size it read)
	var cells []calibration.Point
	if fr.Size > 0 {
		cells = a.Cells(fr.Size)
	}
	if saved && within2(cells, f) {
		c.found++
		return
	}
	if saved {
		c.off++
	}
	if verbose {
		fmt.Fprintf(os.Stderr, "readtable: %s/%s (learnt from %s): -auto found %v, off by %.1f px: %v\n", l.dir, n, l.learn, a, offBy(cells, f), err)
	}
}

// printCounts prints the table's row of each zoom (or window) of by.
func printCounts(l look, from string, by map[string]*count, find bool) {
	zs := make([]string, 0, len(by))
	for z := range by {
		zs = append(zs, z)
	}
	sort.Strings(zs)
	for _, z := range zs {
		c := by[z]
		auto := "–"
		if find {
			auto = fmt.Sprintf("%d", c.found)
			if c.off > 0 {
				auto += fmt.Sprintf(" (%d saved off by more)", c.off)
			}
		}
		fmt.Printf("| %s | %s | %s | %d | %d | %d | %d | %s |\n", l.name, from, z, c.n, c.read, c.refused, c.wrong, auto)
	}
}

// offBy is the farthest a found cell centre lies from where the page drew
// it, or +Inf when the sizes differ.
func offBy(found []calibration.Point, f *fixture.Fixture) float64 {
	truth := f.Meta.Area.Cells(f.Truth.Size)
	if len(f.Meta.Cells) == len(found) {
		for i, c := range f.Meta.Cells {
			truth[i].X, truth[i].Y = c[0], c[1]
		}
	}
	if len(truth) != len(found) {
		return math.Inf(1)
	}
	d := 0.0
	for i := range found {
		d = math.Max(d, found[i].Dist(truth[i]))
	}
	return d
}

// within2 reports whether every cell centre found lies within 2 px of
// where the page drew it (the fixture's cells; else its area's lattice).
func within2(found []calibration.Point, f *fixture.Fixture) bool {
	return offBy(found, f) <= 2
}
