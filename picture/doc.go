// Package picture draws, over a screenshot of the game area, what the bot
// read and what it plans, for a person to look at: Reading outlines every
// cell with what vision read and how sure it is (green when sure, red when
// in doubt); Plan draws the drags as numbered arrows; Debug saves the
// reading's picture of a refusal into a folder and returns its path.
//
// It is the one place pictures are drawn. reader.Read writes nothing: a
// command that refuses to act asks for a picture here, explicitly (hexiom
// read, calibrate and learn write one into the temporary folder, or where
// -debug says; play where Config.DebugDir says, only when it gives up).
//
// It draws in pure Go, and builds without cgo: outlines, lines and arrow
// heads pixel by pixel into an *image.RGBA (draw.go), text in the Go font
// (golang.org/x/image's opentype), each label over a black outline.
package picture
