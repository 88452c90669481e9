#!/usr/bin/env bash
# tantrix-set.sh: make the set of hard fixed Tantrix boards of issue 44
# (Tantrix half) for scripts/tantrix-compare-set.sh. For each of six kinds
# of board, rings grown as loops (scripts/tantrixhard -shape curve: one
# hole), rings with bands across (holes: two or three holes), open bands
# (snake), and the same three with one place moved (-move 1: the board no
# longer matches the loop it was drawn for, but nearly: the tile and
# colour counts still fit its walls but for one place), it scans seeds FROM..TO
# (n = 20 + (seed·7919 mod 101), 20..120) with scripts/tantrix-scan.sh (our
# solver, one thread, a CPU cap), then keeps, of each kind, the K boards
# with a solution and the K without one that took our solver the most
# nodes (nodes with one thread are the same every run, so the choice does
# not depend on the load): 12·K boards, half of them without a solution,
# chosen against our solver; the boards it did not decide within the cap
# come on top (up to K a kind). The boards go to DIR as SHAPE-N-SEED.txt, the scans
# to DIR/scan-*.txt, the chosen paths to DIR/set.txt.
#
#   scripts/tantrix-set.sh [-from SEED] [-to SEED] [-k K] [-cap CPU_SECONDS] DIR
#
# Defaults: seeds 2001..2120 (fresh: the scans of round three used 1..600),
# K = 25 (300 boards), cap 5 s. Needs Go.
set -euo pipefail
cd "$(dirname "$0")/.."
from=2001 to=2120 k=25 cap=5
while [[ "${1:-}" == -* ]]; do
	case $1 in
	-from) from=$2 ;;
	-to) to=$2 ;;
	-k) k=$2 ;;
	-cap) cap=$2 ;;
	*) echo "usage: $0 [-from SEED] [-to SEED] [-k K] [-cap CPU_SECONDS] DIR" >&2; exit 2 ;;
	esac
	shift 2
done
[[ $# -eq 1 ]] || { echo "usage: $0 [-from SEED] [-to SEED] [-k K] [-cap CPU_SECONDS] DIR" >&2; exit 2; }
dir=$(realpath -m "$1")
mkdir -p "$dir"
export TANTRIX_SCAN_DIR=$dir
for shape in curve holes snake; do
	for move in 0 1; do
		out="$dir/scan-$shape-$move.txt"
		[[ -s $out ]] || scripts/tantrix-scan.sh -shape "$shape" -move "$move" -from "$from" -to "$to" -cap "$cap" >"$out"
	done
done
# per kind and verdict, the most nodes first (a time-out first of all)
cat "$dir"/scan-*.txt | grep -v '^#' |
	awk '{v = $4 == "timeout" ? "solved?" : $4; nodes = $4 == "timeout" ? 1e12 : $6; print $1, v, nodes, $0}' |
	sort -k1,1 -k2,2 -k3,3gr |
	awk -v k="$k" -v dir="$dir" '{key = $1 " " $2; if (++c[key] <= k) print dir "/" $4 "-" $6 "-" $5 ".txt"}' >"$dir/set.txt"
echo "tantrix-set: $(wc -l <"$dir/set.txt") boards in $dir/set.txt"
