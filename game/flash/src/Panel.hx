import flash.display.Sprite;
import flash.text.TextField;
import flash.text.TextFieldAutoSize;
import flash.text.TextFormat;

/** The panel over a solved board: "Solved!" (or the challenge's verdict),
	with Next Level and Replay. **/
class Panel extends Sprite {
	/** Frames the finished board shows whole before the panel comes (1.2 s
		at 30 fps, as the canvas page waits). **/
	public static inline var DELAY = 36;

	var wait = -1; // frames until the panel shows, or -1
	var title:TextField;
	var info:TextField;
	var nextBtn:Button;
	var replayBtn:Button;

	public function new(w:Float, top:Float, side:Float, onNext:Void->Void, onReplay:Void->Void) {
		super();
		var pw = 260.0, ph = 150.0;
		x = (w - pw) / 2;
		y = top + (side - ph) / 2;
		graphics.lineStyle(3, 0xC8A000);
		graphics.beginFill(0x181824, 0.95);
		graphics.drawRoundRect(0, 0, pw, ph, 28, 28);
		graphics.endFill();
		title = line(14, 26, 0xFFE848, pw);
		info = line(52, 13, 0xD8D8D8, pw);
		nextBtn = new Button("next", "Next Level", 112, 34, 0xFFE848, 0x2A2000, onNext);
		nextBtn.x = 12;
		nextBtn.y = 96;
		replayBtn = new Button("replay", "Replay", 112, 34, 0x5A5A6A, 0xFFFFFF, onReplay);
		replayBtn.x = pw - 124;
		replayBtn.y = 96;
		addChild(nextBtn);
		addChild(replayBtn);
		visible = false;
	}

	function line(y:Float, size:Int, colour:UInt, w:Float):TextField {
		var t = new TextField();
		t.selectable = false;
		t.mouseEnabled = false;
		t.width = w;
		t.y = y;
		var f = new TextFormat("DejaVu Sans,_sans", size, colour, true);
		f.align = flash.text.TextFormatAlign.CENTER;
		t.defaultTextFormat = f;
		addChild(t);
		return t;
	}

	/** Shows st's panel DELAY frames from now if st is solved, or hides it. **/
	public function show(st:Dynamic) {
		if (!st.solved) {
			visible = false;
			wait = -1;
			return;
		}
		if (!visible && wait < 0)
			wait = DELAY;
		var won = st.mode != "challenge" || st.achieved;
		title.text = st.mode == "challenge" ? (won ? "Achieved!" : "Too slow") : "Solved!";
		info.text = st.moves + " moves, " + Math.round(st.elapsed_ms / 100) / 10 + " s";
		nextBtn.visible = !(st.mode == "level" && st.level >= 40);
	}

	/** Counts a frame down; true when the panel has just come. **/
	public function tick():Bool {
		if (wait < 0 || --wait > 0)
			return false;
		wait = -1;
		visible = true;
		return true;
	}

	/** Adds the visible buttons' rectangles to the layout's controls. **/
	public function addControls(c:Dynamic) {
		if (!visible)
			return;
		if (nextBtn.visible)
			Reflect.setField(c, "next", nextBtn.rect());
		Reflect.setField(c, "replay", replayBtn.rect());
	}

	/** The level after st's: the next official one, or a new random
		level of the same kind. **/
	public static function next(st:Dynamic):Dynamic {
		return switch (st.mode) {
			case "level": {mode: "level", level: st.level + 1};
			case "challenge": {mode: "challenge"};
			default: {mode: "random", size: st.size};
		}
	}

	/** st's level again, from its start. **/
	public static function replay(st:Dynamic):Dynamic {
		return switch (st.mode) {
			case "level": {mode: "level", level: st.level};
			case "challenge": {mode: "challenge", seed: st.seed};
			default: {mode: "random", size: st.size, seed: st.seed};
		}
	}
}
