// HEXCOUNT - a small hexagon number puzzle, Flash 10 style.
import flash.display.Graphics;
import flash.display.GradientType;
import flash.display.Sprite;
import flash.display.StageAlign;
import flash.display.StageScaleMode;
import flash.events.Event;
import flash.events.MouseEvent;
import flash.geom.Matrix;
import flash.text.TextField;
import flash.text.TextFieldAutoSize;
import flash.text.TextFormat;

class Cell {
	public var ax:Int;
	public var ay:Int;
	public var px:Float;
	public var py:Float;
	public var hole:Bool;
	public var tile:Tile;
	public var nb:Array<Cell>;

	public function new(ax:Int, ay:Int) {
		this.ax = ax;
		this.ay = ay;
		nb = [];
	}
}

class Tile extends Sprite {
	public var num:Int;
	public var locked:Bool;
	public var cell:Cell;
	public var state:Int = -99;
	public var label:TextField;

	public function new(num:Int, locked:Bool) {
		super();
		this.num = num;
		this.locked = locked;
		mouseChildren = false;
	}
}

class Main extends Sprite {
	// cell pitches per board size (index = size)
	static var DXS = [0, 0, 48, 48, 40, 31, 25];
	static var DYS = [0, 0, 28, 28, 23, 18, 15];

	// state colours: [top face, lower face, rim]
	static var C_OK = [0xB8ECFF, 0x2E9AE6, 0x0B4C8C]; // number satisfied: ice blue
	static var C_FEW = [0xFFE0A0, 0xF08C1E, 0x8A4600]; // too few neighbours: amber
	static var C_MANY = [0xFFB0E4, 0xD2328C, 0x6E0A4A]; // too many neighbours: magenta

	var size:Int;
	var dx:Float;
	var dy:Float;
	var rx:Float; // hex half width
	var ry:Float; // hex half height
	var levelNo:Int;
	var cells:Array<Cell>;
	var grid:Map<Int, Cell>;
	var tiles:Array<Tile>;

	var bgLayer:Sprite;
	var boardLayer:Sprite;
	var tileLayer:Sprite;
	var hudLayer:Sprite;
	var movesText:TextField;
	var solvedBox:Sprite;

	var dragTile:Tile;
	var animTile:Tile;
	var animFrame:Int;
	var animSX:Float;
	var animSY:Float;
	var animTX:Float;
	var animTY:Float;
	static inline var ANIM_FRAMES = 8;
	var moves:Int = 0;
	var solved:Bool = false;

	static function main() {
		var m = new Main();
		flash.Lib.current.addChild(m);
		m.init();
	}

	public function new() {
		super();
	}

	function init() {
		stage.scaleMode = StageScaleMode.NO_SCALE;
		stage.align = StageAlign.TOP_LEFT;
		levelNo = 1;
		try {
			var params:Dynamic = flash.Lib.current.loaderInfo.parameters;
			if (params != null && params.level != null) {
				var v = Std.parseInt(Std.string(params.level));
				if (v != null && v >= 1 && v <= Levels.DATA.length)
					levelNo = v;
			}
		} catch (e:Dynamic) {}

		bgLayer = new Sprite();
		boardLayer = new Sprite();
		tileLayer = new Sprite();
		hudLayer = new Sprite();
		addChild(bgLayer);
		addChild(boardLayer);
		addChild(tileLayer);
		addChild(hudLayer);

		// added by the project (not HEXCOUNT's author): a board FlashVar, any level's text
		var boardText:String = null;
		try {
			var params:Dynamic = flash.Lib.current.loaderInfo.parameters;
			if (params != null && params.board != null)
				boardText = StringTools.replace(Std.string(params.board), "\r", "");
		} catch (e:Dynamic) {}

		drawBackground();
		loadLevel(boardText != null ? boardText : Levels.DATA[levelNo - 1]);
		drawBoard();
		drawHud();
		refresh();

		stage.addEventListener(MouseEvent.MOUSE_UP, onStageUp);
		stage.addEventListener(Event.MOUSE_LEAVE, onLeave);
		addEventListener(Event.ENTER_FRAME, onFrame);
	}

	// ---------------------------------------------------------------- level

	function loadLevel(txt:String) {
		var lines = txt.split("\n");
		size = Std.parseInt(StringTools.trim(lines[0]));
		dx = DXS[size];
		dy = DYS[size];
		rx = dx * 2 / 3;
		ry = dy;
		cells = [];
		grid = new Map();
		tiles = [];
		var s = size;
		var x0 = 200.0;
		var y0 = 200.0 - 2 * (s - 1) * dy;
		for (r in 0...2 * s - 1) {
			var line = (r + 1 < lines.length) ? lines[r + 1] : "";
			var ind = Std.int(Math.abs(s - 1 - r));
			var n = 2 * s - 1 - ind;
			var xStart = r - (s - 1);
			if (xStart < 0)
				xStart = 0;
			for (k in 0...n) {
				var pre = line.charAt(ind + 2 * k);
				var sym = line.charAt(ind + 2 * k + 1);
				var c = new Cell(xStart + k, r);
				c.px = x0 + dx * (c.ax - c.ay);
				c.py = y0 + dy * (c.ax + c.ay);
				var isLock = (pre == "+");
				c.hole = isLock && (sym == "." || sym == "" || sym == " ");
				cells.push(c);
				grid.set(key(c.ax, c.ay), c);
				var d = "0123456".indexOf(sym);
				if (sym != "" && d >= 0) {
					var t = new Tile(d, isLock);
					t.cell = c;
					c.tile = t;
					tiles.push(t);
				}
			}
		}
		var dirs = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1]];
		for (c in cells) {
			for (d in dirs) {
				var o = grid.get(key(c.ax + d[0], c.ay + d[1]));
				if (o != null)
					c.nb.push(o);
			}
		}
	}

	inline function key(x:Int, y:Int):Int {
		return (x + 20) * 100 + (y + 20);
	}

	// ---------------------------------------------------------------- drawing

	static function hexPath(g:Graphics, cx:Float, cy:Float, hx:Float, hy:Float, round:Float) {
		var px = [hx, hx / 2, -hx / 2, -hx, -hx / 2, hx / 2];
		var py = [0, hy, hy, 0, -hy, -hy];
		var ax = [], ay = [], bx = [], by = [];
		for (i in 0...6) {
			var p = (i + 5) % 6;
			var q = (i + 1) % 6;
			ax.push(px[i] + (px[p] - px[i]) * round);
			ay.push(py[i] + (py[p] - py[i]) * round);
			bx.push(px[i] + (px[q] - px[i]) * round);
			by.push(py[i] + (py[q] - py[i]) * round);
		}
		g.moveTo(cx + ax[0], cy + ay[0]);
		for (i in 0...6) {
			if (i > 0)
				g.lineTo(cx + ax[i], cy + ay[i]);
			g.curveTo(cx + px[i], cy + py[i], cx + bx[i], cy + by[i]);
		}
		g.lineTo(cx + ax[0], cy + ay[0]);
	}

	function drawBackground() {
		var g = bgLayer.graphics;
		var m = new Matrix();
		m.createGradientBox(400, 400, Math.PI * 0.35, 0, 0);
		g.beginGradientFill(GradientType.LINEAR, [0x1F4A5E, 0x10243A, 0x0A1424], [1, 1, 1], [0, 140, 255], m);
		g.drawRect(0, 0, 400, 400);
		g.endFill();
		// soft light spot behind the board
		var m2 = new Matrix();
		m2.createGradientBox(420, 420, 0, -10, -10);
		g.beginGradientFill(GradientType.RADIAL, [0x5FA8C8, 0x5FA8C8], [0.22, 0], [0, 255], m2);
		g.drawRect(0, 0, 400, 400);
		g.endFill();
		// a faint diamond lattice pattern
		g.lineStyle(1, 0xFFFFFF, 0.04);
		var i = -400;
		while (i < 400) {
			g.moveTo(i, 0);
			g.lineTo(i + 400, 400);
			g.moveTo(i + 400, 0);
			g.lineTo(i, 400);
			i += 22;
		}
		g.lineStyle();
		bgLayer.cacheAsBitmap = true;
	}

	function drawBoard() {
		var g = boardLayer.graphics;
		for (c in cells) {
			if (c.hole)
				continue;
			// recessed socket: darker hex with a light lower rim
			var m = new Matrix();
			m.createGradientBox(rx * 2, ry * 2, Math.PI / 2, c.px - rx, c.py - ry);
			g.lineStyle(1, 0x9CD4EC, 0.45);
			g.beginGradientFill(GradientType.LINEAR, [0x050C16, 0x1A3348], [0.55, 0.55], [0, 255], m);
			hexPath(g, c.px, c.py, rx * 0.93, ry * 0.93, 0.12);
			g.endFill();
			g.lineStyle();
		}
		for (t in tiles) {
			t.x = t.cell.px;
			t.y = t.cell.py;
			var fs = Math.round(dy * 1.05);
			if (fs < 12)
				fs = 12;
			// digit with a cheap drop shadow (a dark copy one pixel down-right)
			var sh = label(Std.string(t.num), fs, 0x1A1028);
			sh.alpha = 0.55;
			sh.x = -sh.width / 2 + 1;
			sh.y = -sh.height / 2 + 1;
			t.addChild(sh);
			var tf = label(Std.string(t.num), fs, 0xFFFFFF);
			tf.x = -tf.width / 2;
			tf.y = -tf.height / 2;
			t.label = tf;
			t.addChild(tf);
			if (!t.locked) {
				t.buttonMode = true;
				t.useHandCursor = true;
				t.addEventListener(MouseEvent.MOUSE_DOWN, onTileDown);
			}
			tileLayer.addChild(t);
		}
	}

	function paintTile(t:Tile) {
		var col = t.state == 0 ? C_OK : (t.state < 0 ? C_FEW : C_MANY);
		var g = t.graphics;
		g.clear();
		var hx = rx * 0.93, hy = ry * 0.93;
		// rim
		var m = new Matrix();
		m.createGradientBox(hx * 2, hy * 2, Math.PI / 2, -hx, -hy);
		g.lineStyle(1, 0x101018, 0.6);
		g.beginGradientFill(GradientType.LINEAR, [col[1], col[2]], [1, 1], [0, 255], m);
		hexPath(g, 0, 0, hx, hy, 0.2);
		g.endFill();
		g.lineStyle();
		// face
		var fx = hx * 0.8, fy = hy * 0.78;
		var m2 = new Matrix();
		m2.createGradientBox(fx * 2.4, fy * 2.6, Math.PI / 2, -fx * 1.2, -fy * 1.5);
		g.beginGradientFill(GradientType.RADIAL, [col[0], col[1]], [1, 1], [0, 230], m2, null, null, -0.5);
		hexPath(g, 0, -hy * 0.04, fx, fy, 0.2);
		g.endFill();
		if (t.locked)
			drawPadlock(g, hx * 0.56, -hy * 0.46, hx * 0.28);
	}

	// a small padlock centred on (cx, cy), w wide
	static function drawPadlock(g:Graphics, cx:Float, cy:Float, w:Float) {
		var bh = w * 0.72;
		var top = cy - bh * 0.15;
		// shackle
		g.lineStyle(Math.max(1, w * 0.2), 0x2A2A33, 1);
		var sw = w * 0.33;
		g.moveTo(cx - sw, top);
		g.lineTo(cx - sw, top - w * 0.25);
		g.curveTo(cx - sw, top - w * 0.62, cx, top - w * 0.62);
		g.curveTo(cx + sw, top - w * 0.62, cx + sw, top - w * 0.25);
		g.lineTo(cx + sw, top);
		g.lineStyle();
		// body
		g.lineStyle(1, 0x1A1A22, 1);
		g.beginFill(0x3A3A46);
		g.drawRect(cx - w / 2, top, w, bh);
		g.endFill();
		g.lineStyle();
		// keyhole
		g.beginFill(0xE8E8F0);
		g.drawCircle(cx, top + bh * 0.45, Math.max(0.8, w * 0.1));
		g.endFill();
	}

	function label(txt:String, size:Int, color:Int):TextField {
		var tf = new TextField();
		tf.selectable = false;
		tf.mouseEnabled = false;
		tf.embedFonts = false;
		tf.autoSize = TextFieldAutoSize.LEFT;
		tf.defaultTextFormat = new TextFormat("Verdana", size, color, true);
		tf.text = txt;
		return tf;
	}

	function drawHud() {
		var g = hudLayer.graphics;
		var m = new Matrix();
		m.createGradientBox(400, 26, Math.PI / 2, 0, 0);
		g.beginGradientFill(GradientType.LINEAR, [0x2C5470, 0x0C1C2C], [0.95, 0.95], [0, 255], m);
		g.drawRect(0, 0, 400, 26);
		g.endFill();
		g.lineStyle(1, 0x8FD0F0, 0.5);
		g.moveTo(0, 26);
		g.lineTo(400, 26);
		g.lineStyle();

		var title = label("HEXCOUNT", 13, 0x9FE4FF);
		title.x = 8;
		title.y = 4;
		var tsh = label("HEXCOUNT", 13, 0x000000);
		tsh.x = 9;
		tsh.y = 5;
		tsh.alpha = 0.7;
		hudLayer.addChild(tsh);
		hudLayer.addChild(title);

		var lv = label("level " + levelNo, 12, 0xFFFFFF);
		lv.x = 392 - lv.width;
		lv.y = 5;
		hudLayer.addChild(lv);

		movesText = label("moves: 0", 11, 0xBFDCEA);
		movesText.x = 8;
		movesText.y = 380;
		hudLayer.addChild(movesText);

		solvedBox = new Sprite();
		var sg = solvedBox.graphics;
		var m3 = new Matrix();
		m3.createGradientBox(90, 20, Math.PI / 2, -45, 3);
		sg.lineStyle(1, 0x6A4A00, 1);
		sg.beginGradientFill(GradientType.LINEAR, [0xFFF2A8, 0xE8B020], [1, 1], [0, 255], m3);
		sg.drawRoundRect(-45, 3, 90, 20, 10, 10);
		sg.endFill();
		var st = label("Solved!", 12, 0x4A2A00);
		st.x = -st.width / 2;
		st.y = 13 - st.height / 2;
		solvedBox.addChild(st);
		solvedBox.x = 200;
		solvedBox.visible = false;
		solvedBox.mouseEnabled = false;
		solvedBox.mouseChildren = false;
		hudLayer.addChild(solvedBox);
	}

	// ---------------------------------------------------------------- rules

	function refresh() {
		var all = true;
		for (t in tiles) {
			var n = 0;
			for (o in t.cell.nb)
				if (o.tile != null)
					n++;
			var st = n == t.num ? 0 : (n < t.num ? -1 : 1);
			if (st != 0)
				all = false;
			if (st != t.state) {
				t.state = st;
				paintTile(t);
			}
		}
		movesText.text = "moves: " + moves;
		if (all && !solved) {
			solved = true;
			solvedBox.visible = true;
			for (t in tiles)
				t.buttonMode = false;
		}
	}

	// ---------------------------------------------------------------- input

	function onTileDown(e:MouseEvent) {
		if (solved || animTile != null || dragTile != null)
			return;
		var t:Tile = cast e.currentTarget;
		if (t.locked)
			return;
		dragTile = t;
		tileLayer.addChild(t); // bring to front
		t.startDrag(false);
	}

	function onStageUp(e:MouseEvent) {
		if (dragTile == null)
			return;
		var t = dragTile;
		dragTile = null;
		t.stopDrag();
		var target = cellAt(stage.mouseX, stage.mouseY);
		if (target != null && !target.hole && target.tile == null) {
			t.cell.tile = null;
			t.cell = target;
			target.tile = t;
			moves++;
		}
		startSlide(t);
	}

	function onLeave(e:Event) {
		if (dragTile == null)
			return;
		var t = dragTile;
		dragTile = null;
		t.stopDrag();
		startSlide(t);
	}

	function cellAt(mx:Float, my:Float):Cell {
		var best:Cell = null;
		var bd = 1e9;
		for (c in cells) {
			var ddx = mx - c.px, ddy = my - c.py;
			var d = ddx * ddx + ddy * ddy;
			if (d < bd) {
				bd = d;
				best = c;
			}
		}
		if (best == null)
			return null;
		var ax = Math.abs(mx - best.px), ay = Math.abs(my - best.py);
		if (ay > ry || ax > rx - ay * (rx / 2) / ry)
			return null;
		return best;
	}

	function startSlide(t:Tile) {
		animTile = t;
		animFrame = 0;
		animSX = t.x;
		animSY = t.y;
		animTX = t.cell.px;
		animTY = t.cell.py;
	}

	function onFrame(e:Event) {
		if (animTile == null)
			return;
		animFrame++;
		var k = animFrame / ANIM_FRAMES;
		if (k >= 1) {
			animTile.x = animTX;
			animTile.y = animTY;
			animTile = null;
			refresh();
			return;
		}
		var ease = 1 - (1 - k) * (1 - k);
		animTile.x = animSX + (animTX - animSX) * ease;
		animTile.y = animSY + (animTY - animSY) * ease;
	}
}
