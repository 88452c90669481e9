package actuate

import (
	"context"
	"errors"
	"image"
	"testing"
	"time"

	"hexiom/calibration"
)

func testDriver(t *testing.T) (*Driver, *Recorder, calibration.Area) {
	t.Helper()
	area := calibration.Area{Left: 100, Top: 50, Side: 400}
	rec := NewRecorder(image.Rect(0, 0, 1024, 768), image.Pt(300, 250))
	d, err := NewDriver(rec, area, Pace{Steps: 3, Pause: time.Microsecond})
	if err != nil {
		t.Fatal(err)
	}
	return d, rec, area
}

func TestDriverDragsInsideTheArea(t *testing.T) {
	d, rec, area := testDriver(t)
	from, to := area.Centre(4, 0), area.Centre(4, 36)
	if err := d.Arm(); err != nil {
		t.Fatal(err)
	}
	if err := d.Drag(context.Background(), from, to); err != nil {
		t.Fatal(err)
	}
	ev := rec.Events()
	want := []string{"move", "press", "move", "move", "move", "move", "release"}
	if len(ev) != len(want) {
		t.Fatalf("events %v, want kinds %v", ev, want)
	}
	for i, e := range ev {
		if e.Kind != want[i] {
			t.Fatalf("event %d is %v, want %s (all: %v)", i, e, want[i], ev)
		}
		if !area.Contains(calibration.Point{X: float64(e.At.X), Y: float64(e.At.Y)}) {
			t.Fatalf("event %v outside the area %v", e, area)
		}
	}
	if ev[1].At != from.Pt() || ev[6].At != to.Pt() {
		t.Errorf("pressed at %v and released at %v, want %v and %v", ev[1].At, ev[6].At, from.Pt(), to.Pt())
	}
	if d.Drags() != 1 {
		t.Errorf("Drags() = %d after one drag", d.Drags())
	}
	// The pointer stays where the bot left it: the next drag goes ahead.
	if err := d.Drag(context.Background(), to, from); err != nil {
		t.Fatalf("second drag: %v", err)
	}
}

func TestDriverRefusesPointsOutsideTheArea(t *testing.T) {
	d, rec, area := testDriver(t)
	in := area.Centre(3, 9)
	for _, out := range []calibration.Point{
		{X: area.Left - 1, Y: in.Y},
		{X: area.Left + area.Side, Y: in.Y}, // the right edge is outside
		{X: in.X, Y: area.Top + area.Side + 30},
		{X: 5, Y: 5},
	} {
		for _, drag := range [][2]calibration.Point{{in, out}, {out, in}} {
			err := d.Drag(context.Background(), drag[0], drag[1])
			var oe *OutsideError
			if !errors.As(err, &oe) || !errors.Is(err, ErrOutside) {
				t.Fatalf("drag %v→%v: %v, want an *OutsideError", drag[0], drag[1], err)
			}
		}
	}
	if ev := rec.Events(); len(ev) != 0 {
		t.Errorf("the pointer moved on a refused drag: %v", ev)
	}
}

func TestDriverFailSafe(t *testing.T) {
	ctx := context.Background()
	t.Run("user took the mouse", func(t *testing.T) {
		d, rec, area := testDriver(t)
		if err := d.Drag(ctx, area.Centre(5, 0), area.Centre(5, 10)); err != nil {
			t.Fatal(err)
		}
		n := len(rec.Events())
		rec.SetLocation(image.Pt(700, 600)) // the user moves the mouse
		err := d.Drag(ctx, area.Centre(5, 1), area.Centre(5, 11))
		var fe *FailSafeError
		if !errors.As(err, &fe) || !errors.Is(err, ErrFailSafe) || fe.Corner || fe.At != image.Pt(700, 600) {
			t.Fatalf("drag after the user moved: %v, want a fail-safe naming (700,600)", err)
		}
		if len(rec.Events()) != n {
			t.Errorf("the pointer moved after the fail-safe tripped: %v", rec.Events()[n:])
		}
		// Even a one-pixel nudge counts.
		rec.SetLocation(area.Centre(5, 10).Pt().Add(image.Pt(1, 0)))
		if err := d.Drag(ctx, area.Centre(5, 1), area.Centre(5, 11)); !errors.Is(err, ErrFailSafe) {
			t.Fatalf("drag after a 1 px nudge: %v, want the fail-safe", err)
		}
	})
	t.Run("corner", func(t *testing.T) {
		for _, c := range []image.Point{{0, 0}, {1023, 0}, {0, 767}, {1022, 766}} {
			d, rec, area := testDriver(t)
			rec.SetLocation(c)
			err := d.Drag(ctx, area.Centre(5, 0), area.Centre(5, 10))
			var fe *FailSafeError
			if !errors.As(err, &fe) || !fe.Corner {
				t.Fatalf("pointer in corner %v: %v, want a corner fail-safe", c, err)
			}
			if len(rec.Events()) != 0 {
				t.Errorf("the pointer moved from the corner: %v", rec.Events())
			}
		}
	})
	t.Run("moved during a drag", func(t *testing.T) {
		d, rec, area := testDriver(t)
		rec.OnEvent = func(n int, e Event) {
			if e.Kind == "release" {
				rec.SetLocation(image.Pt(10, 400))
			}
		}
		err := d.Drag(ctx, area.Centre(5, 0), area.Centre(5, 10))
		var fe *FailSafeError
		if !errors.As(err, &fe) || !fe.During {
			t.Fatalf("pointer moved during the drag: %v, want a fail-safe", err)
		}
	})
	t.Run("armed then moved before the first drag", func(t *testing.T) {
		d, rec, area := testDriver(t)
		if err := d.Arm(); err != nil {
			t.Fatal(err)
		}
		rec.SetLocation(image.Pt(301, 250))
		if err := d.Drag(ctx, area.Centre(5, 0), area.Centre(5, 10)); !errors.Is(err, ErrFailSafe) {
			t.Fatalf("first drag after the pointer moved since Arm: %v, want the fail-safe", err)
		}
	})
}

// TestDriverFailSafeInsideADrag: the user moves the mouse after any event of
// a paced drag (issue 42: the steps are absolute moves that overwrote the
// user's, and the release then dropped the tile under the user's pointer).
// The drag stops at the next step: with the button down, one move back onto
// the tile's own cell and the release there; before the press, nothing. The
// button is never left down, and never released anywhere but the planned
// drop point or the tile's own cell.
func TestDriverFailSafeInsideADrag(t *testing.T) {
	ctx := context.Background()
	user := image.Pt(20, 700)
	// move, press, 3 step moves, the drop point, release: the user moves
	// after event k.
	for k := 1; k <= 7; k++ {
		d, rec, area := testDriver(t)
		from, to := area.Centre(5, 0), area.Centre(5, 10)
		rec.OnEvent = func(n int, e Event) {
			if n == k {
				rec.SetLocation(user)
			}
		}
		err := d.Drag(ctx, from, to)
		var fe *FailSafeError
		if !errors.As(err, &fe) || fe.During != (k > 1) || fe.At != user {
			t.Fatalf("user moved after event %d: %v, want a fail-safe during the drag at %v", k, err, user)
		}
		ev := rec.Events()
		presses, releases := 0, 0
		for _, e := range ev {
			switch e.Kind {
			case "press":
				presses++
			case "release":
				releases++
				if e.At != from.Pt() && e.At != to.Pt() {
					t.Errorf("after event %d: released at %v, neither the tile's cell %v nor the drop point %v (%v)", k, e.At, from.Pt(), to.Pt(), ev)
				}
			}
		}
		if presses != releases {
			t.Errorf("after event %d: %d presses, %d releases: the button is left down (%v)", k, presses, releases, ev)
		}
		switch {
		case k == 1: // before the press: nothing pressed
			if len(ev) != 1 || fe.Abandoned {
				t.Errorf("user moved before the press: events %v (abandoned %v), want the one move", ev, fe.Abandoned)
			}
		case k < 7: // with the button down: back to the tile's cell, released
			want := []Event{{"move", from.Pt()}, {"release", from.Pt()}}
			if got := ev[k:]; !fe.Abandoned || len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
				t.Errorf("user moved after event %d: the bot went on with %v (abandoned %v), want %v", k, got, fe.Abandoned, want)
			}
			if d.Drags() != 0 {
				t.Errorf("an abandoned drag counted: Drags() = %d", d.Drags())
			}
		default: // after the release: the drag was made, and play stops
			if len(ev) != 7 || fe.Abandoned || d.Drags() != 1 {
				t.Errorf("user moved after the release: events %v, abandoned %v, drags %d", ev, fe.Abandoned, d.Drags())
			}
		}
		n := len(rec.Events())
		if err := d.Drag(ctx, to, from); !errors.Is(err, ErrFailSafe) || len(rec.Events()) != n {
			t.Errorf("user moved after event %d: the next drag gave %v and made %v", k, err, rec.Events()[n:])
		}
	}
}

// TestDriverMonitorCorners (issue 41): on a desktop of two monitors side by
// side, a corner of either monitor is a fail-safe corner, where the pointer
// stops against the edge between them; the middle of an edge is not.
func TestDriverMonitorCorners(t *testing.T) {
	area := calibration.Area{Left: 900, Top: 100, Side: 400}
	left, right := image.Rect(0, 0, 800, 600), image.Rect(800, 0, 1600, 600)
	for _, c := range []struct {
		at     image.Point
		corner bool
	}{
		{image.Pt(799, 0), true}, {image.Pt(800, 0), true}, {image.Pt(798, 599), true}, {image.Pt(801, 598), true},
		{image.Pt(0, 599), true}, {image.Pt(1599, 0), true},
		{image.Pt(400, 0), false}, {image.Pt(799, 300), false}, {image.Pt(1200, 599), false},
	} {
		rec := NewRecorder(image.Rect(0, 0, 1600, 600), c.at)
		d, err := NewDriver(rec, area, DefaultPace)
		if err != nil {
			t.Fatal(err)
		}
		d.Monitors = []image.Rectangle{left, right}
		err = d.Arm()
		var fe *FailSafeError
		if got := errors.As(err, &fe) && fe.Corner; got != c.corner {
			t.Errorf("pointer at %v: corner fail-safe %v (%v), want %v", c.at, got, err, c.corner)
		}
	}
}

// TestDriverVirtualScreen (issue 41): Windows' virtual screen as Wine 8
// reports it for two monitors (docs/windows.md), the primary at (0, 0) and
// the other left of it and 200 px lower, at negative x. The Robot's screen
// is the virtual screen's bounding rectangle; an area on the left monitor
// is accepted and dragged in, every monitor's corners and the desktop's are
// fail-safe corners, and the middle of the edge between them is not.
func TestDriverVirtualScreen(t *testing.T) {
	primary, left := image.Rect(0, 0, 1280, 800), image.Rect(-1280, 200, 0, 1000)
	virtual := image.Rect(-1280, 0, 1280, 1000)
	area := calibration.Area{Left: -1100, Top: 250, Side: 732}
	for _, c := range []struct {
		at     image.Point
		corner bool
	}{
		{image.Pt(-1, 200), true}, {image.Pt(-1280, 200), true}, {image.Pt(-1280, 999), true}, {image.Pt(-2, 998), true},
		{image.Pt(0, 0), true}, {image.Pt(1279, 799), true}, {image.Pt(-1280, 0), true}, {image.Pt(1279, 999), true},
		{image.Pt(-1, 500), false}, {image.Pt(-640, 200), false}, {image.Pt(-700, 600), false}, {image.Pt(0, 400), false},
	} {
		rec := NewRecorder(virtual, c.at)
		d, err := NewDriver(rec, area, DefaultPace)
		if err != nil {
			t.Fatal(err)
		}
		d.Monitors = []image.Rectangle{primary, left}
		err = d.Arm()
		var fe *FailSafeError
		if got := errors.As(err, &fe) && fe.Corner; got != c.corner {
			t.Errorf("pointer at %v: corner fail-safe %v (%v), want %v", c.at, got, err, c.corner)
		}
	}
	rec := NewRecorder(virtual, image.Pt(-700, 600))
	d, err := NewDriver(rec, area, DefaultPace)
	if err != nil {
		t.Fatal(err)
	}
	d.Monitors = []image.Rectangle{primary, left}
	from, to := area.Centre(6, 0), area.Centre(6, 90)
	if err := d.Drag(context.Background(), from, to); err != nil {
		t.Fatalf("a drag on the left monitor: %v", err)
	}
	ev := rec.Events()
	if len(ev) < 2 || ev[0].At != from.Pt() || ev[len(ev)-1].At != to.Pt() || from.Pt().X >= 0 || to.Pt().X >= 0 {
		t.Errorf("drag %v -> %v made %v", from.Pt(), to.Pt(), ev)
	}
	if _, err := NewDriver(NewRecorder(primary, image.Pt(600, 400)), area, DefaultPace); err == nil {
		t.Error("NewDriver on the primary monitor alone accepted an area left of it")
	}
}

func TestDriverRejectsAreaOffScreen(t *testing.T) {
	rec := NewRecorder(image.Rect(0, 0, 800, 600), image.Pt(1, 1))
	if _, err := NewDriver(rec, calibration.Area{Left: 600, Top: 100, Side: 400}, DefaultPace); err == nil {
		t.Error("NewDriver accepted a game area that runs off the screen")
	}
}

// TestDriverSlower: each call slows the drags (more steps, longer pauses)
// up to a hand's pace, and the driver keeps the pace (issue 40).
func TestDriverSlower(t *testing.T) {
	rec := NewRecorder(image.Rect(0, 0, 1024, 768), image.Pt(5, 400))
	d, err := NewDriver(rec, calibration.Area{Left: 100, Top: 100, Side: 500}, Pace{Steps: 1})
	if err != nil {
		t.Fatal(err)
	}
	prev := d.Pace()
	for i := 0; i < 10; i++ {
		p := d.Slower()
		if p != d.Pace() {
			t.Fatalf("Slower returned %+v, the driver keeps %+v", p, d.Pace())
		}
		if p.Steps < prev.Steps || p.Pause < prev.Pause || p.Steps < 2 || p.Pause <= 0 {
			t.Fatalf("step %d: %+v after %+v: not slower", i, p, prev)
		}
		if p.Steps > slowestPace.Steps || p.Pause > slowestPace.Pause {
			t.Fatalf("step %d: %+v past the slowest pace %+v", i, p, slowestPace)
		}
		prev = p
	}
	if prev != slowestPace {
		t.Errorf("ten calls end at %+v, want the slowest pace %+v", prev, slowestPace)
	}
	if n := len(d.Path(calibration.Point{X: 200, Y: 200}, calibration.Point{X: 300, Y: 300})); n != slowestPace.Steps+2 {
		t.Errorf("a drag at the slowest pace has %d points, want %d", n, slowestPace.Steps+2)
	}
}

// TestDriverFaster: Faster retraces Slower's steps back to its first slow
// pace (two steps 8 ms apart) and no further: a game that lost a fast drag
// gets no fast drag again.
func TestDriverFaster(t *testing.T) {
	rec := NewRecorder(image.Rect(0, 0, 1024, 768), image.Pt(5, 400))
	d, err := NewDriver(rec, calibration.Area{Left: 100, Top: 100, Side: 500}, Pace{Steps: 1})
	if err != nil {
		t.Fatal(err)
	}
	var paces []Pace
	for range 4 { // (2, 8 ms) to (3, 64 ms): slowestPace
		paces = append(paces, d.Slower())
	}
	for i := len(paces) - 2; i >= 0; i-- {
		p := d.Faster()
		if p != d.Pace() {
			t.Fatalf("Faster returned %+v, the driver keeps %+v", p, d.Pace())
		}
		if p.Pause != paces[i].Pause || p.Steps > paces[i+1].Steps || p.Steps < 2 {
			t.Errorf("Faster after %+v gave %+v, want %+v's pause and 2 to %d steps", paces[i+1], p, paces[i], paces[i+1].Steps)
		}
	}
	for range 3 {
		if p := d.Faster(); p.Pause != paces[0].Pause || p.Steps < 2 {
			t.Errorf("Faster at the first slow pace %+v gave %+v", paces[0], p)
		}
	}
}

// TestDriverClick: a click is a press and a release on one point, inside
// the area only, counted as a click and not as a drag.
func TestDriverClick(t *testing.T) {
	rec := NewRecorder(image.Rect(0, 0, 1024, 768), image.Pt(5, 400))
	area := calibration.Area{Left: 100, Top: 100, Side: 500}
	d, err := NewDriver(rec, area, Pace{Steps: 1})
	if err != nil {
		t.Fatal(err)
	}
	at := calibration.Point{X: 320, Y: 330}
	if err := d.Click(context.Background(), at); err != nil {
		t.Fatal(err)
	}
	var presses, releases int
	for _, e := range rec.Events() {
		if e.At != at.Pt() {
			t.Errorf("click event %s at %v, want every event on %v", e.Kind, e.At, at.Pt())
		}
		switch e.Kind {
		case "press":
			presses++
		case "release":
			releases++
		}
	}
	if presses != 1 || releases != 1 || d.Clicks() != 1 || d.Drags() != 0 {
		t.Errorf("%d presses, %d releases, %d clicks, %d drags; want 1, 1, 1, 0", presses, releases, d.Clicks(), d.Drags())
	}
	n := len(rec.Events())
	var oe *OutsideError
	if err := d.Click(context.Background(), calibration.Point{X: 50, Y: 50}); !errors.As(err, &oe) {
		t.Errorf("a click outside the area: %v, want an *OutsideError", err)
	}
	if len(rec.Events()) != n {
		t.Errorf("a click outside the area moved the pointer: %v", rec.Events()[n:])
	}
}
