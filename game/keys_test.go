package game

import (
	"fmt"
	"testing"

	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"

	"hexiom/internal/xconn"
)

// The keysyms the tests type (X11's keysymdef.h).
const (
	keyControlL xproto.Keysym = 0xffe3
	keyZ        xproto.Keysym = 0x007a
)

// keyTap types a shortcut on display as real XTest key events: it presses
// the keys in order and releases them in reverse, as a hand does. The bot
// itself never types; only the tests of the page's shortcuts need keys.
func keyTap(t *testing.T, display string, keys ...xproto.Keysym) {
	t.Helper()
	if err := typeKeys(display, keys); err != nil {
		t.Fatal(err)
	}
}

func typeKeys(display string, keys []xproto.Keysym) error {
	xc, err := xconn.Open(display)
	if err != nil {
		return fmt.Errorf("keys: %w", err)
	}
	defer xc.Close()
	c := xc.Conn
	if err := xtest.Init(c); err != nil {
		return fmt.Errorf("keys: XTest on %s: %w", display, err)
	}
	setup := xproto.Setup(c)
	first := setup.MinKeycode
	count := byte(setup.MaxKeycode - first + 1)
	km, err := xproto.GetKeyboardMapping(c, first, count).Reply()
	if err != nil {
		return fmt.Errorf("keys: keyboard mapping on %s: %w", display, err)
	}
	per := int(km.KeysymsPerKeycode)
	codes := make([]xproto.Keycode, len(keys))
	for i, k := range keys {
		found := false
		for j, ks := range km.Keysyms {
			if ks == k {
				codes[i] = first + xproto.Keycode(j/per)
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("keys: no keycode for keysym %#x on %s", k, display)
		}
	}
	root := setup.DefaultScreen(c).Root
	fake := func(typ byte, code xproto.Keycode) error {
		return xtest.FakeInputChecked(c, typ, byte(code), 0, root, 0, 0, 0).Check()
	}
	for _, code := range codes {
		if err := fake(xproto.KeyPress, code); err != nil {
			return fmt.Errorf("keys: press %d: %w", code, err)
		}
	}
	for i := len(codes) - 1; i >= 0; i-- {
		if err := fake(xproto.KeyRelease, codes[i]); err != nil {
			return fmt.Errorf("keys: release %d: %w", codes[i], err)
		}
	}
	return nil
}
