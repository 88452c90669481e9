#!/usr/bin/env bash
# gecode-compare-max.sh: the overconstrained variant (place as many tiles, or
# points, as possible) on Gecode and on ours, on the same levels in one run:
# per level the time to the proved optimum of each, both objectives, and the
# ratio. Gecode runs the MiniZinc model scripts/hexiom-max.mzn (written for
# this project from the variant at the end of
# ../shared/seeds/001_ad593e7ea76e3f4d.txt); ours is `hexiom solve -max`.
#
#   scripts/gecode-compare-max.sh [-timeout SECONDS] [-max tiles|points] [-random N] [-sizes 3,4,5,6] [LEVEL.txt ...]
#
# Without level files it runs the test and benchmark set of `hexiom
# bench-max`: the 40 official levels with two tiles raised, then N (default
# 5) random levels of each size raised the same way. Gecode's time is its
# own solveTime statistic (flattening excluded) when it proved its optimum
# ("=========="), "timeout" otherwise; ours is solve_ns of `hexiom solve
# -max -json`, the median of 3 solves in one process, "timeout" when it did
# not prove its optimum. When both proved an optimum they must agree: a
# mismatch is printed and the script exits 1. Needs the Debian packages
# minizinc and flatzinc (Gecode) and Go.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh # the Linux build (gocv customenv)

timeout=60
obj=tiles
nrandom=5
sizes=3,4,5,6
while [[ $# -gt 0 ]]; do
	case "$1" in
	-timeout) timeout=$2; shift 2 ;;
	-max) obj=$2; shift 2 ;;
	-random) nrandom=$2; shift 2 ;;
	-sizes) sizes=$2; shift 2 ;;
	-*) echo "gecode-compare-max: unknown flag $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
case "$obj" in
tiles) points=0 ;;
points) points=1 ;;
*) echo "gecode-compare-max: -max $obj: want tiles or points" >&2; exit 2 ;;
esac

for tool in minizinc go; do
	command -v "$tool" >/dev/null || { echo "gecode-compare-max: $tool not found (apt-get install minizinc flatzinc golang)" >&2; exit 2; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/" ./cmd/hexiom ./cmd/hexiom-lab
levels=("$@")
if [[ ${#levels[@]} -eq 0 ]]; then
	mkdir "$tmp/set"
	"$tmp/hexiom-lab" bench-max -random "$nrandom" -sizes "$sizes" -write "$tmp/set"
	mapfile -t levels < <(ls "$tmp"/set/level*.txt; for s in ${sizes//,/ }; do ls -v "$tmp"/set/random-s"$s"-*.txt 2>/dev/null; done)
fi

echo "-max $obj, limit ${timeout} s per level and solver; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-18s %12s %8s %12s %8s %10s\n' level gecode_ms g_obj ours_ms our_obj ratio
total_g=0 total_o=0 both=0 g_out=0 o_out=0 bad=0
for f in "${levels[@]}"; do
	name=$(basename "$f" .txt)
	"$tmp/hexiom-lab" dzn "$f" >"$tmp/$name.dzn"
	g_ms=timeout g_obj=-
	if out=$(timeout "$((timeout + 30))" minizinc --solver gecode -s --time-limit "$((timeout * 1000))" \
		-D "points=$points" scripts/hexiom-max.mzn "$tmp/$name.dzn" 2>/dev/null); then
		g_obj=$(awk '/^objective = / {v = $3} END {print (v == "" ? "-" : v)}' <<<"$out")
		if grep -q '^==========' <<<"$out"; then
			g_ms=$(awk -F= '/mzn-stat: solveTime=/ {printf "%.3f", $2 * 1000; exit}' <<<"$out")
		elif grep -q '=====UNSATISFIABLE=====' <<<"$out"; then
			g_obj=none
			g_ms=$(awk -F= '/mzn-stat: solveTime=/ {printf "%.3f", $2 * 1000; exit}' <<<"$out")
		fi
	fi
	js=$("$tmp/hexiom" solve -max "$obj" -json -timeout "${timeout}s" "$f" "$f" "$f" || true)
	o_obj=$(grep -o '"objective":[0-9]*' <<<"$js" | head -1 | cut -d: -f2)
	if grep -q '"error":"[^"]*no solution' <<<"$js"; then o_obj=none; fi
	o_ms=$(grep -o '"solve_ns":[0-9]*' <<<"$js" | cut -d: -f2 | sort -n | sed -n 2p | awk '{printf "%.3f", $1 / 1e6}')
	if [[ "$o_obj" != none ]] && ! grep -q '"optimal":true' <<<"$js"; then o_ms=timeout; fi
	ratio=-
	if [[ "$g_ms" != timeout && "$o_ms" != timeout ]]; then
		ratio=$(awk -v g="$g_ms" -v o="$o_ms" 'BEGIN {printf "%.1f", g / o}')
		total_g=$(awk -v a="$total_g" -v b="$g_ms" 'BEGIN {print a + b}')
		total_o=$(awk -v a="$total_o" -v b="$o_ms" 'BEGIN {print a + b}')
		both=$((both + 1))
		if [[ "$g_obj" != "$o_obj" ]]; then
			ratio=MISMATCH
			bad=$((bad + 1))
		fi
	fi
	[[ "$g_ms" == timeout ]] && g_out=$((g_out + 1))
	[[ "$o_ms" == timeout ]] && o_out=$((o_out + 1))
	printf '%-18s %12s %8s %12s %8s %10s\n' "$name" "$g_ms" "$g_obj" "$o_ms" "$o_obj" "$ratio"
done
printf '%-18s %12.3f %8s %12.3f %8s %10s\n' "total ($both both)" "$total_g" "" "$total_o" "" \
	"$(awk -v g="$total_g" -v o="$total_o" 'BEGIN {if (o > 0) printf "%.1f", g / o; else print "-"}')"
echo "not proved within ${timeout} s: gecode $g_out, ours $o_out of ${#levels[@]}; load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ $bad -gt 0 ]]; then
	echo "gecode-compare-max: $bad levels where the proved optima differ" >&2
	exit 1
fi
