package game

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"hexiom/board"
)

// server is the game served by httptest.
type server struct {
	*httptest.Server
	g *Game
}

func serve(t *testing.T, cfg Config) (*Game, *server) {
	t.Helper()
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	return g, &server{srv, g}
}

// call sends body (nil for GET) as a program would (JSON, the token, no
// Origin) and decodes the answer into out.
func call(t *testing.T, srv *server, method, path string, body, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(TokenHeader, srv.g.Token())
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode
}

func TestAPIPlayLevel10(t *testing.T) {
	_, srv := serve(t, Config{Start: Spec{Mode: ModeLevel, Level: 10}})
	var st State
	if code := call(t, srv, "GET", "/api/state", nil, &st); code != 200 {
		t.Fatalf("state: %d", code)
	}
	want, _ := board.Level(10)
	if st.Mode != "level" || st.Level != 10 || st.Size != 3 || st.Board != want.Format() || st.Solved || !st.Swap || st.Theme != "classic" {
		t.Fatalf("state: %+v", st)
	}
	kinds := map[string]int{}
	for i, c := range st.Cells {
		kinds[c.Kind]++
		if got := want.Cells[i]; int(got.Tile) != c.Tile || got.Fixed != c.Fixed {
			t.Fatalf("cell %d: %+v, want %+v", i, c, got)
		}
		if want := statusName(want.StatusOf(i)); c.Status != want {
			t.Fatalf("cell %d status %s, want %s", i, c.Status, want)
		}
	}
	if kinds["hole"] != 6 || kinds["locked"] != 1 || kinds["movable"] != 6 || kinds["empty"] != 6 {
		t.Fatalf("kinds %v", kinds)
	}
	if st.Layout != nil {
		t.Fatal("layout before the page reported one")
	}

	// An illegal drop: 409 with the unchanged state.
	var bad apiError
	if code := call(t, srv, "POST", "/api/move", Move{From: 4, To: 0}, &bad); code != http.StatusConflict || bad.State == nil || !strings.Contains(bad.Error, "unavailable") {
		t.Fatalf("move onto a hole: %d %+v", code, bad)
	}
	// Malformed bodies: 400.
	for _, body := range []string{`{"from":1`, `{"from":1,"to":2,"extra":3}`, `[]`} {
		req, _ := http.NewRequest("POST", srv.URL+"/api/move", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(TokenHeader, srv.g.Token())
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("move body %s: %d", body, resp.StatusCode)
		}
	}

	sol, err := board.Parse("solution", []byte(level10Solution))
	if err != nil {
		t.Fatal(err)
	}
	moves := planMoves(t, want, sol)
	for _, m := range moves {
		var r MoveReply
		if code := call(t, srv, "POST", "/api/move", m, &r); code != 200 || r.Result != Moved {
			t.Fatalf("move %v: %d %+v", m, code, r.Result)
		}
	}
	call(t, srv, "GET", "/api/state", nil, &st)
	if !st.Solved || st.Moves != len(moves) || st.Board != level10Solution {
		t.Fatalf("after the plan: solved %v moves %d\n%s", st.Solved, st.Moves, st.Board)
	}
}

func TestAPIUndoRestartNew(t *testing.T) {
	_, srv := serve(t, Config{Start: Spec{Mode: ModeLevel, Level: 10}})
	var st, st0 State
	call(t, srv, "GET", "/api/state", nil, &st0)
	var e apiError
	if code := call(t, srv, "POST", "/api/undo", struct{}{}, &e); code != http.StatusConflict {
		t.Fatalf("undo with no moves: %d", code)
	}
	var r MoveReply
	if code := call(t, srv, "POST", "/api/move", Move{From: 4, To: 2}, &r); code != 200 || r.State.Moves != 1 {
		t.Fatalf("move: %d %+v", code, r)
	}
	if code := call(t, srv, "POST", "/api/undo", struct{}{}, &st); code != 200 || st.Moves != 0 || st.Board != st0.Board {
		t.Fatalf("undo: %d moves %d", code, st.Moves)
	}
	call(t, srv, "POST", "/api/move", Move{From: 4, To: 2}, &r)
	if code := call(t, srv, "POST", "/api/restart", struct{}{}, &st); code != 200 || st.Moves != 0 || st.Board != st0.Board {
		t.Fatalf("restart: %d moves %d", code, st.Moves)
	}
	if code := call(t, srv, "POST", "/api/new", Spec{Mode: ModeRandom, Size: 5, Seed: seed(77)}, &st); code != 200 ||
		st.Mode != "random" || st.Size != 5 || st.Seed != 77 || st.Board != board.Random(5, 77).Format() {
		t.Fatalf("new random: %d %s %d %d", code, st.Mode, st.Size, st.Seed)
	}
	if code := call(t, srv, "POST", "/api/new", Spec{Mode: ModeChallenge}, &st); code != 200 || st.Size != 6 || st.LimitMS != 180000 {
		t.Fatalf("new challenge: %d size %d limit %d", code, st.Size, st.LimitMS)
	}
	if code := call(t, srv, "POST", "/api/new", map[string]any{"mode": "level", "level": 99}, &e); code != 400 || !strings.Contains(e.Error, "99") {
		t.Fatalf("new level 99: %d %q", code, e.Error)
	}
	var levels []LevelInfo
	if call(t, srv, "GET", "/api/levels", nil, &levels); len(levels) != 40 || levels[39].Size != 6 {
		t.Fatalf("levels: %+v", levels)
	}
}

func TestAPINoSwapAndDropNext(t *testing.T) {
	_, srv := serve(t, Config{Start: Spec{Mode: ModeLevel, Level: 10}, NoSwap: true, Debug: true})
	var st State
	call(t, srv, "GET", "/api/state", nil, &st)
	if st.Swap {
		t.Fatal("swap on with NoSwap")
	}
	// Cells 4 (a 0) and 6 (a 2) both hold movable tiles.
	var e apiError
	if code := call(t, srv, "POST", "/api/move", Move{From: 4, To: 6}, &e); code != http.StatusConflict {
		t.Fatalf("swap with noswap: %d", code)
	}
	var d Debug
	if code := call(t, srv, "POST", "/api/debug", Debug{DropNext: 1}, &d); code != 200 || d.DropNext != 1 {
		t.Fatalf("debug: %d %+v", code, d)
	}
	if code := call(t, srv, "POST", "/api/debug", Debug{DropNext: -1}, &e); code != 400 {
		t.Fatalf("debug -1: %d", code)
	}
	var r MoveReply
	if code := call(t, srv, "POST", "/api/move", Move{From: 4, To: 2}, &r); code != 200 || r.Result != Dropped || r.State.Moves != 0 || r.State.Version != st.Version {
		t.Fatalf("dropped move: %d %+v", code, r.Result)
	}
	if code := call(t, srv, "POST", "/api/move", Move{From: 4, To: 2}, &r); code != 200 || r.Result != Moved || r.State.Moves != 1 {
		t.Fatalf("move after the drop: %d %+v", code, r.Result)
	}
}

func TestAPILayoutPointerAndWait(t *testing.T) {
	g, srv := serve(t, Config{Theme: "neon", Debug: true})
	l := Layout{Left: 372, Top: 64, Side: 536, ScreenX: 10, ScreenY: 20, InnerWidth: 1280, InnerHeight: 800, DevicePixelRatio: 1, Version: 1, Size: 2, Theme: "neon"}
	if code := call(t, srv, "POST", "/api/layout", l, nil); code != http.StatusNoContent {
		t.Fatalf("layout: %d", code)
	}
	if code := call(t, srv, "POST", "/api/layout", Layout{}, nil); code != 400 {
		t.Fatalf("empty layout: %d", code)
	}
	var st State
	call(t, srv, "GET", "/api/state", nil, &st)
	// The first report of the level restarted its clock: a new version.
	if st.Version != 2 {
		t.Fatalf("version %d after the first paint, want 2", st.Version)
	}
	if st.Layout == nil || st.Layout.Side != 536 || st.Layout.ScreenY != 20 || st.Layout.At == 0 || st.Theme != "neon" {
		t.Fatalf("layout in state: %+v theme %s", st.Layout, st.Theme)
	}
	evs := []PointerEvent{{Type: "pointerdown", ClientX: 1, ScreenX: 11}, {Type: "pointerup", ClientX: 2, ScreenX: 12}}
	if code := call(t, srv, "POST", "/api/pointer", evs, nil); code != http.StatusNoContent {
		t.Fatalf("pointer: %d", code)
	}
	var pl PointerLog
	call(t, srv, "GET", "/api/pointer", nil, &pl)
	if len(pl.Events) != 2 || pl.Events[1].Seq != 2 || pl.Events[1].ScreenX != 12 || pl.Next != 2 {
		t.Fatalf("pointer log: %+v", pl)
	}
	call(t, srv, "GET", "/api/pointer?since=1", nil, &pl)
	if len(pl.Events) != 1 || pl.Events[0].Type != "pointerup" {
		t.Fatalf("pointer since 1: %+v", pl)
	}
	// A long poll returns as soon as the version changes: one that was
	// not woken returns the old version after longPoll.
	got := make(chan State, 1)
	go func() {
		var s State
		call(t, srv, "GET", "/api/state?wait=2", nil, &s)
		got <- s
	}()
	for begin := time.Now(); g.polls.Load() == 0; time.Sleep(time.Millisecond) {
		if time.Since(begin) > time.Minute { // generous: a busy machine may be slow to send it
			t.Fatal("the long poll never waited")
		}
	}
	g.Restart()
	if s := <-got; s.Version != 3 {
		t.Fatalf("long poll returned version %d, want 3: not woken by the change", s.Version)
	}
	// wait= with another version than the current one returns at once,
	// not after longPoll (the limit is generous: only a wait is wrong).
	start := time.Now()
	call(t, srv, "GET", "/api/state?wait=1", nil, &st)
	if took := time.Since(start); took > DefaultTimeouts.LongPoll/2 || st.Version != 3 {
		t.Fatalf("stale wait took %v and returned version %d", took, st.Version)
	}
}

func TestPageServedAndHostChecked(t *testing.T) {
	_, srv := serve(t, Config{})
	for _, p := range []string{"/", "/static/game.js"} {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(body) < 500 {
			t.Fatalf("%s: %d, %d bytes", p, resp.StatusCode, len(body))
		}
	}
	req, _ := http.NewRequest("GET", srv.URL+"/api/state", nil)
	req.Host = "evil.example:80"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("foreign Host: %d", resp.StatusCode)
	}
}

// TestAPIStaleMoveRefused: the page's last drop on one level reaches the
// server after a new level began (a test or the user asked for it while the
// move was in flight). Played on the new board it would change that board's
// start (seen in CI: two tiles of a challenge swapped before the bot looked);
// it is refused, and the new level is untouched.
func TestAPIStaleMoveRefused(t *testing.T) {
	_, srv := serve(t, Config{Start: Spec{Mode: ModeLevel, Level: 10}})
	var old State
	call(t, srv, "GET", "/api/state", nil, &old)
	var st State
	if code := call(t, srv, "POST", "/api/new", Spec{Mode: ModeChallenge, Seed: seed(11)}, &st); code != 200 {
		t.Fatalf("new challenge: %d", code)
	}
	if st.Started == old.Started {
		t.Fatalf("a new level kept started %d", st.Started)
	}
	// Cells 51 and 53 hold a 2 and a 5 on this challenge (the two tiles
	// CI saw swapped): played, the stale move would swap them.
	start := board.Random(6, 11)
	if !start.Cells[51].Movable() || !start.Cells[53].Movable() {
		t.Fatalf("the test needs movable tiles on cells 51 and 53 of the challenge:\n%s", start)
	}
	move := map[string]any{"from": 51, "to": 53, "started": old.Started}
	var e apiError
	if code := call(t, srv, "POST", "/api/move", move, &e); code != http.StatusConflict || !strings.Contains(e.Error, "another level") || e.State == nil {
		t.Fatalf("stale move: %d %q, want 409 made on another level", code, e.Error)
	}
	var now State
	call(t, srv, "GET", "/api/state", nil, &now)
	if now.Board != start.Format() || now.Moves != 0 {
		t.Fatalf("the stale move changed the new level (moves %d):\n%s", now.Moves, now.Board)
	}
	// The same move made on the level in play is played.
	move["started"] = now.Started
	var r MoveReply
	if code := call(t, srv, "POST", "/api/move", move, &r); code != 200 || r.State.Moves != 1 {
		t.Fatalf("move on the level in play: %d %+v", code, r)
	}
}

// TestAPIMovesInOneRequest: the moves the page queued while a request was on
// its way go in one POST /api/moves, each played as if sent alone: a
// dropped or refused move changes nothing and the next is still played; a
// batch made on another level changes nothing; a bad batch is refused whole.
func TestAPIMovesInOneRequest(t *testing.T) {
	_, srv := serve(t, Config{Start: Spec{Mode: ModeLevel, Level: 10}, NoSwap: true, Debug: true})
	var st State
	call(t, srv, "GET", "/api/state", nil, &st)
	for _, bad := range []map[string]any{
		{"moves": []Move{}, "started": st.Started},
		{"moves": []Move{{From: 4, To: 2}}},
		{"moves": []map[string]int{{"from": 4}}, "started": st.Started},
		{"moves": make([]Move, maxBatch+1), "started": st.Started},
	} {
		var e apiError
		if code := call(t, srv, "POST", "/api/moves", bad, &e); code != http.StatusBadRequest || !strings.Contains(e.Error, "want") {
			t.Errorf("%v: %d %q, want 400", bad, code, e.Error)
		}
	}
	if code := call(t, srv, "POST", "/api/debug", Debug{DropNext: 1}, nil); code != 200 {
		t.Fatalf("debug: %d", code)
	}
	// Cells 4 (a 0) and 6 (a 2) hold movable tiles, cell 2 is free.
	moves := []Move{{From: 4, To: 2}, {From: 4, To: 2}, {From: 4, To: 6}, {From: 6, To: 4}, {From: 2, To: 4}}
	want := []Outcome{{Result: Dropped}, {Result: Moved}, {Error: "no movable tile"}, {Result: Moved}, {Error: "swapping is off"}}
	var r MovesReply
	if code := call(t, srv, "POST", "/api/moves", map[string]any{"moves": moves, "started": st.Started}, &r); code != 200 || len(r.Results) != len(want) {
		t.Fatalf("batch: %d %+v", code, r)
	}
	for i, w := range want {
		got := r.Results[i]
		if got.Result != w.Result || (w.Error == "") != (got.Error == "") || !strings.Contains(got.Error, w.Error) {
			t.Errorf("move %d %v: %+v, want %+v", i, moves[i], got, w)
		}
	}
	// The same moves one request each leave the same board.
	_, one := serve(t, Config{Start: Spec{Mode: ModeLevel, Level: 10}, NoSwap: true})
	for _, m := range moves[1:] {
		call(t, one, "POST", "/api/move", m, nil)
	}
	var alone State
	call(t, one, "GET", "/api/state", nil, &alone)
	if r.State.Board != alone.Board || r.State.Moves != 2 || alone.Moves != 2 {
		t.Fatalf("batch left (moves %d):\n%s\none by one (moves %d):\n%s", r.State.Moves, r.State.Board, alone.Moves, alone.Board)
	}
	// A batch made on the level before this one changes nothing.
	var nw State
	call(t, srv, "POST", "/api/new", Spec{Mode: ModeLevel, Level: 10}, &nw)
	if code := call(t, srv, "POST", "/api/moves", map[string]any{"moves": moves[1:2], "started": st.Started}, &r); code != 200 || !strings.Contains(r.Results[0].Error, "another level") || r.State.Moves != 0 || r.State.Board != nw.Board {
		t.Fatalf("stale batch: %d %+v", code, r)
	}
}
