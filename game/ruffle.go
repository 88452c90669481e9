package game

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Runtimes of the page at / (Config.Runtime).
const (
	RuntimeHTML   = "html"   // the canvas page (static/index.html, game.js)
	RuntimeRuffle = "ruffle" // the Flash build in Ruffle (static/ruffle.html)
)

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
		return fmt.Errorf("theme %q: %w: the Flash build (runtime ruffle) draws the classic look only", theme, ErrSpec)
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
