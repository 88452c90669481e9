//go:build !unix

package main

import "time"

// processCPU returns 0 where the process's CPU time is not read (Windows):
// bench and solve -json then report wall time only.
func processCPU() time.Duration { return 0 }
