import flash.display.DisplayObject;

/**
	A move of a display object to (x, y) over a number of frames, eased
	out; Main steps every running tween on ENTER_FRAME.
**/
class Tween {
	var obj:DisplayObject;
	var x0:Float;
	var y0:Float;
	var x1:Float;
	var y1:Float;
	var frames:Int;
	var frame = 0;

	public function new(obj:DisplayObject, x:Float, y:Float, frames:Int) {
		this.obj = obj;
		x0 = obj.x;
		y0 = obj.y;
		x1 = x;
		y1 = y;
		this.frames = frames < 1 ? 1 : frames;
	}

	/** Advances one frame; false once the object has arrived. **/
	public function step():Bool {
		frame++;
		var t = frame / frames;
		var e = 1 - Math.pow(1 - t, 3);
		obj.x = x0 + (x1 - x0) * e;
		obj.y = y0 + (y1 - y0) * e;
		return frame < frames;
	}
}
