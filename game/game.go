package game

import (
	cryptorand "crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"hexiom/board"
)

// Modes of play.
const (
	ModeLevel     = "level"     // one of the 40 official levels
	ModeRandom    = "random"    // a random level of size 3..6 from board.Random
	ModeChallenge = "challenge" // the "impossible" challenge: random size 6 against the clock
)

// ChallengeLimit is the time allowed for the "impossible" challenge.
const ChallengeLimit = 3 * time.Minute

// ChallengeSize is the board size of the challenge.
const ChallengeSize = 6

// maxSeed bounds the seeds the server picks itself.
const maxSeed = 1_000_000_000

// MaxSeed is the largest seed a level may have: the page sends seeds back
// (Replay, Next) as JavaScript numbers, which hold integers exactly only up
// to 2^53−1 (Number.MAX_SAFE_INTEGER).
const MaxSeed = 1<<53 - 1

// Spec says which level to play. Seed is nil for "pick one".
type Spec struct {
	Mode  string  `json:"mode"`
	Level int     `json:"level,omitempty"`
	Size  int     `json:"size,omitempty"`
	Seed  *uint64 `json:"seed,omitempty"`
}

// Config sets up a Game.
type Config struct {
	Start  Spec   // the first level; the zero Spec means official level 1
	NoSwap bool   // a drop on another movable tile puts the tile back instead of swapping
	Theme  string // "classic" (default), "neon", "flash" or "slate" (Themes); POST /api/theme changes it, the page's URL never does
	// Debug turns on what tests use and players must not reach: POST
	// /api/debug and the pointer log (GET and POST /api/pointer); the
	// page logs the pointer only then.
	Debug bool
	// Runtime is what the page at / runs: RuntimeHTML ("" too), the
	// canvas page, or RuntimeRuffle, the Flash build (SWF) in Ruffle, which
	// needs SWF and Ruffle and draws its own looks (SWFLook, ruffle.go).
	Runtime string
	SWF     string // the built SWF (package game/flash), served at /flash/hexiom.swf
	Ruffle  string // the unpacked Ruffle web build, served under /ruffle/
	// SWFLook is the look the Flash build draws (SWFLooks; "" classic):
	// its own, not one of the canvas page's themes.
	SWFLook string
	// RuffleRenderer is the renderer Ruffle draws the SWF with
	// (RuffleRenderers; "" webgl, what players' browsers take): canvas,
	// its 2D one, draws the same game for a third of the CPU where WebGL
	// is drawn by the CPU (SwiftShader, under Xvfb); package game's own
	// Ruffle tests and play's TestE2ERuffle take it, play's
	// TestE2ERuffleFlat and hexiom play's scroll test keep WebGL.
	RuffleRenderer string
	// RuffleFrameRate, when not zero, is the frame rate Ruffle runs the
	// SWF at (Ruffle's frameRate option, 1 to 120) in place of the SWF's
	// 30 fps: a test's stand-in for a machine too busy to run more
	// (TestRufflePressDrawsANewState).
	RuffleFrameRate float64
	// Timeouts of HTTPServer; zero means DefaultTimeouts.
	Timeouts Timeouts
	// Now is the clock; nil means time.Now. Tests set it.
	Now func() time.Time
}

// Move is one move as the page sends it: the tile on From dropped on To.
type Move struct {
	From int  `json:"from"`
	To   int  `json:"to"`
	Swap bool `json:"swap,omitempty"` // set by the game when To held a movable tile
}

// Errors of Game.Move, Undo and New.
var (
	ErrIllegal = errors.New("illegal move")
	ErrSolved  = errors.New("level already solved")
	ErrNothing = errors.New("nothing to undo")
	ErrSpec    = errors.New("bad level request")
	// ErrStale: a move made on a level that is no longer the one in play
	// (the page sent it before a new level began and it arrived after).
	ErrStale = errors.New("move made on another level")
	// ErrTooMany: the level has had MaxMoves moves played.
	ErrTooMany = errors.New("too many moves on this level")
)

// MaxMoves bounds the moves played on one level, undone ones included
// (Restart keeps the count; a new level or a replay starts it again), and
// with it the undo history: past it a move is refused with ErrTooMany (409
// from the API). A size-6 level has 91 cells; a player makes hundreds of
// moves at most, a program sending batches of 1,000 (POST /api/moves)
// millions, each kept until the next level without it (issue 42).
const MaxMoves = 10_000

// Game is one player's game: the level being played, its moves and clock,
// and what the page reported (layout, pointer events). It is safe for
// concurrent use; the HTTP handler is its only user in the binary.
type Game struct {
	mu  sync.Mutex
	cfg Config
	now func() time.Time

	mode, theme  string
	level, size  int
	seed         uint64
	start, pos   board.Position
	history      []Move
	played       int // moves played on this level, undone ones too (MaxMoves)
	last         *Move
	began, ended time.Time // ended is zero until solved
	// levelVersion is the version at which the level began; shown is set
	// once the page reported drawing it, which restarts the clock.
	levelVersion uint64
	shown        bool
	version      uint64
	changed      chan struct{} // closed and replaced on every change
	dropNext     int

	pageReports // under mu

	token    string // see Token
	timeouts Timeouts

	httpServing
}

// pageReports is what the page reported of itself: its layout, and its
// latest pointer events (the last maxPointer, numbered from 1 by
// pointerN). Game's, under its mu.
type pageReports struct {
	layout   *Layout
	pointer  []PointerEvent
	pointerN int64
}

// httpServing is Game's HTTP handler, built once (buildMux), and the long
// polls waiting on it.
type httpServing struct {
	muxOnce sync.Once
	mux     *http.ServeMux
	polls   atomic.Int32 // long polls waiting for a change (tests wait on it)
	pollFor atomic.Int64 // the version the newest waiting long poll has (tests wait on it)
}

// New returns a game at cfg.Start.
func New(cfg Config) (*Game, error) {
	g := &Game{cfg: cfg, now: cfg.Now, changed: make(chan struct{})}
	if g.now == nil {
		g.now = time.Now
	}
	theme, err := checkTheme(cfg.Theme)
	if err != nil {
		return nil, err
	}
	g.theme = theme
	if err := checkRuntime(cfg, theme); err != nil {
		return nil, err
	}
	g.timeouts = cfg.Timeouts
	if g.timeouts == (Timeouts{}) {
		g.timeouts = DefaultTimeouts
	}
	if err := g.timeouts.check(); err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	var tok [16]byte
	if _, err := cryptorand.Read(tok[:]); err != nil {
		return nil, fmt.Errorf("game: token: %w", err)
	}
	g.token = hex.EncodeToString(tok[:])
	start := cfg.Start
	if start.Mode == "" {
		start = Spec{Mode: ModeLevel, Level: 1}
	}
	if err := g.NewLevel(start); err != nil {
		return nil, err
	}
	return g, nil
}

// NewLevel starts the level sp asks for, with a fresh clock and no moves.
func (g *Game) NewLevel(sp Spec) error {
	pos, seed, size, err := specBoard(sp)
	if err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.mode, g.size, g.seed = sp.Mode, size, seed
	g.level = 0
	if sp.Mode == ModeLevel {
		g.level = sp.Level
	}
	g.start, g.pos = pos, pos.Clone()
	g.history, g.last = nil, nil
	g.played = 0
	g.began, g.ended = g.now(), time.Time{}
	g.shown = false
	g.bump()
	g.levelVersion = g.version
	return nil
}

// specBoard is the board sp asks for, its seed (a random one when sp has
// none; 0 for an official level) and its size; the errors wrap ErrSpec.
func specBoard(sp Spec) (pos board.Position, seed uint64, size int, err error) {
	size = sp.Size
	if sp.Seed != nil {
		seed = *sp.Seed
		if seed > MaxSeed {
			return pos, 0, 0, fmt.Errorf("%w: seed %d above 2^53−1: the page could not send it back exactly", ErrSpec, seed)
		}
	} else {
		seed = 1 + rand.Uint64N(maxSeed)
	}
	switch sp.Mode {
	case ModeLevel:
		p, err := board.Level(sp.Level)
		if err != nil {
			return pos, 0, 0, fmt.Errorf("%w: %w", ErrSpec, err)
		}
		pos, seed, size = p, 0, p.Size
	case ModeRandom:
		if size < 3 || size > 6 {
			return pos, 0, 0, fmt.Errorf("%w: random size %d outside 3..6", ErrSpec, size)
		}
		pos = board.Random(size, seed)
	case ModeChallenge:
		if size != 0 && size != ChallengeSize {
			return pos, 0, 0, fmt.Errorf("%w: the challenge is size %d, not %d", ErrSpec, ChallengeSize, size)
		}
		size = ChallengeSize
		pos = board.Random(size, seed)
	default:
		return pos, 0, 0, fmt.Errorf("%w: mode %q (want level, random or challenge)", ErrSpec, sp.Mode)
	}
	return pos, seed, size, nil
}

// SetTheme switches the look the page draws (one of Themes). The board and
// its clock stay; the version changes, so the page redraws at once.
func (g *Game) SetTheme(theme string) error {
	t, err := checkTheme(theme)
	if err != nil {
		return err
	}
	if g.cfg.Runtime == RuntimeRuffle && t != "classic" {
		return fmt.Errorf("theme %q: %w: the Flash build draws the classic look only", theme, ErrSpec)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.theme != t {
		g.theme = t
		g.bump()
	}
	return nil
}

// bump marks a change of state; callers hold mu.
func (g *Game) bump() {
	g.version++
	close(g.changed)
	g.changed = make(chan struct{})
}

// Result says what a move did.
type Result string

// Results of Game.Move.
const (
	Moved   Result = "moved"   // the tile went to a free cell
	Swapped Result = "swapped" // the two movable tiles changed places
	Dropped Result = "dropped" // ignored on purpose (POST /api/debug drop_next)
)

// Move drops the tile on cell m.From onto cell m.To. A free cell takes the
// tile; another movable tile swaps places with it unless swapping is off;
// anything else is illegal and changes nothing (the page puts the tile back).
func (g *Game) Move(m Move) (Result, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.move(m)
}

// MoveOn is Move for a move made on the level that began at version started
// (State.Started as the page saw it). A move that arrives after another
// level began is refused with ErrStale rather than played on a board it was
// not made for: two requests in flight (the page's last drop, a new level
// asked for meanwhile) must not change the new level's start.
func (g *Game) MoveOn(started uint64, m Move) (Result, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.moveOn(started, m)
}

// moveOn is MoveOn for callers that hold mu.
func (g *Game) moveOn(started uint64, m Move) (Result, error) {
	if started != g.levelVersion {
		return "", fmt.Errorf("%w: made on the level begun at version %d, the one in play began at %d", ErrStale, started, g.levelVersion)
	}
	return g.move(m)
}

// Outcome is what one move of a batch did: its Result, or why it was
// refused (Error; nothing changed).
type Outcome struct {
	Result Result `json:"result,omitempty"`
	Error  string `json:"error,omitempty"`
}

// MovesOn plays moves in order, as MoveOn would one by one, under one lock:
// a refused move changes nothing and the next is still played, as when the
// page sent them one request each. It returns an outcome per move, or
// ErrTooMany and none when the level had MaxMoves moves played before the
// batch (moves of the batch past it are refused one by one).
func (g *Game) MovesOn(started uint64, ms []Move) ([]Outcome, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.played >= MaxMoves {
		return nil, g.tooMany()
	}
	out := make([]Outcome, len(ms))
	for i, m := range ms {
		res, err := g.moveOn(started, m)
		if err != nil {
			out[i].Error = err.Error()
			continue
		}
		out[i].Result = res
	}
	return out, nil
}

// tooMany is the error of a move past MaxMoves; callers hold mu.
func (g *Game) tooMany() error {
	return fmt.Errorf("%w: %d played, the most a level takes; start it again (Replay) or another", ErrTooMany, g.played)
}

func (g *Game) move(m Move) (Result, error) {
	n := len(g.pos.Cells)
	switch {
	case !g.ended.IsZero():
		return "", ErrSolved
	case g.played >= MaxMoves:
		return "", g.tooMany()
	case m.From < 0 || m.From >= n || m.To < 0 || m.To >= n:
		return "", fmt.Errorf("%w: cell out of range 0..%d in %d→%d", ErrIllegal, n-1, m.From, m.To)
	case m.From == m.To:
		return "", fmt.Errorf("%w: tile dropped where it was (cell %d)", ErrIllegal, m.From)
	case !g.pos.Cells[m.From].Movable():
		return "", fmt.Errorf("%w: cell %d holds no movable tile", ErrIllegal, m.From)
	}
	to := g.pos.Cells[m.To]
	switch {
	case to.Free():
		m.Swap = false
	case to.Movable() && !g.cfg.NoSwap:
		m.Swap = true
	case to.Movable():
		return "", fmt.Errorf("%w: cell %d holds a tile and swapping is off", ErrIllegal, m.To)
	case to.Hole():
		return "", fmt.Errorf("%w: cell %d is unavailable", ErrIllegal, m.To)
	default:
		return "", fmt.Errorf("%w: cell %d holds a locked tile", ErrIllegal, m.To)
	}
	if g.dropNext > 0 {
		g.dropNext--
		return Dropped, nil
	}
	g.apply(m)
	g.played++
	g.history = append(g.history, m)
	g.last = &m
	if g.pos.Solved() {
		g.ended = g.now()
	}
	g.bump()
	if m.Swap {
		return Swapped, nil
	}
	return Moved, nil
}

// apply carries out a checked move, or undoes it (a move is its own inverse
// with From and To exchanged).
func (g *Game) apply(m Move) {
	c := g.pos.Cells
	c[m.From].Tile, c[m.To].Tile = c[m.To].Tile, c[m.From].Tile
}

// Undo takes back the last move. The clock runs on.
func (g *Game) Undo() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.ended.IsZero() {
		return ErrSolved
	}
	if len(g.history) == 0 {
		return ErrNothing
	}
	m := g.history[len(g.history)-1]
	g.history = g.history[:len(g.history)-1]
	g.apply(Move{From: m.To, To: m.From})
	g.last = nil
	if len(g.history) > 0 {
		l := g.history[len(g.history)-1]
		g.last = &l
	}
	g.bump()
	return nil
}

// Restart puts every tile back where the level started. The clock runs on:
// restarting the challenge does not buy time. "Replay" (NewLevel with the
// same spec) starts a fresh clock.
func (g *Game) Restart() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pos = g.start.Clone()
	g.history, g.last = nil, nil
	g.ended = time.Time{}
	g.bump()
}

// DropNext makes the game ignore the next n legal moves (the page puts the
// tile back), so tests can check that the bot notices a drag that did not
// take. It returns the number now pending.
func (g *Game) DropNext(n int) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.dropNext = max(0, n)
	return g.dropNext
}

// Position returns a copy of the board as it stands.
func (g *Game) Position() board.Position {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.pos.Clone()
}

// Changed returns the current state version and a channel closed at the next
// change.
func (g *Game) Changed() (uint64, <-chan struct{}) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.version, g.changed
}
