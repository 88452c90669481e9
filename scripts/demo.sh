#!/usr/bin/env bash
# demo.sh: the README's main command. On a fresh Debian 12 machine it installs
# what is missing, then, on a virtual display (Xvfb), opens the clone in
# Chromium, calibrates by clicking three cells, starts the "impossible"
# challenge (a random size-6 level, three minutes) and lets the bot solve it
# hands-free with `hexiom play`. It prints the time against the three-minute
# limit and saves before.png, after.png and run.gif in ./hexiom-demo.
#
#   ./scripts/demo.sh                      build and run
#   ./scripts/demo.sh /path/to/hexiom      use a built binary
#   ./scripts/demo.sh -- -seed 7 -out DIR  flags for `hexiom play-demo`
#   HEXIOM="go run ./cmd/hexiom" ./scripts/demo.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
. "$root/scripts/env.sh" # the Linux build (gocv customenv)
unset XDG_SESSION_TYPE WAYLAND_DISPLAY

bin="${HEXIOM:-}"
if (($#)) && [ "$1" != "--" ]; then bin="$1"; shift; fi
if (($#)) && [ "$1" == "--" ]; then shift; fi
if [ -z "$bin" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  echo "demo: building hexiom…" >&2
  (cd "$root" && go build -o "$tmp/hexiom" ./cmd/hexiom)
  bin="$tmp/hexiom"
fi
# `go run ./cmd/hexiom` must run in the repository (pictures land there too).
case "$bin" in "go run"*) cd "$root" ;; esac
# The demo starts and stops its own Xvfb on a free display; nothing else on
# this machine's screen is touched.
$bin play-demo "$@"
