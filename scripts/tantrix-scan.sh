#!/usr/bin/env bash
# tantrix-scan.sh: look for the hard fixed Tantrix boards of a shape (issue
# 44): make boards with scripts/tantrixhard for a range of seeds and solve
# each with `hexiom tantrix solve -json -threads 1` under a cap on the
# process's CPU time (ulimit -t, so that a busy machine does not turn
# easy boards into time-outs), one line a board:
#
#   <shape[+K]> <seed> <n> <solved|none|timeout> <CPU ms> <nodes>
#
#   scripts/tantrix-scan.sh [-shape SHAPE] [-move K] [-from SEED] [-to SEED] [-min N] [-max N] [-cap CPU_SECONDS]
#
# Defaults: shape curve, seeds 1..100, n = MIN + (seed·7919 mod (MAX−MIN+1))
# with MIN 20 and MAX 120, a cap of 3 s; -move K moves K places of each
# board (tantrixhard gen -move, the shape SHAPE+K in the output). The boards stay in the directory
# of $TANTRIX_SCAN_DIR (default a temporary one, removed at the end) as
# SHAPE-N-SEED.txt; give them to scripts/tantrix-sat.cpp or `hexiom
# tantrix solve` again. Needs Go.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh # the Linux build (gocv customenv)
shape=curve move=0 from=1 to=100 nmin=20 nmax=120 cap=3
while [[ "${1:-}" == -* ]]; do
	case $1 in
	-shape) shape=$2 ;;
	-move) move=$2 ;;
	-from) from=$2 ;;
	-to) to=$2 ;;
	-min) nmin=$2 ;;
	-max) nmax=$2 ;;
	-cap) cap=$2 ;;
	*) echo "usage: $0 [-shape SHAPE] [-move K] [-from SEED] [-to SEED] [-min N] [-max N] [-cap CPU_SECONDS]" >&2; exit 2 ;;
	esac
	shift 2
done
export PATH="$PATH:/usr/local/go/bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dir=${TANTRIX_SCAN_DIR:-$tmp}
mkdir -p "$dir"
go build -o "$tmp/hexiom" ./cmd/hexiom
go build -o "$tmp/hard" ./scripts/tantrixhard
echo "# $(nproc) cores; load at start: $(cut -d' ' -f1-3 /proc/loadavg); cap ${cap} s of CPU a board; commit $(git rev-parse --short HEAD)"
for seed in $(seq "$from" "$to"); do
	n=$((nmin + (seed * 7919) % (nmax - nmin + 1)))
	name=$shape
	((move > 0)) && name=$shape+$move
	b="$dir/$name-$n-$seed.txt"
	"$tmp/hard" gen -n "$n" -seed "$seed" -shape "$shape" -move "$move" >"$b"
	o=$( (ulimit -t "$cap"; "$tmp/hexiom" tantrix solve -json -threads 1 -timeout 24h "$b" 2>/dev/null) || true)
	ms=$(grep -o '"cpu_ns":[0-9]*' <<<"$o" | cut -d: -f2 | awk '{printf "%.1f", $1 / 1e6}')
	nodes=$(grep -o '"nodes":[0-9]*' <<<"$o" | cut -d: -f2)
	if grep -q '"solved":true' <<<"$o"; then v=solved
	elif grep -q '"proved":true' <<<"$o"; then v=none
	else v=timeout; fi
	echo "$name $seed $n $v ${ms:--} ${nodes:--}"
done
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
