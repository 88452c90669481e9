//go:build linux

package browser

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"hexiom/internal/desktop"
	"hexiom/internal/tier"
)

// Open shows a page in the default browser the freedesktop way: xdg-open
// finds the user's choice in mimeapps.list (here Debian's Chromium, which
// desktop.DefaultBrowser records), and the browser runs the page's script.
func TestOpenDefaultBrowser(t *testing.T) {
	tier.Heavy(t, tier.Xvfb, tier.Chromium)
	x, err := desktop.StartX(800, 600)
	if err != nil {
		t.Fatal(err)
	}
	env, remove, err := desktop.DefaultBrowser(x)
	if err != nil {
		x.Close()
		t.Fatal(err)
	}
	defer remove()
	defer x.Close() // first: Chromium exits with its X server
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	seen := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/seen" {
			select {
			case seen <- r.UserAgent():
			default:
			}
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><title>t</title><script>fetch('/seen')</script>"))
	}))
	defer srv.Close()
	if err := Open(srv.URL + "/"); err != nil {
		t.Fatal(err)
	}
	select {
	case ua := <-seen:
		if !strings.Contains(ua, "Chrome") {
			t.Errorf("the page was fetched by %q, not the default browser (Chromium)", ua)
		}
	case <-time.After(desktop.Patience):
		t.Fatalf("the page did not run in a browser in %v", desktop.Patience)
	}
}

func TestOpenRefuses(t *testing.T) {
	if err := Open("file:///etc/passwd"); err == nil {
		t.Error("opened a file: URL")
	}
	t.Setenv("PATH", t.TempDir()) // no xdg-open
	if err := Open("http://127.0.0.1:1/"); err == nil || !strings.Contains(err.Error(), "xdg-open not found") {
		t.Errorf("without xdg-open: %v", err)
	}
}
