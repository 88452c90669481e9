//go:build cgo && (windows || darwin)

package actuate

// probeDisplay has nothing to check off X11.
func probeDisplay(string) error { return nil }
