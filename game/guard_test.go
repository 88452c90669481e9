package game

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// post sends a raw POST with the given headers and returns the status.
func post(t *testing.T, srv *server, path, body string, hdr map[string]string) int {
	t.Helper()
	req, err := http.NewRequest("POST", srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// TestAPIRefusesForeignRequests: a state-changing request needs a JSON
// Content-Type, the game's own origin (or none) and the token. What a page
// of another origin can send, a "simple" request, has none of them.
func TestAPIRefusesForeignRequests(t *testing.T) {
	g, srv := serve(t, Config{Start: Spec{Mode: ModeLevel, Level: 10}, Debug: true})
	tok := g.Token()
	if len(tok) != 32 {
		t.Fatalf("token %q", tok)
	}
	own := "http://" + strings.TrimPrefix(srv.URL, "http://")
	bodies := map[string]string{
		"/api/new":     `{"mode":"level","level":7}`,
		"/api/move":    `{"from":4,"to":2}`,
		"/api/moves":   `{"moves":[{"from":4,"to":2}],"started":1}`,
		"/api/undo":    `{}`,
		"/api/restart": `{}`,
		"/api/debug":   `{"drop_next":4242}`,
		"/api/pointer": `[{"type":"pointerdown","clientX":-5000,"clientY":-5000,"screenX":-5000,"screenY":-5000}]`,
		"/api/layout":  `{"left":1,"top":1,"side":100,"version":1,"size":3}`,
	}
	json := "application/json"
	for _, tc := range []struct {
		name string
		hdr  map[string]string
	}{
		{"no Content-Type", map[string]string{TokenHeader: tok}},
		{"text/plain", map[string]string{"Content-Type": "text/plain;charset=UTF-8", TokenHeader: tok}},
		{"form", map[string]string{"Content-Type": "application/x-www-form-urlencoded", TokenHeader: tok}},
		{"Origin null", map[string]string{"Content-Type": json, "Origin": "null", TokenHeader: tok}},
		{"other origin", map[string]string{"Content-Type": json, "Origin": "http://evil.example", TokenHeader: tok}},
		{"other port", map[string]string{"Content-Type": json, "Origin": "http://127.0.0.1:1", TokenHeader: tok}},
		{"localhost for 127.0.0.1", map[string]string{"Content-Type": json, "Origin": strings.Replace(own, "127.0.0.1", "localhost", 1), TokenHeader: tok}},
		{"cross-site fetch", map[string]string{"Content-Type": json, "Sec-Fetch-Site": "cross-site", TokenHeader: tok}},
		{"same-site fetch", map[string]string{"Content-Type": json, "Sec-Fetch-Site": "same-site", TokenHeader: tok}},
		{"no token", map[string]string{"Content-Type": json, "Origin": own}},
		{"wrong token", map[string]string{"Content-Type": json, "Origin": own, TokenHeader: strings.Repeat("0", 32)}},
		{"token prefix", map[string]string{"Content-Type": json, TokenHeader: tok[:16]}},
	} {
		for path, body := range bodies {
			if code := post(t, srv, path, body, tc.hdr); code != http.StatusForbidden && code != http.StatusUnsupportedMediaType {
				t.Errorf("%s: POST %s answered %d", tc.name, path, code)
			}
		}
	}
	st := g.State()
	if st.Level != 10 || st.Version != 1 || st.DropNext != 0 || st.Moves != 0 || st.Layout != nil || len(g.Pointer(0)) != 0 {
		t.Fatalf("refused requests changed the game: level %d version %d drop_next %d moves %d layout %v pointer %v",
			st.Level, st.Version, st.DropNext, st.Moves, st.Layout, g.Pointer(0))
	}
	// The same requests from the page itself (its origin, the token) and
	// from a program (no Origin) are served.
	for _, hdr := range []map[string]string{
		{"Content-Type": "application/json; charset=utf-8", "Origin": own, "Sec-Fetch-Site": "same-origin", TokenHeader: tok},
		{"Content-Type": json, TokenHeader: tok},
	} {
		if code := post(t, srv, "/api/debug", `{"drop_next":1}`, hdr); code != 200 {
			t.Fatalf("%v: debug %d", hdr, code)
		}
		if code := post(t, srv, "/api/new", `{"mode":"level","level":7}`, hdr); code != 200 {
			t.Fatalf("%v: new %d", hdr, code)
		}
	}
	if st := g.State(); st.Level != 7 || st.DropNext != 1 {
		t.Fatalf("own requests: level %d drop_next %d", st.Level, st.DropNext)
	}
}

// TestPageCarriesToken: the page gets the token, the debug switch and the
// game's looks (Themes, the one list) in its HTML and may not be framed by
// other pages.
func TestPageCarriesToken(t *testing.T) {
	for _, debug := range []bool{false, true} {
		g, srv := serve(t, Config{Debug: debug})
		resp, err := http.Get(srv.URL + "/")
		if err != nil {
			t.Fatal(err)
		}
		html, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		want := fmt.Sprintf(`<meta name="hexiom" content="%s" data-debug="%v" data-looks="%s">`, g.Token(), debug, strings.Join(Themes, " "))
		if !strings.Contains(string(html), want) {
			t.Errorf("debug %v: the page lacks %s", debug, want)
		}
		if resp.Header.Get("X-Frame-Options") != "DENY" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("page may be framed: %v", resp.Header)
		}
	}
	a, _ := New(Config{})
	b, _ := New(Config{})
	if a.Token() == b.Token() {
		t.Fatal("two games share a token")
	}
}

// TestDebugEndpointsOffByDefault: without Config.Debug, /api/debug and the
// pointer log do not exist, even for the page.
func TestDebugEndpointsOffByDefault(t *testing.T) {
	g, srv := serve(t, Config{Start: Spec{Mode: ModeLevel, Level: 10}})
	var e apiError
	if code := call(t, srv, "POST", "/api/debug", Debug{DropNext: 3}, &e); code != http.StatusNotFound || !strings.Contains(e.Error, "Debug") {
		t.Errorf("debug off: POST /api/debug %d %q", code, e.Error)
	}
	if code := call(t, srv, "POST", "/api/pointer", []PointerEvent{{Type: "pointerdown", ScreenX: -5000}}, nil); code != http.StatusNotFound {
		t.Errorf("debug off: POST /api/pointer %d", code)
	}
	if code := call(t, srv, "GET", "/api/pointer", nil, nil); code != http.StatusNotFound {
		t.Errorf("debug off: GET /api/pointer %d", code)
	}
	if st := g.State(); st.DropNext != 0 || len(g.Pointer(0)) != 0 {
		t.Fatalf("debug off: drop_next %d, pointer %v", st.DropNext, g.Pointer(0))
	}
}

// TestAPIBodies: a body is one JSON value of the right shape and nothing
// else; seeds the page could not send back exactly are refused.
func TestAPIBodies(t *testing.T) {
	g, srv := serve(t, Config{Start: Spec{Mode: ModeLevel, Level: 10}})
	hdr := map[string]string{"Content-Type": "application/json", TokenHeader: g.Token()}
	for _, body := range []string{
		`{"from":4,"to":2} garbage`, `{"from":4,"to":2}}`, `{"from":4,"to":2}{"from":2,"to":4}`, `{"from":4,"to":2}]`,
		`null`, ` null `, ``, `  `, `{}`, `{"from":4}`, `{"to":2}`, `{"from":4,"to":null}`, `[4,2]`, `"4-2"`,
		`{"from":4,"to":2,"swap":true}`, `{"from":4.5,"to":2}`, `{"from":1e3,"to":2}`,
	} {
		if code := post(t, srv, "/api/move", body, hdr); code != http.StatusBadRequest {
			t.Errorf("move body %q: %d, want 400", body, code)
		}
	}
	for _, body := range []string{`null`, `{"mode":"level","level":7} x`, `{"mode":"random","size":4,"seed":9007199254740992}`,
		`{"mode":"challenge","seed":18446744073709551615}`} {
		if code := post(t, srv, "/api/new", body, hdr); code != http.StatusBadRequest {
			t.Errorf("new body %q: %d, want 400", body, code)
		}
	}
	if code := post(t, srv, "/api/layout", `null`, hdr); code != http.StatusBadRequest {
		t.Errorf("layout null: %d", code)
	}
	if st := g.State(); st.Version != 1 || st.Moves != 0 || st.Level != 10 {
		t.Fatalf("refused bodies changed the game: version %d moves %d level %d", st.Version, st.Moves, st.Level)
	}
	// A move with trailing white space is one move; the largest exact seed
	// comes back as it went.
	if code := post(t, srv, "/api/move", " {\"from\":4,\"to\":2}\n", hdr); code != 200 {
		t.Errorf("move with white space: %d", code)
	}
	var st State
	if code := call(t, srv, "POST", "/api/new", Spec{Mode: ModeRandom, Size: 4, Seed: seed(MaxSeed)}, &st); code != 200 || st.Seed != MaxSeed || uint64(float64(st.Seed)) != st.Seed {
		t.Errorf("seed 2^53-1: %d, seed %d", code, st.Seed)
	}
	if _, err := New(Config{Start: Spec{Mode: ModeRandom, Size: 4, Seed: seed(MaxSeed + 1)}}); !errors.Is(err, ErrSpec) {
		t.Errorf("New with seed 2^53: %v", err)
	}
}

// TestServerTimeouts: slow and idle clients are cut off, while a long poll
// still waits its whole time. Short timeouts keep the test quick; the
// defaults are checked for the same relations.
func TestServerTimeouts(t *testing.T) {
	d := DefaultTimeouts
	if err := d.check(); err != nil {
		t.Fatal(err)
	}
	if _, err := New(Config{Timeouts: Timeouts{ReadHeader: time.Second, Read: time.Second, Write: time.Minute, Idle: time.Second, LongPoll: 2 * time.Second}}); err == nil {
		t.Fatal("a read timeout shorter than the long poll was accepted")
	}
	def, _ := New(Config{})
	if s := def.HTTPServer(); s.ReadHeaderTimeout != d.ReadHeader || s.ReadTimeout != d.Read || s.WriteTimeout != d.Write || s.IdleTimeout != d.Idle {
		t.Fatalf("HTTPServer does not use the default timeouts: %+v", s)
	}

	// The long poll outlasts the header and idle timeouts; Read and Write
	// outlast it.
	tm := Timeouts{ReadHeader: time.Second, Read: 2 * time.Second, Write: 3 * time.Second, Idle: time.Second, LongPoll: 1500 * time.Millisecond}
	g, err := New(Config{Start: Spec{Mode: ModeLevel, Level: 10}, Timeouts: tm})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := g.HTTPServer()
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	addr := ln.Addr().String()

	// guard bounds how long each client waits for the server to act; far
	// more than the timeouts, so only a missing timeout fails it.
	const guard = 60 * time.Second
	closedWithin := func(t *testing.T, name string, c net.Conn) {
		t.Helper()
		start := time.Now()
		_ = c.SetReadDeadline(start.Add(guard))
		_, err := io.Copy(io.Discard, c)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Errorf("%s: the server still held the connection after %v", name, guard)
		}
	}

	// The three clients wait side by side (parallel subtests: the server
	// is shut down once all three are done), so the test takes the longest
	// timeout, not their sum.
	t.Run("slow body", func(t *testing.T) {
		t.Parallel()
		// A body that trickles in forever.
		slow, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer slow.Close()
		fmt.Fprintf(slow, "POST /api/move HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n%s: %s\r\nContent-Length: 1000\r\n\r\n", addr, TokenHeader, g.Token())
		stop := make(chan struct{})
		go func() {
			for {
				select {
				case <-stop:
					return
				case <-time.After(100 * time.Millisecond):
				}
				if _, err := slow.Write([]byte(" ")); err != nil {
					return
				}
			}
		}()
		closedWithin(t, "slow body", slow)
		close(stop)
	})

	t.Run("idle", func(t *testing.T) {
		t.Parallel()
		// An idle kept-alive connection after one request.
		idle, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer idle.Close()
		fmt.Fprintf(idle, "GET /api/levels HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		br := bufio.NewReader(idle)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		_ = idle.SetReadDeadline(time.Now().Add(guard))
		if _, err := io.Copy(io.Discard, br); err != nil {
			t.Errorf("idle connection: still open after %v (%v)", guard, err)
		}
	})

	t.Run("long poll", func(t *testing.T) {
		t.Parallel()
		// A long poll with no change waits LongPoll and answers, although
		// that is longer than the idle and header timeouts.
		start := time.Now()
		c := &http.Client{Timeout: guard}
		resp, err := c.Get(fmt.Sprintf("http://%s/api/state?wait=%d", addr, g.State().Version))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if el := time.Since(start); resp.StatusCode != 200 || el < tm.LongPoll {
			t.Fatalf("long poll: %d after %v, want 200 after %v", resp.StatusCode, el, tm.LongPoll)
		}
	})
}
