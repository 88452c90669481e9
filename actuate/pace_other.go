//go:build windows || darwin

package actuate

import "time"

// defaultPause: 2 ms after each event of a drag (DefaultPace).
const defaultPause = 2 * time.Millisecond
