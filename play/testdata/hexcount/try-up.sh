#!/bin/bash
# try-up.sh LEVEL: Xvfb :78, the server, one Chromium on the foreign SWF's level (left running; try-down.sh stops them)
run=/tmp/hexcount-run; mkdir -p $run
LEVEL=${1:-38}
export DISPLAY=:78
if [ ! -e /tmp/.X11-unix/X78 ]; then
  setsid Xvfb :78 -screen 0 1400x1040x24 -nolisten tcp -noreset >/dev/null 2>&1 & echo $! > $run/x.pid; sleep 1.5
fi
if ! (exec 3<>/dev/tcp/127.0.0.1/8766) 2>/dev/null; then
  setsid python3 -m http.server 8766 --bind 127.0.0.1 --directory "$(cd "$(dirname "$0")" && pwd)" >/dev/null 2>&1 & echo $! > $run/s.pid; sleep 0.7
fi
[ -f $run/c.pid ] && kill -- -$(cat $run/c.pid) 2>/dev/null && sleep 1
rm -rf $run/profile; mkdir -p $run/profile
setsid /usr/lib/chromium/chromium --no-sandbox --test-type --no-first-run --no-default-browser-check \
  --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage \
  --password-store=basic --user-data-dir=$run/profile --use-gl=angle --use-angle=swiftshader \
  --enable-unsafe-swiftshader --window-position=30,20 --window-size=1280,1000 \
  --app="http://127.0.0.1:8766/index.html?level=$LEVEL" >/dev/null 2>&1 &
echo $! > $run/c.pid
sleep 15
