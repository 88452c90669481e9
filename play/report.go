package play

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"hexiom/actuate"
	"hexiom/board"
)

// Report is what one board took. Its JSON (`hexiom play -json`) gives the
// durations in nanoseconds; the boards and the plan are left out.
type Report struct {
	Size          int            `json:"size"`
	Start, Target board.Position `json:"-"`
	Moves         []board.Move   `json:"-"`       // the first plan
	Planned       int            `json:"planned"` // drags in the first plan
	Drags         int            `json:"drags"`   // drags made
	Repairs       int            `json:"repairs"` // re-plans after a drag that did not take
	Made                         // what the bot did beyond the plan's drags
	Looks         int            `json:"looks"` // captures read whole
	// Quick is how many drags were seen landed by the cells they changed
	// alone (no whole read); CellReads counts the cells so read.
	Quick     int `json:"quick"`
	CellReads int `json:"cell_reads"`
	Grabs     int `json:"grabs"` // captures taken (read or only compared while waiting for a still picture)
	// Pace learnt from the screen: the longest recent time from a drag's
	// release until the picture stood still, and how long it must stay
	// unchanged to count as still.
	SettleTime time.Duration `json:"settle_ns"`
	StillTime  time.Duration `json:"still_ns"`
	// PressGap: no press came sooner than this after a release, as lost
	// drags taught (0: none did).
	PressGap      time.Duration `json:"press_gap_ns,omitempty"`
	Covered       int           `json:"covered,omitempty"` // cells hidden at the end (the game's solved panel)
	AlreadySolved bool          `json:"already_solved,omitempty"`
	// Early: the board reached another solution than the solver's before
	// the plan's end, and the bot stopped there (Drags < Planned).
	Early bool `json:"early,omitempty"`

	// Where the time went. Capture and Read add up every look, the
	// checks after each drag included; Drag is the time the pointer was
	// moving.
	Capture time.Duration `json:"capture_ns"`
	Read    time.Duration `json:"read_ns"`
	Solve   time.Duration `json:"solve_ns"`
	Plan    time.Duration `json:"plan_ns"`
	Drag    time.Duration `json:"drag_ns"`
	Total   time.Duration `json:"total_ns"` // from the board in view to proven solved
	Nodes   int64         `json:"nodes"`    // solver search nodes
}

// Made is what the bot did beyond the plan's drags (issue 40). Retries
// are drags made again after the screen showed them not taken (each
// counted in Drags too); Clicks the focus clicks (Config.Focus). Pace is
// the drag pace at the end: the one kept.
type Made struct {
	Retries int          `json:"retries,omitempty"`
	Clicks  int          `json:"clicks,omitempty"`
	Pace    actuate.Pace `json:"pace"`
}

// Summary is the report in one line.
func (r Report) Summary() string {
	if r.AlreadySolved {
		return fmt.Sprintf("size-%d board already solved", r.Size)
	}
	s := fmt.Sprintf("size-%d board solved: %d drags (plan %d", r.Size, r.Drags, r.Planned)
	if r.Early {
		s += ", solved another way before its end"
	}
	if r.Repairs > 0 {
		s += fmt.Sprintf(", %d repairs", r.Repairs)
	}
	if r.Retries > 0 {
		s += fmt.Sprintf(", %d made again; drag pace %d steps %s apart", r.Retries, r.Pace.Steps, ms(r.Pace.Pause))
	}
	s += fmt.Sprintf("); capture %s (%d grabs), read %s (%d looks, %d drags checked by %d cells read), solve %s, plan %s, drags %s; pace: a drag settles in %s, still after %s",
		ms(r.Capture), r.Grabs, ms(r.Read), r.Looks, r.Quick, r.CellReads, ms(r.Solve), ms(r.Plan), ms(r.Drag), ms(r.SettleTime), ms(r.StillTime))
	if r.PressGap > 0 {
		s += fmt.Sprintf(", a press %s after a release", ms(r.PressGap))
	}
	s += "; total " + ms(r.Total)
	return s
}

func ms(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/1e6)
	case d < time.Second:
		return fmt.Sprintf("%.0f ms", float64(d)/1e6)
	default:
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
}

// StuckError is the bot giving up: the screen kept showing something else
// than its drags should have made.
type StuckError struct {
	Repairs  int
	Expected board.Position
	Seen     board.Position // what the screen showed last (may be partial)
	Picture  string         // debug picture ("" if it could not be written)
	Why      string
}

func (e *StuckError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "play: gave up after %d repairs: %s", e.Repairs, e.Why)
	if e.Seen.Size > 0 && e.Expected.Size == e.Seen.Size {
		var diff []string
		for i := range e.Expected.Cells {
			if e.Expected.Cells[i] != e.Seen.Cells[i] {
				diff = append(diff, fmt.Sprintf("cell %d expected %s, seen %s", i, e.Expected.Cells[i], e.Seen.Cells[i]))
			}
		}
		if len(diff) > 6 {
			diff = append(diff[:6], fmt.Sprintf("and %d more", len(diff)-6))
		}
		if len(diff) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(diff, "; "))
		}
	}
	if e.Picture != "" {
		fmt.Fprintf(&b, "; debug picture %s", e.Picture)
	}
	return b.String()
}

// ErrBoardChanged is returned when the screen shows a board with other
// tiles, holes or locked tiles than the one being played: drags cannot have
// made it, so the user or the game changed the level.
var ErrBoardChanged = errors.New("play: another board is in view than the one being played")

// UnsureError is the bot refusing to move: vision was not sure of the board
// (or saw none) for longer than it may wait.
type UnsureError struct {
	While   string // "waiting for a board", "checking drag 3 of 40"
	Err     error  // vision's last error (*vision.DoubtError, vision.ErrNoBoard …)
	Picture string
	Hint    string // what the user may do about it
}

func (e *UnsureError) Error() string {
	s := fmt.Sprintf("play: refusing to move, vision is unsure while %s: %v", e.While, e.Err)
	if e.Picture != "" && !strings.Contains(s, e.Picture) {
		s += "; debug picture " + e.Picture
	}
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

func (e *UnsureError) Unwrap() error { return e.Err }
