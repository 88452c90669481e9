package game

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"hexiom/board"
)

// FuzzAPI sends one request of any path, body and headers to a fresh game,
// after a few good moves, and checks that the server never fails (5xx or a
// panic), that anything it refuses changes nothing, and that the game it
// leaves is a consistent position with the same tiles.
func FuzzAPI(f *testing.F) {
	for _, s := range []struct {
		post          bool
		path, body    string
		token, origin bool
	}{
		{true, "api/move", `{"from":4,"to":2}`, true, false},
		{true, "api/move", `{"from":4,"to":2} garbage`, true, false},
		{true, "api/move", `null`, true, true},
		{true, "api/move", `{"from":-1,"to":99999999999}`, true, false},
		{true, "api/moves", `{"moves":[{"from":4,"to":2},{"from":2,"to":4},{"from":-1,"to":3}],"started":1}`, true, false},
		{true, "api/new", `{"mode":"random","size":4,"seed":3}`, true, false},
		{true, "api/new", `{"mode":"challenge","seed":9007199254740991}`, true, false},
		{true, "api/new", `{"mode":"level","level":40}`, false, false},
		{true, "api/undo", `{}`, true, false},
		{true, "api/restart", `{}`, true, true},
		{true, "api/debug", `{"drop_next":2}`, true, false},
		{true, "api/layout", `{"left":1,"top":2,"side":300,"version":1,"size":3,"controls":{"undo":[1,2,3,4]}}`, true, false},
		{true, "api/pointer", `[{"type":"pointerdown","clientX":1e308,"screenY":-5000}]`, true, false},
		{true, "api/theme", `{"theme":"neon"}`, true, false},
		{false, "api/state?wait=1", ``, false, false},
		{false, "api/pointer?since=-9", ``, false, false},
		{false, "api/levels", ``, false, false},
		{false, "", ``, false, false},
		{false, "static/../../etc/passwd", ``, false, false},
		{false, "static/\xe6", ``, true, false}, // not UTF-8: was a 500
	} {
		f.Add(s.post, s.path, []byte(s.body), s.token, s.origin)
	}
	f.Fuzz(func(t *testing.T, post bool, path string, body []byte, token, origin bool) {
		g, err := New(Config{Start: Spec{Mode: ModeLevel, Level: 10}, Debug: true,
			// a long poll must not stall the fuzzer
			Timeouts: Timeouts{ReadHeader: time.Second, Read: time.Second, Write: time.Second, Idle: time.Second, LongPoll: time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Move(Move{From: 4, To: 2}); err != nil {
			t.Fatal(err)
		}
		before := g.State()
		method := "GET"
		if post {
			method = "POST"
		}
		req, err := http.NewRequest(method, "http://127.0.0.1:8080/"+path, bytes.NewReader(body))
		if err != nil {
			return // not a URL: no client could send it
		}
		req.Header.Set("Content-Type", "application/json")
		if token {
			req.Header.Set(TokenHeader, g.Token())
		}
		if origin {
			req.Header.Set("Origin", "http://127.0.0.1:8080")
		}
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s /%s %q: %d %s", method, path, body, rec.Code, rec.Body.String())
		}
		if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") && rec.Body.Len() > 0 && !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%s /%s %q: invalid JSON answer %q", method, path, body, rec.Body.String())
		}
		after := g.State()
		if rec.Code/100 != 2 && (after.Version != before.Version || after.Board != before.Board || after.DropNext != before.DropNext) {
			t.Fatalf("%s /%s %q answered %d but changed the game: version %d→%d", method, path, body, rec.Code, before.Version, after.Version)
		}
		if !token && post && rec.Code/100 == 2 {
			t.Fatalf("POST /%s without the token was served: %d", path, rec.Code)
		}
		p, err := board.Parse("state", []byte(after.Board))
		if err != nil {
			t.Fatalf("the game's board does not parse: %v\n%s", err, after.Board)
		}
		if p.Size != after.Size || len(after.Cells) != board.NumCells(after.Size) || len(after.Geometry.Centres) != len(after.Cells) {
			t.Fatalf("inconsistent state: size %d, %d cells, %d centres", after.Size, len(after.Cells), len(after.Geometry.Centres))
		}
		if after.Level == before.Level && after.Mode == before.Mode && after.Seed == before.Seed {
			if got, want := tiles(after), tiles(before); !slices.Equal(got, want) {
				t.Fatalf("the tiles changed: %v → %v", want, got)
			}
		}
	})
}

// tiles returns the sorted tiles of the state's cells (-1 for none).
func tiles(st State) []int {
	out := make([]int, len(st.Cells))
	for i, c := range st.Cells {
		out[i] = c.Tile
	}
	slices.Sort(out)
	return out
}
