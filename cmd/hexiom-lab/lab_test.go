package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"hexiom/internal/cli"
	"hexiom/internal/cli/clitest"
	"hexiom/tantrix"
)

// The exit statuses (package internal/cli's).
const (
	exitOK     = cli.ExitOK
	exitFailed = cli.ExitFailed
	exitUsage  = cli.ExitUsage
)

// binary is hexiom-lab for the checks every binary shares
// (internal/cli/clitest).
func binary() clitest.Binary {
	return clitest.Binary{Name: "hexiom-lab", Run: run, Names: program.Names(), MainEnv: "HEXIOM_LAB_TEST_AS_MAIN"}
}

const levelsDir = "../../levels/"

// binDir holds the hexiom binary the tests of bench-play and play-demo
// build (hexiomBinary); removed after the tests.
var binDir string

// TestMain lets the test binary stand in for hexiom-lab when a test starts
// it as a child process (os.Args[0] with HEXIOM_LAB_TEST_AS_MAIN=1).
func TestMain(m *testing.M) {
	if os.Getenv("HEXIOM_LAB_TEST_AS_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

var (
	buildOnce sync.Once
	built     string
	buildErr  error
)

// hexiomBinary builds cmd/hexiom, the binary whose `hexiom play` bench-play
// and play-demo run, once per test binary, with this build's flags (the
// environment's: scripts/env.sh), and returns its path.
func hexiomBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if binDir, buildErr = os.MkdirTemp("", "hexiom-lab-test-"); buildErr != nil {
			return
		}
		built = filepath.Join(binDir, "hexiom")
		out, err := exec.Command("go", "build", "-o", built, "../hexiom").CombinedOutput()
		if err != nil {
			buildErr = err
			built = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("go build ./cmd/hexiom: %v\n%s", buildErr, built)
	}
	return built
}

// genBoard writes the board `hexiom tantrix gen -n n -seed seed` prints
// (tantrix.Generate with the challenge's colour) to a file.
func genBoard(t *testing.T, n, seed int) string {
	t.Helper()
	b, _, err := tantrix.Generate(context.Background(), n, tantrix.DefaultColour(n), uint64(seed))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "board-"+strconv.Itoa(n)+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := b.Format(f); err != nil {
		t.Fatal(err)
	}
	return f.Name()
}
