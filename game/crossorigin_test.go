package game

import (
	"fmt"
	"image"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"hexiom/internal/desktop"
)

// evilPage is a page of another origin (http://localhost:PORT) that tries
// what a hostile site can do to the game at TARGET: blind no-cors fetches
// (the browser sends them and hides the answer), fetches asking for JSON
// and a token (no-cors drops those headers), a CORS fetch (its preflight
// gets no CORS answer), a form post and a form post from a sandboxed frame
// (Origin: null). It then reports how many requests it sent, all but the
// sandboxed one, which the test waits for at the game.
const evilPage = `<!doctype html><html><body><iframe name="sink"></iframe><script>
(async () => {
  const T = 'TARGET';
  const shots = [
    ['/api/new', '{"mode":"level","level":7}'],
    ['/api/debug', '{"drop_next":4242}'],
    ['/api/pointer', '[{"type":"pointerdown","clientX":-5000,"clientY":-5000,"screenX":-5000,"screenY":-5000}]'],
    ['/api/move', '{"from":4,"to":2}'],
    ['/api/moves', '{"moves":[{"from":4,"to":2}],"started":1}'],
    ['/api/restart', '{}'],
    ['/api/layout', '{"left":1,"top":1,"side":100,"version":1,"size":3}'],
  ];
  let sent = 0;
  const step = (what) => fetch('/step', {method: 'POST', body: what});
  for (const [p, b] of shots) {
    for (const headers of [{}, {'Content-Type': 'text/plain'}, {'Content-Type': 'application/json', 'X-Hexiom-Token': 'guess'}]) {
      try { await fetch(T + p, {method: 'POST', mode: 'no-cors', headers, body: b}); } catch (e) {}
      sent++;
    }
  }
  await step('no-cors ' + sent);
  try { await fetch(T + '/api/new', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: shots[0][1]}); } catch (e) {}
  const loaded = (f) => new Promise((res) => f.addEventListener('load', res, {once: true}));
  const sink = document.querySelector('iframe');
  const form = document.createElement('form');
  form.method = 'POST'; form.action = T + '/api/new'; form.enctype = 'text/plain'; form.target = 'sink';
  form.innerHTML = '<input name=\'{"mode":"level","level":7,"x":"\' value=\'"}\'>';
  document.body.appendChild(form);
  await step('cors');
  const l = loaded(sink); form.submit(); await l; sent++;
  await step('form');
  const boxed = document.createElement('iframe');
  boxed.sandbox = 'allow-forms allow-scripts';
  boxed.srcdoc = '<form method=POST action="' + T + '/api/debug" enctype="text/plain"><input name=\'{"drop_next":4242,"x":"\' value=\'"}\'></form><script>document.forms[0].submit()<\/script>';
  document.body.appendChild(boxed); // posts by itself; the test waits for it
  await fetch('/done', {method: 'POST', body: String(sent)});
})();
</script></body></html>`

// TestBrowserCrossOriginRefused: a page of another origin, loaded in real
// Chromium, cannot change the game (level, drop_next, moves, layout, the
// pointer log), although its requests reach the server.
func TestBrowserCrossOriginRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("Xvfb and Chromium: not in -short")
	}
	x := display(t)
	g, err := New(Config{Debug: true, Start: Spec{Mode: ModeLevel, Level: 10}})
	if err != nil {
		t.Fatal(err)
	}
	// Count the POSTs that reach the game and what came of them.
	var mu sync.Mutex
	reached := map[string]int{} // Origin → POSTs
	codes := map[int]int{}
	hs := g.HTTPServer()
	inner := hs.Handler
	hs.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusWriter{ResponseWriter: w, code: 200}
		inner.ServeHTTP(rec, r)
		if r.Method == "POST" {
			mu.Lock()
			reached[r.Header.Get("Origin")]++
			codes[rec.code]++
			mu.Unlock()
		}
	})
	gs, err := desktop.Serve(hs)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gs.Close() })
	before := g.State()

	done := make(chan int, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, strings.Replace(evilPage, "TARGET", strings.TrimSuffix(gs.URL, "/"), 1))
	})
	var steps []string
	mux.HandleFunc("POST /step", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		steps = append(steps, string(b))
		mu.Unlock()
	})
	mux.HandleFunc("POST /done", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var n int
		fmt.Sscan(string(b), &n)
		select {
		case done <- n:
		default:
		}
	})
	es, err := desktop.Serve(&http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { es.Close() })
	// Another origin: localhost, not 127.0.0.1, and another port.
	evil := strings.Replace(es.URL, "127.0.0.1", "localhost", 1)
	b, err := desktop.StartChromium(x, evil, image.Rect(0, 0, 800, 600))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })

	var sent int
	select {
	case sent = <-done:
	case <-time.After(60 * time.Second): // Chromium's start on a busy machine
		mu.Lock()
		defer mu.Unlock()
		t.Fatalf("the cross-origin page did not finish in 60 s (steps done: %q; POSTs reached the game: %v): %.2000s", steps, reached, b.Log.String())
	}
	// The sandboxed frame's post, with Origin null.
	if err := desktop.WaitFor(30*time.Second, 20*time.Millisecond, "the sandboxed form post", func() (bool, error) {
		mu.Lock()
		defer mu.Unlock()
		return reached["null"] > 0, nil
	}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	origin := strings.TrimSuffix(evil, "/")
	got, null, ok := reached[origin], reached["null"], codes[200]+codes[204]
	mu.Unlock()
	// 21 no-cors fetches (7 paths, 3 header sets) and a form post from the page's origin, a form
	// post with Origin null; the CORS fetch stops at its preflight.
	if sent != 22 || got != 22 || null != 1 {
		t.Fatalf("page sent %d, the game got %d POSTs from %s and %d with Origin null (want 22, 22, 1); all: %v",
			sent, got, origin, null, reached)
	}
	if ok != 0 {
		t.Errorf("%d cross-origin POSTs were served: %v", ok, codes)
	}
	st := g.State()
	if st.Level != before.Level || st.Version != before.Version || st.DropNext != 0 || st.Moves != 0 || st.Layout != nil {
		t.Errorf("the page of another origin changed the game: level %d→%d version %d→%d drop_next %d moves %d layout %v",
			before.Level, st.Level, before.Version, st.Version, st.DropNext, st.Moves, st.Layout)
	}
	if evs := g.Pointer(0); len(evs) != 0 {
		t.Errorf("the page of another origin added pointer events: %+v", evs)
	}
}

type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}
