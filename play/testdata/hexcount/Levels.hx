// The 40 official levels, read from the repository's levels/levelNN.txt at compile time.
class Levels {
	#if !macro
	public static var DATA:Array<String> = load();
	#end

	macro static function load() {
		var arr = [];
		for (i in 1...41) {
			var p = "../../../levels/level" + (i < 10 ? "0" : "") + i + ".txt";
			var t = sys.io.File.getContent(p);
			t = StringTools.replace(t, "\r", "");
			arr.push(macro $v{t});
		}
		return macro $a{arr};
	}
}
