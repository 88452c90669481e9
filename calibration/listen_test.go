package calibration

import (
	"testing"
	"time"

	"github.com/go-vgo/robotgo"

	"hexiom/internal/desktop"
)

// Presses synthesised with XTest on a real X server reach the listener with
// their button and screen position; after Close the channel is closed.
func TestListenSeesXTestClicks(t *testing.T) {
	x, err := desktop.StartX(640, 480)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if err := x.Use(); err != nil {
		t.Fatal(err)
	}
	robotgo.SetXDisplayName(x.Display)
	defer robotgo.CloseMainDisplay()
	robotgo.MouseSleep = 0
	l, err := Listen(x.Display)
	if err != nil {
		t.Fatal(err)
	}
	want := []Click{{1, 100, 50}, {3, 321, 123}, {1, 639, 479}}
	for _, c := range want {
		robotgo.Move(c.X, c.Y)
		btn := "left"
		if c.Button == 3 {
			btn = "right"
		}
		robotgo.Toggle(btn)
		robotgo.Toggle(btn, "up")
	}
	for i, w := range want {
		select {
		case got := <-l.C:
			if got != w {
				t.Errorf("click %d: got %+v, want %+v", i, got, w)
			}
		case <-time.After(desktop.Patience):
			t.Fatalf("click %d did not arrive in %v", i, desktop.Patience)
		}
	}
	l.Close()
	select {
	case _, ok := <-l.C:
		if ok {
			t.Error("a click after Close")
		}
	case <-time.After(desktop.Patience):
		t.Fatalf("channel not closed %v after Close", desktop.Patience)
	}
}

func TestListenBadDisplay(t *testing.T) {
	if _, err := Listen(":nope"); err == nil {
		t.Fatal("listened on a bad display")
	}
}
