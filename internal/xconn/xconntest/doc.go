//go:build linux

// Package xconntest is the test every package that opens an X display
// shares: on a display that accepts and never answers (desktop's
// SilentDisplay), opening gives up after xconn.Timeout with an error naming
// the display, instead of hanging; and on a real display frozen after the
// connection was made (Frozen: Xvfb under SIGSTOP), every request gives up
// within xconn.Timeout plus Grace (GivesUp).
package xconntest
