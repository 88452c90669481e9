import flash.display.Sprite;
import flash.text.TextField;
import flash.text.TextFieldAutoSize;
import flash.text.TextFormat;

/**
	One tile on the board: a Sprite at its cell's centre, drawn by Look,
	with its digit in a device font (bold, white: DejaVu Sans Bold when
	Ruffle draws device fonts with the system's fonts).
**/
class Tile extends Sprite {
	public var cell:Int;
	public var movable:Bool;
	public var homeX:Float;
	public var homeY:Float;

	public function new(cell:Int, view:Dynamic, r:Float, x:Float, y:Float) {
		super();
		this.cell = cell;
		movable = view.kind == "movable";
		homeX = this.x = x;
		homeY = this.y = y;
		Look.tile(graphics, r, view.status, view.kind == "locked");
		addChild(digit(Std.string(view.tile), r));
		mouseChildren = false;
		buttonMode = movable;
		useHandCursor = movable;
	}

	static function digit(text:String, r:Float):TextField {
		var t = new TextField();
		t.selectable = false;
		t.mouseEnabled = false;
		t.autoSize = TextFieldAutoSize.LEFT;
		t.defaultTextFormat = new TextFormat("DejaVu Sans,_sans", Math.max(8, Math.round(r * 0.92)), Look.DIGIT, true);
		t.text = text;
		t.x = -t.width / 2;
		t.y = -r * 0.05 - t.height / 2;
		return t;
	}
}
