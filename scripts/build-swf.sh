#!/usr/bin/env bash
# build-swf.sh: compiles the clone's Flash build, game/flash/src/*.hx, with
# Debian's haxe (apt-get install haxe; scripts/install-deps.sh) into
# build/flash/hexiom.swf (not committed), for a look at the SWF outside the
# game: `hexiom game -runtime ruffle -swf build/flash/hexiom.swf` serves it.
# The tests and `hexiom game -runtime ruffle` compile the same source the
# same way themselves (game/flash.Build: the same build.hxml).
#
#   ./scripts/build-swf.sh [OUT.swf]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/flash/hexiom.swf}
command -v haxe >/dev/null 2>&1 || { echo "build-swf: haxe missing (apt-get install haxe)" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
(cd game/flash && haxe build.hxml -swf "$out")
echo "$out"
