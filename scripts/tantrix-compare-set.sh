#!/usr/bin/env bash
# tantrix-compare-set.sh: the comparison of issue 44 (Tantrix half) on a
# chosen set of fixed boards: each board solved by `hexiom tantrix solve
# -json -threads 1` and by CaDiCaL with lazy sub-loop cuts
# (scripts/tantrix-sat.cpp), one after the other in the same pass, both
# under a cap on the process's CPU time (so a busy machine weighs the same
# on each; the load is printed at the start and the end); every solution
# (ours and CaDiCaL's) is checked by tantrix.Check (tantrixhard check).
#
#   scripts/tantrix-compare-set.sh [-cap CPU_SECONDS] [-satcap CPU_SECONDS] BOARD...
#
# Defaults: ours capped at 20 s, CaDiCaL at 120 s of CPU. One line a board:
#
#   <board> <n> <ours: solved|none|timeout> <ours CPU ms> <nodes> <sat: solved|none|timeout> <sat CPU ms> <solves> <cuts> [DISAGREE] [slower] [over1s]
#
# and, on a board we prove without a solution that CaDiCaL does not decide
# within its cap, a second check: CaDiCaL on the loop alone (tantrix-sat
# -loop, the same cap), "loop: none <CPU ms>" when that has no loop either
# (a proof the board has none; "loop: solved" only says the relaxation has
# a loop). Then the counts: verdicts equal (of the boards both decided),
# refutations checked by -loop, ours under 1 s of CPU, ours faster than
# CaDiCaL (CPU; a board CaDiCaL does not decide counts as faster). Needs
# libcadical-dev, g++ and Go.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh # the Linux build (gocv customenv)
cap=20 satcap=120
while [[ "${1:-}" == -* ]]; do
	case $1 in
	-cap) cap=$2 ;;
	-satcap) satcap=$2 ;;
	*) echo "usage: $0 [-cap CPU_SECONDS] [-satcap CPU_SECONDS] BOARD..." >&2; exit 2 ;;
	esac
	shift 2
done
export PATH="$PATH:/usr/local/go/bin"
[[ -f /usr/include/cadical.hpp ]] || { echo "tantrix-compare-set: libcadical-dev not installed (scripts/install-deps.sh)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/hexiom" ./cmd/hexiom
go build -o "$tmp/hard" ./scripts/tantrixhard
g++ -O2 -o "$tmp/sat" scripts/tantrix-sat.cpp -lcadical
echo "# $(nproc) cores; load at start: $(cut -d' ' -f1-3 /proc/loadavg); caps (CPU): ours ${cap} s, CaDiCaL ${satcap} s; commit $(git rev-parse --short HEAD); $(date -u +%FT%TZ)"
total=0 equal=0 both=0 loopok=0 under=0 faster=0 odec=0 sdec=0
for b in "$@"; do
	total=$((total + 1))
	n=$(awk '/^tantrix/ {print $2; exit}' "$b")
	o=$( (ulimit -t "$((cap + 5))"; "$tmp/hexiom" tantrix solve -json -threads 1 -timeout 24h "$b" 2>/dev/null) || true)
	o_ms=$(grep -o '"cpu_ns":[0-9]*' <<<"$o" | cut -d: -f2 | awk '{printf "%.1f", $1 / 1e6}')
	nodes=$(grep -o '"nodes":[0-9]*' <<<"$o" | cut -d: -f2)
	if grep -q '"solved":true' <<<"$o"; then ours=solved
	elif grep -q '"proved":true' <<<"$o"; then ours=none
	else ours=timeout o_ms=$((cap * 1000)); fi
	read -r st s_ms _ solves cuts < <("$tmp/sat" -t 86400 -cpu "$satcap" -o "$tmp/sol.txt" "$b" | tail -n 1)
	case $st in SAT) sat=solved ;; UNSAT) sat=none ;; *) sat=timeout ;; esac
	if [[ $sat == solved ]] && ! "$tmp/hard" check "$b" "$tmp/sol.txt"; then
		echo "$b: CaDiCaL's solution fails tantrix.Check" >&2; exit 1
	fi
	mark=""
	[[ $ours != timeout ]] && odec=$((odec + 1))
	[[ $sat != timeout ]] && sdec=$((sdec + 1))
	if [[ $ours != timeout && $sat != timeout ]]; then
		both=$((both + 1))
		if [[ $ours == "$sat" ]]; then equal=$((equal + 1)); else mark=" DISAGREE"; fi
	fi
	if [[ $ours != timeout ]] && awk -v o="$o_ms" 'BEGIN {exit !(o < 1000)}'; then under=$((under + 1)); else mark="$mark over1s"; fi
	if [[ $ours != timeout ]] && awk -v s="$s_ms" -v o="$o_ms" -v st="$sat" 'BEGIN {exit !(o < s || st == "timeout")}'; then faster=$((faster + 1)); else mark="$mark slower"; fi
	if [[ $ours == none && $sat == timeout ]]; then
		read -r lst l_ms _ < <("$tmp/sat" -loop -t 86400 -cpu "$satcap" "$b" | tail -n 1)
		case $lst in SAT) lst=solved ;; UNSAT) lst=none loopok=$((loopok + 1)) ;; *) lst=timeout ;; esac
		mark="$mark loop: $lst $l_ms"
	fi
	echo "$b $n $ours $o_ms ${nodes:--} $sat $s_ms $solves $cuts$mark"
done
echo "boards: $total; decided: ours $odec, CaDiCaL $sdec; verdicts equal: $equal of $both both decided; our other proofs checked by -loop: $loopok; ours under 1 s: $under; ours faster: $faster"
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ)"
