#!/usr/bin/env bash
# test.sh: the project's test command. On a fresh Debian 12 machine it installs
# what is missing, then runs every test once (the full tier, never -short:
# the Xvfb + Chromium end-to-end tests included, a missing component fails
# them; the clone's Flash build among them: the SWF compiled by haxe and
# played in Ruffle), the cheap checks first:
#
#  1. gofmt; go vet and staticcheck over every build the project has: the
#     Linux build (customenv), the gohook- and wine-tagged files, the race
#     tag's, cgo off (the !cgo files), macOS's platform files (cgo off);
#     Windows' below, once its compilers have built the packages;
#  2. cgo off, the packages whose tests link no cgo (the module's tests that
#     import neither gocv nor robotgo, directly or not): their whole tests,
#     which so also prove they build without cgo (issue 25);
#  3. the race detector (it needs cgo) on the packages that need no screen,
#     cgo library or X: board's, calibration's… tests run only there; the
#     solver's and Tantrix's, which check fewer random levels under it, ran
#     in full in step 2 (see below);
#  4. brief fuzzing of the level parser, the game's API, calibration and
#     template files, the PNGs hexiom read takes, the Tantrix board parser
#     and `hexiom tantrix solve`, the CNF and SAT answer readers;
#  5. the packages that link gocv or robotgo, with cgo: vision's reading,
#     the bot, the commands, the end-to-end tests (the slowest step);
#  6. the portable parts on xvfb-run: the gohook click listener, the e2e
#     tests with kbinani's capture and gohook's clicks;
#  7. Windows: every package compiled for windows/amd64
#     (scripts/windows-build.sh: no X11 code there), vet and staticcheck of
#     that build, hexiom.exe built (scripts/windows-release.sh) and run under
#     Wine against the Linux binary (TestWine, -tags wine).
#
# Steps 1-6 run in this order; from the end of step 1, the tests that play
# in Ruffle (one at a time) and vision/reader's (two processes, niced) run
# beside them, and step 7 beside steps 2-4 (see "the lanes" below), so that
# both cores stay busy while the games play at their pace.
#
# Every test runs once: a package is in exactly one of steps 2, 3 and 5
# (checked below; step 5's vision/reader and Ruffle tests in their lanes), save
# that the solver's and Tantrix's tests run in step 2
# with their full counts and again in step 3 under the race detector with
# fewer levels (a different build, for the data races in their searches'
# goroutines; their full counts under it would take ten times as long), and
# the e2e tests of step 6, which run a second time with the portable parts
# (HEXIOM_E2E=portable, -tags gohook: another capture and click listener).
# The fuzz steps run only the fuzzers (-run '^$'); their seeds run in 2–5.
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

# ---- 1. the cheap checks ------------------------------------------------
bad=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$bad" ]; then echo "gofmt would change:"; echo "$bad"; exit 1; fi

# The packages, sorted by what their tests link. cgo: a package whose test
# binary (the package, its tests and everything they import) holds a package
# of the module or a dependency with cgo files (gocv, robotgo); pure: the
# rest, which build the same files with CGO_ENABLED=0 (nothing of the module
# but the cgo packages has a cgo build constraint).
cgodeps=" $(go list -deps -test -f '{{if and (not .Standard) .CgoFiles}}{{.ImportPath}}{{end}}' ./... | sort -u | tr '\n' ' ') "
mapfile -t cgo_pkgs < <(go list -test -f '{{.ImportPath}}|{{.ForTest}}|{{join .Deps " "}}' ./... |
  awk -F'|' -v cg="$cgodeps" '
    BEGIN { n = split(cg, a, " "); for (i = 1; i <= n; i++) c[a[i]] = 1 }
    { p = $1; sub(/ \[.*/, "", p); if ($2 != "") p = $2; if (p ~ /\.test$/) next
      if (p in c) cgo[p] = 1
      m = split($3, d, " "); for (i = 1; i <= m; i++) if (d[i] in c) cgo[p] = 1 }
    END { for (p in cgo) print p }' | sort)
mapfile -t pure_pkgs < <(go list ./... | grep -vxF -f <(printf '%s\n' "${cgo_pkgs[@]}") | sort)
# The race run's packages (step 3): those that need no screen, cgo library
# or X. The ones whose tests check the same under the race detector (no
# tier.Race in them) run only there; the solver's and Tantrix's also in
# step 2, with their full counts.
# (formats, no goroutine of its own, its tests 12 s under the detector
# and 2 s without: in step 2)
race_only=(./board/... ./calibration/... ./levels/... ./internal/screencast/ ./internal/session/
  ./internal/stats/ ./internal/safefile/ ./internal/cli/)
race_fewer=(./solver/... ./tantrix/...)
mapfile -t race_only_pkgs < <(go list "${race_only[@]}" | sort)
mapfile -t race_only_tests < <(go list -f '{{$d := .Dir}}{{range .TestGoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .XTestGoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}' "${race_only[@]}" | grep .)
if grep -l 'tier\.Race' /dev/null "${race_only_tests[@]}"; then
  echo "test.sh: the files above check fewer under tier.Race: their full counts would never run; move their package to race_fewer" >&2
  exit 1
fi
for p in "${race_only_pkgs[@]}"; do
  if printf '%s\n' "${cgo_pkgs[@]}" | grep -qxF "$p"; then
    echo "test.sh: $p links cgo: it cannot be in the race run's pure list" >&2
    exit 1
  fi
done
mapfile -t nocgo_pkgs < <(printf '%s\n' "${pure_pkgs[@]}" | grep -vxF -f <(printf '%s\n' "${race_only_pkgs[@]}"))
echo "test.sh: ${#nocgo_pkgs[@]} packages tested with cgo off, ${#race_only_pkgs[@]} only under -race," \
  "${#cgo_pkgs[@]} with cgo"

go vet ./...
# the files behind the project's own build tags (the gohook click listener,
# the Wine test; tier's race constant), which a plain vet never compiles
go vet -tags "gohook,wine,$HEXIOM_TAGS" ./...
go vet -tags "race,$HEXIOM_TAGS" ./internal/tier/ "${race_fewer[@]}"
# cgo off: the pure packages (their tests run so in step 2, or under -race
# in step 3: this proves those build without cgo too), and the ones that
# carry readings, plans and the game (issue 25: OpenCV only in
# vision/internal/cv, behind vision/reader; robotgo only in actuate's
# Robot), which build, with their !cgo files, and vet without it
nocgo_build=("${pure_pkgs[@]}" hexiom/actuate hexiom/picture hexiom/play hexiom/game)
CGO_ENABLED=0 go vet "${nocgo_build[@]}"
# staticcheck, pinned: 2026.2.2 knows Go 1.26. The module proxy builds it,
# for this machine, once (its GOOS must not follow the Windows runs below).
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
GOBIN=$tools go install honnef.co/go/tools/cmd/staticcheck@v0.8.2
staticcheck=$tools/staticcheck
"$staticcheck" ./...
# -tags replaces the GOFLAGS one: name customenv with the others
"$staticcheck" -tags "gohook,wine,$HEXIOM_TAGS" ./clicks/ ./cmd/hexiom/
"$staticcheck" -tags "race,$HEXIOM_TAGS" ./internal/tier/ "${race_fewer[@]}"
CGO_ENABLED=0 "$staticcheck" "${nocgo_build[@]}"
# macOS cannot be built here (cgo needs Apple's SDK): its platform files,
# cgo off (scripts/windows-build.sh vets them). U1000 left out: clicks'
# hookBuilt is read only by its Linux tests, so unused in this build
GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 "$staticcheck" -checks inherit,-U1000 ./capture ./clicks ./actuate ./internal/session ./internal/browser

if (($#)); then
  go test -count=1 -timeout 25m "$@"
  exit
fi

# (each step says when it ended: where the time goes, in the log)
mark() { echo "test.sh: $1 passed at second $SECONDS"; }
mark "step 1"

# ---- the lanes ----------------------------------------------------------------
# Steps 2-6 run one after another, as they always have; from here four
# lanes run beside them, each to a log of its own, shown when it ends:
#  - ruffle: every test that plays the Flash build in Ruffle (step 5's),
#    one at a time: play's e2e at the games' pace (six minutes), game's,
#    hexiom's. Step 5 skips them; the fail-safe tests wait for the lane's
#    end (step 5b): their 100 ms timing does not hold beside Ruffle (lanes
#    that put them beside it failed three times: docs/testing.md);
#  - reader-a, reader-b: vision/reader's tests (step 5's), pure CPU on
#    fixtures, no screen and no clock in what they assert, in two
#    processes (the tests reader_a names, and the rest: -skip), at nice 15:
#    they take what CPU the other steps leave, and the display tests beside
#    them take the CPU first when they want it;
#  - windows: step 7, beside steps 2-4: step 5 waits for its end.
# A step that fails stops the script and the lanes with it (their process
# groups); a lane that fails fails the script where it is waited for, its
# log shown.
set -m
lanes=$(mktemp -d)
declare -A lane_pid lane_start
trap 'for p in "${lane_pid[@]}"; do kill -- -"$p" 2>/dev/null || true; done; rm -rf "$tools" "$lanes"' EXIT
lane() { # lane NAME CMD...: CMD in the background, in a process group of its own
  local name=$1
  shift
  (
    # the lane's end and CPU (its processes', as far as they were waited
    # for: bash's times, the children's line)
    trap 'echo "$SECONDS" >"$lanes/$name.end"; times >"$lanes/$name.cpu"' EXIT
    "$@"
  ) >"$lanes/$name.log" 2>&1 &
  lane_pid[$name]=$!
  lane_start[$name]=$SECONDS
  echo "test.sh: lane $name started (its output when it ends)"
}
lane_end() { # lane_end NAME...: waits for the lanes, shows their logs; fails if one failed
  local name status failed=()
  for name in "$@"; do
    if wait "${lane_pid[$name]}"; then status=passed; else status=FAILED; failed+=("$name"); fi
    echo "---- lane $name: $status in $(($(cat "$lanes/$name.end") - ${lane_start[$name]})) s (from test.sh's second ${lane_start[$name]}; now $SECONDS; CPU user, system: $(tail -1 "$lanes/$name.cpu"))"
    cat "$lanes/$name.log"
    unset "lane_pid[$name]"
  done
  if ((${#failed[@]})); then
    echo "test.sh: failed: lane(s) ${failed[*]} (their output above)" >&2
    return 1
  fi
}
if ! printf '%s\n' "${cgo_pkgs[@]}" | grep -qxF hexiom/vision/reader; then
  echo "test.sh: hexiom/vision/reader is not among the cgo packages: its lanes would test nothing" >&2
  exit 1
fi
# play first: its e2e tests are step 5's longest chain (minutes at the
# games' pace); go test starts the packages in the order given, two at once
mapfile -t step5_pkgs < <(echo hexiom/play; printf '%s\n' "${cgo_pkgs[@]}" | grep -vxF -e hexiom/vision/reader -e hexiom/play)
# Ruffle's tests (every package's: play's e2e at the games' pace, some six
# minutes; game's; hexiom's) in a lane of their own from the end of step 1,
# one at a time (two Ruffles at once lost drags at load 7-27); step 5 skips
# them. The fail-safe tests (play's e2e, actuate's driver) time the bot's stop
# against the user's hand to 100 ms, which does not hold beside Ruffle: they
# run after the Ruffle lane ends (step 5b).
ruffle_tests='^(TestE2ERuffle.*|TestRuffle.*|TestGameCommandRuffle.*|TestPlayFindsTheBoardAfterAPageScroll)$'
ruffle_pkgs=(./play/ ./game/ ./cmd/hexiom/)
failsafe_tests='^(TestE2EFailSafe.*|TestE2ECornerFailSafe|TestDriverFailSafe.*)$'
failsafe_pkgs=(./play/ ./actuate/)
# every test of step 5's packages those patterns name is in the packages
# named with them (step 5 skips them wherever they are)
declare -A in_step5
for p in "${step5_pkgs[@]}"; do in_step5[$p]=1; done
for f in $(git ls-files '*_test.go'); do
  d=./$(dirname "$f")/
  [[ -n ${in_step5[hexiom/$(dirname "$f")]:-} ]] || continue
  for name in $(sed -nE 's/^func ((Test|Fuzz)[A-Za-z0-9_]+)\(.*/\1/p' "$f"); do
    for kind in ruffle failsafe; do
      pat=${kind}_tests pkgs="${kind}_pkgs[*]"
      if [[ $name =~ ${!pat} ]] && [[ " ${!pkgs} " != *" $d "* ]]; then
        echo "test.sh: $f: $name matches the $kind tests' pattern, but $d is not among ${!pkgs}" >&2
        exit 1
      fi
    done
  done
done
# (-v, less the === lines: each test's time and what play's e2e tests log
# of every board, its drags and those lost and made again)
lane ruffle bash -c 'set -o pipefail; go test -v -count=1 -p 1 -timeout 45m -run "$1" "${@:2}" 2>&1 | grep -v "^=== "' \
  ruffle "$ruffle_tests" "${ruffle_pkgs[@]}"
reader_a='^(TestBevelLookEveryBoard|TestSlateFindArea|TestFlashGeometry|TestPartialSetsNeverMisread|TestRefindRefusesACutBoard|FuzzFindArea|TestSlateGolden|TestSWFLattice|TestFindAreaRefusesACutBoard|TestFindMoved|TestNoise)$'
lane reader-a nice -n 15 go test -count=1 -timeout 40m -run "$reader_a" ./vision/reader/
lane reader-b nice -n 15 go test -count=1 -timeout 40m -skip "$reader_a" ./vision/reader/

# ---- 7. Windows (a lane) --------------------------------------------------------
windows() {
  set -e
  # (the Linux build's flags are not for mingw-w64)
  env -u GOFLAGS -u CGO_CPPFLAGS -u CGO_CXXFLAGS -u CGO_LDFLAGS ./scripts/windows-build.sh
  # vet and staticcheck of the Windows build, with the compilers and flags of
  # scripts/windows-build.sh (whose compiles they reuse from the build cache):
  # the windows files (internal/winewindow is Windows' alone), and the
  # !customenv ones (gocv's own flags there). The tests of five packages are
  # Linux's (X, the desktop, getrusage) and do not build for Windows: vet,
  # which always takes the tests, leaves those packages out (vetted on Linux
  # above); staticcheck sees their code without the tests. U1000 left out:
  # what only the Linux tests use (clicks' hookBuilt, hexiom-lab's run) is
  # unused in this build.
  local win=(env -u GOFLAGS -u CGO_CXXFLAGS -u CGO_LDFLAGS GOOS=windows GOARCH=amd64 CGO_ENABLED=1
    CC=x86_64-w64-mingw32-gcc-posix CXX=x86_64-w64-mingw32-g++-posix CGO_CPPFLAGS=-I/usr/include/opencv4)
  local linux_tests=(hexiom/cmd/hexiom hexiom/game hexiom/internal/xconn hexiom/play hexiom/tantrix)
  local win_pkgs
  mapfile -t win_pkgs < <("${win[@]}" go list ./... | grep -vxF -f <(printf '%s\n' "${linux_tests[@]}"))
  "${win[@]}" go vet "${win_pkgs[@]}"
  "${win[@]}" "$staticcheck" -checks inherit,-U1000 "${win_pkgs[@]}"
  "${win[@]}" "$staticcheck" -checks inherit,-U1000 -tests=false "${linux_tests[@]}"
  # issue 23: hexiom.exe (OpenCV 4.6 cross-built from Debian's source, cached
  # by version in ~/.cache/hexiom: minutes once, then seconds; the script
  # sets its own flags), run under wine64 on Xvfb against the Linux binary:
  # commands, the first start in a console of its own, read on every look,
  # calibrate, read and play's drags on a Windows window, at 96 dpi, at 144
  # dpi against 96's x1.5, and on a monitor left of and above the primary (issue 41)
  ./scripts/windows-release.sh
  HEXIOM_EXE=$PWD/dist/windows/hexiom.exe go test -tags "wine,$HEXIOM_TAGS" -count=1 -timeout 20m -run '^TestWine$' ./cmd/hexiom/
}
lane windows windows

# ---- 2. the pure packages' tests, cgo off --------------------------------
# Their whole tests (X, Chromium, haxe and Ruffle where they need them: the
# capture, the browser, the Flash build), as the plain run would run them:
# the same files, the same tests, cgo or not. vision and
# vision/internal/prep among them (vision/doc.go, "Where cgo runs").
CGO_ENABLED=0 go test -count=1 -timeout 25m "${nocgo_pkgs[@]}"

mark "step 2"

# ---- 3. the race detector -------------------------------------------------
# The packages that need no screen, cgo library or X, their full tests (not
# -short). The detector makes the searches and the brute forces about ten
# times slower, so under it (the build tag race: tier.Race) the solver's
# tests that repeat one check over many random levels check fewer, every
# kind of check kept: TestRandomLevels 25 levels a size (of 1,000; one
# goroutine each), TestFewestMovesIsMinimal 5 brute-forced levels (of 25),
# TestHighCapsAgainstBruteForce 50 boards (of 190), TestLearnSameFirstSolution
# 20 a size (of 100), TestLearnSolve 10 seeds (of 200), TestSolveMaxFarLevels
# its size-4 levels (of 5), TestZeroSetsAgainstBruteForce and
# TestSolveMaxZerosAgainstBruteForce 25 levels (of 70); Tantrix's likewise.
# The full counts ran in step 2, without it (docs/benchmarks-history.md:
# the race run's time). The other packages here run only under it: the
# same tests, the same counts.
go test -race -count=1 -timeout 20m "${race_only[@]}" "${race_fewer[@]}"

mark "step 3"

# ---- 4. fuzzing --------------------------------------------------------------
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
# (FuzzFindArea, issue 42, runs its seeds and fixed random crops in step 5's
# go test: one FindArea takes seconds, past the 10 s Go's fuzzer gives an
# input on a loaded machine)
# issue 24: the Tantrix board parser, and `tantrix solve` on small fuzzed
# boards, every "solved" checked by tantrix.Check (a few seconds each)
go test -run '^$' -fuzz '^FuzzParseBoard$' -fuzztime 20000x ./tantrix/
go test -run '^$' -fuzz '^FuzzTantrixSolve$' -fuzztime 2000x ./cmd/hexiom/
# issue 42: the readers of a CNF and of a SAT solver's answer (a CNF
# input is checked by solving level 10 with it: 20,000 took 18 s)
go test -run '^$' -fuzz '^FuzzReadCNF$' -fuzztime 5000x ./formats/
go test -run '^$' -fuzz '^FuzzReadModel$' -fuzztime 20000x ./formats/

mark "step 4"

# ---- 5. the packages that link cgo (gocv, robotgo) ------------------------
# (vision/reader and the Ruffle tests in their lanes). Step 7 ends first.
lane_end windows
go test -count=1 -timeout 25m -skip "$ruffle_tests|$failsafe_tests" "${step5_pkgs[@]}"
mark "step 5"
# ---- 5b. the fail-safe tests, once nothing else plays a game --------------
lane_end ruffle
go test -count=1 -timeout 10m -run "$failsafe_tests" "${failsafe_pkgs[@]}"

mark "step 5b"

# ---- 6. the portable parts, on xvfb-run -----------------------------------
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

# ---- the lanes' ends -----------------------------------------------------------
echo "test.sh: steps 1-7 passed at second $SECONDS"
lane_end reader-a reader-b
times >"$lanes/all.cpu"
echo "test.sh: passed in $SECONDS s (CPU of its processes, user and system: $(tail -1 "$lanes/all.cpu"))"
