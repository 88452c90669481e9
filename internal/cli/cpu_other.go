//go:build !unix

package cli

import "time"

// ProcessCPU returns 0 where the process's CPU time is not read (Windows):
// bench and solve -json then report wall time only.
func ProcessCPU() time.Duration { return 0 }
