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
		{"wayland with xwayland", "wayland-0", ":0", "wayland", Needs{Mouse: true, Capture: "x11"}, "with -xwayland -capture portable, or an X11 session"},
		{"wayland by session type only", "", ":1", "wayland", Needs{Capture: "x11"}, "hexiom read -capture portable"},
		{"wayland without xwayland", "wayland-0", "", "wayland", Needs{Mouse: true}, "XWayland, which would do too, is not running"},
		{"wayland, -xwayland, X11 capture", "wayland-0", ":0", "wayland", Needs{Mouse: true, Capture: "x11", XWayland: true}, "add -capture portable"},
		{"wayland, -xwayland -capture portable", "wayland-0", ":0", "wayland", Needs{Mouse: true, Capture: "portable", XWayland: true}, ""},
		{"wayland found by socket, -xwayland -capture portable", "wayland-0", ":0", "", Needs{Mouse: true, Capture: "portable", XWayland: true}, ""},
		{"wayland, -xwayland, mouse only", "wayland-0", ":0", "wayland", Needs{Mouse: true, XWayland: true}, ""},
		{"wayland, -xwayland but none", "wayland-0", "", "wayland", Needs{Mouse: true, XWayland: true}, "XWayland is not running here"},
		{"wayland, portal capture only", "wayland-0", "", "wayland", Needs{Capture: "portable"}, ""},
		{"wayland found by socket, portal capture only", "wayland-0", ":0", "", Needs{Capture: "portable"}, ""},
		{"wayland, portal capture and mouse", "wayland-0", ":0", "wayland", Needs{Mouse: true, Capture: "portable"}, "-xwayland -capture portable"},
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
				if c.needs.Capture == "portable" && os.Getenv("XDG_SESSION_TYPE") != "wayland" {
					t.Error("XDG_SESSION_TYPE is not wayland: kbinani/screenshot would not ask the desktop portal")
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
