import flash.display.Sprite;
import flash.events.MouseEvent;
import flash.text.TextField;
import flash.text.TextFieldAutoSize;
import flash.text.TextFormat;

/** A button drawn in vectors: round (a glyph) or a wide pill (a word). **/
class Button extends Sprite {
	public var id:String;

	public function new(id:String, label:String, w:Float, h:Float, fill:UInt, ink:UInt, onClick:Void->Void) {
		super();
		this.id = id;
		var m = new flash.geom.Matrix();
		m.createGradientBox(w, h, Math.PI / 2, 0, 0);
		graphics.lineStyle(2, 0x8A8A8A);
		Look.gradientFill(graphics, flash.display.GradientType.LINEAR, [Look.shade(fill, 0.3), fill], [0, 255], m, -1, -1, w + 2, h + 2);
		graphics.drawRoundRect(0, 0, w, h, Math.min(w, h), Math.min(w, h));
		graphics.endFill();
		var t = new TextField();
		t.selectable = false;
		t.mouseEnabled = false;
		t.autoSize = TextFieldAutoSize.LEFT;
		t.defaultTextFormat = new TextFormat("DejaVu Sans,_sans", Math.round(h * 0.5), ink, true);
		t.text = label;
		t.x = (w - t.width) / 2;
		t.y = (h - t.height) / 2;
		addChild(t);
		mouseChildren = false;
		buttonMode = true;
		addEventListener(MouseEvent.CLICK, function(_) onClick());
	}

	/** [left, top, width, height] on the stage. **/
	public function rect():Array<Float> {
		var b = getBounds(stage);
		return [b.x, b.y, b.width, b.height];
	}
}
