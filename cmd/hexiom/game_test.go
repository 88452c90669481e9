//go:build linux

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/game"
	"hexiom/internal/desktop"
	"hexiom/internal/tier"
)

// startGame runs `hexiom game args` until the test ends and returns the URL
// it printed on its first line.
func startGame(t *testing.T, args ...string) string {
	t.Helper()
	// (as an interrupt would end it)
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	var stderr strings.Builder
	exit := make(chan int, 1)
	go func() {
		exit <- program.ExitStatus("game", gameCommand.Run(ctx, args, pw, &stderr), &stderr)
		pw.Close()
	}()
	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(pr).ReadString('\n')
		line <- l
		_, _ = io.Copy(io.Discard, pr)
	}()
	var url string
	select {
	case l := <-line:
		url = strings.TrimSpace(l)
	case code := <-exit:
		t.Fatalf("hexiom game %v exited %d: %s", args, code, stderr.String())
	case <-time.After(desktop.Patience):
		t.Fatalf("hexiom game printed no URL in %v", desktop.Patience)
	}
	t.Cleanup(func() {
		cancel()
		if code := <-exit; code != exitOK {
			t.Errorf("hexiom game exited %d after cancel: %s", code, stderr.String())
		}
	})
	if !regexp.MustCompile(`^http://127\.0\.0\.1:[0-9]+/$`).MatchString(url) {
		t.Fatalf("first line %q is not the URL", url)
	}
	return url
}

func getState(t *testing.T, url string) game.State {
	t.Helper()
	resp, err := http.Get(url + "api/state")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st game.State
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestGameCommandServes(t *testing.T) {
	for _, tc := range []struct {
		args        []string
		mode        string
		level, size int
		seed        uint64
		swap        bool
		theme       string
	}{
		{nil, "level", 1, 2, 0, true, "classic"},
		{[]string{"-level", "10", "-noswap"}, "level", 10, 3, 0, false, "classic"},
		{[]string{"-random", "4", "-seed", "9", "-theme", "neon"}, "random", 0, 4, 9, true, "neon"},
		{[]string{"-challenge", "-seed", "3"}, "challenge", 0, 6, 3, true, "classic"},
	} {
		url := startGame(t, tc.args...)
		st := getState(t, url)
		if st.Mode != tc.mode || st.Level != tc.level || st.Size != tc.size || st.Swap != tc.swap || st.Theme != tc.theme ||
			(tc.seed != 0 && st.Seed != tc.seed) {
			t.Errorf("hexiom game %v: %s level %d size %d seed %d swap %v theme %s", tc.args, st.Mode, st.Level, st.Size, st.Seed, st.Swap, st.Theme)
		}
		if tc.seed != 0 && st.Board != board.Random(tc.size, tc.seed).Format() {
			t.Errorf("hexiom game %v: not board.Random(%d, %d)", tc.args, tc.size, tc.seed)
		}
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(body), "<canvas") {
			t.Errorf("GET / is not the page: %.200s", body)
		}
	}
}

func TestGameCommandBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-level", "3", "-random", "4"},
		{"-challenge", "-level", "2"},
		{"-seed", "5"},
		{"-level", "41"},
		{"-random", "7"},
		{"-theme", "pink"},
		{"-addr", "0.0.0.0:0"},
		{"-addr", "nonsense"},
		{"-addr", "127.0.0.1:99999"},
		{"-addr", "127.0.0.1:-1"},
		{"-addr", "127.0.0.1:http"},
		{"-random", "4", "-seed", "9007199254740992"},
		{"-runtime", "flash"},
		{"-swf", "x.swf"},
		{"-runtime", "ruffle", "-theme", "neon"},
		{"extra"},
	} {
		var stderr strings.Builder
		if code := runAs("game", args, io.Discard, &stderr); code != exitUsage {
			t.Errorf("hexiom game %v: exit %d, want %d (%s)", args, code, exitUsage, stderr.String())
		} else if stderr.Len() == 0 {
			t.Errorf("hexiom game %v: no message", args)
		}
	}
}

// -open shows the game in the user's default browser: xdg-open finds it in
// mimeapps.list (here Debian's Chromium, which desktop.DefaultBrowser
// records), and the page reports drawing the level.
func TestGameCommandOpensDefaultBrowser(t *testing.T) {
	tier.Heavy(t, tier.Xvfb, tier.Chromium)
	x, err := desktop.StartX(1024, 768)
	if err != nil {
		t.Fatal(err)
	}
	env, remove, err := desktop.DefaultBrowser(x)
	if err != nil {
		x.Close()
		t.Fatal(err)
	}
	// after the game stopped: Chromium exits with its X server, then its
	// profile can go
	t.Cleanup(remove)
	t.Cleanup(func() { x.Close() })
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	url := startGame(t, "-level", "5", "-open")
	var st game.State
	err = desktop.WaitFor(desktop.Patience, 50*time.Millisecond, "the default browser to show the page", func() (bool, error) {
		st = getState(t, url)
		return st.Layout != nil && st.Layout.Version == st.Version, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if l := st.Layout; l.Size != st.Size || st.Level != 5 || l.InnerWidth < 100 {
		t.Fatalf("page reported %+v for level %d", l, st.Level)
	}
}
