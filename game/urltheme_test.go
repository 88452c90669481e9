package game

import (
	"image"
	"testing"
)

// TestBrowserURLKeepsTheLook: opening the page with ?theme= (which any web
// page can do in a new window) does not change the game: the page draws
// the look the game was started with, and the game keeps it (the page
// sends no POST /api/theme).
func TestBrowserURLKeepsTheLook(t *testing.T) {
	for _, tc := range []struct{ started, query string }{
		{"classic", "?theme=flash"},
		{"flash", "?theme=neon"},
	} {
		g, err := New(Config{Debug: true, Start: Spec{Mode: ModeLevel, Level: 10}, Theme: tc.started})
		if err != nil {
			t.Fatal(err)
		}
		s := open(t, g, image.Rect(20, 20, 900, 700), tc.query)
		st := s.painted()
		if st.Theme != tc.started || st.Layout.Theme != tc.started {
			t.Errorf("game started %s, page opened with %s: the game's look is %s, the page drew %s",
				tc.started, tc.query, st.Theme, st.Layout.Theme)
		}
	}
}

// TestBrowserDrawsEveryLook: the page draws every look of the one list,
// Themes, which the server serves it: switched to each in turn, it reports
// having drawn that look (a look it had no drawing for would be drawn, and
// reported, as classic, its name in the HUD).
func TestBrowserDrawsEveryLook(t *testing.T) {
	g, err := New(Config{Debug: true, Start: Spec{Mode: ModeLevel, Level: 10}})
	if err != nil {
		t.Fatal(err)
	}
	s := open(t, g, image.Rect(20, 20, 900, 700), "")
	for _, theme := range Themes {
		if err := g.SetTheme(theme); err != nil {
			t.Fatal(err)
		}
		if st := s.painted(); st.Layout.Theme != theme {
			t.Errorf("game switched to the look %s, the page drew %s", theme, st.Layout.Theme)
		}
	}
}
