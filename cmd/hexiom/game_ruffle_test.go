//go:build linux

package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/game/flash"
	"hexiom/internal/tier"
)

// fakeCache points the user's cache at a new directory holding a stand-in
// Ruffle web build where install-deps puts the real one.
func fakeCache(t *testing.T) string {
	t.Helper()
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	dir := filepath.Join(cache, "hexiom", "ruffle-"+flash.RuffleVersion)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"ruffle.js", "core.wasm"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("// "+f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return cache
}

func fetch(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func TestGameCommandRuffleServesSWF(t *testing.T) {
	fakeCache(t)
	swf := filepath.Join(t.TempDir(), "given.swf")
	if err := os.WriteFile(swf, []byte("FWS given"), 0o644); err != nil {
		t.Fatal(err)
	}
	url := startGame(t, "-runtime", "ruffle", "-swf", swf, "-level", "3")
	if code, page := fetch(t, url); code != 200 || !strings.Contains(page, "/ruffle/ruffle.js") {
		t.Errorf("GET /: %d, not the Ruffle page: %.300s", code, page)
	}
	if code, got := fetch(t, url+"flash/hexiom.swf"); code != 200 || got != "FWS given" {
		t.Errorf("GET /flash/hexiom.swf: %d %q, want the -swf file", code, got)
	}
	if code, got := fetch(t, url+"ruffle/ruffle.js"); code != 200 || got != "// ruffle.js" {
		t.Errorf("GET /ruffle/ruffle.js: %d %q, want the cache's", code, got)
	}
	if st := getState(t, url); st.Level != 3 {
		t.Errorf("level %d, want 3", st.Level)
	}
}

// Without -swf the command compiles game/flash's source with haxe into the
// cache, once.
func TestGameCommandRuffleBuildsSWF(t *testing.T) {
	tier.Heavy(t, "haxe")
	cache := fakeCache(t)
	url := startGame(t, "-runtime", "ruffle")
	code, got := fetch(t, url+"flash/hexiom.swf")
	if code != 200 || !(strings.HasPrefix(got, "FWS") || strings.HasPrefix(got, "CWS")) {
		t.Fatalf("GET /flash/hexiom.swf: %d, %d bytes, not a SWF: %.8q", code, len(got), got)
	}
	built, err := filepath.Glob(filepath.Join(cache, "hexiom", "swf", "*", flash.SWFName))
	if err != nil || len(built) != 1 {
		t.Fatalf("the cache holds %v (%v), want one built SWF", built, err)
	}
}

func TestGameCommandRuffleWithoutRuffle(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	var stderr strings.Builder
	if code := runAs("game", []string{"-runtime", "ruffle", "-swf", "x.swf"}, io.Discard, &stderr); code == exitOK || !strings.Contains(stderr.String(), "install-deps") {
		t.Errorf("hexiom game -runtime ruffle with no Ruffle installed: exit %d: %s", code, stderr.String())
	}
}
