//go:build windows || darwin

package clicks

import (
	"fmt"
	"runtime"
)

// Default is the way to hear clicks on this platform: the system hook.
const Default = ViaPortable

func listenX11(string) (Listener, error) {
	return nil, fmt.Errorf("listen for clicks: there is no X11 on %s; use -clicks %s", runtime.GOOS, ViaPortable)
}
