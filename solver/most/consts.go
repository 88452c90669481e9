package most

import (
	"time"

	"hexiom/solver/internal/search"
)

// The tuned constants of Solve, each with the measurement that chose it
// (issue 27's rounds; "far" levels are board.FarLevel's, in
// solver/testdata/far): the searches' orders and budgets, then the
// occupancy view's timings, passes, searches and split, and its wide
// boards' (occWide).

// The visit orders (indices into orientations) of the searches of
// Solve: up, the branch-and-bound for better arrangements (maxUpVisit for
// its first searches, maxBBVisit for the last, to the end), and down, the
// searches for the bound with one goroutine, or the second
// branch-and-bound with two. Down alone (Threads(1)) in reading order proved
// random size 4 seed 89 raised in 0.95 million nodes, rows from the
// outside in 4.1 million, rings from the outside in 27 million (seed 53:
// 0.83, 0.52 and 6.4 million; official level 35: 100,312, 405,026 and
// 341,912 nodes). From one orientation to another the nodes of a proof
// vary by up to 1,000 times (random size 5 seed 3 raised: 75 to 1.3
// million), so up's last search runs in another orientation than down's:
// of the twelve reading orders, the one turned by 4·60° (index 4) made
// with reading order the pair with the fewest nodes on the 32 hardest
// proofs (the smaller of the two: at most 2.7 million, in all 7.5
// million, against 16 million for reading order alone). Up's last search
// in rows from the outside in made the race worse for points (random size
// 5 seed 56: 94 points and a bound of 184 after 40 s, against 176 proved
// after 2.5 million nodes in reading order); a second down search in
// place of up's last made it worse too (same level: 5.2 million nodes
// against 2.7 million). Refuting the optimum plus one alone costs far
// less than the whole descent from the root bound (random size 4 seed 53
// raised, points: 158,726 nodes turned by 4·60° against 1.8 million down
// in reading order; size 5 seed 56: 1.0 and 1.1 million against 2.7), so
// with two goroutines the second one is a branch-and-bound too (size 5
// seed 56, points: 1.9 to 2.0 million nodes in all, against 2.5 to 3.1
// million with down).
const maxUpVisit, maxDownVisit, maxBBVisit = 0, 0, 4

// maxUpSeq is what up does, in turn: an arrangement of any value first,
// empty first (a dive occupied first can sink for seconds into a part of
// the space with none, random size 5 seed 72), then short
// branch-and-bounds in other orientations, then one to the end.
var maxUpSeq = []upStep{
	{maxUpVisit, true, true, 20_000},
	{12, false, false, 20_000},
	{6, false, false, 20_000},
	{maxBBVisit, false, false, 0},
}

// maxBBSeq is what the second goroutine does: a branch-and-bound to the
// end in down's orientation.
var maxBBSeq = []upStep{{maxDownVisit, false, false, 0}}

// laneNodes is the budget per lane of the try at a whole solution
// (solver.PlaceAll: solver.Solve's portfolio for a few thousand nodes a lane;
// raised random size 5 seed 72 has a solution, which the portfolio finds
// in 16,110 nodes; the searches of Solve took 25 million).
const laneNodes = 8_000

// zeroBudget is the first budget in nodes of a turn of zero (and whole,
// dive) and of the search it alternates with; the budgets double each
// turn, so a level where the sets of 0s do not help pays at most about as
// much again.
const zeroBudget = 20_000

// diveShare: a dive gets this part of the budget of a turn.
const diveShare = 4

// diveVisits are the orientations of the dives in turn.
var diveVisits = []int{2, 8, 10, 16, 6, 20, 1, 13}

// wholeLearnBudget is the budget of a turn from which whole's lanes learn
// (Options.Learn, from their next restart on): a level whose whole target
// resists that long pays for the nogoods, the others nothing. Far size 5
// seed 32, tiles (a whole solution), Threads(1): 3,368,955 nodes without,
// 919,688 with learning from 160,000 on (the same as from the first turn;
// from 320,000 on, 3,368,839); bench-max's official and random levels:
// the same nodes (learning in every turn cost them 17 % of CPU time,
// issue 27 round three).
const wholeLearnBudget = 8 * zeroBudget

// occStart is how long the race runs before occ starts on a board whose
// state has k bits: occSmallDelay up to occSmallBits (its passes cost
// little), else at least occDelay (the levels the searches prove sooner
// pay nothing: occ takes the second goroutine from its searches) and about
// 20 passes of Eval (2 µs a state of a step: 0.5 s at 18 bits, 1 s at
// 19). The figures that chose the delays are at each constant.
//
// With 20 steps of plain subgradient and a sort per layer occ took
// seconds, and started at 2 s (from 1 s, far size 5 seeds 6 and 98,
// tiles, proved by the searches in 1.75 s, took 4.6 and 7.1 s). Round six,
// 18 bits, from 0.5 s against 1 s (λ from occPrior, load 3, two runs):
// far size 5 seed 41 tiles 1.35 / 1.31 s against 1.90 / 2.34, 51 tiles
// 1.36 / 1.24 against 1.81 / 1.76, 51 points 1.62 / 1.46 against 2.29 /
// 2.12, 53 tiles 0.93 / 1.12 against 1.59 / 1.59; seeds 32 and 54, tiles
// (a whole solution the searches find late), 1.23 / 2.10 against 1.90 /
// 1.15 and 3.98 / 6.27 against 3.99 / 4.15. Round eight: occDelay.
func occStart(k int) time.Duration {
	if k <= occSmallBits {
		return occSmallDelay
	}
	if k > search.OccMaxBits {
		return occWideDelay
	}
	return max(occDelay, time.Duration(1<<k)*occPerState)
}

// occSmallBits: on boards whose state is no wider, occ starts early
// (occSmallDelay) and tries the pass however far the bound is from the
// goal (far size 4 seed 49, 14 bits: λ does not help, the pass refutes 52
// from a bound of 64).
const occSmallBits = 16

// occSmallDelay is when occ starts on a board of occSmallBits or less (its
// passes cost little); it is also when occ is laid out (race: a level
// decided sooner pays nothing for it; with the layout at the start, the
// medians of bench-max's random levels of sizes 5 and 6 rose by 0.1 ms).
const occSmallDelay = 250 * time.Millisecond

// occDelay is the least time before occ starts over occSmallBits (see
// occStart for round six's 0.5 s against 1 s). Round eight, 0.35 s
// against 0.5 (17 and 18 bits; quiet, the far set of sizes 4 and 5, 400
// pairs): 45.6 s in all against 48.8, s5-41 tiles 0.98 → 0.63 s, s5-53
// 0.93 → 0.59, s5-65 1.05 → 0.83, s5-59 points 0.83 → 0.61; none slower
// by over 42 ms but s5-18 tiles (1.8 and 2.4 s, run to run); bench-max's
// medians and maxima within their runs' spread.
const occDelay = 350 * time.Millisecond

// occWideDelay is when occWide starts (the lead's quiet run of far size 6,
// 50 levels × 2 objectives, from 1 s against 0.5 s: s6-17 points 9.45 →
// 6.74 s, s6-14 tiles 3.05 → 1.93, s6-6 2.61 → 2.10; those the searches
// prove a little later: s6-7 1.07 → 1.63, s6-48 5.89 → 6.62, s6-37 3.09 →
// 3.32; the same 95 proved).
const occWideDelay = 500 * time.Millisecond

// occWindow: the targets a pass of occ decides at once (its layers are
// hardly larger than for the highest alone: far size 4 seed 49, points,
// 10.9 million states for each of the six targets from 56 down to 46).
const occWindow = 3

// occMaxLayer bounds occ's layers (a state is 8 bytes; two layers live at
// once).
const occMaxLayer = 1 << 22

// occStages: the steps of λ (in all) after which occ tries the pass, and
// its layers' bound then (with the box step, whose passes of Eval cost 3
// to 10 ms at 16 to 18 bits, the first pass after 12 steps, not 6: far
// size 5, occ's time to the proof at load 2.4, seed 65 tiles 0.96 → 0.64
// s, 59 points 0.28 → 0.09, 98 tiles 0.15 → 0.06, 41 tiles 0.10 → 0.19,
// 51 tiles 0.13 → 0.19, eight levels 2.12 → 1.65 s in all).
var occStages = []struct{ steps, layer int }{
	{12, 1 << 20}, {24, 1 << 21}, {40, occMaxLayer}, {60, occMaxLayer},
}

// occPerState is occStart's time a state of k bits (about 20 passes of
// Eval: 0.34 s at 18 bits, 0.68 s at 19). Round nine, 1.3 µs against 2
// (0.52 s at 18 bits; quiet, far size 5, 200 pairs, two runs each): 200
// and 200 under 1 s against 198 and 199, far s5-18 tiles 0.93 against 1.30
// s; the 17-bit levels, which start at occDelay either way, within their
// runs' spread.
const occPerState = 1300 * time.Nanosecond

// occRetry: when occ is due but the bound is not yet within its window of
// the best found (occLeft), the race tries again this much later (it
// tried once: far size 5 seed 59, points, whose 88 came at 0.30 to 0.37 s,
// had occ only when 88 came before 0.35 s).
const occRetry = 100 * time.Millisecond

// occPrior is the λ occ's first goal starts from: near the λ that 20 to
// 40 steps found on far size 5 levels (tiles: about 0.15 a count, at most
// 0.65, seeds 41, 51, 18, 65, 59 from 0 to 0.2 at 1 up to 0.6 to 0.8 at 6;
// points: the count less 0.6, seed 51 0, 0, 1.2, 2.4, 3.5, 4.5, 5.6). From
// it against from 0, the steps to a pass within 1 M states a layer: seed
// 41 tiles 4 against 10, 51 tiles 4 against 6, 51 points 6 against 12,
// seed 6 tiles refuted by λ alone in 4 against 10; seed 98 tiles 10
// either way (5.0 M states against 1.9 M), seed 65 16 against 12.
func occPrior(points bool) [7]float64 {
	var lam [7]float64
	for k := range lam {
		if points {
			lam[k] = max(0, float64(k)-0.6)
		} else {
			lam[k] = min(0.65, 0.15*float64(k))
		}
	}
	return lam
}

// occSplitMost is the most targets occSplit takes (E = 3 of a pool of
// seven numbers: 120, 60 or so of the parity; far size 6 seed 10, 54 of
// 55 told apart by the shared pass).
const occSplitMost = 120

// occSplitFirst is the most targets occSplit takes before occ's first
// pass (E = 1: 8, four of the parity).
const occSplitFirst = 8

// occSepIters is the most passes of Eval for a target after the shared
// one (far size 5 seed 18, its one target inside the hull: 3 passes, a
// pass of 0.57 million states then, against 10 passes to the box step's
// end and 0.62 million; the four far runs of sizes 4-5, 400 pairs, 3
// against 40: 399 and 400 under 1 s, against 400 and 399; the 399s: s5-59
// points 1.27 s, before occRetry, and s5-18 tiles 1.00 s).
const occSepIters = 3

// occSplitFindBudget is the node budget of occSplitFind's FindHist for
// each target (far size 5 seed 59, points: 1.42 million).
const occSplitFindBudget = 2_000_000

// occWideFindBudget is occWide's node budget of FindHist for each target
// (far size 6 seed 40, tiles: 8.4 million with its one target's table
// alone, 2.5 to 2.9 million with two; about 3 million nodes a second at 22
// bits).
const occWideFindBudget = 10_000_000

// occFindBudget is the node budget of each search of search.OccDP.Find
// in occFind (about 10 million nodes a second on the CI kind of machine).
const occFindBudget = 600_000

// occFindNear: occ tries occFind on the bound before a pass when λ's
// bound is this far above the goal or more (far size 5 after 12 box
// steps: s5-54 tiles, a whole solution, 0.97 above; the goals the pass
// refutes 0.01 to 0.38: seeds 41, 51 points, 53, 65, 98).
const occFindNear = 0.5

// occFindGap: occ tries occFind on the bound when λ's bound is less than
// this many values above it (far size 5 seed 59, points: 105.6 against
// 94, not found in 4 million nodes).
const occFindGap = 4

// occWidePauseAt is when occWide starts pausing up: the levels up decides
// in a second or two keep it (far size 6, quiet: with up paused from
// occWide's start, s6-26 tiles took 4.1 s against 0.8, s6-32 tiles and
// points 2.8 and 2.6 against 1.3).
const occWidePauseAt = 2 * time.Second

// occWidePrior is where occWide's λ starts: the mean of the λ that 60
// subgradient steps from 0 found on the far size 6 levels of seeds 100 to
// 139 that Solve did not prove in 2 s (six, all with tiles; not the
// levels of the measure, seeds 0 to 49).
func occWidePrior(points bool) [7]float64 {
	if points {
		return occPrior(true)
	}
	return [7]float64{0, 0.14, 0.37, 0.48, 0.54, 0.59, 0.65}
}

// occWideSteps is the most steps of λ occWide takes for points (they stop
// sooner once the bound cannot fall further: Steps). For tiles, with the
// split of round eight, stopping them once four steps lowered the bound
// by less than 0.02 lost far size 6 seed 17: 65.009 after 12 steps
// against a goal of 65, the split then took 6 s, against 4.5 s to the
// proof with the steps; with round nine's split, 6 steps (see
// occWideSplitSteps).
const occWideSteps = 80

// occWideSplitSteps is the most steps occWide takes for tiles before the
// split: the split's own passes go on lowering each target's bound. Far
// size 6, quiet (issue 27, round nine, before occWide went on goal after
// goal): 50 levels × 2 objectives, to the stall (24 to 25 steps) 98
// proved, s6-10 tiles 9.9 s, s6-48 unproved; 10 steps 100 proved, s6-10
// 6.5 s; then on the eight slowest, 10 steps against 6, one run each:
// s6-40 6.96 / 6.26 s, s6-10 5.91 / 5.46, s6-17 6.94 / 5.28, s6-37 7.35 /
// 6.98, the other four 2.4 to 3.7 s either way. Points keep occWideSteps
// (s6-17 points was unproved with 10).
const occWideSplitSteps = 6
