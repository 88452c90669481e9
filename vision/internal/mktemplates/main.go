// Command mktemplates builds the built-in template set for the clone's
// classic look from classic fixtures (vision/testdata), the same way
// `hexiom learn` does from the screen, and writes vision/templates/classic.json.
//
// How to run (from the repository root):
//
//	go run ./vision/internal/mktemplates
//
// It learns from a few boards only (see train), at every window size; the
// golden tests then read all the other fixtures with it.
package main

import (
	"flag"
	"fmt"
	"os"

	"hexiom/internal/fixture"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// train are the classic fixtures learnt from: between them every kind and
// digit, movable and locked, at sizes 3 to 6 and all three tile colours.
var train = []string{"level10", "level27", "level33", "level37", "level39", "random6-01", "random6-02"}

func main() {
	dir := flag.String("dir", "vision/testdata", "fixtures `dir`")
	out := flag.String("o", "vision/templates/classic.json", "output `file`")
	flag.Parse()
	var t *vision.Templates
	for _, b := range train {
		for _, w := range []string{"800x600", "1280x800", "1920x1080"} {
			f, err := fixture.Load(*dir, b+"-"+w)
			if err != nil {
				fmt.Fprintln(os.Stderr, "mktemplates:", err)
				os.Exit(1)
			}
			if f.Meta.Theme != "classic" {
				fmt.Fprintf(os.Stderr, "mktemplates: %s is in theme %s, not classic\n", f.Name, f.Meta.Theme)
				os.Exit(1)
			}
			t, err = reader.Learn(t, f.Image, f.Meta.Area, f.Truth)
			if err != nil {
				fmt.Fprintf(os.Stderr, "mktemplates: %s: %v\n", f.Name, err)
				os.Exit(1)
			}
		}
	}
	t.Name = "classic (built in)"
	if m := t.Missing(); len(m) > 0 {
		fmt.Fprintf(os.Stderr, "mktemplates: no example of %v\n", m)
		os.Exit(1)
	}
	if err := t.Save(*out); err != nil {
		fmt.Fprintln(os.Stderr, "mktemplates:", err)
		os.Exit(1)
	}
	fmt.Println("wrote", *out)
}
