#!/usr/bin/env bash
# demo.sh: the README's main command. On a fresh Debian 12 machine it installs
# what is missing, then, on a virtual display (Xvfb), opens the clone in
# Chromium, calibrates by clicking three cells, starts the "impossible"
# challenge (a random size-6 level, three minutes) and lets the bot solve it
# hands-free with `hexiom play`. It prints the time against the three-minute
# limit and saves before.png, after.png and run.gif in ./hexiom-demo. The
# demo is the developers' binary's (`hexiom-lab play-demo`); the bot it runs
# is the player's (`hexiom`).
#
#   ./scripts/demo.sh                      build both and run
#   ./scripts/demo.sh DIR                  use the hexiom and hexiom-lab built in DIR
#                                          (go build -o DIR/ ./cmd/hexiom ./cmd/hexiom-lab)
#   ./scripts/demo.sh -- -seed 7 -out DIR  flags for `hexiom-lab play-demo`
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
. "$root/scripts/env.sh" # the Linux build (gocv customenv)
unset XDG_SESSION_TYPE WAYLAND_DISPLAY

bin=""
if (($#)) && [ "$1" != "--" ]; then bin="$1"; shift; fi
if (($#)) && [ "$1" == "--" ]; then shift; fi
if [ -z "$bin" ]; then
  bin="$(mktemp -d)"
  trap 'rm -rf "$bin"' EXIT
  echo "demo: building hexiom and hexiom-lab…" >&2
  (cd "$root" && go build -o "$bin/" ./cmd/hexiom ./cmd/hexiom-lab)
fi
for b in hexiom hexiom-lab; do
  [ -x "$bin/$b" ] || { echo "demo: no $b in $bin (go build -o $bin/ ./cmd/hexiom ./cmd/hexiom-lab)" >&2; exit 1; }
done
# The demo starts and stops its own Xvfb on a free display; nothing else on
# this machine's screen is touched.
"$bin/hexiom-lab" play-demo -hexiom "$bin/hexiom" "$@"
