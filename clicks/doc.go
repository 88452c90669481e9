// Package clicks hears the user's mouse button presses anywhere on the
// screen without taking them from the window they go to: the game in the
// browser still gets its clicks while `hexiom calibrate` learns where they
// were. Two listeners implement Listener:
//
//   - Record, the X11 one: the X server's RECORD extension over a plain
//     socket, pure Go (Linux and other X11 systems; the file carries a build
//     tag, so no X11 code is compiled for Windows or macOS). The default on
//     X11.
//   - Hook, the portable one: robotgo's hook library, github.com/robotn/gohook
//     (libuiohook: a low-level mouse hook on Windows, an event tap on macOS,
//     X RECORD again on X11). The default on Windows and macOS. On Linux it
//     is built only with `-tags gohook` (then `-clicks portable`): libuiohook
//     opens the X display as the program loads, before main, and crashes
//     the program when there is none, which would take every hexiom command
//     down on a machine without X. It needs cgo, and on Debian
//     libxkbcommon-x11-dev and libx11-xcb-dev.
//
// Listen picks one by name. Click positions are screen coordinates, the
// same the capture and the mouse use.
package clicks
