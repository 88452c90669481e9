package game

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"strconv"
	"time"
)

// The page: HTML, one script, no build step.
//
//go:embed static
var staticFS embed.FS

// maxBody bounds every request body.
const maxBody = 1 << 20

// longPoll is how long GET /api/state?wait=V waits for a change.
const longPoll = 20 * time.Second

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

func (g *Game) buildMux() {
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(fmt.Sprintf("game: embedded page missing: %v", err))
	}
	m := http.NewServeMux()
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	m.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		http.ServeFileFS(w, r, static, "index.html")
	})
	m.HandleFunc("GET /api/state", g.handleState)
	m.HandleFunc("POST /api/new", g.handleNew)
	m.HandleFunc("POST /api/move", g.handleMove)
	m.HandleFunc("POST /api/undo", g.handleUndo)
	m.HandleFunc("POST /api/restart", g.handleRestart)
	m.HandleFunc("POST /api/debug", g.handleDebug)
	m.HandleFunc("POST /api/layout", g.handleLayout)
	m.HandleFunc("GET /api/pointer", g.handlePointerGet)
	m.HandleFunc("POST /api/pointer", g.handlePointerPost)
	m.HandleFunc("GET /api/levels", g.handleLevels)
	m.HandleFunc("POST /api/theme", g.handleTheme)
	g.mux = m
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

func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: fmt.Sprintf("%s %s: bad JSON body: %v", r.Method, r.URL.Path, err)})
		return false
	}
	return true
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
			t := time.NewTimer(longPoll)
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
	var m Move
	if !readJSON(w, r, &m) {
		return
	}
	res, err := g.Move(Move{From: m.From, To: m.To})
	if err != nil {
		st := g.State()
		writeJSON(w, http.StatusConflict, apiError{Error: err.Error(), State: &st})
		return
	}
	writeJSON(w, http.StatusOK, MoveReply{Result: res, State: g.State()})
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
	out := make([]LevelInfo, 0, NumLevels)
	for n := 1; n <= NumLevels; n++ {
		p, err := Level(n)
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
