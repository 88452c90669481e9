package game

import (
	"bytes"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"hexiom/board"
	"hexiom/levels"
)

// The page: HTML, one script, no build step.
//
//go:embed static
var staticFS embed.FS

// maxBody bounds every request body.
const maxBody = 1 << 20

// TokenHeader carries the game's token (Game.Token) on every state-changing
// request. The page gets the token with its HTML; a page of another origin
// can neither read it nor send this header without CORS, which the server
// never grants.
const TokenHeader = "X-Hexiom-Token"

// Timeouts bound how long the server waits for a client.
type Timeouts struct {
	ReadHeader time.Duration // the request line and headers
	Read       time.Duration // the whole request, body included; more than LongPoll
	Write      time.Duration // from the end of the headers to the end of the answer; more than LongPoll
	Idle       time.Duration // a kept-alive connection between two requests
	LongPoll   time.Duration // how long GET /api/state?wait=V waits for a change
}

// DefaultTimeouts are the server's timeouts when Config.Timeouts is zero.
// Read and Write outlast the long poll: net/http cancels a request's context
// when the read deadline passes, even while its handler is waiting.
var DefaultTimeouts = Timeouts{
	ReadHeader: 5 * time.Second,
	Read:       30 * time.Second,
	Write:      30 * time.Second,
	Idle:       60 * time.Second,
	LongPoll:   20 * time.Second,
}

func (t Timeouts) check() error {
	switch {
	case t.ReadHeader <= 0 || t.Idle <= 0 || t.LongPoll <= 0:
		return fmt.Errorf("timeouts %+v: every one must be positive", t)
	case t.Read <= t.LongPoll || t.Write <= t.LongPoll:
		return fmt.Errorf("timeouts %+v: Read and Write must outlast LongPoll", t)
	}
	return nil
}

// HTTPServer returns an http.Server serving g with its timeouts
// (Config.Timeouts). Serve it on a loopback listener.
func (g *Game) HTTPServer() *http.Server {
	t := g.timeouts
	return &http.Server{
		Handler:           g,
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		MaxHeaderBytes:    64 << 10,
	}
}

// Token returns the game's token, which every state-changing request must
// carry in the TokenHeader header. It is random, made by New, and served
// to the page inside its HTML.
func (g *Game) Token() string { return g.token }

// ServeHTTP serves the page and the API (see the package comment).
func (g *Game) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.muxOnce.Do(g.buildMux)
	if !loopbackHost(r.Host) {
		// The game listens on loopback only; a foreign Host header means a
		// page elsewhere is trying to reach it through DNS rebinding.
		http.Error(w, "hexiom game: only loopback hosts are served", http.StatusForbidden)
		return
	}
	g.mux.ServeHTTP(w, r)
}

func loopbackHost(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// buildMux builds the game's HTTP handler, once: the page, its static
// files, Ruffle's routes when it runs the original, and the API.
func (g *Game) buildMux() {
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(fmt.Sprintf("game: embedded page missing: %v", err))
	}
	m := http.NewServeMux()
	m.Handle("GET /static/", http.StripPrefix("/static/", staticFiles(static)))
	html, err := g.page(static)
	if err != nil {
		panic(fmt.Sprintf("game: embedded page missing: %v", err))
	}
	if g.cfg.Runtime == RuntimeRuffle {
		g.ruffleRoutes(m)
	}
	m.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		// No framing by other pages: they could make the page act for them.
		h.Set("X-Frame-Options", "DENY")
		h.Set("Content-Security-Policy", "frame-ancestors 'none'")
		_, _ = w.Write(html)
	})
	g.apiRoutes(m)
	g.mux = m
}

// staticFiles serves the files of static; a name no file system can hold
// (not UTF-8, say) is no page of ours: 404, where the file server would
// answer 500 (FuzzAPI).
func staticFiles(static fs.FS) http.Handler {
	files := http.FileServerFS(static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/"); name != "" && !fs.ValidPath(name) {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}

// apiRoutes adds the API to m: the state, the levels and the guarded
// changes; with Config.Debug the tests' debug and pointer calls, without
// it a 404 that says how to have them.
func (g *Game) apiRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /api/state", g.handleState)
	m.HandleFunc("POST /api/new", g.guard(g.handleNew))
	m.HandleFunc("POST /api/move", g.guard(g.handleMove))
	m.HandleFunc("POST /api/moves", g.guard(g.handleMoves))
	m.HandleFunc("POST /api/undo", g.guard(g.handleUndo))
	m.HandleFunc("POST /api/restart", g.guard(g.handleRestart))
	m.HandleFunc("POST /api/layout", g.guard(g.handleLayout))
	m.HandleFunc("GET /api/levels", g.handleLevels)
	m.HandleFunc("POST /api/theme", g.guard(g.handleTheme))
	if g.cfg.Debug {
		m.HandleFunc("POST /api/debug", g.guard(g.handleDebug))
		m.HandleFunc("GET /api/pointer", g.handlePointerGet)
		m.HandleFunc("POST /api/pointer", g.guard(g.handlePointerPost))
		return
	}
	off := func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusNotFound, apiError{Error: fmt.Sprintf("%s %s is for tests: start the game with Config.Debug (hexiom game -debug)", r.Method, r.URL.Path)})
	}
	m.HandleFunc("/api/debug", off)
	m.HandleFunc("/api/pointer", off)
}

// guard wraps a state-changing handler: it serves only requests with a JSON
// body (Content-Type application/json), from the game's own origin (or with
// no Origin, as programs send them) and carrying the game's token. A page of
// another origin can send none of these with a "simple" request, and the
// server answers no CORS preflight.
func (g *Game) guard(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		refuse := func(code int, format string, args ...any) {
			writeJSON(w, code, apiError{Error: fmt.Sprintf("%s %s: ", r.Method, r.URL.Path) + fmt.Sprintf(format, args...)})
		}
		if ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || ct != "application/json" {
			refuse(http.StatusUnsupportedMediaType, "Content-Type %.60q: want application/json", r.Header.Get("Content-Type"))
			return
		}
		if o, ok := r.Header["Origin"]; ok && (len(o) != 1 || o[0] != "http://"+r.Host) {
			refuse(http.StatusForbidden, "request from another origin (%.100q) refused; the game takes requests from its own page", strings.Join(o, ", "))
			return
		}
		if s := r.Header.Get("Sec-Fetch-Site"); s != "" && s != "same-origin" && s != "none" {
			refuse(http.StatusForbidden, "%.40s request refused (Sec-Fetch-Site); the game takes requests from its own page", s)
			return
		}
		if subtle.ConstantTimeCompare([]byte(r.Header.Get(TokenHeader)), []byte(g.token)) != 1 {
			refuse(http.StatusForbidden, "missing or wrong %s: the page sends the token it got with its HTML (programs: Game.Token)", TokenHeader)
			return
		}
		h(w, r)
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// apiError is the body of every 4xx answer.
type apiError struct {
	Error string `json:"error"`
	State *State `json:"state,omitempty"`
}

// readJSON decodes the body, which must be one JSON value of v's type (not
// null) and nothing after it, into v.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := decodeBody(http.MaxBytesReader(w, r.Body, maxBody), v); err != nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: fmt.Sprintf("%s %s: bad JSON body: %v", r.Method, r.URL.Path, err)})
		return false
	}
	return true
}

func decodeBody(body io.Reader, v any) error {
	data, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return fmt.Errorf("empty body")
	}
	if bytes.Equal(data, []byte("null")) {
		return fmt.Errorf("null")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if n := dec.InputOffset(); n != int64(len(data)) {
		return fmt.Errorf("more after the JSON value at byte %d", n)
	}
	return nil
}

func (g *Game) handleState(w http.ResponseWriter, r *http.Request) {
	if v := r.URL.Query().Get("wait"); v != "" {
		want, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			writeJSON(w, http.StatusBadRequest, apiError{Error: fmt.Sprintf("wait=%q: want a state version", v)})
			return
		}
		ver, ch := g.Changed()
		if int64(ver) == want {
			t := time.NewTimer(g.timeouts.LongPoll)
			g.pollFor.Store(want)
			g.polls.Add(1)
			defer g.polls.Add(-1)
			select {
			case <-ch:
			case <-t.C:
			case <-r.Context().Done():
			}
			t.Stop()
		}
	}
	writeJSON(w, http.StatusOK, g.State())
}

func (g *Game) handleNew(w http.ResponseWriter, r *http.Request) {
	var sp Spec
	if !readJSON(w, r, &sp) {
		return
	}
	if err := g.NewLevel(sp); err != nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, g.State())
}

// MoveReply is the answer to POST /api/move.
type MoveReply struct {
	Result Result `json:"result"`
	State  State  `json:"state"`
}

func (g *Game) handleMove(w http.ResponseWriter, r *http.Request) {
	var m struct {
		From    *int    `json:"from"`
		To      *int    `json:"to"`
		Started *uint64 `json:"started"`
	}
	if !readJSON(w, r, &m) {
		return
	}
	if m.From == nil || m.To == nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: `POST /api/move: want {"from": cell, "to": cell, "started": version}`})
		return
	}
	var res Result
	var err error
	if m.Started != nil {
		res, err = g.MoveOn(*m.Started, Move{From: *m.From, To: *m.To})
	} else {
		res, err = g.Move(Move{From: *m.From, To: *m.To})
	}
	if err != nil {
		st := g.State()
		writeJSON(w, http.StatusConflict, apiError{Error: err.Error(), State: &st})
		return
	}
	writeJSON(w, http.StatusOK, MoveReply{Result: res, State: g.State()})
}

// MovesReply is the answer to POST /api/moves.
type MovesReply struct {
	Results []Outcome `json:"results"`
	State   State     `json:"state"`
}

// maxBatch bounds the moves of one POST /api/moves (a size-6 board has 91
// cells; the page sends what queued while its last request was answered).
const maxBatch = 1000

// handleMoves plays the moves the page queued while its last request was
// on its way, in one request: a fast player (or bot) is not held to one
// round trip per move.
func (g *Game) handleMoves(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Moves []struct {
			From *int `json:"from"`
			To   *int `json:"to"`
		} `json:"moves"`
		Started *uint64 `json:"started"`
	}
	if !readJSON(w, r, &b) {
		return
	}
	const want = `POST /api/moves: want {"moves": [{"from": cell, "to": cell}, …], "started": version}`
	if b.Started == nil || len(b.Moves) == 0 || len(b.Moves) > maxBatch {
		writeJSON(w, http.StatusBadRequest, apiError{Error: fmt.Sprintf("%s with 1 to %d moves", want, maxBatch)})
		return
	}
	ms := make([]Move, len(b.Moves))
	for i, m := range b.Moves {
		if m.From == nil || m.To == nil {
			writeJSON(w, http.StatusBadRequest, apiError{Error: fmt.Sprintf("%s: move %d has no from or to", want, i)})
			return
		}
		ms[i] = Move{From: *m.From, To: *m.To}
	}
	out, err := g.MovesOn(*b.Started, ms)
	if err != nil {
		st := g.State()
		writeJSON(w, http.StatusConflict, apiError{Error: "POST /api/moves: " + err.Error(), State: &st})
		return
	}
	writeJSON(w, http.StatusOK, MovesReply{Results: out, State: g.State()})
}

func (g *Game) handleUndo(w http.ResponseWriter, r *http.Request) {
	if err := g.Undo(); err != nil {
		st := g.State()
		writeJSON(w, http.StatusConflict, apiError{Error: err.Error(), State: &st})
		return
	}
	writeJSON(w, http.StatusOK, g.State())
}

func (g *Game) handleRestart(w http.ResponseWriter, r *http.Request) {
	g.Restart()
	writeJSON(w, http.StatusOK, g.State())
}

// Debug is the body of POST /api/debug.
type Debug struct {
	DropNext int `json:"drop_next"`
}

func (g *Game) handleDebug(w http.ResponseWriter, r *http.Request) {
	var d Debug
	if !readJSON(w, r, &d) {
		return
	}
	if d.DropNext < 0 {
		writeJSON(w, http.StatusBadRequest, apiError{Error: fmt.Sprintf("drop_next %d: want 0 or more", d.DropNext)})
		return
	}
	writeJSON(w, http.StatusOK, Debug{DropNext: g.DropNext(d.DropNext)})
}

func (g *Game) handleLayout(w http.ResponseWriter, r *http.Request) {
	var l Layout
	if !readJSON(w, r, &l) {
		return
	}
	if l.Side <= 0 {
		writeJSON(w, http.StatusBadRequest, apiError{Error: fmt.Sprintf("layout side %v: want > 0", l.Side)})
		return
	}
	g.SetLayout(l)
	w.WriteHeader(http.StatusNoContent)
}

// PointerLog is the answer to GET /api/pointer.
type PointerLog struct {
	Events []PointerEvent `json:"events"`
	Next   int64          `json:"next"` // pass as ?since= to get only newer events
}

func (g *Game) handlePointerGet(w http.ResponseWriter, r *http.Request) {
	var since int64
	if v := r.URL.Query().Get("since"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			writeJSON(w, http.StatusBadRequest, apiError{Error: fmt.Sprintf("since=%q: want a sequence number", v)})
			return
		}
		since = n
	}
	evs := g.Pointer(since)
	next := since
	if len(evs) > 0 {
		next = evs[len(evs)-1].Seq
	}
	writeJSON(w, http.StatusOK, PointerLog{Events: evs, Next: next})
}

func (g *Game) handlePointerPost(w http.ResponseWriter, r *http.Request) {
	var evs []PointerEvent
	if !readJSON(w, r, &evs) {
		return
	}
	g.LogPointer(evs)
	w.WriteHeader(http.StatusNoContent)
}

// LevelInfo describes one official level for the level menu.
type LevelInfo struct {
	Level int `json:"level"`
	Size  int `json:"size"`
}

func (g *Game) handleLevels(w http.ResponseWriter, r *http.Request) {
	out := make([]LevelInfo, 0, levels.N)
	for n := 1; n <= levels.N; n++ {
		p, err := board.Level(n)
		if err != nil {
			writeJSON(w, http.StatusInternalServerError, apiError{Error: err.Error()})
			return
		}
		out = append(out, LevelInfo{Level: n, Size: p.Size})
	}
	writeJSON(w, http.StatusOK, out)
}

// ThemeRequest is the body of POST /api/theme.
type ThemeRequest struct {
	Theme string `json:"theme"`
}

func (g *Game) handleTheme(w http.ResponseWriter, r *http.Request) {
	var t ThemeRequest
	if !readJSON(w, r, &t) {
		return
	}
	if err := g.SetTheme(t.Theme); err != nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, g.State())
}
