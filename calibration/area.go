package calibration

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"hexiom/board"
	"hexiom/internal/safefile"
)

// Area is the game's square game area on the screen, in screen pixels.
type Area struct {
	Left float64 `json:"left"` // x of the area's left edge
	Top  float64 `json:"top"`  // y of the area's top edge
	Side float64 `json:"side"` // side of the square

	// How it was measured ("clicks", "auto", "fixture"), and when; for
	// the user's eyes only.
	Method string    `json:"method,omitempty"`
	When   time.Time `json:"when,omitempty"`

	// Scale[s], when set (> 0), is how much larger than board.Pitch says
	// the cells of a board of size s are drawn, around the same centre: a
	// look whose cells follow another rule. vision measures it (see
	// vision.Reading.Area); 0 or absent means 1.
	Scale []float64 `json:"scale,omitempty"`

	// Aspect[s], when set (> 0), is how much wider than board.Pitch says,
	// against its height, the lattice of a board of size s is drawn: the
	// column pitch is Side·DX·Scale·Aspect, the half row pitch Side·DY·Scale
	// (board.Pitch's DX and DY). A picture whose hexagons are squashed or
	// stretched against the original's (an older clone drew DY = DX/√3).
	// vision measures it; 0 or absent means 1. Sizes 2 and 3 share it.
	Aspect []float64 `json:"aspect,omitempty"`

	// Screen, when not empty, is the screen (or picture) the area is seen
	// on: Rect and Contains keep to it, so an area that reaches past the
	// screen's edge still serves a board that lies on the screen. Set by
	// the commands from the screen they capture; never saved.
	Screen image.Rectangle `json:"-"`
}

// Point is a point on the screen in (fractional) pixels.
type Point struct{ X, Y float64 }

// Pt rounds p to the nearest pixel.
func (p Point) Pt() image.Point {
	return image.Pt(int(math.Round(p.X)), int(math.Round(p.Y)))
}

// Dist returns the distance between p and q.
func (p Point) Dist(q Point) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }

// MaxCoord is the largest screen coordinate: X screens are at most 32767 px
// a side; Windows' virtual screen reaches as far on the negative side.
const MaxCoord = 32767

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Valid reports whether a has a usable size and lies, at least in part,
// where a screen can be: finite numbers, a side of 40..MaxCoord px, the
// area within −MaxCoord..MaxCoord on both axes (Windows' virtual screen
// gives a monitor left of or above the primary negative coordinates).
// Fits checks it against one screen.
func (a Area) Valid() error {
	why := ""
	switch {
	case !finite(a.Left) || !finite(a.Top) || !finite(a.Side):
		why = "not a number"
	case a.Side < 40:
		why = "too small (under 40 px)"
	case a.Side > MaxCoord:
		why = fmt.Sprintf("larger than any screen (%d px)", MaxCoord)
	case a.Left+a.Side <= -MaxCoord || a.Top+a.Side <= -MaxCoord || a.Left >= MaxCoord || a.Top >= MaxCoord:
		why = fmt.Sprintf("off any screen (%d..%d)", -MaxCoord, MaxCoord)
	}
	if why != "" {
		return fmt.Errorf("game area %.5g px square at (%.5g, %.5g): %s", a.Side, a.Left, a.Top, why)
	}
	for s, k := range a.Scale {
		if k != 0 && !(k >= 0.25 && k <= 4) {
			return fmt.Errorf("game area: cell scale %v for size %d outside 0.25..4", k, s)
		}
	}
	for s, k := range a.Aspect {
		if k != 0 && !(k >= MinAspect && k <= MaxAspect) {
			return fmt.Errorf("game area: lattice aspect %v for size %d outside %v..%v", k, s, MinAspect, MaxAspect)
		}
	}
	return nil
}

// Rect returns the smallest pixel rectangle holding the area, within
// Screen when Screen is set.
func (a Area) Rect() image.Rectangle {
	r := image.Rect(int(math.Floor(a.Left)), int(math.Floor(a.Top)),
		int(math.Ceil(a.Left+a.Side)), int(math.Ceil(a.Top+a.Side)))
	if !a.Screen.Empty() {
		r = r.Intersect(a.Screen)
	}
	return r
}

// Contains reports whether the screen point p lies inside the area (and
// on Screen, when set).
func (a Area) Contains(p Point) bool {
	in := p.X >= a.Left && p.X < a.Left+a.Side && p.Y >= a.Top && p.Y < a.Top+a.Side
	if in && !a.Screen.Empty() {
		in = p.X >= float64(a.Screen.Min.X) && p.X < float64(a.Screen.Max.X) && p.Y >= float64(a.Screen.Min.Y) && p.Y < float64(a.Screen.Max.Y)
	}
	return in
}

// OnScreen returns the area seen on the screen (or picture) bounds:
// Rect and Contains keep to them.
func (a Area) OnScreen(bounds image.Rectangle) Area {
	a.Screen = bounds
	return a
}

// ScaleOf returns how much larger than board.Pitch the cells of size s are
// (Scale[s], 1 when unset).
func (a Area) ScaleOf(s int) float64 { return factorOf(a.Scale, s) }

// WithScale returns the area with the cells of size s drawn k times as
// large as board.Pitch says, around the same centre. Sizes 2 and 3 share
// their pitch in board.Pitch; so they do here.
func (a Area) WithScale(s int, k float64) Area {
	a.Scale = withFactor(a.Scale, s, k)
	return a
}

// factorOf returns f[s], a per-size factor (Scale, Aspect), 1 when unset.
func factorOf(f []float64, s int) float64 {
	if s >= 0 && s < len(f) && f[s] > 0 {
		return f[s]
	}
	return 1
}

// withFactor returns a copy of f with size s's factor k; sizes 2 and 3
// share theirs, as they share their pitch in board.Pitch.
func withFactor(f []float64, s int, k float64) []float64 {
	sc := make([]float64, max(len(f), s+1, 4))
	copy(sc, f)
	sc[s] = k
	if s == 2 || s == 3 {
		sc[2], sc[3] = k, k
	}
	return sc
}

// The bounds of Area.Aspect: a lattice squashed or stretched by a quarter
// at most.
const (
	MinAspect = 0.8
	MaxAspect = 1.25
)

// AspectOf returns how much wider than board.Pitch, against its height,
// the lattice of size s is (Aspect[s], 1 when unset).
func (a Area) AspectOf(s int) float64 { return factorOf(a.Aspect, s) }

// WithAspect returns the area with the lattice of size s drawn k times as
// wide, against its height, as board.Pitch says, around the same centre.
// Sizes 2 and 3 share it, as they share their pitch.
func (a Area) WithAspect(s int, k float64) Area {
	a.Aspect = withFactor(a.Aspect, s, k)
	return a
}

// Pitch returns the column pitch DX and the half row pitch DY, in screen
// pixels, of the lattice of size s (board.Pitch's, scaled and squashed).
func (a Area) Pitch(s int) (dx, dy float64) {
	bx, by := board.Pitch(s)
	k := a.Side * a.ScaleOf(s)
	return bx * k * a.AspectOf(s), by * k
}

// WithPitch returns the area with the lattice of size s drawn at column
// pitch dx and half row pitch dy (screen pixels), around the same centre:
// its Scale and Aspect for s set so that Pitch(s) returns dx, dy.
func (a Area) WithPitch(s int, dx, dy float64) Area {
	bx, by := board.Pitch(s)
	k := dy / (by * a.Side)
	return a.WithScale(s, k).WithAspect(s, dx/(bx*a.Side*k))
}

// Like returns the area with the lattice of size n drawn as that of size s
// (the same pitches, around the same centre): where a board of size n
// would put its cells on the lattice of s.
func (a Area) Like(n, s int) Area {
	dx, dy := a.Pitch(s)
	return a.WithPitch(n, dx, dy)
}

// Centre returns the screen centre of cell i of a board of side s.
func (a Area) Centre(s, i int) Point {
	fx, fy := board.Centre(s, i)
	k := a.ScaleOf(s)
	kx := k * a.AspectOf(s)
	return Point{a.Left + a.Side*(0.5+kx*(fx-0.5)), a.Top + a.Side*(0.5+k*(fy-0.5))}
}

// Cells returns the screen centre of every cell of a board of side s, in the
// order of board.Geom(s).Coords.
func (a Area) Cells(s int) []Point {
	pts := make([]Point, board.NumCells(s))
	for i := range pts {
		pts[i] = a.Centre(s, i)
	}
	return pts
}

// Radius returns the circumradius in pixels of a cell's hexagon of a board of
// side s: two thirds of the column pitch (a hexagon as wide as its column).
func (a Area) Radius(s int) float64 {
	return a.Side * board.Radius(s) * a.ScaleOf(s) * a.AspectOf(s)
}

// Shift returns the area moved by (dx, dy): the same area seen in an image
// whose origin is at screen point (-dx, -dy).
func (a Area) Shift(dx, dy float64) Area {
	a.Left += dx
	a.Top += dy
	return a
}

// String describes the area for people.
func (a Area) String() string {
	return fmt.Sprintf("game area %.1f px square at (%.1f, %.1f)", a.Side, a.Left, a.Top)
}

// FromClicks derives the game area from the screen centres of three cells of
// the board in view: top (the topmost cell), bottom (the bottommost cell, in
// the same column) and below (the cell just below the top one). It returns
// the area and the board size the clicks imply. The three points must be
// nearly on one vertical line, and the distance top–bottom must be an even
// multiple of top–below (2·(s−1) of them for size s). The clicks measure
// the row pitch only: the area draws board.Pitch's lattice (the original's,
// DX/DY from 1.67 to 1.74); vision measures another's aspect.
func FromClicks(top, below, bottom Point) (Area, int, error) {
	step := top.Dist(below)
	span := top.Dist(bottom)
	if step < 4 {
		return Area{}, 0, fmt.Errorf("calibrate: the top cell (%.0f,%.0f) and the cell below it (%.0f,%.0f) are only %.1f px apart; click the centre of each cell",
			top.X, top.Y, below.X, below.Y, step)
	}
	if bottom.Y <= below.Y || below.Y <= top.Y {
		return Area{}, 0, fmt.Errorf("calibrate: clicks out of order (top y=%.0f, below y=%.0f, bottom y=%.0f); click the top cell, then the one below it, then the bottom cell",
			top.Y, below.Y, bottom.Y)
	}
	if dx := math.Abs(bottom.X - top.X); dx > 0.25*step {
		return Area{}, 0, fmt.Errorf("calibrate: the top and bottom cells are %.0f px apart sideways; they must be in the same (middle) column", dx)
	}
	// The step is short (36 px on a size-5 board 400 px wide): a person's
	// two clicks 2 px off each move the ratio by half a unit. Its values
	// lie 2 apart; 0.6 from one is still far from the next.
	ratio := span / step // 2(s−1)
	s := int(math.Round(ratio/2)) + 1
	if !board.OnScreen(s) || math.Abs(ratio-2*float64(s-1)) > 0.6 {
		return Area{}, 0, fmt.Errorf("calibrate: top to bottom is %.2f times top to the cell below; a board of size 2–6 gives 2, 4, 6, 8 or 10: click the centres of the cells asked for", ratio)
	}
	_, dy := board.Pitch(s)
	// top→bottom spans 4·dy·(s−1) of the side. The short step only told
	// the size: a pixel off on it would be a few per cent of the side.
	side := span / (4 * dy * float64(s-1))
	cx := (top.X + bottom.X) / 2
	cy := (top.Y + bottom.Y) / 2
	a := Area{Left: cx - side/2, Top: cy - side/2, Side: side, Method: "clicks", When: time.Now().UTC().Truncate(time.Second)}
	return a, s, a.Valid()
}

// ClickCells returns the cell indices FromClicks wants, in order: the top
// cell, the cell just below it and the bottom cell of a board of side s.
func ClickCells(s int) (top, below, bottom int) {
	g := board.Geom(s)
	return 0, g.Index(1, 1), g.Index(2*s-2, 2*s-2)
}

// Path returns where the calibration is saved:
// os.UserConfigDir()/hexiom/calibration.json.
func Path() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("calibration file: %w", err)
	}
	return filepath.Join(dir, "hexiom", "calibration.json"), nil
}

// ErrNotCalibrated is returned by Load when no calibration was saved yet.
var ErrNotCalibrated = errors.New("not calibrated yet: run 'hexiom calibrate' (or 'hexiom calibrate -auto') with the game in view")

// Load reads the saved calibration from Path.
func Load() (Area, error) {
	p, err := Path()
	if err != nil {
		return Area{}, err
	}
	return LoadFile(p)
}

// Open is the one rule every command follows to find its calibration: the
// file at path, else (path "") the saved one (Path). It returns the area and
// one line that says where it came from.
func Open(path string) (Area, string, error) {
	var a Area
	var err error
	if path == "" {
		if path, err = Path(); err != nil {
			return a, "", err
		}
	}
	if a, err = LoadFile(path); err != nil {
		return a, "", err
	}
	how := a.Method
	if how == "" {
		how = "measured"
	}
	return a, fmt.Sprintf("calibration: %s (%s), %s", path, how, a), nil
}

// MaxFileSize bounds a calibration file: one is a few hundred bytes, and a
// larger file is refused before it is decoded.
const MaxFileSize = 1 << 20

// Version is the version of the calibration file format this hexiom
// writes. It reads it, and version 1 (a file with no version is version 1:
// the files saved before the field was added): a version-1 area drew
// regular hexagons at board.Pitch's column pitch, as board.Pitch said then
// (DY = DX/√3), and loads so (Regular). Another version is refused,
// naming it.
const Version = 2

// file is a calibration file: the version, then the area's fields.
type file struct {
	Version int `json:"version"`
	Area
}

// LoadFile reads a calibration from the JSON file at path: at most
// MaxFileSize bytes, of the format Version or 1 (see Version), with no
// unknown field.
func LoadFile(path string) (Area, error) {
	data, err := safefile.ReadLimited(path, MaxFileSize)
	if errors.Is(err, os.ErrNotExist) {
		return Area{}, fmt.Errorf("%s: %w", path, ErrNotCalibrated)
	}
	if errors.Is(err, safefile.ErrTooLarge) {
		return Area{}, fmt.Errorf("load calibration: %w: not a calibration", err)
	}
	if err != nil {
		return Area{}, fmt.Errorf("load calibration: %w", err)
	}
	if err := checkVersion(data); err != nil {
		return Area{}, fmt.Errorf("%s: %w", path, err)
	}
	f := file{Version: 1} // (no version: the format before the field)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Area{}, fmt.Errorf("%s: not a calibration (%v); run 'hexiom calibrate' again", path, safefile.Clip(err, 200))
	}
	if _, err := dec.Token(); err != io.EOF {
		return Area{}, fmt.Errorf("%s: not a calibration (more after the object); run 'hexiom calibrate' again", path)
	}
	a := f.Area
	if err := a.Valid(); err != nil {
		return Area{}, fmt.Errorf("%s: %w; run 'hexiom calibrate' again", path, err)
	}
	if f.Version == 1 {
		a = a.Regular()
	}
	return a, nil
}

// Regular returns a with the lattice of every screen size regular (DY =
// DX/√3) at the column pitch a gives it, around the same centre: the
// geometry of a calibration saved before board.Pitch gave the original's
// own DY (issue 40), when the clone drew regular hexagons.
func (a Area) Regular() Area {
	for _, s := range board.ScreenSizes() {
		dx, _ := a.Pitch(s)
		a = a.WithPitch(s, dx, dx/math.Sqrt(3))
	}
	return a
}

// Save writes a to Path, creating its directory, and returns the path.
func Save(a Area) (string, error) {
	p, err := Path()
	if err != nil {
		return "", err
	}
	return p, SaveFile(p, a)
}

// SaveFile writes a as JSON (format Version) to path atomically (a
// temporary file beside it, renamed over it: safefile.Write, which also
// removes the temporary files of a save killed before), creating its
// directory.
func SaveFile(path string, a Area) error {
	if err := a.Valid(); err != nil {
		return fmt.Errorf("save calibration: %w", err)
	}
	data, err := json.MarshalIndent(file{Version: Version, Area: a}, "", "  ")
	if err != nil {
		return fmt.Errorf("save calibration: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("save calibration: %w", err)
	}
	if err := safefile.WriteBytes(path, append(data, '\n')); err != nil {
		return fmt.Errorf("save calibration: %w", err)
	}
	return nil
}

// checkVersion refuses a calibration of another format than Version,
// naming its version, before the strict decoding would only say that a
// field is unknown.
func checkVersion(data []byte) error {
	var v struct {
		Version *json.Number `json:"version"`
	}
	if json.Unmarshal(data, &v) != nil {
		return nil // not JSON: the decoding says so
	}
	version := json.Number("1") // no version: the format before the field
	if v.Version != nil {
		version = *v.Version
	}
	if n, err := version.Int64(); err != nil || n != Version && n != 1 {
		return fmt.Errorf("calibration file version %s: this hexiom reads version %d; run 'hexiom calibrate' again", version, Version)
	}
	return nil
}
