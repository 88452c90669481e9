import flash.display.BitmapData;
import flash.display.GradientType;
import flash.display.Graphics;
import flash.geom.Matrix;

/**
	How the original draws its parts, in vectors: the grey plate, the
	recess of an empty cell, a rounded hexagonal tile with a gradient face
	and its claws when locked. Colours from GAME.md ("Look").
**/
class Look {
	public static inline var PLATE = 0x6C6C6C; // (108,108,108): board and holes
	public static inline var RIM = 0x565656;
	public static inline var RECESS = 0x666666; // (102,102,102)
	public static inline var WALL_TOP = 0x5F5F5F; // (95,95,95)
	public static inline var WALL_SIDE = 0x6B6B6B; // (107,107,107)
	public static inline var WALL_BOTTOM = 0x747474; // (116,116,116)
	public static inline var CLAW = 0x7A7A7A; // (122,122,122)
	public static inline var CLAW_LINE = 0x464646;
	public static inline var DIGIT = 0xFFFFFF;

	/** The flat look (the page's look=flat): flat tiles in other state
		colours, dark serif digits, a thick border and a lock mark on locked
		tiles, a flat plate under the cells only, holes the background. **/
	public static var flat = false;

	/** The bevel look (the page's look=bevel): Bevel draws it. **/
	public static var bevel = false;

	static inline var FLAT_SKY = 0x2F3A45;
	static inline var FLAT_PLATE = 0xC9CED3;
	static inline var FLAT_RECESS = 0xA7AEB5;
	static inline var FLAT_LINE = 0x1E242A;

	public static function digitColour():UInt {
		return bevel ? Bevel.DIGIT : flat ? FLAT_LINE : DIGIT;
	}

	public static function digitFont():String {
		return bevel ? Bevel.FONT : flat ? "DejaVu Serif,_serif" : "DejaVu Sans,_sans";
	}

	static function flatFace(status:String):UInt {
		return switch (status) {
			case "too_few": 0x7FB7F0; // light blue
			case "too_many": 0xF09A7F; // salmon
			default: 0xF3F1E6; // ivory
		}
	}

	/** A tile's light face and darker edge by the server's status name. **/
	public static function face(status:String):UInt {
		return switch (status) {
			case "too_few": 0x48DE48; // (72,222,72)
			case "too_many": 0xFF4848; // (255,72,72)
			default: 0xFFE848; // (255,232,72)
		}
	}

	public static function edge(status:String):UInt {
		return switch (status) {
			case "too_few": 0x009600;
			case "too_many": 0xC80000;
			default: 0xC8A000;
		}
	}

	/** Mixes colour c toward white (t > 0) or black (t < 0). **/
	public static function shade(c:UInt, t:Float):UInt {
		var out:UInt = 0;
		for (k in 0...3) {
			var v = (c >> (16 - 8 * k)) & 0xFF;
			var w = t >= 0 ? v + (255 - v) * t : v * (1 + t);
			out = (out << 8) | Std.int(Math.max(0, Math.min(255, Math.round(w))));
		}
		return out;
	}

	/** A flat-topped hexagon of circumradius r centred at (cx, cy). **/
	public static function hex(g:Graphics, cx:Float, cy:Float, r:Float) {
		g.moveTo(cx + r, cy);
		for (k in 1...6) {
			var a = Math.PI / 3 * k;
			g.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
		}
		g.lineTo(cx + r, cy);
	}

	/** A hexagon whose corners are rounded by curves of size round. **/
	public static function roundHex(g:Graphics, cx:Float, cy:Float, r:Float, round:Float) {
		var f = round / r;
		for (k in 0...7) {
			var a = Math.PI / 3 * k, a0 = Math.PI / 3 * (k - 1), a1 = Math.PI / 3 * (k + 1);
			var vx = cx + r * Math.cos(a), vy = cy + r * Math.sin(a);
			var inX = vx + (cx + r * Math.cos(a0) - vx) * f, inY = vy + (cy + r * Math.sin(a0) - vy) * f;
			var outX = vx + (cx + r * Math.cos(a1) - vx) * f, outY = vy + (cy + r * Math.sin(a1) - vy) * f;
			if (k == 0) g.moveTo(outX, outY) else {
				g.lineTo(inX, inY);
				g.curveTo(vx, vy, outX, outY);
			}
		}
	}

	/** A vertical gradient box over a disc of radius r at (cx, cy). **/
	static function vertical(cx:Float, cy:Float, r:Float):Matrix {
		var m = new Matrix();
		m.createGradientBox(2 * r, 2 * r, Math.PI / 2, cx - r, cy - r);
		return m;
	}

	/** The plate: a dark rim, then the grey board, under every cell. Each
		hexagon is a fill of its own: Flash fills a path with the even-odd
		rule, so overlapping hexagons in one fill would cancel. **/
	public static function plate(g:Graphics, centres:Array<Array<Float>>, r:Float) {
		if (bevel) {
			Bevel.plate(g, centres, r);
			return;
		}
		if (flat) {
			for (c in centres) {
				g.beginFill(FLAT_PLATE);
				hex(g, c[0], c[1], r * 1.02);
				g.endFill();
			}
			return;
		}
		for (layer in [[RIM, 1.16], [PLATE, 1.1]])
			for (c in centres) {
				g.beginFill(Std.int(layer[0]));
				hex(g, c[0], c[1], r * layer[1]);
				g.endFill();
			}
	}

	/** A hole: in the bevel look a dark well, in the others the plate
		(classic) or the background (flat) as they are. **/
	public static function hole(g:Graphics, cx:Float, cy:Float, r:Float) {
		if (bevel)
			Bevel.well(g, cx, cy, r);
	}

	/** An empty cell: a darker hexagon sunk into the plate, its upper
		walls in shadow and its lower walls lit. **/
	public static function recess(g:Graphics, cx:Float, cy:Float, r:Float) {
		if (bevel) {
			Bevel.recess(g, cx, cy, r);
			return;
		}
		if (flat) {
			g.beginFill(FLAT_RECESS);
			hex(g, cx, cy, r * 0.8);
			g.endFill();
			return;
		}
		var ro = r * 0.9, ri = r * 0.74;
		for (k in 0...6) {
			var a0 = Math.PI / 3 * k, a1 = Math.PI / 3 * (k + 1);
			var normal = Math.sin((a0 + a1) / 2); // > 0: a lower wall
			g.beginFill(normal > 0.9 ? WALL_BOTTOM : normal > 0 ? WALL_SIDE : WALL_TOP);
			g.moveTo(cx + ro * Math.cos(a0), cy + ro * Math.sin(a0));
			g.lineTo(cx + ro * Math.cos(a1), cy + ro * Math.sin(a1));
			g.lineTo(cx + ri * Math.cos(a1), cy + ri * Math.sin(a1));
			g.lineTo(cx + ri * Math.cos(a0), cy + ri * Math.sin(a0));
			g.endFill();
		}
		g.beginFill(RECESS);
		hex(g, cx, cy, ri);
		g.endFill();
	}

	/** A tile centred at (0, 0): a darker body with a gradient, a lighter
		top face with a gradient, claws when locked. The digit is a
		TextField (Tile). **/
	public static function tile(g:Graphics, r:Float, status:String, locked:Bool) {
		if (bevel) {
			Bevel.tile(g, r, status, locked);
			return;
		}
		if (flat) {
			flatTile(g, r, status, locked);
			return;
		}
		var e = edge(status), f = face(status);
		var rt = r * 0.9;
		// (each gradient's bitmap a pixel wider than its box all round)
		gradientFill(g, GradientType.LINEAR, [shade(e, 0.15), shade(e, -0.25)], [0, 255], vertical(0, 0, rt), -rt - 1, -rt - 1, 2 * rt + 2, 2 * rt + 2);
		roundHex(g, 0, 0, rt, rt * 0.2);
		g.endFill();
		var fy = -r * 0.05, rf = r * 0.76;
		gradientFill(g, GradientType.LINEAR, [shade(f, 0.45), f, f, shade(f, -0.08)], [0, 90, 170, 255], vertical(0, fy, rf), -rf - 1, fy - rf - 1,
			2 * rf + 2, 2 * rf + 2);
		roundHex(g, 0, fy, rf, r * 0.15);
		g.endFill();
		if (locked)
			claws(g, r);
	}

	/** A flat tile: one colour by status, a thin dark outline; a locked
		tile's outline thick, with a small lock mark (a filled square and
		its shackle) low on the face. **/
	static function flatTile(g:Graphics, r:Float, status:String, locked:Bool) {
		var rt = r * 0.88;
		g.lineStyle(locked ? Math.max(2, r * 0.14) : Math.max(1, r * 0.04), FLAT_LINE);
		g.beginFill(flatFace(status));
		hex(g, 0, 0, locked ? rt * 0.93 : rt);
		g.endFill();
		g.lineStyle();
		if (locked) {
			var s = r * 0.16, y = r * 0.5;
			g.beginFill(FLAT_LINE);
			g.drawRect(-s / 2, y - s / 2, s, s * 0.8);
			g.endFill();
			g.lineStyle(Math.max(1, r * 0.035), FLAT_LINE);
			g.drawCircle(0, y - s / 2, s * 0.32);
			g.lineStyle();
		}
	}

	/** Grey claws gripping the tile's six corners. **/
	static function claws(g:Graphics, r:Float) {
		g.lineStyle(Math.max(1, r * 0.045), CLAW_LINE);
		for (k in 0...6) {
			var a = Math.PI / 3 * k;
			var pts = [[1.0, 0], [0.86, 0.27], [0.72, 0.17], [0.62, 0], [0.72, -0.17], [0.86, -0.27]];
			g.beginFill(CLAW);
			for (i in 0...pts.length + 1) {
				var p = pts[i % pts.length];
				var x = p[0] * r * Math.cos(a + p[1]), y = p[0] * r * Math.sin(a + p[1]);
				if (i == 0) g.moveTo(x, y) else g.lineTo(x, y);
			}
			g.endFill();
		}
		g.lineStyle();
	}

	/** Whether gradientFill fills from bitmaps: Ruffle draws on WebGL
		(the page's FlashVar renderer), not on its 2D canvas, which draws a
		gradient more cheaply than a smoothed bitmap (Skia on the CPU: a
		size-6 classic board at 150 % page zoom, idle, 0.53 of a core with
		gradients, 0.68 with bitmaps). **/
	public static var gradientBitmaps = true;

	/** The gradients gradientFill drew, by what they are. **/
	static var gradients = new Map<String, BitmapData>();

	/** Begins a fill of g with the opaque gradient (type, colours, ratios,
		matrix m, as beginGradientFill takes them), its pixels worked out
		once into a bitmap over the rectangle (x, y, w, h), which must hold
		every pixel the fill covers: the gradient's colours at the pixels'
		centres (a linear gradient then exactly as drawn, the smoothing
		interpolating it linearly between pixels), for almost nothing a
		frame. Ruffle draws every frame anew, and its WebGL gradient shader
		on a CPU (SwiftShader, where no GPU is: the tests' machines) took
		some 100 ms of CPU a frame for the classic sky's 400×400 glow alone,
		a third of a size-6 frame, 30 frames a second; a bitmap fill costs
		about what a plain one does (docs/testing.md). Ruffle's WebGL
		renderer cannot draw into a bitmap (BitmapData.draw), so the pixels
		are worked out here. Smoothed, so that a page zoom scales the fill
		as smoothly as it scaled the gradient. **/
	public static function gradientFill(g:Graphics, type:GradientType, colours:Array<UInt>, ratios:Array<Int>, m:Matrix, x:Float, y:Float,
			w:Float, h:Float) {
		if (!gradientBitmaps) {
			g.beginGradientFill(type, colours, [for (_ in colours) 1], ratios, m);
			return;
		}
		var key = Std.string(type) + " " + ([colours.join(","), ratios.join(","), m.a, m.b, m.c, m.d, m.tx, m.ty, x, y, w, h] : Array<Dynamic>).join(" ");
		var bd = gradients.get(key);
		if (bd == null) {
			bd = gradientBitmap(type == GradientType.RADIAL, colours, ratios, m, x, y, Math.ceil(w), Math.ceil(h));
			gradients.set(key, bd);
		}
		var to = new Matrix();
		to.translate(x, y);
		g.beginBitmapFill(bd, to, false, true);
	}

	/** The gradient's pixels over bw×bh pixels from (x, y), as Flash
		defines them: m maps the gradient square, -819.2..819.2 px each
		way, onto the shape; a linear gradient runs along its x, a radial
		one out from its centre; ratios 0..255 place the colours, padded
		past the ends. **/
	static function gradientBitmap(radial:Bool, colours:Array<UInt>, ratios:Array<Int>, m:Matrix, x:Float, y:Float, bw:Int, bh:Int):BitmapData {
		var inv = m.clone();
		inv.invert();
		var bd = new BitmapData(bw, bh, false, 0);
		bd.lock();
		for (j in 0...bh) {
			var sy = y + j + 0.5;
			for (i in 0...bw) {
				var sx = x + i + 0.5;
				var gx = inv.a * sx + inv.c * sy + inv.tx, gy = inv.b * sx + inv.d * sy + inv.ty;
				var t = radial ? Math.sqrt(gx * gx + gy * gy) / 819.2 : (gx + 819.2) / 1638.4;
				bd.setPixel(i, j, rampAt(colours, ratios, 255 * Math.min(1, Math.max(0, t))));
			}
		}
		bd.unlock();
		return bd;
	}

	/** The colour at ratio q (0..255) of the gradient colours at ratios:
		each channel interpolated between the stops about q. **/
	static function rampAt(colours:Array<UInt>, ratios:Array<Int>, q:Float):Int {
		var n = colours.length;
		var s = 1;
		while (s < n - 1 && q > ratios[s])
			s++;
		var f = (q - ratios[s - 1]) / Math.max(1, ratios[s] - ratios[s - 1]);
		f = Math.min(1, Math.max(0, f));
		var a:Int = colours[s - 1], b:Int = colours[s];
		var c = 0;
		for (sh in [16, 8, 0]) {
			var ca = (a >> sh) & 0xFF, cb = (b >> sh) & 0xFF;
			c |= Std.int(Math.round(ca + (cb - ca) * f)) << sh;
		}
		return c;
	}

	/** A dark starfield over w×h, its tint set by key (the level); the
		caller clears g first. **/
	public static function sky(g:Graphics, w:Float, h:Float, key:Int) {
		if (flat || bevel) {
			g.beginFill(bevel ? Bevel.SKY : FLAT_SKY);
			g.drawRect(0, 0, w, h);
			g.endFill();
			return;
		}
		var tints:Array<UInt> = [0x210311, 0x11092C, 0x03192A, 0x1A1405, 0x0C2210, 0x220A22];
		var tint = tints[key % tints.length];
		var m = new Matrix();
		m.createGradientBox(w, h, 0, 0, 0);
		gradientFill(g, GradientType.RADIAL, [shade(tint, 0.12), tint, shade(tint, -0.5)], [0, 140, 255], m, 0, 0, w, h);
		g.drawRect(0, 0, w, h);
		g.endFill();
		var seed = key * 7919 + 13;
		for (k in 0...Std.int(w * h / 1800)) {
			seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF;
			var x = (seed % 10000) / 10000 * w;
			seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF;
			var y = (seed % 10000) / 10000 * h;
			g.beginFill(0xFFFFFF, 0.25 + (seed % 75) / 100);
			g.drawCircle(x, y, 0.5 + (seed % 9) / 8);
			g.endFill();
		}
	}
}
