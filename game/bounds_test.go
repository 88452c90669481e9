package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// backAndForth is n moves on level 10 that are all legal and leave the
// board as it was when n is even: the 0 on cell 4 to the free cell 2 and
// back.
func backAndForth(n int) []Move {
	ms := make([]Move, n)
	for i := range ms {
		ms[i] = Move{From: 4, To: 2}
		if i%2 == 1 {
			ms[i] = Move{From: 2, To: 4}
		}
	}
	return ms
}

// TestMovesCapped (issue 42): a level takes MaxMoves moves, undone ones
// included, then refuses the next with ErrTooMany (409 from POST
// /api/move and /api/moves, with the state); Undo and Restart do not give
// moves back, a new level does.
func TestMovesCapped(t *testing.T) {
	for _, c := range []struct {
		name string
		play func(*server, uint64) (int, string) // one more move: status, error
	}{
		{"move", func(srv *server, started uint64) (int, string) {
			var e apiError
			code := call(t, srv, "POST", "/api/move", map[string]any{"from": 4, "to": 2, "started": started}, &e)
			return code, e.Error
		}},
		{"moves", func(srv *server, started uint64) (int, string) {
			var e apiError
			code := call(t, srv, "POST", "/api/moves", map[string]any{"moves": backAndForth(2), "started": started}, &e)
			return code, e.Error
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, srv := serve(t, Config{Start: Spec{Mode: ModeLevel, Level: 10}})
			st := g.State()
			for range MaxMoves / maxBatch {
				var r MovesReply
				if code := call(t, srv, "POST", "/api/moves", map[string]any{"moves": backAndForth(maxBatch), "started": st.Started}, &r); code != 200 {
					t.Fatalf("a batch under the cap: %d", code)
				}
			}
			if st := g.State(); st.Moves != MaxMoves || st.Solved {
				t.Fatalf("%d moves played (solved %v), want %d", st.Moves, st.Solved, MaxMoves)
			}
			check := func(when string) {
				t.Helper()
				before := g.State()
				code, msg := c.play(srv, st.Started)
				if code != http.StatusConflict || !strings.Contains(msg, ErrTooMany.Error()) || g.State().Version != before.Version {
					t.Fatalf("%s: %d %q, version %d→%d; want 409 %q and no change", when, code, msg, before.Version, g.State().Version, ErrTooMany)
				}
			}
			check("past the cap")
			if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
			check("after an undo")
			g.Restart()
			check("after a restart")
			if _, err := g.Move(Move{From: 4, To: 2}); !errors.Is(err, ErrTooMany) {
				t.Fatalf("Game.Move past the cap: %v", err)
			}
			if err := g.NewLevel(Spec{Mode: ModeLevel, Level: 10}); err != nil {
				t.Fatal(err)
			}
			if code, msg := c.play(srv, g.State().Started); code != 200 {
				t.Fatalf("a new level: %d %q, want 200", code, msg)
			}
		})
	}
}

// TestMovesTrafficMemory (issue 42): the game served on 127.0.0.1, two
// clients send POST /api/moves with full batches of legal moves as fast as
// the server answers, for 20 s (3 s with -short). The heap, sampled after a
// GC while they do and at the end (server and clients: one process), stays
// under 100 MB; the level takes MaxMoves moves, exactly MaxMoves/maxBatch
// batches, and every later batch is answered 409. Before the cap, 8,335
// such requests in 20 s took the server to 751 MB.
func TestMovesTrafficMemory(t *testing.T) {
	const limit = 100 << 20
	dur := 20 * time.Second
	if testing.Short() {
		dur = 3 * time.Second
	}
	g, err := New(Config{Start: Spec{Mode: ModeLevel, Level: 10}})
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
	body, err := json.Marshal(map[string]any{"moves": backAndForth(maxBatch), "started": g.State().Started})
	if err != nil {
		t.Fatal(err)
	}
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			peak.Store(max(peak.Load(), heapAfterGC()))
			select {
			case <-stop:
				return
			case <-time.After(250 * time.Millisecond):
			}
		}
	}()
	codes := hammer(t, "http://"+ln.Addr().String()+"/api/moves", g.Token(), body, dur)
	close(stop)
	<-sampled
	peak.Store(max(peak.Load(), heapAfterGC()))
	t.Logf("%v of traffic: %v; heap in use at most %.1f MB", dur, codes, float64(peak.Load())/(1<<20))
	if p := peak.Load(); p >= limit {
		t.Errorf("heap in use reached %.1f MB, over %d MB", float64(p)/(1<<20), limit>>20)
	}
	if len(codes) != 2 || codes[200] != MaxMoves/maxBatch || codes[http.StatusConflict] == 0 {
		t.Errorf("answers %v: want %d × 200, then only 409", codes, MaxMoves/maxBatch)
	}
	if st := g.State(); st.Moves != MaxMoves {
		t.Errorf("%d moves kept, want MaxMoves %d", st.Moves, MaxMoves)
	}
}

// heapAfterGC is the heap in use after a collection.
func heapAfterGC() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// hammer posts body to url from two clients until dur has passed (at most
// 100,000 requests) and counts the answers by status.
func hammer(t *testing.T, url, token string, body []byte, dur time.Duration) map[int]int {
	tr := &http.Transport{MaxIdleConnsPerHost: 2}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var (
		mu    sync.Mutex
		codes = map[int]int{}
		sent  atomic.Int64
		errs  = make(chan error, 2)
		end   = time.Now().Add(dur)
	)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(end) && sent.Add(1) <= 100_000 {
				code, err := postMoves(client, url, token, body)
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				codes[code]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return codes
}

func postMoves(client *http.Client, url, token string, body []byte) (int, error) {
	req, err := http.NewRequest("POST", url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(TokenHeader, token)
	resp, err := client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("POST %s: %w", url, err)
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return 0, fmt.Errorf("POST %s: the answer: %w", url, err)
	}
	return resp.StatusCode, nil
}
