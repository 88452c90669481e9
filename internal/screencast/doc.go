// Package screencast records a rectangle of the screen a few times a second,
// at half size, and saves the frames as an animated GIF: the picture of a
// run that `hexiom-lab play-demo` leaves beside its screenshots.
package screencast
