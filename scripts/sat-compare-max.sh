#!/usr/bin/env bash
# sat-compare-max.sh: the overconstrained variant (hexiom solve -max) against
# an independent SAT optimiser, on the hard set of issue 27 (board.FarLevel:
# random levels with 4 to 14 tiles' numbers changed, locked ones too), both
# objectives, in one run.
#
#   scripts/sat-compare-max.sh [-timeout SECONDS] [-n 100] [-sizes 4,5] [-max tiles,points] [-threads 2] [-nosplit] [LEVEL.txt ...]
#
# Without level files it runs the levels far-sS-SEED, seeds 0..n-1 of each
# size (`hexiom-lab bench-max -far n -far-sizes SIZES -write`). The optimiser is
# scripts/cadical-max.cpp: CaDiCaL on `hexiom-lab cnf -max OBJ`
# (formats.WriteMaxCNF, the rule and the counts as clauses, plus the parity
# of the odd numbers), with a bound on the objective raised until the
# problem is unsatisfiable, each number's minimum for the target assumed;
# a target not decided in 20,000 conflicts is split by histogram (each
# number's count exact, and the occupied pairs at half the numbers' sum),
# and a histogram not decided so by the occupancy of the middle row
# (cadical-max -split -cube mid; -nosplit: without).
# Per level and objective: ours (`hexiom solve -max -json`: the solve's wall
# time and CPU time, "timeout" when not proved optimal within the limit) and
# the optimiser's (its solves' wall and CPU time, reading the file
# excluded). When both proved an optimum they must agree; a mismatch is
# printed and the script exits 1. At the end, per size and objective: how
# many each proved, how many of ours within 1 s of wall time, the largest
# of our times. Needs g++, libcadical-dev and Go.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh # the Linux build (gocv customenv)

timeout=60
n=100
sizes=4,5
objs=tiles,points
threads=2
satflags=(-split -cube mid)
while [[ $# -gt 0 ]]; do
	case "$1" in
	-timeout) timeout=$2; shift 2 ;;
	-n) n=$2; shift 2 ;;
	-sizes) sizes=$2; shift 2 ;;
	-max) objs=$2; shift 2 ;;
	-threads) threads=$2; shift 2 ;;
	-nosplit) satflags=(); shift ;;
	-*) echo "sat-compare-max: unknown flag $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
for tool in g++ go; do
	command -v "$tool" >/dev/null || { echo "sat-compare-max: $tool not found (scripts/install-deps.sh)" >&2; exit 2; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/" ./cmd/hexiom ./cmd/hexiom-lab
g++ -O2 -std=c++17 -o "$tmp/cadical-max" scripts/cadical-max.cpp -lcadical
levels=("$@")
if [[ ${#levels[@]} -eq 0 ]]; then
	mkdir "$tmp/set"
	"$tmp/hexiom-lab" bench-max -levels none -random 0 -far "$n" -far-sizes "$sizes" -write "$tmp/set"
	mapfile -t levels < <(for s in ${sizes//,/ }; do ls -v "$tmp"/set/far-s"$s"-*.txt; done)
fi

echo "limit ${timeout} s per level, objective and solver; ours with ${threads} goroutine(s); cadical-max ${satflags[*]:-(plain)}; load average $(cut -d' ' -f1-3 /proc/loadavg); commit $(git rev-parse --short HEAD)"
printf '%-14s %-6s %8s %11s %11s %12s %8s %11s %11s %7s\n' level max ours ours_ms ours_cpu nodes sat sat_ms sat_cpu agree
bad=0
summary=$tmp/summary
: >"$summary"
for obj in ${objs//,/ }; do
	for f in "${levels[@]}"; do
		name=$(basename "$f" .txt)
		size=$(head -1 "$f")
		"$tmp/hexiom-lab" cnf -max "$obj" -o "$tmp/$name.cnf" "$f"
		read -r s_status s_val s_cpu s_ms _ < <(timeout "$((timeout + 30))" "$tmp/cadical-max" "${satflags[@]}" -t "$timeout" "$tmp/$name.cnf" || echo "TIMEOUT - 0 0 0")
		rm -f "$tmp/$name.cnf"
		case "$s_status" in
		OPT) sat=$s_val ;;
		NONE) sat=none ;;
		*) sat=timeout ;;
		esac
		js=$("$tmp/hexiom" solve -max "$obj" -json -threads "$threads" -timeout "${timeout}s" "$f" || true)
		o_val=$(grep -o '"objective":[0-9]*' <<<"$js" | cut -d: -f2)
		o_ms=$(grep -o '"solve_ns":[0-9]*' <<<"$js" | cut -d: -f2 | awk '{printf "%.3f", $1 / 1e6}')
		o_cpu=$(grep -o '"cpu_ns":[0-9]*' <<<"$js" | cut -d: -f2 | awk '{printf "%.3f", $1 / 1e6}')
		nodes=$(grep -o '"nodes":[0-9]*' <<<"$js" | cut -d: -f2)
		ours=$o_val
		if grep -q '"error":"[^"]*no solution' <<<"$js"; then
			ours=none
		elif ! grep -q '"optimal":true' <<<"$js"; then
			ours=timeout
		fi
		agree=-
		if [[ $ours != timeout && $sat != timeout ]]; then
			agree=yes
			if [[ $ours != "$sat" ]]; then
				agree=MISMATCH
				bad=$((bad + 1))
			fi
		fi
		printf '%-14s %-6s %8s %11s %11s %12s %8s %11s %11s %7s\n' "$name" "$obj" "$ours" "$o_ms" "$o_cpu" "$nodes" "$sat" "$s_ms" "$s_cpu" "$agree"
		echo "$size $obj $ours $o_ms $o_cpu $sat $s_ms $agree" >>"$summary"
	done
done
echo
printf '%-5s %-6s %4s %11s %9s %12s %12s %11s %12s %12s %7s\n' size max n ours_proved ours_lt1s ours_max_ms ours_med_ms sat_proved sat_max_ms sat_med_ms agree
median() { sort -n | awk '{v[NR] = $1} END {if (NR) printf "%.1f", v[int((NR + 1) / 2)]; else printf "-"}'; }
maxof() { sort -n | tail -1 | awk '{printf "%.1f", $1} END {if (!NR) printf "-"}'; }
for sz in $(cut -d' ' -f1 "$summary" | sort -un); do
	for obj in ${objs//,/ }; do
		grp=$(awk -v s="$sz" -v o="$obj" '$1 == s && $2 == o' "$summary")
		[[ -n $grp ]] || continue
		cnt=$(wc -l <<<"$grp")
		ours_ok=$(awk '$3 != "timeout"' <<<"$grp")
		sat_ok=$(awk '$6 != "timeout"' <<<"$grp")
		printf '%-5s %-6s %4d %11d %9d %12s %12s %11d %12s %12s %7d\n' "$sz" "$obj" "$cnt" \
			"$(grep -c . <<<"$ours_ok" || true)" "$(awk '$3 != "timeout" && $4 < 1000' <<<"$grp" | grep -c . || true)" \
			"$(awk '{print $4}' <<<"$ours_ok" | grep . | maxof)" "$(awk '{print $4}' <<<"$ours_ok" | grep . | median)" \
			"$(grep -c . <<<"$sat_ok" || true)" "$(awk '{print $7}' <<<"$sat_ok" | grep . | maxof)" "$(awk '{print $7}' <<<"$sat_ok" | grep . | median)" \
			"$(awk '$8 == "yes"' <<<"$grp" | grep -c . || true)"
	done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ $bad -gt 0 ]]; then
	echo "sat-compare-max: $bad level/objective pairs where the proved optima differ" >&2
	exit 1
fi
