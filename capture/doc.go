// Package capture takes pictures of the game area: from the real X screen
// (Screen, one persistent X connection and GetImage, a few milliseconds for a
// game area) or from a PNG file saved earlier (File, for tests, fixtures and
// `hexiom read -image`).
//
// Every image it returns carries screen coordinates in its Bounds: the pixel
// at screen point (x, y) is img.At(x, y), so the calibrated area and the cell
// centres derived from it apply to the image unchanged.
package capture
