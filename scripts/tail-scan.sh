#!/usr/bin/env bash
# tail-scan.sh: the solver's heavy tail on fresh seeds, and CaDiCaL on its
# slowest levels, in one run (issue 44; docs/solver-tail.md).
#
#   scripts/tail-scan.sh [-from 1000000] [-n 100000] [-slowest 50] [-threads 1] [-timeout 300]
#                        [-ranges 1] [-step 2000000] [-runs 30]
#
# First `hexiom-lab bench -levels none -random N -from FROM -first
# -threads T -slowest K`: random size-6 levels of seeds FROM..FROM+N-1 (by
# default 1,000,000..1,099,999, a range no solver work was tuned on),
# first solution, one goroutine; it prints the median, p99 and max of the
# wall and CPU time per solve and of the nodes, and the K levels that took
# the most nodes. Then, for each of those K, as scripts/sat-compare.sh
# does: CaDiCaL on our CNF of the level (`hexiom-lab cnf`), its solve()
# alone timed in-process (scripts/cadical-time.cpp: the process's CPU
# time, median of up to RUNS-1 runs after a warm-up, a fresh solver
# each), and ours, cpu_ns of `hexiom solve -json -first -threads T`, the
# median of RUNS-1 solves in one process after a warm-up solve. RUNS is
# 30: both sides' first runs of a process are slower (on this 2-core VM a
# level of 0.3 ms takes 0.4-0.7 ms in its first ten runs, CaDiCaL's as
# ours: docs/solver-tail.md, round nine), and with 10 the levels where
# both take 0.3 ms were decided by that. It prints per level both
# CPU times in ms, the ratio (CaDiCaL / ours: above 1, ours is faster)
# and our nodes, then how many of the K ours lost. A level CaDiCaL does
# not decide within -timeout seconds counts as ours faster only when ours
# took less; when ours took longer, CaDiCaL runs again with 300 s.
#
# -ranges R scans R ranges, FROM, FROM+STEP, ... (STEP 2,000,000 by
# default, as rounds three to nine took odd millions), and ends with how
# many of them ours lost a level on: what decides is a CaDiCaL-easy level
# (some 3 % of random levels, which CaDiCaL solves in 0.3-0.4 ms) that a
# walk takes past that (docs/solver-tail.md, round nine). With -timeout
# 0.01 a range takes some 10 s on a quiet core (CaDiCaL past 10 ms is
# slower than all but a few of ours, which run it again). Needs
# libcadical-dev, g++ and Go.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh # the Linux build (gocv customenv)

from=1000000 n=100000 slowest=50 threads=1 timeout=300 ranges=1 step=2000000 runs=30
while [[ "${1:-}" == -* ]]; do
	case "$1" in
	-from) from=$2 ;;
	-n) n=$2 ;;
	-slowest) slowest=$2 ;;
	-threads) threads=$2 ;;
	-timeout) timeout=$2 ;;
	-ranges) ranges=$2 ;;
	-step) step=$2 ;;
	-runs) runs=$2 ;;
	*) echo "tail-scan: unknown flag $1" >&2; exit 2 ;;
	esac
	shift 2
done
[[ "$runs" =~ ^[0-9]+$ ]] && ((runs >= 2)) || { echo "tail-scan: -runs $runs: want 2 or more (a warm-up and one timed)" >&2; exit 2; }
[[ "$ranges" =~ ^[0-9]+$ ]] && ((ranges >= 1)) || { echo "tail-scan: -ranges $ranges: want 1 or more" >&2; exit 2; }

for tool in g++ go; do
	command -v "$tool" >/dev/null || { echo "tail-scan: $tool not found (scripts/install-deps.sh)" >&2; exit 2; }
done
[[ -f /usr/include/cadical.hpp ]] || { echo "tail-scan: libcadical-dev not installed (scripts/install-deps.sh)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/" ./cmd/hexiom ./cmd/hexiom-lab
g++ -O2 -o "$tmp/cadical-time" scripts/cadical-time.cpp -lcadical

# scan FROM: one range's scan and CaDiCaL on its slowest; sets slower.
scan() {
	local from=$1
	echo "# $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
	"$tmp/hexiom-lab" bench -levels none -random "$n" -from "$from" -first -threads "$threads" -slowest "$slowest" -timeout 10m | tee "$tmp/bench.txt"
	echo "# scan done, load $(cut -d' ' -f1-3 /proc/loadavg)"

	printf '%-8s %10s %12s %12s %10s\n' seed nodes cadical_ms ours_ms ratio
	slower=0
	local count=0 seed nodes f status c_ms o_ms ratio k
	while read -r seed nodes _; do
		f="$tmp/seed$seed.txt"
		"$tmp/hexiom" gen -size 6 -seed "$seed" >"$f"
		"$tmp/hexiom-lab" cnf -o "$tmp/seed$seed.cnf" "$f"
		local files=()
		for ((k = 0; k < runs; k++)); do files+=("$f"); done
		{ "$tmp/hexiom" solve -json -first -threads "$threads" "${files[@]}" || true; } | sed 1d >"$tmp/ours.json"
		o_ms=$(grep -o '"cpu_ns":[0-9]*' "$tmp/ours.json" | cut -d: -f2 | sort -n | awk '{v[NR] = $1} END {printf "%.3f", v[int((NR + 1) / 2)] / 1e6}')
		read -r status c_ms _ < <("$tmp/cadical-time" -runs "$runs" -t "$timeout" "$tmp/seed$seed.cnf")
		if [[ "$status" == TIMEOUT ]] && awk -v o="$o_ms" -v t="$timeout" 'BEGIN {exit !(o >= 1000 * t)}'; then
			read -r status c_ms _ < <("$tmp/cadical-time" -runs "$runs" -t 300 "$tmp/seed$seed.cnf")
		fi
		if [[ "$status" == TIMEOUT ]]; then
			c_ms="timeout" ratio="-"
		else
			ratio=$(awk -v c="$c_ms" -v o="$o_ms" 'BEGIN {printf "%.1f", c / o}')
			if awk -v c="$c_ms" -v o="$o_ms" 'BEGIN {exit !(o >= c)}'; then slower=$((slower + 1)); fi
		fi
		count=$((count + 1))
		printf '%-8s %10s %12s %12s %10s\n' "$seed" "$nodes" "$c_ms" "$o_ms" "$ratio"
	done < <(awk '/took the most nodes/ {on = 1; next} on {print $1, $2}' "$tmp/bench.txt")
	echo "ours slower than CaDiCaL on $slower of the $count slowest; load $(cut -d' ' -f1-3 /proc/loadavg)"
}

lost=0 levels=0
for ((r = 0; r < ranges; r++)); do
	scan $((from + r * step))
	if ((slower > 0)); then lost=$((lost + 1)); fi
	levels=$((levels + slower))
done
if ((ranges > 1)); then
	echo "# $ranges ranges from $from (step $step): ours lost a level on $lost of them ($levels levels in all)"
fi
