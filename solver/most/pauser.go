package most

import (
	"context"
	"sync"
)

// pauser is a context whose Err, which a search calls every 1024 nodes,
// blocks while it is paused (the search waits there, losing nothing),
// until resumed or the parent ends. Far size 6 (issue 27, round nine):
// with up paused during occWide's passes, s6-10 tiles 7.8 → 6.0 s and
// s6-40 11.4 → 9.2 s (three busy goroutines on two cores slowed each pass
// by a third); far size 5 seed 18, tiles, 1.08-1.13 → 0.87-0.96 s.
type pauser struct {
	context.Context
	mu sync.Mutex
	ch chan struct{} // closed on resume; nil: not paused
}

// Err is the parent's, once p is not paused.
func (p *pauser) Err() error {
	p.mu.Lock()
	ch := p.ch
	p.mu.Unlock()
	if ch != nil {
		select {
		case <-ch:
		case <-p.Context.Done():
		}
	}
	return p.Context.Err()
}

// pause makes Err block from now on (it may already be blocking).
func (p *pauser) pause() {
	p.mu.Lock()
	if p.ch == nil {
		p.ch = make(chan struct{})
	}
	p.mu.Unlock()
}

// unpaused resumes p if paused, and returns what pauses it again.
func (p *pauser) unpaused() func() {
	p.mu.Lock()
	was := p.ch != nil
	p.mu.Unlock()
	if !was {
		return func() {}
	}
	p.resume()
	return p.pause
}

// resume releases Err.
func (p *pauser) resume() {
	p.mu.Lock()
	if p.ch != nil {
		close(p.ch)
		p.ch = nil
	}
	p.mu.Unlock()
}
