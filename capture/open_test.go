package capture

import (
	"image"
	"strings"
	"testing"
)

func TestOpenRefuses(t *testing.T) {
	t.Setenv("DISPLAY", ":7")
	for _, c := range []struct{ via, display, want string }{
		{"gdi", "", "unknown way to capture"},
		{ViaPortable, ":8", "reads the display in $DISPLAY"},
	} {
		if _, err := Open(c.via, c.display); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open(%q, %q): %v, want an error saying %q", c.via, c.display, err, c.want)
		}
	}
}

func TestFileBounds(t *testing.T) {
	f := &File{img: ToRGBA(image.NewRGBA(image.Rect(0, 0, 30, 20)), image.Pt(100, 50))}
	if got, want := f.Bounds(), image.Rect(100, 50, 130, 70); got != want {
		t.Errorf("bounds %v, want %v", got, want)
	}
	if _, err := f.Grab(image.Rect(99, 50, 110, 60)); err == nil {
		t.Error("grabbed outside the picture")
	}
}
