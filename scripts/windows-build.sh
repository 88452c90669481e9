#!/usr/bin/env bash
# windows-build.sh: compiles every package of hexiom for windows/amd64 with
# Debian's mingw-w64 (the -posix compilers: OpenCV's headers need its
# std::recursive_mutex) and OpenCV's headers, cmd/hexiom included, and links
# the test binaries of the platform packages (capture: kbinani/screenshot;
# clicks: gohook; actuate: robotgo; internal/session), which need no OpenCV.
#
# It stops before the programs' link, which needs OpenCV built for Windows
# (`go list -export` compiles a package without linking it): quick, and
# with gocv's own flags. scripts/windows-release.sh links hexiom.exe, with
# OpenCV cross-built from Debian's source package (slow once, then cached).
#
#   ./scripts/windows-build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
export GOOS=windows GOARCH=amd64 CGO_ENABLED=1
export CC=x86_64-w64-mingw32-gcc-posix CXX=x86_64-w64-mingw32-g++-posix
export CGO_CPPFLAGS=-I/usr/include/opencv4
command -v "$CC" >/dev/null || { echo "windows-build: $CC missing (apt-get install gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64)" >&2; exit 1; }

t0=$(date +%s)
mapfile -t libs < <(go list -f '{{if ne .Name "main"}}{{.ImportPath}}{{end}}' ./...)
mapfile -t mains < <(go list -f '{{if eq .Name "main"}}{{.ImportPath}}{{end}}' ./...)
go build "${libs[@]}"                             # compile every library package
echo "windows-build: compiled ${#libs[@]} library packages; now the programs (${mains[*]}):" \
  "compiled, then stopped before their link (scripts/windows-release.sh links hexiom.exe, with OpenCV built from Debian's source)"
go list -export -f '{{.Export}}' "${mains[@]}" >/dev/null  # compile the programs, no link
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
go test -c -o "$out/" ./capture ./clicks ./actuate ./internal/session   # full links
n=$(ls "$out"/*.exe | wc -l)
echo "windows-build: compiled ${#libs[@]} packages and ${#mains[@]} programs (${mains[*]}) for windows/amd64," \
  "linked $n test binaries (capture, clicks, actuate, internal/session); stopped before the programs' link" \
  "(scripts/windows-release.sh links hexiom.exe) ($(($(date +%s) - t0)) s)"

# macOS cannot be built here (cgo needs Apple's SDK): type-check the
# platform packages' macOS files with cgo off, which leaves out gohook's and
# robotgo's cgo files.
GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 CC= CXX= go vet ./capture ./clicks ./actuate ./internal/session ./internal/browser
echo "windows-build: macOS files of capture, clicks, actuate, internal/session and internal/browser type-check (cgo off)"
