import flash.display.Sprite;
import flash.text.TextField;
import flash.text.TextFormat;

/** The level menu over the game area: the 40 official levels, random
	levels of size 3 to 6, the challenge. Its buttons have the ids the
	canvas page's have ("level-N", "random-S", "challenge", "menu-close"). **/
class Menu extends Sprite {
	var buttons:Array<Button> = [];

	/** choose gets the level spec a button asks for (POST /api/new), or
		null for Close. **/
	public function new(w:Float, top:Float, side:Float, choose:Dynamic->Void) {
		super();
		var pw = 360.0, ph = 300.0;
		x = (w - pw) / 2;
		y = top + (side - ph) / 2;
		graphics.lineStyle(3, 0xC8A000);
		graphics.beginFill(0x181824, 0.97);
		graphics.drawRoundRect(0, 0, pw, ph, 24, 24);
		graphics.endFill();
		heading(pw);
		for (n in 1...41)
			add("level-" + n, Std.string(n), 14 + ((n - 1) % 8) * 42, 44 + Std.int((n - 1) / 8) * 32, 38, 28, 0x666666,
				{mode: "level", level: n}, choose);
		for (s in 3...7)
			add("random-" + s, "Random " + s, 14 + (s - 3) * 84, 210, 80, 28, 0x5A5A6A, {mode: "random", size: s}, choose);
		add("challenge", "Challenge", 14, 252, 160, 32, 0xFFE848, {mode: "challenge"}, choose, 0x2A2000);
		add("menu-close", "Close", pw - 114, 252, 100, 32, 0x5A5A6A, null, choose);
		visible = false;
	}

	function heading(w:Float) {
		var t = new TextField();
		t.selectable = false;
		t.mouseEnabled = false;
		t.width = w;
		t.y = 8;
		var f = new TextFormat("DejaVu Sans,_sans", 20, 0xFFE848, true);
		f.align = flash.text.TextFormatAlign.CENTER;
		t.defaultTextFormat = f;
		t.text = "Levels";
		addChild(t);
	}

	function add(id:String, label:String, x:Float, y:Float, w:Float, h:Float, fill:UInt, spec:Dynamic, choose:Dynamic->Void,
			ink:UInt = 0xFFFFFF) {
		var b = new Button(id, label, w, h, fill, ink, function() choose(spec));
		b.x = x;
		b.y = y;
		addChild(b);
		buttons.push(b);
	}

	/** Adds the buttons' rectangles to the layout's controls when open. **/
	public function addControls(c:Dynamic) {
		if (!visible)
			return;
		for (b in buttons)
			Reflect.setField(c, b.id, b.rect());
	}
}
