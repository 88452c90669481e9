import flash.display.Sprite;
import flash.text.TextField;
import flash.text.TextFieldAutoSize;
import flash.text.TextFormat;

/**
	One tile on the board: a Sprite at its cell's centre, drawn by Look,
	with its digit in a device font (bold, white: DejaVu Sans Bold when
	Ruffle draws device fonts with the system's fonts). A redraw of the
	board keeps a tile whose digit, lock and size are unchanged and only
	recolours it: Ruffle lays out and rasterises a new TextField slowly.
**/
class Tile extends Sprite {
	public var cell:Int;
	public var movable:Bool;
	public var homeX:Float;
	public var homeY:Float;

	var number:Int;
	var locked:Bool;
	var r:Float;
	var status:String;

	public function new(cell:Int, view:Dynamic, r:Float, x:Float, y:Float) {
		super();
		this.cell = cell;
		this.r = r;
		number = view.tile;
		locked = view.kind == "locked";
		movable = view.kind == "movable";
		status = view.status;
		place(x, y);
		Look.tile(graphics, r, status, locked);
		if (Look.bevel)
			outlined(Std.string(number), r);
		else
			addChild(digit(Std.string(number), r));
		mouseChildren = false;
		buttonMode = movable;
		useHandCursor = movable;
	}

	/** Whether this tile can show view at size r (a recolour at most). **/
	public function fits(view:Dynamic, r:Float):Bool {
		return number == view.tile && locked == (view.kind == "locked") && this.r == r;
	}

	/** Shows view (which it fits) on cell at (x, y). **/
	public function update(cell:Int, view:Dynamic, x:Float, y:Float) {
		this.cell = cell;
		place(x, y);
		if (status != view.status) {
			status = view.status;
			graphics.clear();
			Look.tile(graphics, r, status, locked);
		}
	}

	function place(x:Float, y:Float) {
		homeX = this.x = x;
		homeY = this.y = y;
		scaleX = scaleY = 1;
	}

	static function digit(text:String, r:Float, ?colour:UInt):TextField {
		var t = new TextField();
		t.selectable = false;
		t.mouseEnabled = false;
		t.autoSize = TextFieldAutoSize.LEFT;
		t.defaultTextFormat = new TextFormat(Look.digitFont(), Math.max(8, Math.round(r * 0.92)), colour == null ? Look.digitColour() : colour, true);
		t.text = text;
		t.x = -t.width / 2;
		t.y = (Look.bevel ? -r * 0.15 : Look.flat ? -r * 0.12 : -r * 0.05) - t.height / 2;
		return t;
	}

	/** The bevel look's digit: drawn eight times in dark, a little off
		its place all around (an outline: Ruffle's WebGL renderer draws no
		GlowFilter), then once light on top. **/
	function outlined(text:String, r:Float) {
		var d = Math.max(1, r * 0.05);
		for (k in 0...8) {
			var a = Math.PI / 4 * k;
			var t = digit(text, r, Bevel.INK);
			t.x += Math.round(d * Math.cos(a) * 10) / 10;
			t.y += Math.round(d * Math.sin(a) * 10) / 10;
			addChild(t);
		}
		addChild(digit(text, r));
	}
}
