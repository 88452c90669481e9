#!/usr/bin/env bash
# gecode-compare.sh: solve the official levels with Gecode (the MiniZinc model
# scripts/hexiom.mzn, written from the article in
# ../shared/seeds/000_2828e0488a884932.txt, with its search) and with our
# solver, in one run, and print per-level times and the ratio.
#
#   scripts/gecode-compare.sh [-timeout SECONDS] [LEVEL.txt ...]
#
# Defaults to the 40 levels in levels. Gecode's time is its
# own solveTime statistic (flattening excluded); ours is solve_ns of
# `hexiom solve -json -first`, the median of 5 solves in one process. Both
# stop at the first solution. Needs the Debian packages minizinc and
# flatzinc (Gecode) and Go.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh # the Linux build (gocv customenv)

timeout=120
if [[ "${1:-}" == "-timeout" ]]; then timeout=$2; shift 2; fi
levels=("$@")
if [[ ${#levels[@]} -eq 0 ]]; then levels=(levels/level*.txt); fi

for tool in minizinc go; do
	command -v "$tool" >/dev/null || { echo "gecode-compare: $tool not found (apt-get install minizinc flatzinc golang)" >&2; exit 2; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/" ./cmd/hexiom ./cmd/hexiom-lab

printf '%-12s %12s %12s %10s\n' level gecode_ms ours_ms ratio
total_g=0 total_o=0
for f in "${levels[@]}"; do
	name=$(basename "$f" .txt)
	"$tmp/hexiom-lab" dzn "$f" >"$tmp/$name.dzn"
	g_ms="timeout"
	if out=$(timeout "$((timeout + 10))" minizinc --solver gecode -s --time-limit "$((timeout * 1000))" \
		scripts/hexiom.mzn "$tmp/$name.dzn" 2>/dev/null); then
		if grep -q '^x = ' <<<"$out"; then
			g_ms=$(awk -F= '/mzn-stat: solveTime=/ {printf "%.3f", $2 * 1000; exit}' <<<"$out")
		fi
	fi
	o_ms=$("$tmp/hexiom" solve -json -first "$f" "$f" "$f" "$f" "$f" |
		grep -o '"solve_ns":[0-9]*' | cut -d: -f2 | sort -n | sed -n 3p |
		awk '{printf "%.3f", $1 / 1e6}')
	ratio="-"
	if [[ "$g_ms" != timeout ]]; then
		ratio=$(awk -v g="$g_ms" -v o="$o_ms" 'BEGIN {printf "%.1f", g / o}')
		total_g=$(awk -v a="$total_g" -v b="$g_ms" 'BEGIN {print a + b}')
	fi
	total_o=$(awk -v a="$total_o" -v b="$o_ms" 'BEGIN {print a + b}')
	printf '%-12s %12s %12s %10s\n' "$name" "$g_ms" "$o_ms" "$ratio"
done
printf '%-12s %12.3f %12.3f %10s\n' total "$total_g" "$total_o" \
	"$(awk -v g="$total_g" -v o="$total_o" 'BEGIN {printf "%.1f", g / o}')"
