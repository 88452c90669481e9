// Package clitest checks, in tests, what every hexiom binary promises on
// its command line (package cli's rules): DESIGN.md names every command it
// has; a file it writes is replaced through a temporary file and a rename;
// its exit status says what went wrong and the error is printed once; a
// flag's bad value is a usage error naming the flag; the first SIGINT or
// SIGTERM stops it. cmd/hexiom and cmd/hexiom-lab call these with their
// own command lines, so each binary's tests keep only what is its own.
//
// Files by job: clitest.go (the checks run in the process),
// interrupt_unix.go (a signal sent to the binary run as a process).
package clitest
