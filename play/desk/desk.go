//go:build linux

// Package desk sets up the real desktop the bot plays on in end-to-end tests,
// the play benchmark and the demo: Xvfb on a free display, the clone served
// on loopback, Debian's Chromium showing it in an app window, the real mouse
// (robotgo over XTest) and screen capture, and a calibration made the way a
// user makes it: clicks on three cells, synthesised with XTest and caught by
// a clicks.Listener. The game's HTTP API, which the bot never uses, is what
// the harness uses to set levels up and to check what happened.
package desk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"math"
	"net/http"
	"time"

	"hexiom/actuate"
	"hexiom/board"
	"hexiom/calibration"
	"hexiom/capture"
	"hexiom/clicks"
	"hexiom/game"
	"hexiom/game/flash"
	"hexiom/internal/desktop"
	"hexiom/play"
	"hexiom/vision"
)

// Options say how to set the desktop up.
type Options struct {
	Screen image.Point     // Xvfb screen size; zero: 1366×868
	Window image.Rectangle // Chromium window on the screen; zero: 1280×800 at (30,20)
	Start  game.Spec       // first level; zero: official level 1
	NoSwap bool            // the game puts a tile dropped on a tile back
	// Capture and Clicks name the way to capture the screen and to hear
	// the calibration clicks (capture.ViaX11 or ViaPortable, clicks.ViaX11
	// or ViaPortable; empty: the platform's default).
	Capture, Clicks string
	// Display is a running X server to use (xvfb-run's, whose DISPLAY a
	// test binary built with -tags gohook needs from its start) instead of
	// a new Xvfb; empty: start one of size Screen.
	Display string
	Theme   string  // the game's look (game.Themes); "": classic
	Zoom    float64 // the browser's page zoom (0.75 for 75 %); 0: 100 %
	// Scale is the display scale, as a user's display setting makes it
	// (1.25 for 125 %, 2 for 200 %): Chromium draws with devicePixelRatio
	// Scale·Zoom (--force-device-scale-factor); the window still covers
	// Window in screen pixels. 0: 1.
	Scale float64
	// Runtime is the game's runtime (game.RuntimeHTML, the canvas page, or
	// game.RuntimeRuffle, the Flash build in Ruffle); "": the canvas page.
	// For Ruffle the SWF comes from the user's cache (built by haxe once a
	// version) and Ruffle from the cache install-deps fills.
	Runtime string
	SWFLook string // the Flash build's look (game.SWFLooks); "": classic
	// RuffleRenderer is the renderer Ruffle draws with
	// (game.Config.RuffleRenderer): "" or "webgl", WebGL as players'
	// browsers draw it (Chromium's GPU process on SwiftShader here);
	// "canvas", Ruffle's 2D one, Chromium's GPU off: the same game for a
	// third of the CPU.
	RuffleRenderer string
	// PanelDelay is how long the page shows the solved board before its
	// solved panel covers it (the page's ?panel_ms=); 0: the game's 1.2 s.
	PanelDelay time.Duration
}

// Desk is a running desktop with the game on it.
type Desk struct {
	X       *desktop.X
	Browser *desktop.Browser
	Server  *desktop.Server
	Game    *game.Game
	Robot   *actuate.Robot
	Screen  capture.Source
	Tpl     *vision.Templates
	Area    calibration.Area // set by Calibrate
	client  *http.Client
	url     string  // the page Chromium opens
	clicks  string  // how Calibrate hears clicks
	scale   float64 // the display scale
	ruffle  bool    // the Flash build in Ruffle: the page's first click is Ruffle's
	webgl   bool    // Chromium with WebGL (SwiftShader): Ruffle's WebGL renderer
}

// Start starts Xvfb, the game, Chromium and the mouse, and waits until the
// page has painted the first level and takes input.
func Start(o Options) (d *Desk, err error) {
	if o.Screen == (image.Point{}) {
		o.Screen = image.Pt(1366, 868)
	}
	if o.Window.Empty() {
		o.Window = image.Rect(30, 20, 30+1280, 20+800)
	}
	if o.Scale == 0 {
		o.Scale = 1
	}
	d = &Desk{client: &http.Client{Timeout: desktop.Patience}, clicks: o.Clicks, scale: o.Scale, ruffle: o.Runtime == game.RuntimeRuffle,
		webgl: o.Runtime == game.RuntimeRuffle && o.RuffleRenderer != "canvas"}
	defer func() {
		if err != nil {
			d.Close()
			d = nil
		}
	}()
	if o.Display != "" {
		d.X, err = desktop.AttachX(o.Display)
	} else {
		d.X, err = desktop.StartX(o.Screen.X, o.Screen.Y)
	}
	if err != nil {
		return d, err
	}
	if err = d.X.Use(); err != nil {
		return d, err
	}
	if o.Zoom == 0 {
		o.Zoom = 1
	}
	if d.Game, err = newGame(o); err != nil {
		return d, err
	}
	if d.Server, err = desktop.Serve(d.Game.HTTPServer()); err != nil {
		return d, err
	}
	d.url = d.Server.URL
	if o.PanelDelay > 0 {
		d.url += fmt.Sprintf("?panel_ms=%d", o.PanelDelay.Milliseconds())
	}
	if d.Browser, err = d.startBrowser(o.Window, o.Zoom); err != nil {
		return d, err
	}
	if d.Robot, err = actuate.NewRobot(d.X.Display); err != nil {
		return d, err
	}
	if d.Screen, err = capture.Open(o.Capture, d.X.Display); err != nil {
		return d, err
	}
	if d.Tpl, err = vision.Builtin(); err != nil {
		return d, err
	}
	return d, d.waitPage(time.Time{})
}

// waitPage waits until the page has painted the current state (and
// reported it after the time after) and takes input.
func (d *Desk) waitPage(after time.Time) error {
	err := desktop.WaitFor(desktop.Patience, 20*time.Millisecond, "the page to paint the current state", func() (bool, error) {
		st, err := d.State()
		if err != nil {
			return false, err
		}
		l := st.Layout
		return l != nil && l.Version >= st.Version && l.At >= after.UnixMilli(), nil
	})
	if err != nil {
		return fmt.Errorf("%w\nchromium: %.2000s", err, d.Browser.Log.String())
	}
	// Input is taken a moment after the first paint: hover until the page
	// logs a pointer move.
	since, err := d.LastPointerSeq()
	if err != nil {
		return err
	}
	if d.ruffle {
		return d.unmute(since)
	}
	i := 0
	win := d.Browser.Window
	return desktop.WaitFor(desktop.Patience, 50*time.Millisecond, "the page to take input", func() (bool, error) {
		i++
		if err := d.Robot.Move(image.Pt(win.Min.X+20+i%2, win.Min.Y+20)); err != nil {
			return false, err
		}
		evs, err := d.Pointer(since)
		return len(evs) > 0, err
	})
}

// newGame returns the clone o asks for, in debug mode (the tests' API).
func newGame(o Options) (*game.Game, error) {
	gc := game.Config{Start: o.Start, NoSwap: o.NoSwap, Theme: o.Theme, Debug: true, Runtime: o.Runtime, SWFLook: o.SWFLook,
		RuffleRenderer: o.RuffleRenderer}
	if o.Runtime == game.RuntimeRuffle {
		var err error
		if gc.SWF, gc.Ruffle, err = flashParts(); err != nil {
			return nil, err
		}
	}
	g, err := game.New(gc)
	if err != nil {
		return nil, fmt.Errorf("desk: %w", err)
	}
	return g, nil
}

// startBrowser opens the page in a Chromium window win at page zoom zoom;
// with WebGL for Ruffle's WebGL renderer.
func (d *Desk) startBrowser(win image.Rectangle, zoom float64) (*desktop.Browser, error) {
	if d.webgl {
		return desktop.StartChromiumWebGLScaled(d.X, d.url, win, zoom, d.scale)
	}
	return desktop.StartChromiumScaled(d.X, d.url, win, zoom, d.scale)
}

// flashParts returns the SWF (from the user's cache, built by haxe the
// first time) and the Ruffle web build (from the cache install-deps fills).
func flashParts() (swf, ruffle string, err error) {
	if swf, err = flash.Cached(context.Background()); err != nil {
		return "", "", fmt.Errorf("desk: %w", err)
	}
	if ruffle, err = flash.RuffleDir(); err != nil {
		return "", "", fmt.Errorf("desk: %w", err)
	}
	return swf, ruffle, nil
}

// unmute makes the first click on a fresh Ruffle player, the one a player
// makes before anything else: Ruffle's "Click to unmute" overlay dims the
// game until a click, which reaches no display object. It clicks on the
// HUD, between the clock and the buttons, where a click does nothing in the
// game, and clicks there again until the SWF has logged a press and release
// after since, the page reports the overlay gone and the board at rest.
func (d *Desk) unmute(since int64) error {
	st, err := d.State()
	if err != nil {
		return err
	}
	l := st.Layout
	z := l.DevicePixelRatio
	hud := image.Pt(int(d.scale*l.ScreenX+z*(l.Left+l.Side*0.6)), int(d.scale*l.ScreenY+z*(l.Top-20)))
	if err := d.click(hud); err != nil {
		return err
	}
	return desktop.WaitFor(desktop.Patience, 100*time.Millisecond, "the SWF to hear a click on its HUD and Ruffle's overlay to go", func() (bool, error) {
		evs, err := d.Pointer(since)
		if err != nil {
			return false, err
		}
		down, up := false, false
		for _, e := range evs {
			down = down || e.Type == "mousedown"
			up = up || (down && e.Type == "mouseup")
		}
		st, err := d.State()
		if err != nil {
			return false, err
		}
		if !up || st.Layout.Overlay {
			// the overlay took the click, or it came before the player
			// listened, or it still dims the game: click again
			return false, d.click(hud)
		}
		return st.Layout.Version == st.Version, nil
	})
}

// ClearOverlay makes sure Ruffle's "Click to unmute" overlay does not dim
// the game, after the calibration clicks and before a picture is learnt
// from: when the page reports it shown (two bench starts and a CI run
// learnt from a picture under it, before unmute waited for the page's
// report; one bench start after, at 12:38 on 2026-11-29, whose learn came
// after Calibrate had checked; whether it comes back, or the page's report
// was late, was not found: the page now also looks every 250 ms), it is
// clicked away as a player would, on the HUD (unmute). Nothing for the
// canvas page.
func (d *Desk) ClearOverlay() error {
	if !d.ruffle {
		return nil
	}
	st, err := d.State()
	if err != nil || st.Layout == nil || !st.Layout.Overlay {
		return err
	}
	since, err := d.LastPointerSeq()
	if err != nil {
		return err
	}
	if err := d.unmute(since); err != nil {
		return fmt.Errorf("desk: Ruffle's \"Click to unmute\" overlay after the calibration clicks: %w", err)
	}
	return nil
}

// click presses and releases at p, at a hand's pace.
func (d *Desk) click(p image.Point) error {
	if err := d.Robot.Move(p); err != nil {
		return fmt.Errorf("desk: click: %w", err)
	}
	time.Sleep(20 * time.Millisecond)
	if err := d.Robot.Press(); err != nil {
		return fmt.Errorf("desk: click: %w", err)
	}
	time.Sleep(20 * time.Millisecond)
	if err := d.Robot.Release(); err != nil {
		return fmt.Errorf("desk: click: %w", err)
	}
	return nil
}

// Reopen shows the game in another look at another page zoom: it sets the
// game's theme, starts a new Chromium at zoom (the page zoom is fixed when
// the browser starts) in the same window, and waits until the page takes
// input. The calibration and the templates are left as they were: calibrate
// again.
func (d *Desk) Reopen(theme string, zoom float64) error {
	if err := d.Game.SetTheme(theme); err != nil {
		return fmt.Errorf("desk: %w", err)
	}
	win := d.Browser.Window
	d.Browser.Close()
	t := time.Now()
	var err error
	if d.Browser, err = d.startBrowser(win, zoom); err != nil {
		return err
	}
	return d.waitPage(t)
}

// Close stops everything, the mouse's X connection before the X server.
func (d *Desk) Close() {
	if d == nil {
		return
	}
	if d.Screen != nil {
		d.Screen.Close()
	}
	if d.Robot != nil {
		d.Robot.Close()
	}
	if d.Browser != nil {
		d.Browser.Close()
	}
	if d.Server != nil {
		d.Server.Close()
	}
	if d.X != nil {
		d.X.Close()
	}
}

func (d *Desk) api(method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("desk: %s %s: %w", method, path, err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, d.Server.URL+path, rd)
	if err != nil {
		return fmt.Errorf("desk: %s %s: %w", method, path, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(game.TokenHeader, d.Game.Token())
	}
	resp, err := d.client.Do(req)
	if err != nil {
		return fmt.Errorf("desk: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("desk: %s %s: %w", method, path, err)
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("desk: %s %s: %s: %s", method, path, resp.Status, bytes.TrimSpace(data))
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("desk: %s %s: %w", method, path, err)
		}
	}
	return nil
}

// State is GET /api/state.
func (d *Desk) State() (game.State, error) {
	var st game.State
	err := d.api("GET", "/api/state", nil, &st)
	return st, err
}

// New starts a level (POST /api/new) and waits until the page shows it.
// Ruffle reports a board drawn a frame before the screen shows it (far
// more on a busy machine): there it also waits until the window's picture
// has changed and stands still.
func (d *Desk) New(sp game.Spec) (game.State, error) {
	var st game.State
	var before *image.RGBA
	var r image.Rectangle // the game area (the HUD's clock ticks above it)
	var was string        // the board shown before
	if d.ruffle {
		old, err := d.State()
		if err != nil {
			return st, err
		}
		was = old.Board
		a, err := trueArea(old, d.scale)
		if err != nil {
			return st, err
		}
		r = a.Rect().Intersect(d.Screen.Bounds())
		if before, err = d.Screen.Grab(r); err != nil {
			return st, fmt.Errorf("desk: %w", err)
		}
	}
	if err := d.api("POST", "/api/new", sp, &st); err != nil {
		return st, err
	}
	if err := d.WaitPainted(st.Version, desktop.Patience); err != nil || before == nil {
		return st, err
	}
	if st.Board == was {
		// the same board again: no change to wait for
		_, err := capture.Still(d.Screen, r, 150*time.Millisecond, desktop.Patience)
		return st, err
	}
	err := desktop.WaitFor(desktop.Patience, 20*time.Millisecond, "the new board on the screen", func() (bool, error) {
		now, err := d.Screen.Grab(r)
		return err == nil && !capture.SamePixels(before, now), err
	})
	if err != nil {
		return st, fmt.Errorf("desk: %w", err)
	}
	_, err = capture.Still(d.Screen, r, 150*time.Millisecond, desktop.Patience)
	return st, err
}

// DropNext makes the game ignore the next n legal moves (POST /api/debug).
func (d *Desk) DropNext(n int) error {
	return d.api("POST", "/api/debug", game.Debug{DropNext: n}, nil)
}

// Pointer returns the pointer events the page logged after seq since.
func (d *Desk) Pointer(since int64) ([]game.PointerEvent, error) {
	var pl game.PointerLog
	err := d.api("GET", fmt.Sprintf("/api/pointer?since=%d", since), nil, &pl)
	return pl.Events, err
}

// LastPointerSeq returns the sequence number of the last logged event.
func (d *Desk) LastPointerSeq() (int64, error) {
	evs, err := d.Pointer(0)
	if err != nil || len(evs) == 0 {
		return 0, err
	}
	return evs[len(evs)-1].Seq, nil
}

// WaitPainted waits until the page reports it has drawn state version v.
func (d *Desk) WaitPainted(v uint64, timeout time.Duration) error {
	return desktop.WaitFor(timeout, 20*time.Millisecond, fmt.Sprintf("the page to paint state %d", v), func() (bool, error) {
		st, err := d.State()
		if err != nil {
			return false, err
		}
		return st.Layout != nil && st.Layout.Version >= v, nil
	})
}

// TrueArea is the game area where the page drew it, in screen pixels (the
// ground truth calibration is checked against). Under a page zoom the
// layout's CSS pixels scale by devicePixelRatio; under a display scale,
// window.screenX/Y are device-independent pixels, which scale by it.
func (d *Desk) TrueArea() (calibration.Area, error) {
	st, err := d.State()
	if err != nil {
		return calibration.Area{}, err
	}
	return trueArea(st, d.scale)
}

func trueArea(st game.State, scale float64) (calibration.Area, error) {
	l := st.Layout
	if l == nil {
		return calibration.Area{}, fmt.Errorf("desk: the page has not reported its layout")
	}
	z := l.DevicePixelRatio
	if z <= 0 {
		return calibration.Area{}, fmt.Errorf("desk: devicePixelRatio %v", z)
	}
	return calibration.Area{Left: l.ScreenX*scale + l.Left*z, Top: l.ScreenY*scale + l.Top*z, Side: l.Side * z, Method: "layout"}, nil
}

// ToScreen turns a pointer event's screenX/Y, which Chromium counts in
// device-independent pixels, into screen pixels: times the display scale.
func (d *Desk) ToScreen(v float64) float64 { return v * d.scale }

// TrueCells returns where the page drew every cell of the board in view, in
// screen pixels, and their circumradius: the layout and the look's geometry
// (its own pitch rule), the ground truth for looks whose cells do not follow
// board.Pitch.
func (d *Desk) TrueCells() ([]calibration.Point, float64, error) {
	st, err := d.State()
	if err != nil {
		return nil, 0, err
	}
	a, err := trueArea(st, d.scale)
	if err != nil {
		return nil, 0, err
	}
	pts := make([]calibration.Point, len(st.Geometry.Centres))
	for i, c := range st.Geometry.Centres {
		pts[i] = calibration.Point{X: a.Left + a.Side*c[0], Y: a.Top + a.Side*c[1]}
	}
	return pts, a.Side * st.Geometry.Radius, nil
}

// Calibrate calibrates as a user does: it clicks the centres of the top
// cell, the cell below it and the bottom cell of the board in view with
// XTest, while a clicks.Listener (Options.Clicks) hears them, and
// derives the area with calibration.FromClicks. Where to click comes from
// the page's layout and geometry, as a user's eye would find the cells. It
// checks the area against where the page drew every cell (within 2 px) of
// every size when the look follows board.Pitch, else of the size in view
// only, and keeps it in d.Area.
func (d *Desk) Calibrate() (calibration.Area, error) {
	st, err := d.State()
	if err != nil {
		return calibration.Area{}, err
	}
	truth, err := trueArea(st, d.scale)
	if err != nil {
		return calibration.Area{}, err
	}
	cells, _, err := d.TrueCells()
	if err != nil {
		return calibration.Area{}, err
	}
	s := st.Size
	top, below, bottom := calibration.ClickCells(s)
	l, err := clicks.Listen(d.clicks, d.X.Display)
	if err != nil {
		return calibration.Area{}, fmt.Errorf("desk: calibrate: %w", err)
	}
	defer l.Close()
	since, err := d.LastPointerSeq()
	if err != nil {
		return calibration.Area{}, fmt.Errorf("desk: calibrate: %w", err)
	}
	var got []calibration.Point
	for _, i := range []int{top, below, bottom} {
		c, err := d.clickHeard(l, cells[i].Pt())
		if err != nil {
			return calibration.Area{}, err
		}
		got = append(got, c)
		time.Sleep(30 * time.Millisecond)
	}
	if err := d.waitReleases(since, 3); err != nil {
		return calibration.Area{}, fmt.Errorf("desk: calibrate: %w", err)
	}
	if err := d.ClearOverlay(); err != nil {
		return calibration.Area{}, fmt.Errorf("desk: calibrate: %w", err)
	}
	area, size, err := calibration.FromClicks(got[0], got[1], got[2])
	if err != nil {
		return calibration.Area{}, fmt.Errorf("desk: calibrate: %w", err)
	}
	if size != s {
		return calibration.Area{}, fmt.Errorf("desk: calibrate: clicks give size %d, the board is size %d", size, s)
	}
	if err := checkCalibration(area, truth, cells, s, st.Geometry.Rule == game.RuleOriginal); err != nil {
		return calibration.Area{}, err
	}
	d.Area = area
	return area, nil
}

// waitReleases waits until the page has logged n button releases after
// pointer event since: the page logs pointer events in batches, and a
// later LastPointerSeq must come after them.
func (d *Desk) waitReleases(since int64, n int) error {
	return desktop.WaitFor(desktop.Patience, 20*time.Millisecond, "the page to log the calibration clicks", func() (bool, error) {
		evs, err := d.Pointer(since)
		ups := 0
		for _, e := range evs {
			if e.Type == "pointerup" || e.Type == "mouseup" { // the canvas page's, the SWF's
				ups++
			}
		}
		return ups >= n, err
	})
}

// clickHeard clicks at p and returns the click the listener l heard.
func (d *Desk) clickHeard(l clicks.Listener, p image.Point) (calibration.Point, error) {
	if err := d.Robot.Move(p); err != nil {
		return calibration.Point{}, fmt.Errorf("desk: calibrate: click: %w", err)
	}
	time.Sleep(20 * time.Millisecond)
	if err := d.Robot.Press(); err != nil {
		return calibration.Point{}, fmt.Errorf("desk: calibrate: click: %w", err)
	}
	time.Sleep(20 * time.Millisecond)
	if err := d.Robot.Release(); err != nil {
		return calibration.Point{}, fmt.Errorf("desk: calibrate: click: %w", err)
	}
	select {
	case c, ok := <-l.Clicks():
		if !ok {
			return calibration.Point{}, fmt.Errorf("desk: calibrate: listener stopped: %v", l.Err())
		}
		return calibration.Point{X: float64(c.X), Y: float64(c.Y)}, nil
	case <-time.After(desktop.Patience):
		return calibration.Point{}, fmt.Errorf("desk: calibrate: the click at %v was not heard in %v", p, desktop.Patience)
	}
}

// checkCalibration checks the area calibrated on a board of size s
// against the cells the page draws, and with the original rule (where one
// calibration places every size, original) against the page's own area
// truth at every size.
func checkCalibration(area, truth calibration.Area, cells []calibration.Point, s int, original bool) error {
	for i, c := range cells {
		if e := area.Centre(s, i).Dist(c); e > 2 {
			return fmt.Errorf("desk: calibrate: cell %d is %.1f px from where the page draws it", i, e)
		}
	}
	if !original {
		return nil
	}
	for _, sz := range board.ScreenSizes() {
		for i := range truth.Cells(sz) {
			if e := area.Centre(sz, i).Dist(truth.Centre(sz, i)); e > 2 {
				return fmt.Errorf("desk: calibrate: size-%d cell %d is %.1f px from where the page draws it", sz, i, e)
			}
		}
	}
	// The clicks are whole pixels, each up to half a pixel from the cell's
	// centre: the side is known to within one pixel over the clicks' span
	// (TestE2EWayland's size-2 board on a 768 px area: 3.6 px; it measured
	// 771.4 once, every cell of every size within 2 px).
	top, _, bottom := calibration.ClickCells(s)
	tol := max(3, truth.Side/cells[top].Dist(cells[bottom]))
	if math.Abs(area.Side-truth.Side) > tol {
		return fmt.Errorf("desk: calibrate: area side %.1f, the page's %.1f (allowed %.1f px off)", area.Side, truth.Side, tol)
	}
	return nil
}

// Config returns a play configuration on this desk with the calibrated area.
func (d *Desk) Config(swap bool, pace actuate.Pace) (play.Config, error) {
	if d.Area.Side == 0 {
		return play.Config{}, fmt.Errorf("desk: not calibrated")
	}
	// As hexiom play does: only the part of the area on the screen serves
	// (a size-6 calibration at a large zoom reaches past the screen's edge;
	// the board does not).
	area := d.Area.OnScreen(d.Screen.Bounds())
	drv, err := actuate.NewDriver(d.Robot, area, pace)
	if err != nil {
		return play.Config{}, err
	}
	return play.Config{
		Eyes:   &play.Screen{Source: d.Screen, Area: area, Templates: d.Tpl},
		Driver: drv,
		Swap:   swap,
		// The focus click hexiom play makes (its -focus) only where the
		// game needs it: the canvas page's tests count every press as a
		// drag's.
		Focus: d.ruffle,
	}, nil
}

// Grab captures the screen rectangle r.
func (d *Desk) Grab(r image.Rectangle) (*image.RGBA, error) { return d.Screen.Grab(r) }
