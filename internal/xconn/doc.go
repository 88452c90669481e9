// Package xconn connects to an X display with a deadline, and keeps one
// on every request after: the dial, the connection setup and the first
// round trip must finish within Timeout (10 s), and so must each request
// later made through Conn.Do (or any call wrapped in Within), so a display
// that accepts and never answers, or stops answering later (its server
// frozen), gives an error naming it instead of a hang. capture (the X11
// screen, and the portable capture's calls), clicks (X RECORD, and a probe
// before the system hook) and actuate (robotgo's calls, after a probe
// before its XOpenDisplay) talk to the display through it.
package xconn
