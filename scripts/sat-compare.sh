#!/usr/bin/env bash
# sat-compare.sh: solve levels with CaDiCaL (on our CNF encoding of each
# level, `hexiom-lab cnf`, see formats.WriteCNF) and with our solver, in
# one run, and print per level both times and the ratio.
#
#   scripts/sat-compare.sh [-timeout SECONDS] [-threads N] [-seeds N] [-slowest K] [LEVEL.txt ...]
#
# With no level files: the K (20) random size-6 levels of seeds 0..N-1
# (10000) on which our solver needs the most nodes (found by
# `hexiom-lab bench -random N -slowest K -threads 1`, which takes a few minutes),
# then the 40 official levels. CaDiCaL's time is that of its solve() call
# alone, timed in-process by scripts/cadical-time.cpp (linked with the
# Debian package libcadical-dev: a fresh solver per run, the file read
# before the clock starts, so process start and parsing are excluded),
# the process's CPU time (CLOCK_PROCESS_CPUTIME_ID, microseconds), the
# median of up to 9 runs after a warm-up run; the cadical program's own
# profile prints hundredths of a second, which left most official levels
# undecided. Ours is cpu_ns of `hexiom solve -json -first -threads N`
# (default 1: one core, deterministic), the process's CPU time over the
# solve, the median of 9 solves in one process after a warm-up solve (the
# process's first solve pays for paging in the code and making the
# searchers' tables: 0.2-1.2 ms on level 9, whose later solves take 6 µs;
# with 5 solves and no warm-up, a busy machine once made level 9's median
# 75 µs); CPU time for both, so that a busy machine weighs the same on both
# (the _wall_ms columns are the wall times). Both stop at
# the first solution. The two pure-Go SAT solvers issue 9 named, gophersat
# and gini (scripts/satgo, its own module, pinned versions), are timed the
# same way on the same CNF (gophersat_ms, gini_ms: CPU, median of up to 5;
# "timeout" past -timeout). Needs libcadical-dev, g++ and Go.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh # the Linux build (gocv customenv)

timeout=300 threads=1 nseeds=10000 slowest=20
while [[ "${1:-}" == -* ]]; do
	case "$1" in
	-timeout) timeout=$2 ;;
	-threads) threads=$2 ;;
	-seeds) nseeds=$2 ;;
	-slowest) slowest=$2 ;;
	*) echo "sat-compare: unknown flag $1" >&2; exit 2 ;;
	esac
	shift 2
done

for tool in g++ go; do
	command -v "$tool" >/dev/null || { echo "sat-compare: $tool not found (scripts/install-deps.sh)" >&2; exit 2; }
done
[[ -f /usr/include/cadical.hpp ]] || { echo "sat-compare: libcadical-dev not installed (scripts/install-deps.sh)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/" ./cmd/hexiom ./cmd/hexiom-lab
g++ -O2 -o "$tmp/cadical-time" scripts/cadical-time.cpp -lcadical
(cd scripts/satgo && go build -o "$tmp/satgo" .)

levels=("$@")
if [[ ${#levels[@]} -eq 0 ]]; then
	echo "finding the $slowest slowest of seeds 0..$((nseeds - 1)) (size 6, first solution, one thread)..." >&2
	"$tmp/hexiom-lab" bench -levels "" -random "$nseeds" -first -threads 1 -slowest "$slowest" -timeout 10m >"$tmp/bench.txt"
	sed -n '1,2p' "$tmp/bench.txt" >&2
	for seed in $(awk '/took the most nodes/ {on = 1; next} on {print $1}' "$tmp/bench.txt"); do
		"$tmp/hexiom" gen -size 6 -seed "$seed" >"$tmp/seed$seed.txt"
		levels+=("$tmp/seed$seed.txt")
	done
	levels+=(levels/level*.txt)
fi

printf '%-12s %12s %12s %10s %16s %14s %13s %10s\n' level cadical_ms ours_ms ratio cadical_wall_ms ours_wall_ms gophersat_ms gini_ms
total_c=0 total_o=0 slower=0 timeouts=0
for f in "${levels[@]}"; do
	name=$(basename "$f" .txt)
	"$tmp/hexiom-lab" cnf -o "$tmp/$name.cnf" "$f"
	read -r status c_ms c_wall _ < <("$tmp/cadical-time" -runs 10 -t "$timeout" "$tmp/$name.cnf")
	{ "$tmp/hexiom" solve -json -first -threads "$threads" "$f" "$f" "$f" "$f" "$f" "$f" "$f" "$f" "$f" "$f" || true; } | sed 1d >"$tmp/ours.json"
	median() { grep -o "\"$1\":[0-9]*" "$tmp/ours.json" | cut -d: -f2 | sort -n | sed -n 5p | awk '{printf "%.3f", $1 / 1e6}'; }
	o_ms=$(median cpu_ns)
	w_ms=$(median solve_ns)
	ratio="-"
	if [[ "$status" == TIMEOUT ]]; then
		c_ms="timeout" c_wall="-"
		timeouts=$((timeouts + 1))
	else
		ratio=$(awk -v c="$c_ms" -v o="$o_ms" 'BEGIN {printf "%.1f", c / o}')
		total_c=$(awk -v a="$total_c" -v b="$c_ms" 'BEGIN {print a + b}')
		total_o=$(awk -v a="$total_o" -v b="$o_ms" 'BEGIN {print a + b}')
		if awk -v c="$c_ms" -v o="$o_ms" 'BEGIN {exit !(o >= c)}'; then slower=$((slower + 1)); fi
	fi
	gosat() {
		local st ms
		read -r st ms _ < <("$tmp/satgo" -t "$timeout" "$tmp/$name.cnf" "$1")
		if [[ "$st" == TIMEOUT ]]; then echo timeout; else echo "$ms"; fi
	}
	g_ms=$(gosat gophersat)
	gini_ms=$(gosat gini)
	printf '%-12s %12s %12s %10s %16s %14s %13s %10s\n' "$name" "$c_ms" "$o_ms" "$ratio" "$c_wall" "$w_ms" "$g_ms" "$gini_ms"
done
printf '%-12s %12.3f %12.3f %10s\n' total "$total_c" "$total_o" \
	"$(awk -v c="$total_c" -v o="$total_o" 'BEGIN {printf "%.1f", c / o}')"
echo "levels where ours was slower: $slower of ${#levels[@]}; CaDiCaL timed out (${timeout} s) on $timeouts" \
	"(the totals leave out CaDiCaL's timeouts)"
