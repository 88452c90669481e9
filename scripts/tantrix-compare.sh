#!/usr/bin/env bash
# tantrix-compare.sh: solve the same fixed Tantrix boards (from `hexiom
# tantrix gen`) with our solver and with the seed article's integer program
# (scripts/tantrix.mzn: C1, C2', C3, C4, re-solved with a C5 sub-loop cut
# after every answer with more than one loop) on Gecode (`hexiom-lab
# tantrix-mzn`), in one run, and
# print the times and their ratio.
#
#   scripts/tantrix-compare.sh [-timeout SECONDS] [-seeds K] [N ...]
#
# Defaults: 10 seeds of n = 20 40 60, Gecode capped at 120 s per board (all
# its runs together; a board that hits the cap prints ">cap" and counts at
# the cap in the total, so the ratio of totals is a lower bound). Gecode's
# time is its solveTime statistic summed over the runs (flattening
# excluded; wall time with flattening in its own column); ours is solve_ns
# of `hexiom tantrix solve -json`. Needs the Debian packages minizinc and
# flatzinc (Gecode) and Go.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh # the Linux build (gocv customenv)
timeout=120 seeds=10
while [[ "${1:-}" == -* ]]; do
	case $1 in
	-timeout) timeout=$2; shift 2 ;;
	-seeds) seeds=$2; shift 2 ;;
	*) echo "usage: $0 [-timeout SECONDS] [-seeds K] [N ...]" >&2; exit 2 ;;
	esac
done
sizes=("$@")
if [[ ${#sizes[@]} -eq 0 ]]; then sizes=(20 40 60); fi
export PATH="$PATH:/usr/local/go/bin"
for tool in minizinc go; do
	command -v "$tool" >/dev/null || { echo "tantrix-compare: $tool not found (apt-get install minizinc flatzinc golang)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/" ./cmd/hexiom ./cmd/hexiom-lab

echo "# $(nproc) cores; load at start: $(cut -d' ' -f1-3 /proc/loadavg); Gecode cap ${timeout} s per board"
printf '%-5s %4s %10s %8s %12s %12s %5s %5s %10s\n' n seed ours_ms nodes gecode_s gecode_wall iter cuts ratio
total_o=0 total_g=0
for n in "${sizes[@]}"; do
	for s in $(seq 1 "$seeds"); do
		b="$tmp/b-$n-$s.txt"
		"$tmp/hexiom" tantrix gen -n "$n" -seed "$s" -o "$b"
		o=$("$tmp/hexiom" tantrix solve -json "$b")
		o_ms=$(grep -o '"solve_ns":[0-9]*' <<<"$o" | cut -d: -f2 | awk '{printf "%.3f", $1 / 1e6}')
		nodes=$(grep -o '"nodes":[0-9]*' <<<"$o" | cut -d: -f2)
		g=$("$tmp/hexiom-lab" tantrix-mzn -json -timeout "${timeout}s" -model scripts/tantrix.mzn "$b" || true)
		g_s=$(grep -o '"gecode_solve_s":[0-9.e+-]*' <<<"$g" | cut -d: -f2)
		g_w=$(grep -o '"wall_s":[0-9.e+-]*' <<<"$g" | cut -d: -f2)
		it=$(grep -o '"iterations":[0-9]*' <<<"$g" | cut -d: -f2)
		cuts=$(grep -o '"cuts":[0-9]*' <<<"$g" | cut -d: -f2)
		if grep -q '"solved":true' <<<"$g"; then
			shown=$(awk -v g="$g_s" 'BEGIN {printf "%.3f", g}')
			ratio=$(awk -v g="$g_s" -v o="$o_ms" 'BEGIN {printf "%.0f", g * 1000 / o}')
			cnt=$g_s
		else
			shown=">cap" ratio=">$(awk -v g="$timeout" -v o="$o_ms" 'BEGIN {printf "%.0f", g * 1000 / o}')" cnt=$timeout
		fi
		total_o=$(awk -v a="$total_o" -v b="$o_ms" 'BEGIN {print a + b}')
		total_g=$(awk -v a="$total_g" -v b="$cnt" 'BEGIN {print a + b}')
		printf '%-5s %4s %10s %8s %12s %12.1f %5s %5s %10s\n' "$n" "$s" "$o_ms" "$nodes" "$shown" "$g_w" "$it" "$cuts" "$ratio"
	done
done
printf 'total: ours %.3f s, Gecode %.1f s (caps counted at the cap): ratio %.0f\n' \
	"$(awk -v a="$total_o" 'BEGIN {print a / 1000}')" "$total_g" \
	"$(awk -v g="$total_g" -v o="$total_o" 'BEGIN {print g * 1000 / o}')"
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
