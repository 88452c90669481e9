// Package session tells whether hexiom can see the screen and move the
// mouse in the desktop session it runs in, and says in one line what to do
// when it cannot, before any capture or mouse code fails in ways a user
// cannot read.
//
//   - X11: everything works (the default on Linux).
//   - Wayland: no program may read other programs' windows or move the
//     pointer over them unasked. Capture works through the desktop portal's
//     screenshot (-capture portable: kbinani/screenshot asks the portal when
//     XDG_SESSION_TYPE is wayland, which Check sets), so hexiom read can
//     read a board. To play, the mouse goes through XWayland, the X server
//     Wayland desktops run for X11 programs (DISPLAY, -xwayland), to a
//     browser running under it; XWayland is rootless, its root window holds
//     no picture of the windows on it, so the capture there must be the
//     portal's too (-xwayland -capture portable). Or an X11 session, chosen
//     at the login screen.
//   - Windows: the process is made per-monitor DPI aware first, so the
//     capture, the mouse and the hook all count physical pixels whatever
//     the display scale.
//   - macOS: capture and mouse count points; the system asks for Screen
//     Recording and Accessibility permission the first time.
package session
