package play

import (
	"fmt"
	"time"
)

// trace writes one line of the loop's trace (Config.Trace): the time since
// Config.TraceFrom by the loop's clock, in milliseconds, and what happened.
// It is how the time of a board is taken apart (issue 22): a drag's
// release, each grab and what it showed, each read.
func (p *player) trace(format string, args ...any) {
	if p.cfg.Trace == nil {
		return
	}
	at := p.cfg.Now().Sub(p.cfg.TraceFrom)
	fmt.Fprintf(p.cfg.Trace, "%9.2f ms  %s\n", float64(at)/float64(time.Millisecond), fmt.Sprintf(format, args...))
}
