import flash.display.Stage;
import flash.events.MouseEvent;

/**
	The mouse as the SWF sees it, for tests (the server's -debug mode):
	every press, move and release that reaches the stage, sent to POST
	/api/pointer in batches, at most one request at a time. Coordinates are
	the stage's (pointerType "flash"), not the page's.
**/
class PointerLog {
	var events:Array<Dynamic> = [];
	var server:Server = null;
	var sending = false;

	public function new() {}

	public function listen(stage:Stage, server:Server) {
		this.server = server;
		for (type in [MouseEvent.MOUSE_DOWN, MouseEvent.MOUSE_MOVE, MouseEvent.MOUSE_UP])
			stage.addEventListener(type, log, true);
	}

	function log(e:MouseEvent) {
		events.push({
			type: e.type.toLowerCase(),
			clientX: e.stageX,
			clientY: e.stageY,
			screenX: 0,
			screenY: 0,
			pointerType: "flash",
			buttons: e.buttonDown ? 1 : 0,
			t: flash.Lib.getTimer()
		});
	}

	/** Notes what the game did with the event of type type just logged
		(a press taken or ignored and why, a release's drop); a note of its
		own (type "note") when no such event was logged just before, or
		when type is "" (a state that came, or was drawn). **/
	public function note(type:String, what:String) {
		if (server == null)
			return; // not listening: nothing logged
		var i = events.length;
		while (i-- > 0 && i >= events.length - 4) // its handler's own notes may come between
			if (events[i].type == type && events[i].note == null) {
				events[i].note = what;
				return;
			}
		events.push({
			type: "note",
			clientX: 0,
			clientY: 0,
			screenX: 0,
			screenY: 0,
			pointerType: "flash",
			buttons: 0,
			t: flash.Lib.getTimer(),
			note: type == "" ? what : type + ": " + what
		});
	}

	/** Sends what was logged since the last batch. **/
	public function flush() {
		if (server == null || sending || events.length == 0)
			return;
		var batch = events;
		events = [];
		sending = true;
		server.post("/api/pointer", batch, function(_) sending = false, function(err) {
			sending = false;
			trace(err);
		});
	}
}
