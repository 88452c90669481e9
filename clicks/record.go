//go:build !windows && !darwin

package clicks

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/jezek/xgb/record"
	"github.com/jezek/xgb/xproto"

	"hexiom/internal/xconn"
)

// Record receives every mouse button press on an X display, whichever
// window it goes to, through the RECORD extension (what xmacro and xdotool
// use): the game in the browser still gets its clicks.
//
// xgb cannot read the many replies RECORD sends on one request, so the data
// connection is a plain socket speaking just enough of the X protocol; the
// control connection is xgb, each of its requests with a deadline
// (xconn.Conn.Do).
type Record struct {
	c <-chan Click

	ctrl *xconn.Conn
	ctx  record.Context
	data net.Conn
	once sync.Once
	err  error
	mu   sync.Mutex
	done chan struct{} // closed by Close: the watch stops
}

// watchEvery is how often a listener checks that its display still answers
// (a round trip on the control connection, within xconn.Timeout): the
// clicks may be minutes apart, and a display frozen meanwhile would
// otherwise look like a user who does not click.
var watchEvery = time.Second

// ListenRecord starts listening for button presses on display ("" means
// $DISPLAY) with X RECORD.
func ListenRecord(display string) (*Record, error) {
	if display == "" {
		display = os.Getenv("DISPLAY")
	}
	if display == "" {
		return nil, errors.New("listen for clicks: no X display: DISPLAY is not set")
	}
	ctrl, err := xconn.Open(display)
	if err != nil {
		return nil, fmt.Errorf("listen for clicks: %w", err)
	}
	fail := func(err error) (*Record, error) {
		ctrl.Close()
		return nil, fmt.Errorf("listen for clicks on %s: %w", display, err)
	}
	x := ctrl.Conn
	ctx, err := recordContext(ctrl)
	if err != nil {
		return fail(err)
	}
	opcode := x.Extensions["RECORD"]
	data, err := dialRaw(display)
	if err != nil {
		record.FreeContext(x, ctx)
		return fail(err)
	}
	// EnableContext: major opcode, minor 5, length 2 words, the context.
	req := make([]byte, 8)
	req[0], req[1] = opcode, 5
	binary.LittleEndian.PutUint16(req[2:], 2)
	binary.LittleEndian.PutUint32(req[4:], uint32(ctx))
	if _, err := data.Write(req); err != nil {
		data.Close()
		record.FreeContext(x, ctx)
		return fail(fmt.Errorf("enable RECORD context: %w", err))
	}
	ch := make(chan Click, 64)
	l := &Record{c: ch, ctrl: ctrl, ctx: ctx, data: data, done: make(chan struct{})}
	started := make(chan error, 1)
	go l.readLoop(ch, started)
	if err := <-started; err != nil {
		l.Close()
		return nil, fmt.Errorf("listen for clicks on %s: %w", display, err)
	}
	go l.watch()
	return l, nil
}

// recordContext sets up the RECORD extension on ctrl and creates a context
// that records every client's button presses.
func recordContext(ctrl *xconn.Conn) (record.Context, error) {
	x := ctrl.Conn
	if err := ctrl.Do("RECORD extension", func() error { return record.Init(x) }); err != nil {
		if errors.Is(err, xconn.ErrNoAnswer) {
			return 0, err
		}
		return 0, fmt.Errorf("the X server has no RECORD extension: %w", err)
	}
	if err := ctrl.Do("RECORD version", func() error {
		_, err := record.QueryVersion(x, 1, 13).Reply()
		return err
	}); err != nil {
		return 0, fmt.Errorf("RECORD version: %w", err)
	}
	var ctx record.Context
	rng := record.Range{DeviceEvents: record.Range8{First: xproto.ButtonPress, Last: xproto.ButtonPress}}
	if err := ctrl.Do("create RECORD context", func() error {
		var err error
		if ctx, err = record.NewContextId(x); err != nil {
			return err
		}
		return record.CreateContextChecked(x, ctx, 0, 1, 1, []record.ClientSpec{record.CsAllClients}, []record.Range{rng}).Check()
	}); err != nil {
		return 0, fmt.Errorf("create RECORD context: %w", err)
	}
	return ctx, nil
}

// watch checks every watchEvery that the display answers; when it does not
// (within xconn.Timeout) the listener stops, its Err naming the display.
func (l *Record) watch() {
	t := time.NewTicker(watchEvery)
	defer t.Stop()
	for {
		select {
		case <-l.done:
			return
		case <-t.C:
		}
		err := l.ctrl.Do("check that it answers", func() error {
			_, err := xproto.GetInputFocus(l.ctrl.Conn).Reply()
			return err
		})
		if err != nil {
			select {
			case <-l.done: // closing: not an error of the display
			default:
				l.setErr(fmt.Errorf("listen for clicks: %w", err))
				l.data.Close() // the read loop ends and closes the channel
			}
			return
		}
	}
}

// Clicks returns the presses; the channel is closed when the listener stops.
func (l *Record) Clicks() <-chan Click { return l.c }

// Err returns why the listener stopped, if it stopped on an error.
func (l *Record) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// RECORD reply categories.
const (
	fromServer  = 0
	startOfData = 4
	endOfData   = 5
)

func (l *Record) readLoop(ch chan<- Click, started chan<- error) {
	defer close(ch)
	first := true
	hdr := make([]byte, 32)
	for {
		if _, err := io.ReadFull(l.data, hdr); err != nil {
			if first {
				started <- fmt.Errorf("RECORD data connection: %w", err)
			} else {
				l.setErr(err)
			}
			return
		}
		if hdr[0] == 0 { // an X error
			err := fmt.Errorf("RECORD: X error %d", hdr[1])
			if first {
				started <- err
			} else {
				l.setErr(err)
			}
			return
		}
		n := int(binary.LittleEndian.Uint32(hdr[4:])) * 4
		body := make([]byte, n)
		if _, err := io.ReadFull(l.data, body); err != nil {
			l.setErr(err)
			if first {
				started <- err
			}
			return
		}
		if hdr[0] != 1 {
			continue // not a reply: nothing else is expected here
		}
		switch hdr[1] {
		case startOfData:
			if first {
				first = false
				_ = l.data.SetDeadline(time.Time{}) // dialRaw's: the server answers
				started <- nil
			}
		case endOfData:
			return
		case fromServer:
			for i := 0; i+32 <= len(body); i += 32 {
				ev := body[i : i+32]
				if ev[0]&0x7f != xproto.ButtonPress {
					continue
				}
				c := Click{Button: int(ev[1]),
					X: int(int16(binary.LittleEndian.Uint16(ev[20:]))),
					Y: int(int16(binary.LittleEndian.Uint16(ev[22:])))}
				select {
				case ch <- c:
				default: // nobody is reading: drop rather than block the X server
				}
			}
		}
	}
}

func (l *Record) setErr(err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil {
		l.err = err
	}
}

// Close stops listening; on a display that stopped answering it gives up
// after xconn.Timeout.
func (l *Record) Close() error {
	l.once.Do(func() {
		if l.done != nil {
			close(l.done)
		}
		x := l.ctrl.Conn
		_ = l.ctrl.Do("disable RECORD context", func() error {
			_ = record.DisableContextChecked(x, l.ctx).Check()
			record.FreeContext(x, l.ctx)
			return nil
		})
		l.data.Close()
		l.ctrl.Close() // after a round trip, so the requests above are sent
	})
	return nil
}

// dialRaw opens a second connection to display and does the X connection
// setup itself (little-endian, MIT-MAGIC-COOKIE-1 from $XAUTHORITY when there
// is one for the display), within xconn.Timeout.
func dialRaw(display string) (net.Conn, error) {
	d, err := xconn.Parse(display)
	if err != nil {
		return nil, err
	}
	c, err := d.Dial() // with the deadline set
	if err != nil {
		return nil, fmt.Errorf("RECORD data connection: %w", err)
	}
	name, cookie := d.Cookie()
	pad := func(n int) int { return (n + 3) &^ 3 }
	req := make([]byte, 12+pad(len(name))+pad(len(cookie)))
	req[0] = 'l'
	binary.LittleEndian.PutUint16(req[2:], 11)
	binary.LittleEndian.PutUint16(req[6:], uint16(len(name)))
	binary.LittleEndian.PutUint16(req[8:], uint16(len(cookie)))
	copy(req[12:], name)
	copy(req[12+pad(len(name)):], cookie)
	if _, err := c.Write(req); err != nil {
		c.Close()
		return nil, fmt.Errorf("RECORD data connection to %s: %w", display, err)
	}
	head := make([]byte, 8)
	if _, err := io.ReadFull(c, head); err != nil {
		c.Close()
		return nil, fmt.Errorf("RECORD data connection setup on %s: %w", display, err)
	}
	rest := make([]byte, int(binary.LittleEndian.Uint16(head[6:]))*4)
	if _, err := io.ReadFull(c, rest); err != nil {
		c.Close()
		return nil, fmt.Errorf("RECORD data connection setup on %s: %w", display, err)
	}
	if head[0] != 1 {
		c.Close()
		reason := rest
		if int(head[1]) <= len(rest) {
			reason = rest[:head[1]]
		}
		return nil, fmt.Errorf("RECORD data connection refused by the X server: %s", strings.TrimSpace(string(reason)))
	}
	return c, nil
}
