package main

// hexiom game serves the Hexiom clone (package game) on loopback and prints
// its URL as the first line of stdout; -open also opens it in the default
// browser.
//
//	hexiom game                      # official level 1, any free port
//	hexiom game -level 10 -open      # level 10, in the default browser
//	hexiom game -random 6 -seed 42   # a random size-6 level
//	hexiom game -challenge           # the "impossible" challenge
//	hexiom game -runtime ruffle      # the Flash build (SWF) in Ruffle

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"

	"hexiom/game"
	"hexiom/game/flash"
	"hexiom/internal/browser"
	"hexiom/internal/cli"
)

// gameCommand is `hexiom game` (main.go lists the commands).
var gameCommand = cli.Command{
	Name:  "game",
	Usage: "game [-addr HOST:PORT] [-level N | -random SIZE | -challenge] [-seed N] [-open] [-noswap] [-theme classic|neon|flash|slate] [-runtime html|ruffle [-swf FILE]] [-debug]",
	Short: "serve the Hexiom clone on loopback and print its URL",
	Run:   runGame,
}

func runGame(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("game", stderr)
	addr := fs.String("addr", "127.0.0.1:0", "loopback `address` to listen on; port 0 picks a free one")
	level := fs.Int("level", 0, "start at official level `N` (1..40)")
	random := fs.Int("random", 0, "start with a random level of side `SIZE` (3..6)")
	challenge := fs.Bool("challenge", false, "start the \"impossible\" challenge: random size 6 in three minutes")
	seed := fs.Uint64("seed", 0, "seed `N` of the random level or challenge (default: a random one)")
	open := fs.Bool("open", false, "open the page in the default browser")
	noswap := fs.Bool("noswap", false, "a tile dropped on another movable tile goes back instead of swapping")
	theme := fs.String("theme", "classic", "look of the page: `classic`, neon, flash or slate (flash: another font, bevels, its own pitch rule, gliding tiles; slate: holes are the plain stage, empty cells a faint outline)")
	runtime := fs.String("runtime", game.RuntimeHTML, "what the page runs: `html` (the canvas page) or ruffle (the Flash build, a SWF compiled by haxe, played by Ruffle "+flash.RuffleVersion+" from scripts/install-deps.sh; in one of its own looks: -swf-look)")
	swfLook := cli.Choice(fs, "swf-look", "classic", "with -runtime ruffle: the SWF's look, `classic`, flat or bevel", game.SWFLooks...)
	swf := fs.String("swf", "", "with -runtime ruffle: serve this SWF `file` instead of building game/flash's (haxe, cached in ~/.cache/hexiom/swf)")
	debug := fs.Bool("debug", false, "serve the test endpoints POST /api/debug and /api/pointer (the page then logs the pointer)")
	if err := cli.ParseFlags(fs, args, true); err != nil {
		return err
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })

	spec, err := gameSpec(*level, *random, *challenge, seedSet, seed)
	if err != nil {
		return err
	}
	if err := checkLoopback(*addr); err != nil {
		return err
	}

	cfg := game.Config{Start: spec, NoSwap: *noswap, Theme: *theme, Debug: *debug, Runtime: *runtime, SWF: *swf, SWFLook: *swfLook}
	if err := flashFiles(ctx, &cfg); err != nil {
		return err
	}
	g, err := game.New(cfg)
	if err != nil {
		return cli.Usagef("%v", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	return serveGame(ctx, g, ln, *open, stdout, stderr)
}

// gameSpec is the game's start from the flags -level, -random,
// -challenge and -seed (seedSet: given): at most one of the three, the
// seed with -random or -challenge only.
func gameSpec(level, random int, challenge, seedSet bool, seed *uint64) (game.Spec, error) {
	var spec game.Spec
	modes := 0
	if level != 0 {
		modes++
		spec = game.Spec{Mode: game.ModeLevel, Level: level}
	}
	if random != 0 {
		modes++
		spec = game.Spec{Mode: game.ModeRandom, Size: random}
	}
	if challenge {
		modes++
		spec = game.Spec{Mode: game.ModeChallenge}
	}
	if modes > 1 {
		return spec, cli.Usagef("give at most one of -level, -random and -challenge")
	}
	if seedSet {
		if spec.Mode == game.ModeLevel || spec.Mode == "" {
			return spec, cli.Usagef("-seed goes with -random or -challenge")
		}
		spec.Seed = seed
	}
	return spec, nil
}

// checkLoopback checks -addr: a loopback host and a port 0..65535.
func checkLoopback(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return cli.Usagef("-addr %q: %v", addr, err)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return cli.Usagef("-addr %q: port %q: want a number 0..65535 (0 picks a free one)", addr, port)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return cli.Usagef("-addr %q: the game serves on loopback only (127.0.0.1)", addr)
	}
	return nil
}

// serveGame serves g on ln until ctx ends (or the server fails),
// printing its address, and opens it in the default browser with open.
func serveGame(ctx context.Context, g *game.Game, ln net.Listener, open bool, stdout, stderr io.Writer) error {
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintln(stdout, url)
	if f, ok := stdout.(*os.File); ok {
		_ = f.Sync()
	}
	st := g.State()
	what := fmt.Sprintf("level %d", st.Level)
	if st.Mode != game.ModeLevel {
		what = fmt.Sprintf("%s size %d seed %d", st.Mode, st.Size, st.Seed)
	}
	fmt.Fprintf(stderr, "hexiom game: serving %s at %s (Ctrl-C stops)\n", what, url)
	srv := g.HTTPServer()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()

	if open {
		if err := browser.Open(url); err != nil {
			fmt.Fprintf(stderr, "hexiom game: %v; open %s yourself\n", err, url)
		} else {
			fmt.Fprintf(stderr, "hexiom game: opened %s in the default browser\n", url)
		}
	}

	select {
	case <-ctx.Done():
	case err := <-errc:
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("serve: %w", err)
		}
	}
	shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = srv.Shutdown(shut)
	return nil
}

// flashFiles fills in what -runtime ruffle serves: the SWF (built from
// game/flash's source unless -swf names one) and the Ruffle web build.
func flashFiles(ctx context.Context, cfg *game.Config) error {
	if cfg.Runtime != game.RuntimeRuffle {
		if cfg.SWF != "" {
			return cli.Usagef("-swf goes with -runtime ruffle")
		}
		return nil
	}
	if cfg.Theme != "classic" {
		return cli.Usagef("-runtime ruffle draws the classic look only, not -theme %s", cfg.Theme)
	}
	var err error
	if cfg.Ruffle, err = flash.RuffleDir(); err != nil {
		return fmt.Errorf("hexiom game -runtime ruffle: %w", err)
	}
	if cfg.SWF == "" {
		if cfg.SWF, err = flash.Cached(ctx); err != nil {
			return fmt.Errorf("hexiom game -runtime ruffle: %w", err)
		}
	}
	return nil
}
