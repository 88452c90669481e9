// Package capture takes pictures of the game area, from one of three
// Sources:
//
//   - Screen, the X11 fast path: one persistent X connection and GetImage, a
//     few milliseconds for a game area (Linux and other X11 systems only; the
//     file carries a build tag, so no X11 code is compiled for Windows or
//     macOS).
//   - Portable, kbinani/screenshot on every platform: GDI on Windows,
//     CoreGraphics on macOS, X11 on Linux (a connection per grab), or the
//     desktop portal when XDG_SESSION_TYPE is wayland. The default on Windows
//     and macOS; `-capture portable` on Linux. On Windows its screen is the
//     virtual screen, every monitor from EnumDisplayMonitors (a monitor left
//     of or above the primary at negative coordinates), not kbinani's list.
//   - File, a PNG saved earlier (tests, fixtures, `hexiom read -image`).
//
// Open picks Screen or Portable by name. Still grabs until the picture stands
// still (two grabs StillGap apart the same), for the commands that read or
// learn one picture: never a board caught while it fades in or redraws. Every image carries screen
// coordinates in its Bounds: the pixel at screen point (x, y) is img.At(x,
// y), so the calibrated area and the cell centres derived from it apply to
// the image unchanged. Screen coordinates are the mouse's: device pixels on
// X11 and on Windows (the process is made DPI aware, see internal/session),
// points on macOS, where kbinani scales a Retina capture to points.
package capture
