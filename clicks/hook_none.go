//go:build !(cgo && (windows || darwin || gohook))

package clicks

import (
	"errors"
	"runtime"
)

// hookBuilt says whether this build has the portable hook.
const hookBuilt = false

// listenHook fails: this build has no portable hook.
func listenHook(string) (Listener, error) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		return nil, errors.New("listen for clicks: the portable hook needs cgo; this hexiom was built without it")
	}
	return nil, errors.New("listen for clicks: this hexiom has no portable hook; on X11 use -clicks x11 (the default), " +
		"or build with -tags gohook (needs cgo, libxkbcommon-x11-dev and libx11-xcb-dev, and an X display when hexiom starts)")
}
