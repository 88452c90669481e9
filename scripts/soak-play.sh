#!/usr/bin/env bash
# soak-play.sh: the play soak run (not in CI). On a virtual display with the
# clone in Chromium, the bot plays 50 random size-6 challenges and all 40
# official levels in a row, each with a fresh `hexiom play`, and the run fails
# at the first board not solved (`hexiom-lab bench-play -soak`). Prints every
# board, then medians and splits.
#
#   ./scripts/soak-play.sh                   build hexiom and hexiom-lab and run
#   ./scripts/soak-play.sh DIR               use the hexiom and hexiom-lab built in DIR
#   ./scripts/soak-play.sh DIR -swap         extra flags for bench-play
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/env.sh" # the Linux build (gocv customenv)
unset XDG_SESSION_TYPE WAYLAND_DISPLAY
bin="${1:-}"
if (($#)); then shift; fi
if [ -z "$bin" ]; then
  bin="$(mktemp -d)"
  trap 'rm -rf "$bin"' EXIT
  (cd "$root" && go build -o "$bin/" ./cmd/hexiom ./cmd/hexiom-lab)
fi
echo "soak: $(uname -srm), $(nproc) CPUs, $("$bin/hexiom" help >/dev/null 2>&1 && echo hexiom ok), $(date -u +%FT%TZ)"
"$bin/hexiom-lab" bench-play -hexiom "$bin/hexiom" -soak "$@"
