package main

import (
	"syscall"
	"unsafe"
)

// ownConsole says whether hexiom.exe runs in a console window of its own,
// as when a player double-clicks it in Explorer: the console then lists this
// process alone (GetConsoleProcessList), and Windows closes it when hexiom
// exits. Started from cmd.exe or PowerShell, the shell shares it.
func ownConsole() bool {
	proc := syscall.NewLazyDLL("kernel32.dll").NewProc("GetConsoleProcessList")
	if proc.Find() != nil {
		return false
	}
	var ids [4]uint32
	n, _, _ := proc.Call(uintptr(unsafe.Pointer(&ids[0])), uintptr(len(ids)))
	return n == 1
}
