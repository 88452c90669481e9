//go:build !windows && !darwin

package actuate

// defaultPause: X11 keeps a drag's events in order (DefaultPace).
const defaultPause = 0
