#!/usr/bin/env bash
# tantrix-compare-sat.sh: make hard fixed Tantrix boards (scripts/tantrixhard:
# moved places, bands, rings, holes, random polyhexes; many have no
# solution) and solve each with our solver and with CaDiCaL on a plain SAT
# encoding with lazy sub-loop cuts (scripts/tantrix-sat.cpp), in one run;
# print both answers and times per board, check that they agree and that
# every solution found (ours and CaDiCaL's) passes tantrix.Check.
#
#   scripts/tantrix-compare-sat.sh [-boards K] [-timeout SECONDS] [-from N] [-to N] [-seed S] [-shapes "A B ..."]
#
# Defaults: 100 boards, n from 20 to 100 spread evenly, shapes in turn
# (moved band loop hole poly; -shapes "curve holes snake" for the rings
# and bands of issue 44), seed = board number (plus S − 1: -seed 101
# makes another 100 boards); each solver capped at
# 60 s a board. Times: ours is cpu_ns of `hexiom tantrix solve -json`
# (the process's CPU time over the solve, reading the board excluded);
# CaDiCaL's is the CPU time of tantrix-sat over encoding and every solve
# (reading the board excluded). CPU time for both, so a busy machine weighs
# the same on each (the wall times are printed too). Needs libcadical-dev,
# g++ and Go.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh # the Linux build (gocv customenv)
boards=100 timeout=60 from=20 to=100 seed0=1 shapelist="moved band loop hole poly"
while [[ "${1:-}" == -* ]]; do
	case $1 in
	-boards) boards=$2 ;;
	-timeout) timeout=$2 ;;
	-from) from=$2 ;;
	-to) to=$2 ;;
	-seed) seed0=$2 ;;
	-shapes) shapelist=$2 ;;
	*) echo "usage: $0 [-boards K] [-timeout SECONDS] [-from N] [-to N] [-seed S] [-shapes \"A B ...\"]" >&2; exit 2 ;;
	esac
	shift 2
done
export PATH="$PATH:/usr/local/go/bin"
for tool in g++ go; do
	command -v "$tool" >/dev/null || { echo "tantrix-compare-sat: $tool not found (scripts/install-deps.sh)" >&2; exit 2; }
done
[[ -f /usr/include/cadical.hpp ]] || { echo "tantrix-compare-sat: libcadical-dev not installed (scripts/install-deps.sh)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/hexiom" ./cmd/hexiom
go build -o "$tmp/hard" ./scripts/tantrixhard
g++ -O2 -o "$tmp/sat" scripts/tantrix-sat.cpp -lcadical

read -r -a shapes <<<"$shapelist"
echo "# $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'); load at start: $(cut -d' ' -f1-3 /proc/loadavg); cap ${timeout} s per solver and board; commit $(git rev-parse --short HEAD)"
printf '%-4s %-4s %-6s %-8s %10s %10s %9s %-8s %10s %10s %6s %5s %8s\n' k n shape ours ours_ms wall_ms nodes sat sat_ms wall_ms solves cuts ratio
disagree=0 slower=0 worst=0 worst_k="" nsat=0 nunsat=0 unknown=0
for k in $(seq 1 "$boards"); do
	n=$((from + (k - 1) * (to - from) / (boards > 1 ? boards - 1 : 1)))
	shape=${shapes[$(((k - 1) % ${#shapes[@]}))]}
	b="$tmp/b-$k.txt"
	"$tmp/hard" gen -n "$n" -seed "$((seed0 + k - 1))" -shape "$shape" >"$b"
	o=$("$tmp/hexiom" tantrix solve -json -timeout "${timeout}s" "$b" 2>/dev/null || true)
	o_ms=$(grep -o '"cpu_ns":[0-9]*' <<<"$o" | cut -d: -f2 | awk '{printf "%.3f", $1 / 1e6}')
	o_wall=$(grep -o '"solve_ns":[0-9]*' <<<"$o" | cut -d: -f2 | awk '{printf "%.3f", $1 / 1e6}')
	nodes=$(grep -o '"nodes":[0-9]*' <<<"$o" | cut -d: -f2)
	if grep -q '"solved":true' <<<"$o"; then ours=solved
	elif grep -q '"proved":true' <<<"$o"; then ours=none
	else ours=timeout; fi
	# the last line: CaDiCaL may print a comment line first
	read -r st s_ms s_wall solves cuts < <("$tmp/sat" -t "$timeout" -o "$tmp/sol.txt" "$b" | tail -n 1)
	case $st in SAT) sat=solved ;; UNSAT) sat=none ;; *) sat=timeout ;; esac
	if [[ $sat == solved ]] && ! "$tmp/hard" check "$b" "$tmp/sol.txt"; then
		echo "board $k: CaDiCaL's solution fails tantrix.Check" >&2; exit 1
	fi
	mark=""
	if [[ $ours != timeout && $sat != timeout && $ours != "$sat" ]]; then disagree=$((disagree + 1)); mark=" DISAGREE"; fi
	if [[ $ours == timeout ]]; then unknown=$((unknown + 1)); fi
	[[ $ours == solved ]] && nsat=$((nsat + 1))
	[[ $ours == none ]] && nunsat=$((nunsat + 1))
	ratio=$(awk -v s="$s_ms" -v o="$o_ms" 'BEGIN {printf "%.1f", s / (o > 0.001 ? o : 0.001)}')
	if awk -v s="$s_ms" -v o="$o_ms" 'BEGIN {exit !(o >= s)}'; then slower=$((slower + 1)); mark="$mark slower"; fi
	if awk -v w="$worst" -v o="$o_ms" 'BEGIN {exit !(o > w)}'; then worst=$o_ms worst_k=$k; fi
	printf '%-4s %-4s %-6s %-8s %10s %10s %9s %-8s %10s %10s %6s %5s %8s%s\n' "$k" "$n" "$shape" "$ours" "$o_ms" "$o_wall" "$nodes" "$sat" "$s_ms" "$s_wall" "$solves" "$cuts" "$ratio" "$mark"
done
echo "boards: $boards (ours: $nsat solved, $nunsat proved without a solution, $unknown out of time); disagreements: $disagree; ours not faster (CPU): $slower; our slowest: $worst ms (board $worst_k)"
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
