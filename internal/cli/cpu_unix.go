//go:build unix

package cli

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time the process has used (user and system).
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
