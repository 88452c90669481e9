package xconn

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"
)

// Timeout bounds connecting to a display: the dial, the X connection setup
// and the first round trip. A local X server needs milliseconds.
var Timeout = 10 * time.Second

func init() {
	// xgb logs "Could not get authority info" on every connection without
	// an ~/.Xauthority, which Xvfb does not need.
	xgb.Logger = log.New(io.Discard, "", 0)
}

// Display is a parsed display name ("[host]:N[.S]", "unix:N", "/path:N").
type Display struct {
	Name    string // as given, or $DISPLAY
	Network string // "unix" or "tcp"
	Addr    string // socket path or host:port
	Host    string // "" for a local socket
	Number  string // N
	Screen  int    // S, 0 when not given
}

// Parse parses display; "" means $DISPLAY.
func Parse(display string) (Display, error) {
	if display == "" {
		display = os.Getenv("DISPLAY")
	}
	if display == "" {
		return Display{}, errors.New("no X display: DISPLAY is not set")
	}
	d := Display{Name: display}
	i := strings.LastIndex(display, ":")
	if i < 0 {
		return d, fmt.Errorf("X display %q: want [host]:number", display)
	}
	host, num := display[:i], display[i+1:]
	if j := strings.Index(num, "."); j >= 0 {
		scr, err := strconv.Atoi(num[j+1:])
		if err != nil || scr < 0 {
			return d, fmt.Errorf("X display %q: want [host]:number[.screen]", display)
		}
		num, d.Screen = num[:j], scr
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 || n > 65535-6000 {
		return d, fmt.Errorf("X display %q: want [host]:number[.screen]", display)
	}
	d.Number = num
	switch {
	case strings.HasPrefix(host, "/"): // a socket path, as launchd gives
		d.Network, d.Addr = "unix", host+":"+num
	case host == "" || host == "unix":
		d.Network, d.Addr = "unix", "/tmp/.X11-unix/X"+num
	default:
		if k := strings.LastIndex(host, "/"); k >= 0 { // "tcp/host"
			host = host[k+1:]
		}
		d.Host = host
		d.Network, d.Addr = "tcp", net.JoinHostPort(host, strconv.Itoa(6000+n))
	}
	return d, nil
}

// slow is the error for a display that did not answer in time.
func (d Display) slow(what string, err error) error {
	return fmt.Errorf("X display %s did not answer within %v (%s): is its X server running and responsive? %w", d.Name, Timeout, what, err)
}

// Dial opens a socket to the display with the deadline set for Timeout
// from now; clear it (SetDeadline(time.Time{})) once the setup is done.
func (d Display) Dial() (net.Conn, error) {
	deadline := time.Now().Add(Timeout)
	c, err := (&net.Dialer{Deadline: deadline}).Dial(d.Network, d.Addr)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return nil, d.slow("connect", err)
		}
		return nil, fmt.Errorf("connect to X display %s: %w", d.Name, err)
	}
	_ = c.SetDeadline(deadline)
	return c, nil
}

// Conn is an X connection whose every request has a deadline: Do runs
// requests and waits for their replies at most Timeout, and a display that
// stops answering after the connection was made (its server frozen, say
// by kill -STOP) gives an error naming it instead of a hang. The embedded
// *xgb.Conn is what the xproto functions take; call them inside Do.
type Conn struct {
	*xgb.Conn
	Display Display
	nc      net.Conn
	mu      sync.Mutex
	dead    error // the error of the request that timed out; then every Do fails at once
}

// Open connects xgb to display ("" means $DISPLAY) and makes one round
// trip, all within Timeout.
func Open(display string) (*Conn, error) {
	d, err := Parse(display)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(Timeout) // a little before the socket's
	nc, err := d.Dial()
	if err != nil {
		return nil, err
	}
	var c *xgb.Conn
	if _, cookie := d.Cookie(); len(cookie) == 16 {
		c, err = xgb.NewConnNetWithCookieHex(nc, hex.EncodeToString(cookie))
	} else {
		c, err = xgb.NewConnNet(nc)
	}
	if err != nil {
		nc.Close()
		if isTimeout(err) {
			return nil, d.slow("connection setup", err)
		}
		return nil, fmt.Errorf("connect to X display %s: %w", d.Name, err)
	}
	n, _ := strconv.Atoi(d.Number)
	c.DisplayNumber, c.DefaultScreen = n, d.Screen
	if d.Screen >= len(xproto.Setup(c).Roots) {
		c.Close()
		return nil, fmt.Errorf("X display %s: no screen %d", d.Name, d.Screen)
	}
	if _, err := xproto.GetInputFocus(c).Reply(); err != nil {
		c.Close()
		if time.Now().After(deadline) || isTimeout(err) {
			return nil, d.slow("first request", err)
		}
		return nil, fmt.Errorf("X display %s: first request: %w", d.Name, err)
	}
	_ = nc.SetDeadline(time.Time{})
	setGone(d, false) // it answers again
	return &Conn{Conn: c, Display: d, nc: nc}, nil
}

// Do runs f, which makes requests on c and waits for their replies, and
// gives up when it has not returned within Timeout: then the connection is
// closed (its replies will never come) and the error names the display and
// what (e.g. "get image"). After that every Do fails at once.
func (c *Conn) Do(what string, f func() error) error {
	c.mu.Lock()
	dead := c.dead
	c.mu.Unlock()
	if dead != nil {
		return fmt.Errorf("X display %s (%s): %w", c.Display.Name, what, dead)
	}
	err := c.Display.Within(what, f)
	if errors.Is(err, ErrNoAnswer) {
		c.mu.Lock()
		if c.dead == nil {
			c.dead = err
		}
		c.mu.Unlock()
		c.nc.Close() // the reader fails, and a Reply still waiting returns
	}
	return err
}

// Close closes the connection: at once when a request timed out, else
// after the requests sent so far have been answered (within Timeout).
func (c *Conn) Close() {
	c.mu.Lock()
	dead := c.dead
	c.mu.Unlock()
	if dead != nil {
		c.nc.Close()
		return
	}
	_ = c.Do("close", func() error {
		_, err := xproto.GetInputFocus(c.Conn).Reply()
		c.Conn.Close()
		return err
	})
}

// ErrNoAnswer is the error Within and Do wrap when the display did not
// answer in time.
var ErrNoAnswer = errors.New("no answer")

// Within runs f, which talks to the display (through xgb, Xlib or another
// library), and returns its error; when f has not returned within Timeout
// it returns an error naming the display and what, wrapping ErrNoAnswer,
// and leaves f to finish (or never) on its own goroutine. The display is
// then marked as not answering: a later Within on it fails at once, without
// calling f (so that a command gives up once, not once per connection),
// until an Open or Probe of it succeeds again.
func (d Display) Within(what string, f func() error) error {
	if gone(d) {
		return fmt.Errorf("X display %s stopped answering (%s): %w", d.Name, what, ErrNoAnswer)
	}
	done := make(chan error, 1)
	go func() { done <- f() }()
	t := time.NewTimer(Timeout)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		setGone(d, true)
		return d.slow(what, ErrNoAnswer)
	}
}

// silent holds the displays (by address) on which a call timed out.
var silent sync.Map

func gone(d Display) bool {
	_, ok := silent.Load(d.Network + " " + d.Addr)
	return ok
}

func setGone(d Display, g bool) {
	if g {
		silent.Store(d.Network+" "+d.Addr, true)
	} else {
		silent.Delete(d.Network + " " + d.Addr)
	}
}

// Within is Display.Within for the display named display ("" means
// $DISPLAY); a name that does not parse is still named in the error.
func Within(display, what string, f func() error) error {
	d, err := Parse(display)
	if err != nil {
		d = Display{Name: display}
		if display == "" {
			d.Name = os.Getenv("DISPLAY")
		}
	}
	return d.Within(what, f)
}

// Probe checks that display answers (connect, setup, a round trip) within
// Timeout, for libraries that would hang in XOpenDisplay (robotgo).
func Probe(display string) error {
	c, err := Open(display)
	if err != nil {
		return err
	}
	c.Close()
	return nil
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout() || strings.Contains(err.Error(), "i/o timeout")
}

// Cookie returns the MIT-MAGIC-COOKIE-1 for the display from the X
// authority file ($XAUTHORITY, else ~/.Xauthority), or nothing (Xvfb needs
// none).
func (d Display) Cookie() (string, []byte) {
	fname := os.Getenv("XAUTHORITY")
	if fname == "" {
		fname = os.Getenv("HOME") + "/.Xauthority"
	}
	data, err := os.ReadFile(fname)
	if err != nil {
		return "", nil
	}
	host := d.Host
	if host == "" || host == "localhost" || host == "unix" {
		host, _ = os.Hostname()
	}
	read := func() ([]byte, bool) {
		if len(data) < 2 {
			return nil, false
		}
		n := int(binary.BigEndian.Uint16(data))
		if len(data) < 2+n {
			return nil, false
		}
		b := data[2 : 2+n]
		data = data[2+n:]
		return b, true
	}
	for len(data) >= 2 {
		family := binary.BigEndian.Uint16(data)
		data = data[2:]
		addr, ok1 := read()
		disp, ok2 := read()
		name, ok3 := read()
		cookie, ok4 := read()
		if !(ok1 && ok2 && ok3 && ok4) {
			return "", nil
		}
		const familyLocal, familyWild = 256, 65535
		if (family == familyWild || family == familyLocal && string(addr) == host) &&
			(len(disp) == 0 || string(disp) == d.Number) && string(name) == "MIT-MAGIC-COOKIE-1" {
			return string(name), cookie
		}
	}
	return "", nil
}

// ButtonsDown returns which pointer buttons the X server holds down on
// display ("" means $DISPLAY): bit b-1 set for button b (1 left, 2 middle,
// 3 right…), from QueryPointer's mask. The server keeps an XTest press after
// its client dies, so this is how a test sees a button left pressed.
func ButtonsDown(display string) (uint8, error) {
	c, err := Open(display)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	var mask uint16
	err = c.Do("query pointer", func() error {
		root := xproto.Setup(c.Conn).Roots[c.DefaultScreen].Root
		r, err := xproto.QueryPointer(c.Conn, root).Reply()
		if err != nil {
			return err
		}
		mask = r.Mask
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("X display %s: %w", c.Display.Name, err)
	}
	return uint8(mask >> 8 & 0x1f), nil // Button1Mask is 1<<8 … Button5Mask 1<<12
}

// Wheel turns the mouse wheel on display n notches (n > 0 down, the page
// scrolling toward its end; n < 0 up) where the pointer is, as XTest
// presses and releases of button 5 or 4: how a test scrolls a page as a
// user's wheel does.
func Wheel(display string, n int) error {
	c, err := Open(display)
	if err != nil {
		return err
	}
	defer c.Close()
	button := byte(5)
	if n < 0 {
		button, n = 4, -n
	}
	err = c.Do("wheel", func() error {
		if err := xtest.Init(c.Conn); err != nil {
			return fmt.Errorf("XTest: %w", err)
		}
		root := xproto.Setup(c.Conn).Roots[c.DefaultScreen].Root
		for i := 0; i < n; i++ {
			for _, typ := range []byte{xproto.ButtonPress, xproto.ButtonRelease} {
				if err := xtest.FakeInputChecked(c.Conn, typ, button, 0, root, 0, 0, 0).Check(); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("X display %s: %w", c.Display.Name, err)
	}
	return nil
}
