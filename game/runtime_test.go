package game

import (
	"errors"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeFlash writes a stand-in SWF and Ruffle directory (the real ones are
// built and installed for TestRuffleDrag).
func fakeFlash(t *testing.T) (swf, ruffle string) {
	t.Helper()
	dir := t.TempDir()
	swf = filepath.Join(dir, "hexiom.swf")
	ruffle = filepath.Join(dir, "ruffle")
	if err := os.Mkdir(ruffle, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{swf: "FWS\x0a", filepath.Join(ruffle, "ruffle.js"): "// ruffle", filepath.Join(ruffle, "core.wasm"): "\x00asm", filepath.Join(dir, "secret"): "secret"} {
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return swf, ruffle
}

func ruffleGet(t *testing.T, g *Game, path string) *http.Response {
	t.Helper()
	r := httptest.NewRequest("GET", path, nil)
	r.Host = "127.0.0.1:8080"
	w := httptest.NewRecorder()
	g.ServeHTTP(w, r)
	return w.Result()
}

func readBody(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRuntimeRuffleServes(t *testing.T) {
	swf, ruffle := fakeFlash(t)
	g, err := New(Config{Runtime: RuntimeRuffle, SWF: swf, Ruffle: ruffle})
	if err != nil {
		t.Fatal(err)
	}
	page := readBody(t, ruffleGet(t, g, "/"))
	for _, want := range []string{`src="/ruffle/ruffle.js"`, "/static/ruffle-page.js", g.Token(), `data-debug="false"`, `allowScriptAccess: true`, `deviceFontRenderer: "canvas"`, `preferredRenderer: "webgl"`, `frameRate: null,`} {
		if !strings.Contains(page, want) {
			t.Errorf("the Ruffle page lacks %q", want)
		}
	}
	// Config.RuffleRenderer: Ruffle's 2D canvas renderer asked for
	canvas, err := New(Config{Runtime: RuntimeRuffle, SWF: swf, Ruffle: ruffle, RuffleRenderer: "canvas"})
	if err != nil {
		t.Fatal(err)
	}
	if page := readBody(t, ruffleGet(t, canvas, "/")); !strings.Contains(page, `preferredRenderer: "canvas"`) || strings.Contains(page, "__HEXIOM_") {
		t.Error(`RuffleRenderer "canvas": the page does not ask Ruffle for it, or keeps a placeholder`)
	}
	// Config.RuffleFrameRate: Ruffle told to run the SWF at 2.5 fps
	slow, err := New(Config{Runtime: RuntimeRuffle, SWF: swf, Ruffle: ruffle, RuffleFrameRate: 2.5})
	if err != nil {
		t.Fatal(err)
	}
	if page := readBody(t, ruffleGet(t, slow, "/")); !strings.Contains(page, `frameRate: 2.5,`) {
		t.Error(`RuffleFrameRate 2.5: the page does not ask Ruffle for it`)
	}
	for _, c := range []struct{ path, ctype, body string }{
		{"/flash/hexiom.swf", "application/x-shockwave-flash", "FWS\x0a"},
		{"/ruffle/ruffle.js", "text/javascript", "// ruffle"},
		{"/ruffle/core.wasm", "application/wasm", "\x00asm"},
	} {
		r := ruffleGet(t, g, c.path)
		if got := readBody(t, r); r.StatusCode != 200 || got != c.body || !strings.HasPrefix(r.Header.Get("Content-Type"), c.ctype) {
			t.Errorf("GET %s: %d %s %q, want 200 %s %q", c.path, r.StatusCode, r.Header.Get("Content-Type"), got, c.ctype, c.body)
		}
	}
	for _, p := range []string{"/ruffle/../secret", "/ruffle/%2e%2e/secret", "/ruffle/nothing.js"} {
		if r := ruffleGet(t, g, p); r.StatusCode == 200 {
			t.Errorf("GET %s: 200 %q, want no file", p, readBody(t, r))
		}
	}
	if err := g.SetTheme("neon"); !errors.Is(err, ErrSpec) {
		t.Errorf("SetTheme(neon) under runtime ruffle: %v, want ErrSpec", err)
	}
}

func TestRuntimeHTMLServesNoFlash(t *testing.T) {
	g, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	if page := readBody(t, ruffleGet(t, g, "/")); !strings.Contains(page, "/static/game.js") || strings.Contains(page, "ruffle") {
		t.Error("the default page is not the canvas page")
	}
	for _, p := range []string{"/flash/hexiom.swf", "/ruffle/ruffle.js"} {
		if r := ruffleGet(t, g, p); r.StatusCode != 404 {
			t.Errorf("GET %s under runtime html: %d, want 404", p, r.StatusCode)
		}
	}
}

func TestRuntimeRefused(t *testing.T) {
	swf, ruffle := fakeFlash(t)
	for _, c := range []Config{
		{Runtime: "java"},
		{Runtime: RuntimeRuffle, SWF: swf, Ruffle: ruffle, Theme: "neon"},
		{Runtime: RuntimeRuffle, SWF: swf + ".missing", Ruffle: ruffle},
		{Runtime: RuntimeRuffle, SWF: filepath.Dir(swf), Ruffle: ruffle},
		{Runtime: RuntimeRuffle, SWF: swf, Ruffle: filepath.Dir(swf)},
		{Runtime: RuntimeRuffle, SWF: swf, Ruffle: ruffle, RuffleRenderer: "wgpu"},
		{Runtime: RuntimeRuffle, SWF: swf, Ruffle: ruffle, RuffleFrameRate: 0.5},
		{Runtime: RuntimeRuffle, SWF: swf, Ruffle: ruffle, RuffleFrameRate: 121},
		{Runtime: RuntimeRuffle, SWF: swf, Ruffle: ruffle, RuffleFrameRate: math.NaN()},
		{Runtime: RuntimeRuffle},
	} {
		if _, err := New(c); err == nil {
			t.Errorf("New(%+v): no error", c)
		}
	}
}
