import flash.Lib;
import flash.display.Sprite;
import flash.events.Event;
import flash.events.MouseEvent;
import flash.external.ExternalInterface;

/**
	Hexiom as a Flash game: the view and input layer of the Go server's
	game. It gets the state from the server (GET /api/state, long-polled),
	draws the cells where the state's geometry puts them, lets the player
	drag a movable tile (startDrag on MOUSE_DOWN, the drop decided at
	MOUSE_UP on the stage), reports the move (POST /api/move) and redraws
	from the server's answer. Tweens run on ENTER_FRAME at the stage's
	30 fps; presses are ignored while a tile moves or a request other than
	a move is on its way. A state that came is drawn on the next frame, or
	at once by a press that comes first. With debug on, the pointer log
	notes what the game did with each press and release.
**/
class Main extends Sprite {
	public static inline var W = 400;
	public static inline var H = 440;
	public static inline var SIDE = 400; // the game area, under the HUD
	public static inline var AREA_Y = Hud.H;
	/** Frames of the tween into a cell after a drop (both tiles of a swap),
		and of the way home after a drop the game does not take. **/
	static inline var SNAP = 3;
	static inline var HOME = 6;

	var server:Server;
	var debug:Bool;
	var sky = new Sprite();
	var plate = new Sprite();
	var tileLayer = new Sprite();
	var hud:Hud;
	var panel:Panel;
	var menu:Menu;
	var skyKey = -1;
	var plateKey = "";

	var st:Dynamic = null; // the state shown
	var incoming:Dynamic = null; // the newest state from the server, not shown yet
	var dirty = false; // redraw st even if no newer state comes
	var recvAt = 0;
	var centres:Array<Array<Float>> = [];
	var radius = 0.0;
	var tiles = new Map<Int, Tile>();
	var dragging:Tile = null;
	var tweens:Array<Tween> = [];
	var inFlight = false; // an undo, restart or new level on its way
	var moves:Array<Dynamic> = []; // moves dropped and not answered, the first on its way
	var reportIn = -1; // frames until the drawn state is reported to the page
	var settle = false; // report again once the board is at rest after a release
	var releases = 0; // releases of the mouse on the stage so far (the reports carry it)
	var pointer = new PointerLog();

	static function main() {
		Lib.current.addChild(new Main());
	}

	public function new() {
		super();
		var p:Dynamic = Lib.current.loaderInfo.parameters;
		var token:String = Reflect.field(p, "token");
		server = new Server(token == null ? "" : token);
		debug = Reflect.field(p, "debug") == "true";
		Look.flat = Reflect.field(p, "look") == "flat";
		Look.bevel = Reflect.field(p, "look") == "bevel";
		Look.gradientBitmaps = Reflect.field(p, "renderer") != "canvas";
		addEventListener(Event.ADDED_TO_STAGE, init);
	}

	function init(_) {
		stage.frameRate = 30;
		hud = new Hud(W, function() openMenu(!menu.visible), function() post("/api/undo", {}), function() post("/api/restart", {}));
		panel = new Panel(W, AREA_Y, SIDE, function() post("/api/new", Panel.next(st)), function() post("/api/new", Panel.replay(st)));
		menu = new Menu(W, AREA_Y, SIDE, function(spec) {
			openMenu(false);
			if (spec != null)
				post("/api/new", spec);
		});
		for (s in [sky, plate, tileLayer, hud, panel, menu])
			addChild(s);
		stage.addEventListener(MouseEvent.MOUSE_UP, release);
		stage.addEventListener(Event.MOUSE_LEAVE, function(_) cancel());
		stage.addEventListener(Event.ENTER_FRAME, frame);
		if (debug)
			pointer.listen(stage, server);
		poll();
	}

	// ---- the server ------------------------------------------------------

	/** Long-polls the state: the server answers when it changes. **/
	function poll() {
		var v:Dynamic = incoming != null ? incoming.version : st != null ? st.version : -1;
		server.get("/api/state?wait=" + v, function(s) {
			offer(s);
			poll();
		}, function(err) {
			trace(err);
			haxe.Timer.delay(poll, 500);
		});
	}

	/** Keeps s if it is the newest state seen; frame shows it. **/
	function offer(s:Dynamic) {
		if (s == null || s.cells == null || s.version == null)
			return;
		if (incoming == null || s.version >= incoming.version)
			incoming = s;
		pointer.note("", "state " + s.version + " came, " + (st == null ? "none" : "" + st.version) + " shown");
	}

	/** POSTs a request that answers the new state (undo, restart, a new
		level), unless something moves or a move is unanswered. **/
	function post(path:String, body:Dynamic) {
		if (!settled())
			return;
		inFlight = true;
		server.post(path, body, function(s) {
			inFlight = false;
			offer(s);
		}, function(err) {
			inFlight = false;
			trace(err);
		});
	}

	/** Opens or closes the level menu (not while something moves). **/
	function openMenu(open:Bool) {
		if (open && !settled())
			return;
		menu.visible = open;
		reportIn = 1; // its buttons came or went, drawn by the next frame
	}

	/** Whether a tile moves (dragged or tweening) or a request other than
		a move is on its way: presses are ignored. **/
	function busy():Bool {
		return dragging != null || tweens.length > 0 || inFlight;
	}

	/** Whether nothing moves and every move is answered: the board may be
		redrawn from the server's state. **/
	function settled():Bool {
		return !busy() && moves.length == 0;
	}

	// ---- frames ----------------------------------------------------------

	function frame(_) {
		tweens = [for (t in tweens) if (t.step()) t];
		if (settled() && (incoming != null || dirty))
			show();
		if (settle && settled() && incoming == null && !dirty) {
			settle = false;
			reportIn = 1;
		}
		if (st != null)
			hud.show(st, st.solved ? st.elapsed_ms : st.elapsed_ms + (Lib.getTimer() - recvAt));
		if (panel.tick())
			reportIn = 1; // its buttons are on the stage now
		if (reportIn >= 0 && reportIn-- == 0)
			report();
		pointer.flush();
	}

	function show() {
		var s = incoming != null && (st == null || incoming.version >= st.version) ? incoming : st;
		incoming = null;
		dirty = false;
		if (s != null) {
			pointer.note("", "state " + s.version + " shown");
			render(s);
		}
	}

	/** Tells the page what is on the stage (ExternalInterface): it reports
		the layout to the server, in the page's pixels. It does so one frame
		after each redraw, and once the board is at rest after each release
		of the mouse (a tile that went home, a press on nothing), with the
		count of releases: a report counting a release means that release
		was dealt with. **/
	function report() {
		if (!ExternalInterface.available || st == null)
			return;
		var controls:Dynamic = {undo: hud.undo.rect(), restart: hud.restart.rect()};
		Reflect.setField(controls, "menu-btn", hud.menu.rect());
		panel.addControls(controls);
		menu.addControls(controls);
		var info = {
			version: st.version,
			size: st.size,
			theme: st.theme,
			releases: releases,
			area: [0, AREA_Y, SIDE],
			stage: [W, H],
			controls: controls
		};
		try {
			ExternalInterface.call("hexiomDrawn", haxe.Json.stringify(info));
		} catch (e:Dynamic) {
			trace("hexiomDrawn: " + e);
		}
	}

	// ---- drawing ---------------------------------------------------------

	function render(s:Dynamic) {
		st = s;
		recvAt = Lib.getTimer();
		radius = s.geometry.radius * SIDE;
		var cs:Array<Dynamic> = s.geometry.centres;
		centres = [for (c in cs) [c[0] * SIDE, AREA_Y + c[1] * SIDE]];
		drawSky(s);
		drawPlate(s);
		drawTiles(s);
		panel.show(s);
		reportIn = 1;
	}

	function drawSky(s:Dynamic) {
		var key = s.mode == "level" ? Std.int(s.level) : Std.int(s.seed % 997) + Std.int(s.size);
		if (key == skyKey)
			return;
		skyKey = key;
		sky.graphics.clear();
		sky.y = AREA_Y;
		Look.sky(sky.graphics, SIDE, SIDE, key);
	}

	/** Draws the plate and the recesses, unless they are those drawn
		already: they depend only on the cells that never change (holes and
		locked tiles) and the size, and Ruffle tessellates a redrawn shape
		anew (hundreds of fills on a size-6 board). **/
	function drawPlate(s:Dynamic) {
		var cells:Array<Dynamic> = s.cells;
		// (the size too: sizes 2 and 3 share the radius, and a size-3
		// board without holes or locked tiles has the key of a size-2 one)
		var key = radius + ":" + cells.length + ":" + [for (i in 0...cells.length) if (cells[i].kind == "hole" || cells[i].kind == "locked") i].join(",");
		if (key == plateKey)
			return;
		plateKey = key;
		var g = plate.graphics;
		g.clear();
		Look.plate(g, Look.flat ? [for (i in 0...cells.length) if (cells[i].kind != "hole") centres[i]] : centres, radius);
		// A recess under every movable tile too: the cell a tile is lifted
		// from shows empty while it is dragged and until the server's answer
		// redraws the board, never as flat plate (a hole).
		for (i in 0...cells.length)
			if (cells[i].kind == "empty" || cells[i].kind == "movable")
				Look.recess(g, centres[i][0], centres[i][1], radius);
			else if (cells[i].kind == "hole")
				Look.hole(g, centres[i][0], centres[i][1], radius);
	}

	/** Puts a tile on every cell that has one: the tile already there when
		it fits (recoloured), else a new one. **/
	function drawTiles(s:Dynamic) {
		var old = tiles;
		tiles = new Map();
		var cells:Array<Dynamic> = s.cells;
		for (i in 0...cells.length) {
			if (cells[i].tile < 0)
				continue;
			var t = old.get(i);
			if (t != null && t.fits(cells[i], radius)) {
				old.remove(i);
				t.update(i, cells[i], centres[i][0], centres[i][1]);
			} else
				t = newTile(i, cells[i]);
			tiles.set(i, t);
		}
		for (t in old)
			if (t.parent != null)
				tileLayer.removeChild(t);
	}

	function newTile(i:Int, view:Dynamic):Tile {
		var t = new Tile(i, view, radius, centres[i][0], centres[i][1]);
		if (t.movable)
			t.addEventListener(MouseEvent.MOUSE_DOWN, press);
		tileLayer.addChild(t);
		return t;
	}

	// ---- dragging --------------------------------------------------------

	function press(e:MouseEvent) {
		var t:Tile = cast e.currentTarget;
		var cell = t.cell;
		if (settled() && incoming != null) {
			// A state came that the next frame would draw: draw it now and
			// press what it has under the mouse, as the canvas page does
			// (it takes a state as it comes). Ruffle on a busy machine runs
			// a frame a second and less, and every move's answer, and the
			// long poll's every 20 s, left that long a window in which a
			// press was ignored (7 of 52 drags in TestE2ERuffleBevel at
			// load 6, all of them). Not a new board, though: a press on a
			// tile of the board shown never moves a tile of another.
			if (st != null && incoming.started != st.started) {
				pointer.note("mousedown", "ignored: a new board not shown yet");
				return;
			}
			show();
			t = tiles.get(cell);
		}
		var why = t == null || !t.movable ? "no movable tile on cell " + cell + " in the state drawn" : ignored();
		pointer.note("mousedown", why == null ? "took tile on cell " + cell : "ignored: " + why);
		if (why != null)
			return;
		dragging = t;
		tileLayer.addChild(t); // on top
		t.scaleX = t.scaleY = 1.06;
		t.startDrag();
	}

	/** Why a press on a movable tile is ignored now, or null: a tile
		moves, a request is on its way, the board is solved or the menu is
		open. **/
	function ignored():String {
		if (dragging != null)
			return "a tile is dragged";
		if (tweens.length > 0)
			return "a tile tweens (" + tweens.length + ")";
		if (inFlight)
			return "a request is on its way";
		if (st == null)
			return "no state";
		if (st.solved)
			return "solved";
		if (menu.visible)
			return "the menu";
		return null;
	}

	function release(_) {
		releases++;
		settle = true;
		if (dragging == null)
			return;
		var t = dragging;
		dragging = null;
		t.stopDrag();
		t.scaleX = t.scaleY = 1;
		var to = cellAt(stage.mouseX, stage.mouseY);
		var from = t.cell;
		if (takes(from, to)) {
			pointer.note("mouseup", "dropped " + from + " on " + to);
			drop(t, to);
		} else {
			pointer.note("mouseup", "sent " + from + " home (" + to + " at " + stage.mouseX + "," + stage.mouseY + ")");
			tweens.push(new Tween(t, t.homeX, t.homeY, HOME));
		}
	}

	/** A release outside the player: the tile goes home. **/
	function cancel() {
		settle = true;
		if (dragging == null)
			return;
		var t = dragging;
		dragging = null;
		t.stopDrag();
		t.scaleX = t.scaleY = 1;
		tweens.push(new Tween(t, t.homeX, t.homeY, HOME));
	}

	/** Whether the game takes a drop of the tile on cell from onto to: a
		free cell, or a movable tile when the server swaps. **/
	function takes(from:Int, to:Int):Bool {
		if (to < 0 || to == from)
			return false;
		var k = st.cells[to].kind;
		return k == "empty" || (k == "movable" && st.swap);
	}

	/** Drops tile t on cell to: it (and a swapped tile) tween into place,
		the board takes the move at once, and the move goes to the server
		after those before it; the server's answer redraws the board once
		every move is answered. A player may drag the next tile meanwhile. **/
	function drop(t:Tile, to:Int) {
		var from = t.cell;
		tweens.push(new Tween(t, centres[to][0], centres[to][1], SNAP));
		var other = tiles.get(to);
		if (other != null) // the two arrive together
			tweens.push(new Tween(other, t.homeX, t.homeY, SNAP));
		place(t, to);
		if (other != null)
			place(other, from)
		else
			tiles.remove(from);
		var cells:Array<Dynamic> = st.cells;
		var c = cells[from];
		cells[from] = cells[to];
		cells[to] = c;
		moves.push({from: from, to: to, started: st.started});
		if (moves.length == 1)
			sendMove();
	}

	function place(t:Tile, cell:Int) {
		t.cell = cell;
		t.homeX = centres[cell][0];
		t.homeY = centres[cell][1];
		tiles.set(cell, t);
	}

	/** POSTs the oldest unanswered move: one at a time, in order. **/
	function sendMove() {
		server.post("/api/move", moves[0], function(a) {
			answered();
			if (a != null)
				offer(a.state);
		}, function(err) {
			// refused (409: stale, illegal, solved) or lost: redraw what the
			// server has
			trace(err);
			answered();
			server.get("/api/state", offer, function(e) trace(e));
		});
	}

	function answered() {
		moves.shift();
		dirty = true;
		if (moves.length > 0)
			sendMove();
	}

	/** The cell whose hexagon holds stage point (x, y), or -1. **/
	function cellAt(x:Float, y:Float):Int {
		for (i in 0...centres.length)
			if (inHex(x - centres[i][0], y - centres[i][1], radius))
				return i;
		return -1;
	}

	static function inHex(dx:Float, dy:Float, r:Float):Bool {
		dx = Math.abs(dx);
		dy = Math.abs(dy);
		var s3 = Math.sqrt(3);
		return dy <= s3 / 2 * r && s3 * dx + dy <= s3 * r;
	}
}
