package tantrix

import (
	"bufio"
	"fmt"
	"io"
	"math"
)

var svgColours = [3]string{Red: "#d62728", Blue: "#1f5fbf", Yellow: "#f2c200"}

// WriteSVG draws the tiles as pointy-top hexagons with their three lines,
// the lines of colour c (the designated colour) drawn wider, and each tile's
// number in a corner.
func WriteSVG(w io.Writer, ts []Placed, c Colour) error {
	minX, minY, maxX, maxY := svgBounds(ts)
	pad := svgSize + 4
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%.1f %.1f %.1f %.1f" width="%.0f" height="%.0f">`+"\n",
		minX-pad, minY-pad, maxX-minX+2*pad, maxY-minY+2*pad, maxX-minX+2*pad, maxY-minY+2*pad)
	fmt.Fprintln(bw, `<rect x="-100000" y="-100000" width="200000" height="200000" fill="#f4f1ea"/>`)
	for _, t := range ts {
		svgTile(bw, t, c)
	}
	fmt.Fprintln(bw, `</svg>`)
	return bw.Flush()
}

// svgSize is a drawn hexagon's size, centre to corner.
const svgSize = 30.0

// svgCentre is the centre of place p in the drawing.
func svgCentre(p Place) (x, y float64) {
	return svgSize * math.Sqrt(3) * (float64(p.Q) + float64(p.R)/2), svgSize * 1.5 * float64(p.R)
}

// svgBounds is the box of the tiles' centres (all 0 for no tile).
func svgBounds(ts []Placed) (minX, minY, maxX, maxY float64) {
	if len(ts) == 0 {
		return 0, 0, 0, 0
	}
	minX, minY, maxX, maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, t := range ts {
		x, y := svgCentre(t.Place)
		minX, minY = math.Min(minX, x), math.Min(minY, y)
		maxX, maxY = math.Max(maxX, x), math.Max(maxY, y)
	}
	return minX, minY, maxX, maxY
}

// svgTile draws tile t: its hexagon, its three lines (colour c's last, on
// top, and wider), its number.
func svgTile(bw *bufio.Writer, t Placed, c Colour) {
	x, y := svgCentre(t.Place)
	fmt.Fprint(bw, `<polygon points="`)
	for k := 0; k < 6; k++ {
		a := float64(k*60-90) * math.Pi / 180
		fmt.Fprintf(bw, "%.1f,%.1f ", x+svgSize*math.Cos(a), y+svgSize*math.Sin(a))
	}
	fmt.Fprintln(bw, `" fill="#222" stroke="#888" stroke-width="1"/>`)
	// Edge e's midpoint lies towards the neighbour across it: NE at −60°,
	// then every 60° clockwise (screen y grows downwards).
	apo := svgSize * math.Sqrt(3) / 2
	mid := func(e int) (float64, float64) {
		a := float64(e*60-60) * math.Pi / 180
		return x + apo*math.Cos(a), y + apo*math.Sin(a)
	}
	for _, col := range []Colour{(c + 1) % 3, (c + 2) % 3, c} {
		a, b := Line(t.Tile, t.Rot, col)
		x1, y1 := mid(a)
		x2, y2 := mid(b)
		width := 5.0
		if col == c {
			width = 8
		}
		fmt.Fprintf(bw, `<path d="M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f" fill="none" stroke="%s" stroke-width="%.0f" stroke-linecap="butt"/>`+"\n",
			x1, y1, x, y, x2, y2, svgColours[col], width)
	}
	fmt.Fprintf(bw, `<text x="%.1f" y="%.1f" font-family="sans-serif" font-size="9" fill="#ddd" text-anchor="middle">%d</text>`+"\n",
		x, y-svgSize*0.55, t.Tile)
}
