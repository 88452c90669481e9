#!/usr/bin/env bash
# test.sh: the project's test command. On a fresh Debian 12 machine it installs
# what is missing, then checks formatting, vet and staticcheck, runs every test
# (the full tier, never -short: the Xvfb + Chromium end-to-end tests included,
# a missing component fails them; the clone's Flash build among them: the SWF
# compiled by haxe and played in Ruffle), the pure packages again under -race
# (their full tests, fewer random levels: see below), fuzzes briefly the level parser, the game's
# API, calibration and template files, the PNGs hexiom read takes, the
# Tantrix board parser and `hexiom tantrix solve`, the CNF and SAT answer
# readers,
# compiles every package for Windows (scripts/windows-build.sh: no X11 code
# there), and builds hexiom.exe (scripts/windows-release.sh) and runs it
# under Wine against the Linux binary (TestWine, -tags wine).
#
#   ./scripts/test.sh            everything
#   ./scripts/test.sh ./solver/  only these packages (no fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
# issue 40: the clone's Flash build compiles (haxe, under a second); the
# tests build it again where they play it (TestRuffleDrag, in Ruffle from
# the cache install-deps fills)
./scripts/build-swf.sh >/dev/null
# the Linux build: gocv's customenv tag, only the OpenCV modules vision needs
# (every go command below builds with it; TestFewLibraries checks it)
. scripts/env.sh
unset XDG_SESSION_TYPE WAYLAND_DISPLAY

bad=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$bad" ]; then echo "gofmt would change:"; echo "$bad"; exit 1; fi
go vet ./...
# and the files behind the project's own build tags (the gohook click
# listener, the Wine test), which a plain vet never compiles
go vet -tags "gohook,wine,$HEXIOM_TAGS" ./...
# staticcheck, pinned: 2026.2.2 knows Go 1.26. The module proxy builds it.
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

pkgs=("$@")
if ((${#pkgs[@]} == 0)); then pkgs=(./...); fi
go test -count=1 -timeout 25m "${pkgs[@]}"
if (($# == 0)); then
  # the race detector on the packages that need no screen, cgo library or X,
  # their full tests (not -short). The detector makes the searches and the
  # brute forces about ten times slower, so under it (the build tag race:
  # tier.Race) the solver's tests that repeat one check over many random
  # levels check fewer, every kind of check kept: TestRandomLevels 25
  # levels a size (of 1,000; one goroutine each), TestFewestMovesIsMinimal
  # 5 brute-forced levels (of 25), TestHighCapsAgainstBruteForce 50 boards
  # (of 190), TestLearnSameFirstSolution 20 a size (of 100), TestLearnSolve
  # 10 seeds (of 200), TestSolveMaxFarLevels its size-4 levels (of 5),
  # TestZeroSetsAgainstBruteForce and TestSolveMaxZerosAgainstBruteForce 25
  # levels (of 70). The full counts ran above, without it (BENCHMARKS.md:
  # the race run's time).
  go test -race -count=1 -timeout 20m ./board/... ./calibration/... ./levels/... ./solver/... ./formats/ \
    ./tantrix/... ./internal/screencast/ ./internal/session/ ./internal/stats/ ./internal/safefile/ ./internal/cli/
  # The fuzzers run a count of inputs each, not a time: with -fuzztime as a
  # duration, Go 1.26's fuzz coordinator can fail a target with "context
  # deadline exceeded" and no failing input when the deadline meets a busy
  # worker (golang/go#75804, fixed in Go 1.27); it failed FuzzLoadTemplates
  # in a loaded stress run. A count has no deadline: on a busy machine it
  # only takes longer. Each count is a few seconds of fuzzing at load 10.
  go test -run '^$' -fuzz '^FuzzParse$' -fuzztime 50000x ./board/
  # hostile input (issue 13): the game's API, calibration and template files,
  # read's PNGs
  go test -run '^$' -fuzz '^FuzzAPI$' -fuzztime 20000x ./game/
  go test -run '^$' -fuzz '^FuzzLoadFile$' -fuzztime 5000x ./calibration/
  go test -run '^$' -fuzz '^FuzzReadPNG$' -fuzztime 40x ./cmd/hexiom/
  go test -run '^$' -fuzz '^FuzzLoadTemplates$' -fuzztime 1500x ./vision/reader/
  # (FuzzFindArea, issue 42, runs its seeds and fixed random crops in the go
  # test above: one FindArea takes seconds, past the 10 s Go's fuzzer gives
  # an input on a loaded machine)
  # issue 24: the Tantrix board parser, and `tantrix solve` on small fuzzed
  # boards, every "solved" checked by tantrix.Check (a few seconds each)
  go test -run '^$' -fuzz '^FuzzParseBoard$' -fuzztime 20000x ./tantrix/
  go test -run '^$' -fuzz '^FuzzTantrixSolve$' -fuzztime 2000x ./cmd/hexiom/
  # issue 42: the readers of a CNF and of a SAT solver's answer
  go test -run '^$' -fuzz '^FuzzReadCNF$' -fuzztime 20000x ./formats/
  go test -run '^$' -fuzz '^FuzzReadModel$' -fuzztime 20000x ./formats/
  # gohook, the portable click listener, is in Linux builds only with -tags
  # gohook and opens the X display as the binary loads: start it under
  # xvfb-run, whose server outlives it (the hook runs until the process ends)
  xvfb-run -a -s "-screen 0 640x480x24 -nolisten tcp -noreset" go test -tags "gohook,$HEXIOM_TAGS" -count=1 ./clicks/
  # the e2e tests with the portable parts (issue 14): calibration by gohook
  # clicks, every look through kbinani/screenshot (a new X connection per
  # grab), on the xvfb-run display; the boards of every size, a dropped drag
  # and both fail-safes (the challenge and flash tests add nothing here that
  # depends on the capture, and take minutes more)
  xvfb-run -a -s "-screen 0 1366x868x24 -nolisten tcp -noreset" env HEXIOM_E2E=portable \
    go test -tags "gohook,$HEXIOM_TAGS" -count=1 -timeout 20m -run 'TestE2E(OfficialLevels|DroppedDrag|FailSafe|CornerFailSafe)$' ./play/
  # the move planner and the Driver build and pass their tests without cgo
  # (robotgo, the one part of actuate that needs it, is left out)
  CGO_ENABLED=0 go test -short -count=1 ./actuate/
  # issue 25: OpenCV only in vision/internal/cv (behind vision/reader): the
  # packages that carry readings build, vet and pass their pure tests without
  # cgo (about a minute), vision and vision/internal/prep whole
  CGO_ENABLED=0 go vet ./board/ ./solver/... ./vision/ ./vision/internal/prep/ ./picture/ ./play/ ./game/
  CGO_ENABLED=0 go test -short -count=1 ./board/ ./solver/... ./picture/ ./play/ ./game/
  CGO_ENABLED=0 go test -count=1 ./vision/ ./vision/internal/prep/
  # (the Linux build's flags are not for mingw-w64)
  env -u GOFLAGS -u CGO_CPPFLAGS -u CGO_CXXFLAGS -u CGO_LDFLAGS ./scripts/windows-build.sh
  # issue 23: hexiom.exe (OpenCV 4.6 cross-built from Debian's source, cached
  # by version in ~/.cache/hexiom: minutes once, then seconds; the script
  # sets its own flags), run under wine64 on Xvfb against the Linux binary:
  # commands, read on every look, calibrate, read and play's drags on a
  # Windows window
  ./scripts/windows-release.sh
  HEXIOM_EXE=$PWD/dist/windows/hexiom.exe go test -tags "wine,$HEXIOM_TAGS" -count=1 -timeout 20m -run '^TestWine$' ./cmd/hexiom/
fi
