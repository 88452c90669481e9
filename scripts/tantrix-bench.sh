#!/usr/bin/env bash
# tantrix-bench.sh: solve fixed Tantrix boards made by `hexiom tantrix gen`
# and print, per size, the median and maximum solve time and nodes.
#
#   scripts/tantrix-bench.sh [-seeds K] [N ...]      (default: 10 seeds of 20 40 60 100 200 500)
#
# Times are solve_ns of `hexiom tantrix solve -json` (reading the board and
# starting the process excluded). Prints the machine's load beside them.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh # the Linux build (gocv customenv)
seeds=10
if [[ "${1:-}" == "-seeds" ]]; then seeds=$2; shift 2; fi
sizes=("$@")
if [[ ${#sizes[@]} -eq 0 ]]; then sizes=(20 40 60 100 200 500); fi
export PATH="$PATH:/usr/local/go/bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/hexiom" ./cmd/hexiom

echo "# $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'); load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %6s %12s %12s %10s %10s\n' n seeds median_ms max_ms med_nodes max_nodes
for n in "${sizes[@]}"; do
	: >"$tmp/runs"
	for s in $(seq 1 "$seeds"); do
		"$tmp/hexiom" tantrix gen -n "$n" -seed "$s" -o "$tmp/b.txt"
		j=$("$tmp/hexiom" tantrix solve -json "$tmp/b.txt")
		ns=$(grep -o '"solve_ns":[0-9]*' <<<"$j" | cut -d: -f2)
		nodes=$(grep -o '"nodes":[0-9]*' <<<"$j" | cut -d: -f2)
		grep -q '"solved":true' <<<"$j" || { echo "n=$n seed $s: not solved: $j" >&2; exit 1; }
		echo "$ns $nodes" >>"$tmp/runs"
	done
	med() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
	mx() { sort -n | tail -1; }
	printf '%-6s %6s %12.2f %12.2f %10s %10s\n' "$n" "$seeds" \
		"$(cut -d' ' -f1 "$tmp/runs" | med | awk '{print $1/1e6}')" \
		"$(cut -d' ' -f1 "$tmp/runs" | mx | awk '{print $1/1e6}')" \
		"$(cut -d' ' -f2 "$tmp/runs" | med)" "$(cut -d' ' -f2 "$tmp/runs" | mx)"
done
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
