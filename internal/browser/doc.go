// Package browser opens a web page in the user's default browser: with
// xdg-open on Linux and the other Unix desktops, with
// `rundll32 url.dll,FileProtocolHandler` on Windows, with open on macOS.
// `hexiom game -open` uses it; tests that need a known browser start
// Debian's Chromium by path instead (internal/desktop).
package browser
