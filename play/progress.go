package play

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress shows drags done of the plan and the time, on one line that
// rewrites itself on a terminal, else a line every tenth of the plan.
type progress struct {
	w      io.Writer
	tty    bool
	shown  int
	inLine bool
}

func newProgress(w io.Writer) *progress {
	pr := &progress{w: w}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			pr.tty = true
		}
	}
	return pr
}

func (pr *progress) drag(done, total int, elapsed time.Duration) {
	if pr.w == nil {
		return
	}
	line := fmt.Sprintf("drag %d/%d, %.1f s", done, total, elapsed.Seconds())
	if pr.tty {
		fmt.Fprintf(pr.w, "\r%-40s", line)
		pr.inLine = true
		return
	}
	step := max(1, total/10)
	if done == total || done-pr.shown >= step {
		fmt.Fprintln(pr.w, line)
		pr.shown = done
	}
}

func (pr *progress) note(s string) {
	if pr.w == nil {
		return
	}
	pr.done()
	fmt.Fprintln(pr.w, s)
}

func (pr *progress) done() {
	if pr.w != nil && pr.inLine {
		fmt.Fprintln(pr.w)
		pr.inLine = false
	}
}
