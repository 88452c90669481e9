package search

// WalkProblem is walkProblem for the package's external tests
// (dive_cnf_test.go, which imports formats, itself above this package).
var WalkProblem = walkProblem
