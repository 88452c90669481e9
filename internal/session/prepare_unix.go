//go:build !windows && !darwin

package session

// unixDesktop: X11 or Wayland.
const unixDesktop = true

func prepare() error { return nil }
