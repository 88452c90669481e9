package game

import (
	"time"

	"hexiom/board"
)

// State is what GET /api/state returns: everything the page draws, and what
// tests check.
type State struct {
	Mode      string     `json:"mode"`
	Level     int        `json:"level"` // 1..40 in level mode, else 0
	Size      int        `json:"size"`
	Seed      uint64     `json:"seed"` // random and challenge modes, else 0
	Swap      bool       `json:"swap"` // a drop on a movable tile swaps
	Theme     string     `json:"theme"`
	Cells     []CellView `json:"cells"`
	Board     string     `json:"board"` // the position in the level text format
	Solved    bool       `json:"solved"`
	ElapsedMS int64      `json:"elapsed_ms"` // since the page first showed the level (or the server made it); frozen once solved
	LimitMS   int64      `json:"limit_ms"`   // the challenge's time limit, else 0
	Achieved  bool       `json:"achieved"`   // the challenge solved within its limit
	Moves     int        `json:"moves"`      // moves made and not undone
	LastMove  *Move      `json:"last_move"`  // the move on top of the undo stack, or null
	DropNext  int        `json:"drop_next"`  // legal moves the game will still ignore
	Version   uint64     `json:"version"`    // grows on every change of the above
	Started   uint64     `json:"started"`    // the version at which this level (or replay) began
	Geometry  Geometry   `json:"geometry"`
	Layout    *Layout    `json:"layout"` // what the page last reported drawing, or null
}

// CellView is one cell as the page draws it.
type CellView struct {
	Tile   int    `json:"tile"`   // 0..6, or -1 for no tile
	Fixed  bool   `json:"fixed"`  // a locked tile, or a hole when tile is -1
	Kind   string `json:"kind"`   // "hole", "empty", "movable" or "locked"
	Status string `json:"status"` // "none", "right" (yellow), "too_few" (green), "too_many" (red)
}

// Geometry is where the page must draw the cells, from the theme's pitch
// rule (LookGeometry: board.Pitch, or FlashPitch in the flash look): cell i
// is centred at (left + side·Centres[i][0], top + side·Centres[i][1]) of the
// game area and has circumradius side·Radius. The page does not compute
// geometry itself. With the page's layout it is the ground truth of where
// every cell is on screen.
type Geometry struct {
	Rule    string       `json:"rule"` // RuleOriginal or RuleFill
	DX      float64      `json:"dx"`   // column pitch, as a fraction of the area's side
	DY      float64      `json:"dy"`   // half row pitch
	Radius  float64      `json:"radius"`
	Centres [][2]float64 `json:"centres"`
}

// Layout is what the page reports it drew (POST /api/layout), in CSS pixels
// of the page's client area unless said otherwise.
type Layout struct {
	Left             float64 `json:"left"` // the square game area
	Top              float64 `json:"top"`
	Side             float64 `json:"side"`
	ScreenX          float64 `json:"screenX"` // window.screenX/Y: the client area's origin on the screen
	ScreenY          float64 `json:"screenY"`
	InnerWidth       float64 `json:"innerWidth"`
	InnerHeight      float64 `json:"innerHeight"`
	DevicePixelRatio float64 `json:"devicePixelRatio"`
	Version          uint64  `json:"version"` // the state version drawn
	Size             int     `json:"size"`    // the board size drawn
	Theme            string  `json:"theme"`   // the theme drawn
	At               int64   `json:"at_ms"`   // server time of the report, Unix ms
	// Releases (the Flash build only) counts the releases of the mouse the
	// SWF had dealt with when it reported, each followed by a report once
	// the board is at rest: a report counting a release means that drop
	// was decided and its tile has arrived.
	Releases int64 `json:"releases,omitempty"`
	// Controls are the buttons on screen by id ("menu-btn", "undo",
	// "restart", "next", "replay", "challenge", "level-N"): [left, top,
	// width, height] in client CSS px.
	Controls map[string][4]float64 `json:"controls,omitempty"`
	// Overlay (the Flash build only): Ruffle's "Click to unmute" overlay
	// dims the game when the page reported (it shows until the player's
	// first click; the page reports again when it comes or goes).
	Overlay bool `json:"overlay,omitempty"`
}

// PointerEvent is one pointer event the page logged (GET /api/pointer).
type PointerEvent struct {
	Seq         int64   `json:"seq"` // assigned by the server, from 1
	Type        string  `json:"type"`
	ClientX     float64 `json:"clientX"`
	ClientY     float64 `json:"clientY"`
	ScreenX     float64 `json:"screenX"` // event.screenX/Y: screen pixels
	ScreenY     float64 `json:"screenY"`
	PointerType string  `json:"pointerType"`
	Buttons     int     `json:"buttons"`
	T           float64 `json:"t"` // the page's event.timeStamp, ms
	// Note is what the game did with the event, where it says (the Flash
	// build: a press taken, or ignored and why; a release's drop): for a
	// test to tell a drag the game was too busy to take from one it got
	// wrong. Empty for the canvas page.
	Note string `json:"note,omitempty"`
}

func statusName(s board.Status) string {
	switch s {
	case board.Right:
		return "right"
	case board.TooFew:
		return "too_few"
	case board.TooMany:
		return "too_many"
	default:
		return "none"
	}
}

// State returns a snapshot of the game.
func (g *Game) State() State {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stateLocked()
}

func (g *Game) stateLocked() State {
	s := State{
		Mode: g.mode, Level: g.level, Size: g.size, Seed: g.seed,
		Swap: !g.cfg.NoSwap, Theme: g.theme,
		Board:    g.pos.Format(),
		Solved:   !g.ended.IsZero(),
		Moves:    len(g.history),
		DropNext: g.dropNext,
		Version:  g.version,
		Started:  g.levelVersion,
	}
	end := g.ended
	if end.IsZero() {
		end = g.now()
	}
	s.ElapsedMS = end.Sub(g.began).Milliseconds()
	if g.mode == ModeChallenge {
		s.LimitMS = ChallengeLimit.Milliseconds()
		s.Achieved = s.Solved && s.ElapsedMS <= s.LimitMS
	}
	if g.last != nil {
		m := *g.last
		s.LastMove = &m
	}
	s.Cells = make([]CellView, len(g.pos.Cells))
	for i, c := range g.pos.Cells {
		s.Cells[i] = CellView{Tile: int(c.Tile), Fixed: c.Fixed, Kind: c.Kind(), Status: statusName(g.pos.StatusOf(i))}
	}
	s.Geometry = LookGeometry(g.theme, g.size)
	if g.layout != nil {
		l := *g.layout
		s.Layout = &l
	}
	return s
}

// SetLayout records what the page drew. The first report that the page drew
// a new level restarts its clock, unless a move was made already: the time
// counts from when the player could see the board, not from when the server
// made it (Chromium takes about two seconds to start).
func (g *Game) SetLayout(l Layout) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.layout != nil && l.Version < g.layout.Version {
		// A late report: the page has drawn a newer state since (the
		// version only grows), and said so in a report that came first.
		return
	}
	l.At = time.Now().UnixMilli()
	g.layout = &l
	if !g.shown && l.Version >= g.levelVersion && l.Size == g.size {
		g.shown = true
		if len(g.history) == 0 && g.ended.IsZero() {
			g.began = g.now()
			g.bump()
		}
	}
}

// maxPointer bounds the pointer log; the oldest events go first.
const maxPointer = 20000

// LogPointer appends events the page logged.
func (g *Game) LogPointer(evs []PointerEvent) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, e := range evs {
		g.pointerN++
		e.Seq = g.pointerN
		g.pointer = append(g.pointer, e)
	}
	if over := len(g.pointer) - maxPointer; over > 0 {
		g.pointer = append(g.pointer[:0], g.pointer[over:]...)
	}
}

// Pointer returns the logged events with Seq > since.
func (g *Game) Pointer(since int64) []PointerEvent {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := []PointerEvent{}
	for _, e := range g.pointer {
		if e.Seq > since {
			out = append(out, e)
		}
	}
	return out
}
