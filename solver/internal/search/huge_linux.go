//go:build linux

package search

import (
	"syscall"
	"unsafe"
)

// hugePages asks the kernel to back the n bytes at p with huge pages
// before their first touch (where transparent huge pages are on request,
// as on Debian): OccDP's tables of tens of MB then fault once every 2 MB,
// not every 4 KB (on the CI kind of machine, about 13 µs a fault: a 19-bit
// board's first pass over its 64 MB table took 280 ms, its next 62 ms).
// It is advice: an error changes nothing but the speed.
func hugePages(p unsafe.Pointer, n uintptr) {
	const page = 4096
	off := (page - uintptr(p)%page) % page
	if n <= off+page {
		return
	}
	size := (n - off) &^ (page - 1)
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, off)), size), syscall.MADV_HUGEPAGE)
}
