import flash.display.Sprite;
import flash.text.TextField;
import flash.text.TextFieldAutoSize;
import flash.text.TextFormat;

/** The HUD over the game area: "Level NN" and the clock at the left, the
	level menu, undo and restart at the right. **/
class Hud extends Sprite {
	public static inline var H = 40;

	var title:TextField;
	var clock:TextField;

	public var menu:Button;
	public var undo:Button;
	public var restart:Button;

	public function new(w:Float, onMenu:Void->Void, onUndo:Void->Void, onRestart:Void->Void) {
		super();
		var m = new flash.geom.Matrix();
		m.createGradientBox(w, H, Math.PI / 2, 0, 0);
		Look.gradientFill(graphics, flash.display.GradientType.LINEAR, [0x3A3A46, 0x16161E], [0, 255], m, 0, 0, w, H);
		graphics.drawRect(0, 0, w, H);
		graphics.endFill();
		title = text(12, 18, 0xFFFFFF);
		clock = text(120, 16, 0xD8D8D8);
		menu = new Button("menu-btn", "\u2630", 30, 30, 0x4A4A4A, 0xFFFFFF, onMenu);
		menu.x = w - 112;
		menu.y = 5;
		addChild(menu);
		undo = new Button("undo", "\u21B6", 30, 30, 0x4A4A4A, 0xFFFFFF, onUndo);
		undo.x = w - 76;
		undo.y = 5;
		addChild(undo);
		restart = new Button("restart", "\u21BB", 30, 30, 0x4A4A4A, 0xFFFFFF, onRestart);
		restart.x = w - 40;
		restart.y = 5;
		addChild(restart);
	}

	function text(x:Float, size:Int, colour:UInt):TextField {
		var t = new TextField();
		t.selectable = false;
		t.mouseEnabled = false;
		t.autoSize = TextFieldAutoSize.LEFT;
		t.defaultTextFormat = new TextFormat("DejaVu Sans,_sans", size, colour, true);
		t.x = x;
		t.y = 8;
		addChild(t);
		return t;
	}

	/** Shows the level's name and the time, mm:ss (and the limit). **/
	public function show(st:Dynamic, elapsedMS:Float) {
		set(title, levelName(st));
		var s = mmss(elapsedMS);
		if (st.limit_ms > 0)
			s += " / " + mmss(st.limit_ms);
		set(clock, s);
	}

	/** Sets a text only when it changes: no new layout every frame. **/
	static function set(t:TextField, s:String) {
		if (t.text != s)
			t.text = s;
	}

	static function levelName(st:Dynamic):String {
		return switch (st.mode) {
			case "level": "Level " + (st.level < 10 ? "0" : "") + st.level;
			case "challenge": "Challenge";
			default: "Random " + st.size;
		}
	}

	static function mmss(ms:Float):String {
		var s = Std.int(Math.max(0, ms) / 1000);
		var m = Std.int(s / 60);
		s = s % 60;
		return (m < 10 ? "0" : "") + m + ":" + (s < 10 ? "0" : "") + s;
	}
}
