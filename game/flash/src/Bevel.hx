import flash.display.GradientType;
import flash.display.Graphics;
import flash.geom.Matrix;

/**
	The bevel look (the page's look=bevel, issue 40's third way real Flash
	games differ): bevelled tiles lit from the upper left (a lighter upper-left
	rim, a darker lower-right one, a flat-ish face) in state colours of their
	own, light digits outlined in dark (FreeSans Bold: Tile), a small padlock
	drawn in vectors on locked tiles, empty cells sunk into a slate plate (an
	inset bevel), holes a dark flat well in the plate, on a plain navy sky.
**/
class Bevel {
	public static inline var SKY = 0x14283C;
	public static inline var PLATE = 0x5C6B7A;
	public static inline var WELL = 0x1A2129; // a hole
	public static inline var FLOOR = 0x52606D; // an empty cell
	public static inline var INK = 0x1B1F24; // the digits' outline, the padlock
	public static inline var DIGIT = 0xFFFBEA;
	public static inline var FONT = "FreeSans,_sans";

	/** A tile's face colour by the server's status name. **/
	public static function face(status:String):UInt {
		return switch (status) {
			case "too_few": 0x5FB3C9; // cyan
			case "too_many": 0xE07AB0; // pink
			default: 0x9A86D8; // lavender
		}
	}

	/** How much the edge whose outward normal is at angle a is lit by a
		light from the upper left: 1 facing it, -1 facing away. **/
	static function lit(a:Float):Float {
		return -(Math.cos(a) + Math.sin(a)) / Math.sqrt(2);
	}

	/** Six trapezoids between the hexagons of radii ro and ri at (cx, cy),
		each shaded from c by how it faces the light (inverted for a
		recess: in). **/
	static function rim(g:Graphics, cx:Float, cy:Float, ro:Float, ri:Float, c:UInt, up:Float, down:Float, inset:Bool) {
		for (k in 0...6) {
			var a0 = Math.PI / 3 * k, a1 = Math.PI / 3 * (k + 1);
			var l = lit((a0 + a1) / 2);
			if (inset)
				l = -l;
			g.beginFill(Look.shade(c, l >= 0 ? up * l : down * l));
			g.moveTo(cx + ro * Math.cos(a0), cy + ro * Math.sin(a0));
			g.lineTo(cx + ro * Math.cos(a1), cy + ro * Math.sin(a1));
			g.lineTo(cx + ri * Math.cos(a1), cy + ri * Math.sin(a1));
			g.lineTo(cx + ri * Math.cos(a0), cy + ri * Math.sin(a0));
			g.lineTo(cx + ro * Math.cos(a0), cy + ro * Math.sin(a0));
			g.endFill();
		}
	}

	/** The plate under every cell, holes included. **/
	public static function plate(g:Graphics, centres:Array<Array<Float>>, r:Float) {
		for (c in centres) {
			g.beginFill(PLATE);
			Look.hex(g, c[0], c[1], r * 1.03);
			g.endFill();
		}
	}

	/** A hole: a dark flat well sunk into the plate. **/
	public static function well(g:Graphics, cx:Float, cy:Float, r:Float) {
		g.beginFill(WELL);
		Look.hex(g, cx, cy, r * 0.84);
		g.endFill();
	}

	/** An empty cell: an inset bevel (its upper-left walls in shadow, its
		lower-right ones lit) around a floor a little darker than the
		plate. **/
	public static function recess(g:Graphics, cx:Float, cy:Float, r:Float) {
		var ro = r * 0.86, ri = r * 0.72;
		rim(g, cx, cy, ro, ri, PLATE, 0.3, 0.35, true);
		g.beginFill(FLOOR);
		Look.hex(g, cx, cy, ri);
		g.endFill();
	}

	/** A tile centred at (0, 0): a bevelled rim and a flat-ish face in
		its state's colour, a thin dark outline, a padlock when locked. The
		digit is Tile's. **/
	public static function tile(g:Graphics, r:Float, status:String, locked:Bool) {
		var f = face(status);
		var ro = r * 0.9, ri = r * 0.7;
		g.lineStyle(Math.max(1, r * 0.03), INK, 0.8);
		g.beginFill(f);
		Look.hex(g, 0, 0, ro);
		g.endFill();
		g.lineStyle();
		rim(g, 0, 0, ro, ri, f, 0.6, 0.45, false);
		var m = new Matrix();
		m.createGradientBox(2 * ri, 2 * ri, Math.PI / 2, -ri, -ri);
		g.beginGradientFill(GradientType.LINEAR, [Look.shade(f, 0.12), Look.shade(f, -0.06)], [1, 1], [0, 255], m);
		Look.hex(g, 0, 0, ri);
		g.endFill();
		if (locked)
			padlock(g, 0, r * 0.6, r * 0.32);
	}

	/** A padlock of width w, its body centred at (cx, cy): a dark body
		with a light keyhole, a dark shackle above it. **/
	static function padlock(g:Graphics, cx:Float, cy:Float, w:Float) {
		var h = w * 0.75;
		g.lineStyle(Math.max(1.2, w * 0.18), INK);
		g.moveTo(cx - w * 0.3, cy - h * 0.4);
		g.lineTo(cx - w * 0.3, cy - h * 0.75);
		g.curveTo(cx - w * 0.3, cy - h * 1.25, cx, cy - h * 1.25);
		g.curveTo(cx + w * 0.3, cy - h * 1.25, cx + w * 0.3, cy - h * 0.75);
		g.lineTo(cx + w * 0.3, cy - h * 0.4);
		g.lineStyle();
		g.beginFill(INK);
		g.drawRoundRect(cx - w / 2, cy - h / 2, w, h, w * 0.25, w * 0.25);
		g.endFill();
		g.beginFill(DIGIT);
		g.drawCircle(cx, cy - h * 0.08, w * 0.12);
		g.endFill();
	}
}
