//go:build linux

package clicks

import (
	"image"
	"os"
	"strings"
	"testing"
	"time"

	"hexiom/actuate"
	"hexiom/internal/desktop"
	"hexiom/internal/tier"
)

// startDisplay is $DISPLAY as the test binary started: built with -tags
// gohook, it must name an X server that outlives the binary (xvfb-run), as
// the hook opens it on load and runs until the process exits.
var startDisplay = os.Getenv("DISPLAY")

// Presses synthesised with XTest on a real X server reach the listener with
// their button and screen position, in order; after Close the channel is
// closed, and a second listener after the first hears the next clicks.
func TestListenSeesXTestClicks(t *testing.T) {
	tier.Heavy(t, tier.Xvfb)
	x, err := desktop.StartX(640, 480)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	t.Run(ViaX11, func(t *testing.T) { testClicks(t, ViaX11, x.Display) })
	if hookBuilt {
		t.Run(ViaPortable, func(t *testing.T) { testClicks(t, ViaPortable, startDisplay) })
	}
}

func testClicks(t *testing.T, via, display string) {
	t.Setenv("DISPLAY", display) // the portable hook hears $DISPLAY
	robot, err := actuate.NewRobot(display)
	if err != nil {
		t.Fatal(err)
	}
	defer robot.Close()
	for round := 0; round < 2; round++ {
		l, err := Listen(via, display)
		if err != nil {
			t.Fatal(err)
		}
		want := []Click{{1, 100, 50}, {3, 321, 123}, {2, 7, 9}, {1, 639, 479}}
		for _, c := range want {
			if err := robot.Move(image.Pt(c.X, c.Y)); err != nil {
				t.Fatal(err)
			}
			if err := robot.ButtonDown(c.Button); err != nil {
				t.Fatal(err)
			}
			if err := robot.ButtonUp(c.Button); err != nil {
				t.Fatal(err)
			}
		}
		for i, w := range want {
			select {
			case got := <-l.Clicks():
				if got != w {
					t.Errorf("round %d, click %d: got %+v, want %+v", round, i, got, w)
				}
			case <-time.After(desktop.Patience):
				t.Fatalf("round %d, click %d did not arrive in %v", round, i, desktop.Patience)
			}
		}
		l.Close()
		select {
		case _, ok := <-l.Clicks():
			if ok {
				t.Errorf("round %d: a click after Close", round)
			}
		case <-time.After(desktop.Patience):
			t.Fatalf("round %d: channel not closed %v after Close", round, desktop.Patience)
		}
		if err := l.Err(); err != nil {
			t.Errorf("round %d: closed listener: %v", round, err)
		}
	}
}

func TestListenRefuses(t *testing.T) {
	t.Setenv("DISPLAY", ":nope")
	cases := []struct{ via, display, want string }{
		{ViaX11, ":nope", `X display ":nope": want [host]:number`},
	}
	if hookBuilt {
		cases = append(cases, []struct{ via, display, want string }{
			{ViaPortable, "", `X display ":nope": want [host]:number`},
			{ViaPortable, ":3", "hears the display in $DISPLAY"},
		}...)
	} else {
		cases = append(cases, struct{ via, display, want string }{ViaPortable, "", "build with -tags gohook"})
	}
	for _, c := range cases {
		if _, err := Listen(c.via, c.display); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Listen(%q, %q): %v, want an error saying %q", c.via, c.display, err, c.want)
		}
	}
}
