package most

import (
	"runtime/metrics"

	"hexiom/solver/internal/search"
)

// MemBudget bounds the memory of the process while Solve runs to about
// bytes: the tables of its occupancy view (search.OccDP, hundreds of MB
// on the hardest size-6 boards) are not made when, with what the process
// holds when they would be, they would pass it. It is checked once, as
// the view is laid out: Solve then goes on without them (or with fewer
// of Refute's extra tables), and at the context's end returns the best
// found, unproved, with Result.OverBudget. The searches' own memory
// (tens of MB) is not bounded. 0, the default: no budget.
func MemBudget(bytes int64) Option { return func(c *config) { c.mem = max(0, bytes) } }

// fitMem reports whether occ's tables fit r.mem with what the process
// holds now, lowering their number (SetTableCap) to what does; false, and
// overBudget: not even one pass's fit.
func (r *maxRace) fitMem() bool {
	base, per := r.od.Footprint(occMaxLayer)
	free := r.mem - processMem()
	if base > free {
		r.overBudget = true
		return false
	}
	if n := (free - base) / per; n < int64(search.OccMaxTables) {
		r.od.SetTableCap(int(n)) // OverBudget if the cap leaves one out (od.Capped)
	}
	return true
}

// processMem is the memory the Go runtime holds from the system, less
// what it has returned: about the process's resident set, but C's.
func processMem() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()) - int64(s[1].Value.Uint64())
}
