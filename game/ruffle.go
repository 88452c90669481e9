package game

import (
	"bytes"
	"cmp"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Runtimes of the page at / (Config.Runtime).
const (
	RuntimeHTML   = "html"   // the canvas page (static/index.html, game.js)
	RuntimeRuffle = "ruffle" // the Flash build in Ruffle (static/ruffle.html)
)

// SWFLooks are the looks the Flash build draws (Config.SWFLook): classic,
// GAME.md's (gradient tiles with claws on locked ones, a grey plate under
// every cell), flat (flat tiles in other state colours, serif digits,
// a thick dark border and a small lock mark on locked tiles, holes the plain
// background) and bevel (bevelled tiles lit from the upper left in state
// colours of their own, light FreeSans digits outlined in dark, a small
// padlock on locked tiles, holes a dark well in the plate): issue 40's
// "looks of your own".
var SWFLooks = []string{"classic", "flat", "bevel"}

// RuffleRenderers are the renderers Ruffle may draw with
// (Config.RuffleRenderer): its WebGL one, and its 2D canvas one.
var RuffleRenderers = []string{"webgl", "canvas"}

// checkRuntime checks Config.Runtime and what it needs: for Ruffle, the SWF
// file, the Ruffle directory (its ruffle.js) and the classic look, the only
// one the SWF draws.
func checkRuntime(cfg Config, theme string) error {
	switch cfg.Runtime {
	case "", RuntimeHTML:
		return nil
	case RuntimeRuffle:
	default:
		return fmt.Errorf("runtime %q: %w (want %s or %s)", cfg.Runtime, ErrSpec, RuntimeHTML, RuntimeRuffle)
	}
	if theme != "classic" {
		return fmt.Errorf("theme %q: %w: the Flash build (runtime ruffle) draws its own looks (-swf-look), not the canvas page's themes", theme, ErrSpec)
	}
	if cfg.SWFLook != "" && !slices.Contains(SWFLooks, cfg.SWFLook) {
		return fmt.Errorf("SWF look %q: %w (want one of %s)", cfg.SWFLook, ErrSpec, strings.Join(SWFLooks, ", "))
	}
	if cfg.RuffleRenderer != "" && !slices.Contains(RuffleRenderers, cfg.RuffleRenderer) {
		return fmt.Errorf("Ruffle renderer %q: %w (want one of %s)", cfg.RuffleRenderer, ErrSpec, strings.Join(RuffleRenderers, ", "))
	}
	if f := cfg.RuffleFrameRate; f != 0 && !(f >= 1 && f <= 120) {
		return fmt.Errorf("Ruffle frame rate %v: %w (want 1 to 120, or 0 for the SWF's own)", f, ErrSpec)
	}
	if st, err := os.Stat(cfg.SWF); err != nil || !st.Mode().IsRegular() {
		return fmt.Errorf("runtime ruffle: SWF %q: not a file (game/flash.Build makes it): %v", cfg.SWF, err)
	}
	if _, err := os.Stat(filepath.Join(cfg.Ruffle, "ruffle.js")); err != nil {
		return fmt.Errorf("runtime ruffle: Ruffle %q has no ruffle.js (scripts/install-deps.sh unpacks it): %w", cfg.Ruffle, err)
	}
	return nil
}

// page returns the HTML served at / for the game's runtime, with the token
// and the debug switch filled in.
func (g *Game) page(static fs.FS) ([]byte, error) {
	name := "index.html"
	if g.cfg.Runtime == RuntimeRuffle {
		name = "ruffle.html"
	}
	html, err := fs.ReadFile(static, name)
	if err != nil {
		return nil, err
	}
	// The page learns the token (and whether to log the pointer) from its
	// HTML, which no other origin can read.
	html = bytes.Replace(html, []byte("__HEXIOM_TOKEN__"), []byte(g.token), 1)
	html = bytes.Replace(html, []byte("__HEXIOM_DEBUG__"), []byte(strconv.FormatBool(g.cfg.Debug)), 1)
	html = bytes.Replace(html, []byte("__HEXIOM_SWFLOOK__"), []byte(cmp.Or(g.cfg.SWFLook, "classic")), 1)
	html = bytes.Replace(html, []byte("__HEXIOM_RENDERER__"), []byte(cmp.Or(g.cfg.RuffleRenderer, "webgl")), 1)
	fps := "null" // the SWF's own
	if g.cfg.RuffleFrameRate != 0 {
		fps = strconv.FormatFloat(g.cfg.RuffleFrameRate, 'f', -1, 64)
	}
	html = bytes.Replace(html, []byte("__HEXIOM_FRAMERATE__"), []byte(fps), 1)
	// The looks the game has (Themes, the one list): the page checks that
	// it draws each.
	html = bytes.Replace(html, []byte("__HEXIOM_LOOKS__"), []byte(strings.Join(Themes, " ")), 1)
	return html, nil
}

// ruffleRoutes serves the SWF and the Ruffle web build (runtime ruffle).
func (g *Game) ruffleRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /flash/hexiom.swf", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/x-shockwave-flash")
		w.Header().Set("Cache-Control", "no-store")
		http.ServeFile(w, r, g.cfg.SWF)
	})
	files := http.FileServerFS(os.DirFS(g.cfg.Ruffle))
	m.Handle("GET /ruffle/", http.StripPrefix("/ruffle/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/"); name != "" && !fs.ValidPath(name) {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})))
}
