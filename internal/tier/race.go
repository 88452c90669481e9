//go:build race

package tier

// Race is true when the tests are built with the race detector
// (`go test -race`), as the standard library's internal/race.Enabled.
const Race = true
