//go:build linux

package desktop

import (
	"fmt"
	"image"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// MoveTo moves the browser's window (Place with its size).
func (b *Browser) MoveTo(x *X, to image.Point) error {
	return b.Place(x, image.Rectangle{Min: to, Max: to.Add(b.Window.Size())})
}

// Place moves and resizes the browser's window on display x to the screen
// rectangle r, as a user drags a window by its title bar or its corner
// (there is no window manager: the window is a child of the root, placed
// with ConfigureWindow), and waits until the server has it there. Window
// is updated; a Reopen keeps the new place.
func (b *Browser) Place(x *X, r image.Rectangle) error {
	c, err := xgb.NewConnDisplay(x.Display)
	if err != nil {
		return fmt.Errorf("move the browser: %w", err)
	}
	defer c.Close()
	win, err := topLevel(c, b.Window)
	if err != nil {
		return fmt.Errorf("move the browser: %w", err)
	}
	mask := uint16(xproto.ConfigWindowX | xproto.ConfigWindowY | xproto.ConfigWindowWidth | xproto.ConfigWindowHeight)
	err = xproto.ConfigureWindowChecked(c, win, mask,
		[]uint32{uint32(int32(r.Min.X)), uint32(int32(r.Min.Y)), uint32(r.Dx()), uint32(r.Dy())}).Check()
	if err != nil {
		return fmt.Errorf("move the browser: %w", err)
	}
	err = WaitFor(Patience, 10*time.Millisecond, "the browser window to move", func() (bool, error) {
		g, err := xproto.GetGeometry(c, xproto.Drawable(win)).Reply()
		if err != nil {
			return false, err
		}
		return image.Rect(int(g.X), int(g.Y), int(g.X)+int(g.Width), int(g.Y)+int(g.Height)).Eq(r), nil
	})
	if err != nil {
		return fmt.Errorf("move the browser: %w", err)
	}
	b.Window = r
	return nil
}

// topLevel returns the mapped child of the root window whose rectangle is
// r: the browser's window.
func topLevel(c *xgb.Conn, r image.Rectangle) (xproto.Window, error) {
	root := xproto.Setup(c).DefaultScreen(c).Root
	tree, err := xproto.QueryTree(c, root).Reply()
	if err != nil {
		return 0, err
	}
	for _, w := range tree.Children {
		at, err := xproto.GetWindowAttributes(c, w).Reply()
		if err != nil || at.MapState != xproto.MapStateViewable {
			continue
		}
		g, err := xproto.GetGeometry(c, xproto.Drawable(w)).Reply()
		if err != nil {
			continue
		}
		if image.Rect(int(g.X), int(g.Y), int(g.X)+int(g.Width), int(g.Y)+int(g.Height)).Eq(r) {
			return w, nil
		}
	}
	return 0, fmt.Errorf("no window at %v on the screen (%d top-level windows)", r, len(tree.Children))
}
