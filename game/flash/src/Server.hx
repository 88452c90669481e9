import flash.events.Event;
import flash.events.HTTPStatusEvent;
import flash.events.IOErrorEvent;
import flash.events.SecurityErrorEvent;
import flash.net.URLLoader;
import flash.net.URLRequest;
import flash.net.URLRequestHeader;
import flash.net.URLRequestMethod;

/**
	The game's server, as a Flash game of the time talked to its own: by
	URLLoader, same origin, JSON in and out. State-changing requests carry
	the token the page passed in the FlashVars (the server's guard wants it
	in the X-Hexiom-Token header, with Content-Type application/json).
**/
class Server {
	var token:String;

	public function new(token:String) {
		this.token = token;
	}

	/** GETs path; done gets the parsed JSON answer. **/
	public function get(path:String, done:Dynamic->Void, fail:String->Void) {
		send(new URLRequest(path), done, fail);
	}

	/** POSTs body as JSON to path; done gets the parsed answer (null for
		an empty one). **/
	public function post(path:String, body:Dynamic, done:Dynamic->Void, fail:String->Void) {
		var r = new URLRequest(path);
		r.method = URLRequestMethod.POST;
		r.contentType = "application/json";
		r.requestHeaders = [new URLRequestHeader("X-Hexiom-Token", token)];
		r.data = haxe.Json.stringify(body);
		send(r, done, fail);
	}

	function send(r:URLRequest, done:Dynamic->Void, fail:String->Void) {
		var l = new URLLoader();
		var status = 0;
		l.addEventListener(HTTPStatusEvent.HTTP_STATUS, function(e:HTTPStatusEvent) status = e.status);
		l.addEventListener(Event.COMPLETE, function(_) {
			if (status >= 400) {
				fail(r.url + ": HTTP " + status);
				return;
			}
			done(parse(l.data));
		});
		l.addEventListener(IOErrorEvent.IO_ERROR, function(e:IOErrorEvent) fail(r.url + ": " + e.text));
		l.addEventListener(SecurityErrorEvent.SECURITY_ERROR, function(e:SecurityErrorEvent) fail(r.url + ": " + e.text));
		l.load(r);
	}

	static function parse(data:Dynamic):Dynamic {
		var s = data == null ? "" : Std.string(data);
		if (StringTools.trim(s) == "")
			return null;
		try {
			return haxe.Json.parse(s);
		} catch (e:Dynamic) {
			return null;
		}
	}
}
