// Package cli is the command-line plumbing the two binaries share, hexiom
// (what a player uses) and hexiom-lab (the developers' benchmarks, demos
// and file writers): a program is a list of commands, each run under one
// context cancelled on the first SIGINT or SIGTERM; a command returns its
// error, which the program prints once, as "PROGRAM COMMAND: …", and turns
// into the exit status: 0 success (and -h), 1 the command failed, 2 a wrong
// command line (UsageError).
//
// Files by job: program.go runs a program's commands and turns their
// errors into exit statuses; flags.go parses flags (after the arguments
// too, up to "--") and holds the rules every command shares (-threads,
// -timeout, a flag with a list of values); files.go reads the level and
// Tantrix board files the commands are given; answers.go checks a solver's
// answer independently before a command prints it; cpu_unix.go and
// cpu_other.go read the process's CPU time.
package cli
