//go:build cgo && (windows || darwin)

package clicks

import "fmt"

const hookHint = " (on macOS, allow hexiom, or the terminal running it, under System Settings → Privacy & Security → Accessibility)"

func hookCheck(display string) error {
	if display != "" {
		return fmt.Errorf("display %q: there is no X11 display here", display)
	}
	return nil
}

// hookButton maps libuiohook's buttons on Windows and macOS (1 left,
// 2 right, 3 middle) to ours (X11's: 2 middle, 3 right).
func hookButton(b uint16) int {
	switch b {
	case 2:
		return 3
	case 3:
		return 2
	}
	return int(b)
}
