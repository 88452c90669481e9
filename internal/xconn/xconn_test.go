package xconn

import (
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb/xproto"

	"hexiom/internal/desktop"
	"hexiom/internal/tier"
)

// A display that accepts and never answers gives an error naming it after
// Timeout, not a hang.
func TestOpenSilentDisplay(t *testing.T) {
	s, err := desktop.StartSilentDisplay()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	old := Timeout
	// the server never answers: any timeout shows it (xconntest.Timeout,
	// which this package's tests cannot import)
	Timeout = 200 * time.Millisecond
	defer func() { Timeout = old }()
	for name, f := range map[string]func(string) error{
		"Open":  func(d string) error { _, err := Open(d); return err },
		"Probe": Probe,
		"Dial+setup": func(d string) error {
			p, err := Parse(d)
			if err != nil {
				return err
			}
			c, err := p.Dial()
			if err != nil {
				return err
			}
			defer c.Close()
			_, err = c.Read(make([]byte, 8))
			return err
		},
	} {
		done := make(chan error, 1)
		go func() { done <- f(s.Display) }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), s.Display) && name != "Dial+setup" {
				t.Errorf("%s: %v; want an error naming %s", name, err, s.Display)
			}
		case <-time.After(60 * time.Second): // far beyond Timeout: a hang
			t.Fatalf("%s on a silent display: still waiting after 60 s", name)
		}
	}
}

func TestOpenRealDisplay(t *testing.T) {
	tier.Heavy(t, tier.Xvfb)
	x, err := desktop.StartX(320, 200)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	for _, d := range []string{x.Display, x.Display + ".0", "unix" + x.Display} {
		c, err := Open(d)
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		sc := xproto.Setup(c.Conn).DefaultScreen(c.Conn)
		if sc.WidthInPixels != 320 || sc.HeightInPixels != 200 {
			t.Errorf("%s: screen %d×%d", d, sc.WidthInPixels, sc.HeightInPixels)
		}
		// No deadline left on the connection: a request after Timeout works.
		c.Close()
	}
	if _, err := Open(x.Display + ".3"); err == nil || !strings.Contains(err.Error(), "no screen 3") {
		t.Errorf("screen 3: %v", err)
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in, network, addr string
		screen            int
	}{
		{":5", "unix", "/tmp/.X11-unix/X5", 0},
		{":5.1", "unix", "/tmp/.X11-unix/X5", 1},
		{"unix:7", "unix", "/tmp/.X11-unix/X7", 0},
		{"127.0.0.1:3", "tcp", "127.0.0.1:6003", 0},
		{"tcp/host:2.0", "tcp", "host:6002", 0},
		{"::1:4", "tcp", "[::1]:6004", 0},
		{"/tmp/launch-x/org.x:0", "unix", "/tmp/launch-x/org.x:0", 0},
	} {
		d, err := Parse(tc.in)
		if err != nil || d.Network != tc.network || d.Addr != tc.addr || d.Screen != tc.screen {
			t.Errorf("Parse(%q) = %+v, %v", tc.in, d, err)
		}
	}
	for _, bad := range []string{"nocolon", ":x", ":-1", ":99999", ":1.x"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
