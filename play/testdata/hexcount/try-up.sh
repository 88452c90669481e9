#!/bin/bash
# try-up.sh LEVEL: Xvfb :78, the server, one Chromium on HEXCOUNT's level LEVEL (1-40, or a
# level file: any board, e.g. from 'hexiom gen'), left running
# (try-down.sh stops them). Each waits for what it needs (the X socket, the port, the game's
# background drawn at the stage's (6,200)), up to a minute, and says so if it never comes.
run=/tmp/hexcount-run; mkdir -p $run
LEVEL=${1:-38}
query="level=$LEVEL"
if [ -f "$LEVEL" ]; then
  query="board=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(open(sys.argv[1]).read()))' "$LEVEL")"
fi
export DISPLAY=:78
until_ok() { # until_ok WHAT CMD...: CMD until it succeeds, within 60 s
  local what=$1; shift
  for _ in $(seq 1 120); do "$@" 2>/dev/null && return 0; sleep 0.5; done
  echo "try-up.sh: $what did not come within 60 s" >&2; exit 1
}
if [ ! -e /tmp/.X11-unix/X78 ]; then
  setsid Xvfb :78 -screen 0 1400x1040x24 -nolisten tcp -noreset >/dev/null 2>&1 & echo $! > $run/x.pid
  until_ok "Xvfb :78" test -e /tmp/.X11-unix/X78
fi
port_open() { (exec 3<>/dev/tcp/127.0.0.1/8766); }
if ! port_open 2>/dev/null; then
  setsid python3 -m http.server 8766 --bind 127.0.0.1 --directory "$(cd "$(dirname "$0")" && pwd)" >/dev/null 2>&1 & echo $! > $run/s.pid
  until_ok "the server on 8766" port_open
fi
if [ -f $run/c.pid ]; then # the last Chromium gone, its window with it (else its game looks drawn)
  old=$(cat $run/c.pid)
  kill -- -$old 2>/dev/null
  gone() { ! kill -0 -- -$old; }
  until_ok "the last Chromium's exit" gone
fi
rm -rf $run/profile; mkdir -p $run/profile
setsid /usr/lib/chromium/chromium --no-sandbox --test-type --no-first-run --no-default-browser-check \
  --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage \
  --password-store=basic --user-data-dir=$run/profile --use-gl=angle --use-angle=swiftshader \
  --enable-unsafe-swiftshader --window-position=30,20 --window-size=1280,1000 --force-device-scale-factor=${ZOOM:-1} \
  --app="http://127.0.0.1:8766/index.html?$query" >/dev/null 2>&1 &
echo $! > $run/c.pid
# the game drawn: its dark blue background at the stage's (6,200), screen (53,279)
drawn() {
  local rgb
  rgb=$(import -window root -crop 1x1+$(awk "BEGIN{print int(53*${ZOOM:-1})}")+$(awk "BEGIN{print int(279*${ZOOM:-1})}") txt:- | tail -1 | sed -n 's/.*srgb(\([0-9]*\),\([0-9]*\),\([0-9]*\)).*/\1 \2 \3/p')
  set -- $rgb
  [ -n "$3" ] && [ "$1" -lt 80 ] && [ "$3" -gt "$1" ] && [ "$3" -gt 30 ]
}
until_ok "the game on the screen" drawn
