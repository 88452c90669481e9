//go:build !windows && !darwin

package session

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		name                    string
		wayland, display, stype string
		needs                   Needs
		want                    string // "" means allowed
	}{
		{"x11", "", ":0", "x11", Needs{Mouse: true, Capture: "x11"}, ""},
		{"x11 no session type", "", ":0", "", Needs{Mouse: true, Capture: "x11"}, ""},
		{"wayland with xwayland", "wayland-0", ":0", "wayland", Needs{Mouse: true, Capture: "x11"}, "with -xwayland, or an X11 session"},
		{"wayland by session type only", "", ":1", "wayland", Needs{Capture: "x11"}, "with -xwayland, or an X11 session"},
		{"wayland without xwayland", "wayland-0", "", "wayland", Needs{Mouse: true}, "XWayland, which would do too, is not running"},
		{"wayland, -xwayland", "wayland-0", ":0", "wayland", Needs{Mouse: true, Capture: "x11", XWayland: true}, ""},
		{"wayland, -xwayland but none", "wayland-0", "", "wayland", Needs{Mouse: true, XWayland: true}, "XWayland is not running here"},
		{"wayland, portal capture only", "wayland-0", "", "wayland", Needs{Capture: "portable"}, ""},
		{"wayland, portal capture and mouse", "wayland-0", ":0", "wayland", Needs{Mouse: true, Capture: "portable"}, "-xwayland"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("WAYLAND_DISPLAY", c.wayland)
			t.Setenv("DISPLAY", c.display)
			t.Setenv("XDG_SESSION_TYPE", c.stype)
			err := Check(c.needs)
			if c.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if c.needs.XWayland && os.Getenv("XDG_SESSION_TYPE") == "wayland" {
					t.Error("-xwayland left XDG_SESSION_TYPE=wayland: the portable capture would go to the portal")
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error saying %q", err, c.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("the message is more than one line: %q", err)
			}
			if !c.needs.XWayland && !errors.Is(err, ErrWayland) {
				t.Errorf("%v is not ErrWayland", err)
			}
		})
	}
}
