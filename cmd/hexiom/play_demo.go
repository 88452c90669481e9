//go:build linux

package main

// hexiom play-demo is the README's main command (scripts/demo.sh runs it):
// on a virtual display it opens the clone in Chromium, calibrates by
// clicking three cells (XTest), starts the "impossible" challenge (a random
// size-6 level, three minutes), and runs `hexiom play` on it hands-free. It
// prints the time against the limit and saves screenshots before and after,
// and an animated GIF of the run.
//
//	hexiom play-demo                     # a random challenge, pictures in ./hexiom-demo
//	hexiom play-demo -seed 7 -out /tmp/d

import (
	"context"
	"fmt"
	"image"
	"image/color/palette"
	"image/gif"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/game"
	"hexiom/play"
	"hexiom/play/desk"
)

func init() {
	register(command{
		name:  "play-demo",
		usage: "play-demo [-seed N] [-out DIR] [-gif=false] [-swap] [-settle D] [-not-taken D] [-templates FILE]",
		short: "on a virtual display, the bot plays the impossible challenge in the clone, timed",
		run:   runPlayDemo,
	})
}

func runPlayDemo(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("play-demo", stderr)
	seed := fs.Uint64("seed", 0, "seed of the challenge (default: a random one)")
	out := fs.String("out", "hexiom-demo", "`directory` for before.png, after.png and run.gif")
	anim := fs.Bool("gif", true, "record an animated GIF of the run")
	swap := fs.Bool("swap", false, "let the bot use the game's swaps")
	settle := fs.Duration("settle", play.DefaultSettle, "hexiom play -settle")
	notTaken := fs.Duration("not-taken", play.DefaultNotTaken, "hexiom play -not-taken")
	tplFile := templatesFlag(fs)
	if st := parseFlags(fs, args); st >= 0 {
		return st
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "hexiom play-demo: unexpected argument %q\n", fs.Arg(0))
		return exitBadUser
	}
	if *seed == 0 {
		*seed = uint64(rand.IntN(1_000_000_000) + 1)
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "hexiom play-demo: %v\n", err)
		return exitFailed
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fail(err)
	}
	self, err := os.Executable()
	if err != nil {
		return fail(err)
	}

	fmt.Fprintln(stdout, "starting a virtual display (Xvfb), the clone and Chromium…")
	d, err := desk.Start(desk.Options{Start: game.Spec{Mode: game.ModeLevel, Level: 22}})
	if err != nil {
		return fail(err)
	}
	defer d.Close()
	fmt.Fprintf(stdout, "display %s, game at %s\n", d.X.Display, d.Server.URL)
	area, err := d.Calibrate()
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "calibrated by clicking three cells: %v\n", area)
	tmp, err := os.MkdirTemp("", "hexiom-demo-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(tmp)
	calFile := filepath.Join(tmp, "calibration.json")
	if err := calibration.SaveFile(calFile, area); err != nil {
		return fail(err)
	}

	st, err := d.New(game.Spec{Mode: game.ModeChallenge, Seed: seed})
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "the \"impossible\" challenge, seed %d: a size-6 board to solve in %s\n", st.Seed, game.ChallengeLimit)
	screen := image.Rect(0, 0, d.X.W, d.X.H)
	window := d.Browser.Window
	if err := shot(d, screen, filepath.Join(*out, "before.png")); err != nil {
		return fail(err)
	}

	var rec *recorder
	if *anim {
		rec = startRecorder(d, window)
	}
	argv := []string{"play", "-calibration", calFile, "-display", d.X.Display, "-settle", settle.String(), "-not-taken", notTaken.String()}
	if *tplFile != "" {
		argv = append(argv, "-templates", *tplFile)
	}
	if *swap {
		argv = append(argv, "-swap")
	}
	fmt.Fprintf(stdout, "running: hexiom %v\n", argv)
	ctx, cancel := context.WithTimeout(context.Background(), game.ChallengeLimit+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, argv...)
	cmd.Env = d.X.Env()
	cmd.Stdout, cmd.Stderr = stdout, stdout
	t0 := time.Now()
	perr := cmd.Run()
	wall := time.Since(t0)
	if err := shot(d, screen, filepath.Join(*out, "after.png")); err != nil {
		return fail(err)
	}
	if rec != nil {
		time.Sleep(1500 * time.Millisecond) // the solved panel
		if err := rec.stop(filepath.Join(*out, "run.gif")); err != nil {
			fmt.Fprintf(stderr, "hexiom play-demo: animation: %v\n", err)
		}
	}
	st, err = d.State()
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "pictures: %s, %s", filepath.Join(*out, "before.png"), filepath.Join(*out, "after.png"))
	if rec != nil {
		fmt.Fprintf(stdout, ", %s", filepath.Join(*out, "run.gif"))
	}
	fmt.Fprintln(stdout)
	if perr != nil || !st.Solved {
		fmt.Fprintf(stdout, "NOT SOLVED (hexiom play: %v); the game says solved=%v after %s\n", perr, st.Solved, time.Duration(st.ElapsedMS)*time.Millisecond)
		return exitFailed
	}
	limit := game.ChallengeLimit
	el := time.Duration(st.ElapsedMS) * time.Millisecond
	verdict := "achievement unlocked"
	if !st.Achieved {
		verdict = "too slow: no achievement"
	}
	fmt.Fprintf(stdout, "SOLVED: the game's clock says %.1f s of the %s limit (%.0f%% of it; hexiom play ran %.1f s) in %d moves: %s\n",
		el.Seconds(), limit, 100*el.Seconds()/limit.Seconds(), wall.Seconds(), st.Moves, verdict)
	if !st.Achieved {
		return exitFailed
	}
	return exitOK
}

func shot(d *desk.Desk, r image.Rectangle, path string) error {
	img, err := d.Grab(r)
	if err != nil {
		return err
	}
	return capture.SavePNG(path, img)
}

// recorder grabs the window a few times a second, at half size, for a GIF.
type recorder struct {
	mu     sync.Mutex
	frames []*image.RGBA
	times  []time.Time
	quit   chan struct{}
	done   chan struct{}
}

func startRecorder(d *desk.Desk, r image.Rectangle) *recorder {
	rec := &recorder{quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(rec.done)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			if img, err := d.Grab(r); err == nil {
				rec.mu.Lock()
				rec.frames = append(rec.frames, half(img))
				rec.times = append(rec.times, time.Now())
				rec.mu.Unlock()
			}
			select {
			case <-rec.quit:
				return
			case <-tick.C:
			}
		}
	}()
	return rec
}

// half scales img down by two, averaging 2×2 blocks.
func half(img *image.RGBA) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx()/2, b.Dy()/2
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := img.PixOffset(b.Min.X+2*x, b.Min.Y+2*y)
			j := out.PixOffset(x, y)
			for c := 0; c < 3; c++ {
				s := int(img.Pix[i+c]) + int(img.Pix[i+4+c]) + int(img.Pix[i+img.Stride+c]) + int(img.Pix[i+img.Stride+4+c])
				out.Pix[j+c] = uint8(s / 4)
			}
			out.Pix[j+3] = 255
		}
	}
	return out
}

// webSafe maps img to palette.WebSafe, each pixel to its nearest colour: as
// draw.Draw does, but by arithmetic (the palette is the 6×6×6 cube of the
// multiples of 0x33, so the nearest colour is the nearest level in each
// channel), not by a search of the 216 colours for every pixel, which made a
// long run's GIF take minutes.
func webSafe(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	p := image.NewPaletted(b, palette.WebSafe)
	level := func(v uint8) uint8 { return uint8((int(v) + 25) / 51) }
	for y := b.Min.Y; y < b.Max.Y; y++ {
		i := img.PixOffset(b.Min.X, y)
		j := p.PixOffset(b.Min.X, y)
		for x := 0; x < b.Dx(); x, i, j = x+1, i+4, j+1 {
			p.Pix[j] = 36*level(img.Pix[i]) + 6*level(img.Pix[i+1]) + level(img.Pix[i+2])
		}
	}
	return p
}

func (rec *recorder) stop(path string) error {
	close(rec.quit)
	<-rec.done
	if len(rec.frames) == 0 {
		return fmt.Errorf("no frames")
	}
	g := &gif.GIF{}
	for i, f := range rec.frames {
		p := webSafe(f)
		delay := 25
		if i+1 < len(rec.frames) {
			delay = int(rec.times[i+1].Sub(rec.times[i]) / (10 * time.Millisecond))
		} else {
			delay = 300 // hold the last frame
		}
		g.Image = append(g.Image, p)
		g.Delay = append(g.Delay, delay)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := gif.EncodeAll(f, g); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}
