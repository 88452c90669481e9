// Package xconn connects to an X display with a deadline: the dial, the
// connection setup and the first round trip must finish within Timeout
// (10 s), so a display that accepts and never answers gives an error naming
// it instead of a hang. capture (the X11 screen, and a probe before the
// portable capture), clicks (X RECORD, and a probe before the system hook)
// and actuate (a probe before robotgo's XOpenDisplay) connect through it.
package xconn
