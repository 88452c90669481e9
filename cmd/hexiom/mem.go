package main

// solve -max -mem: the memory budget (most.MemBudget), by default 1 GiB
// or three quarters of the cgroup's memory.max when that is lower.

import (
	"flag"
	"fmt"
	"os"
	"path"
	"strconv"
	"strings"

	"hexiom/internal/cli"
)

// memFlag is -mem: bytes, with an optional K, M or G (powers of 1024).
type memFlag struct{ n int64 }

func (m *memFlag) String() string { return memString(m.n) }

func (m *memFlag) Set(s string) error {
	mult := int64(1)
	num := strings.TrimSuffix(strings.ToUpper(s), "B")
	if i := strings.IndexAny(num, "KMG"); i >= 0 && i == len(num)-1 {
		mult = int64(1) << (10 * (1 + strings.IndexByte("KMG", num[i])))
		num = num[:i]
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > 1<<50/mult {
		return fmt.Errorf("%q: want bytes, e.g. 1500M or 2G (0: no budget)", s)
	}
	m.n = n * mult
	return nil
}

// memString is n bytes in the largest unit of K, M, G that divides it.
func memString(n int64) string {
	for i := 3; i > 0; i-- {
		if u := int64(1) << (10 * i); n != 0 && n%u == 0 {
			return strconv.FormatInt(n/u, 10) + "KMG"[i-1:i]
		}
	}
	return strconv.FormatInt(n, 10)
}

// checkMem refuses -mem without -max, which alone bounds its memory.
func checkMem(fs *flag.FlagSet, isMax bool) error {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "mem" })
	if set && !isMax {
		return cli.Usagef("-mem: only with -max (the tables of solve -max are what it bounds)")
	}
	return nil
}

// defaultMem is -mem's default: 1 GiB, or three quarters of the memory
// the process's cgroup allows (memory.max, cgroup v2) when that is lower.
func defaultMem() int64 {
	const gib = 1 << 30
	if limit := cgroupLimit("/proc/self/cgroup", "/sys/fs/cgroup"); limit > 0 {
		return min(gib, limit/4*3)
	}
	return gib
}

// cgroupLimit is the least memory.max of the process's cgroup (v2, named
// in the file self, as /proc/self/cgroup) and its parents under root; 0
// when none is set or it cannot be read.
func cgroupLimit(self, root string) int64 {
	b, err := os.ReadFile(self)
	if err != nil {
		return 0
	}
	var least int64
	for line := range strings.Lines(string(b)) {
		dir, ok := strings.CutPrefix(strings.TrimSpace(line), "0::")
		if !ok {
			continue
		}
		for dir = path.Clean("/" + dir); ; dir = path.Dir(dir) {
			v, err := os.ReadFile(path.Join(root, dir, "memory.max"))
			if n, e := strconv.ParseInt(strings.TrimSpace(string(v)), 10, 64); err == nil && e == nil && n > 0 && (least == 0 || n < least) {
				least = n
			}
			if dir == "/" {
				break
			}
		}
	}
	return least
}
