#!/usr/bin/env bash
# windows-release.sh: builds hexiom.exe for windows/amd64 on Debian 12, from
# this clone and Debian's packages only: one file, statically linked, that
# needs no DLL beyond Windows' own (checked with objdump -p).
#
#   ./scripts/windows-release.sh            -> dist/windows/hexiom.exe
#   ./scripts/windows-release.sh OUT.exe
#
# 1. OpenCV for Windows, from Debian's own source package (apt-get source
#    opencv: 4.6.0+dfsg, the version Linux links), cross-built with mingw-w64's
#    posix compilers (the win32 thread model has no std::recursive_mutex,
#    which OpenCV's headers need) as static libraries: only the modules hexiom
#    links (core, imgproc, calib3d, features2d, flann; gocv's FindHomography
#    wrapper in imgproc.cpp pulls in calib3d, which needs features2d and flann).
#    The dfsg tarball has no 3rdparty/ folder, so every bundled library is
#    off; zlib comes from libz-mingw-w64-dev. The result is cached outside the
#    repository, by Debian's version and these build settings, in
#    ${HEXIOM_CACHE:-~/.cache/hexiom}/opencv-mingw-VERSION-HASH; a second run
#    only links (seconds). The build runs at nice 19 with at most 2 jobs
#    (HEXIOM_JOBS), about 10 minutes on 2 cores.
#
# 2. hexiom.exe. gocv compiles a C++ wrapper file for every OpenCV module it
#    binds (dnn, highgui, imgcodecs, objdetect, photo, video, videoio, ...) and
#    the external linker gets every one of them. On Linux, -ffunction-sections
#    with --gc-sections and --as-needed let the ELF linker drop the unused
#    wrappers before it resolves their symbols; mingw's PE linker does not: it
#    reports the wrappers' references (94 of them, into imgcodecs, highgui,
#    videoio, video, photo, objdetect and dnn) as undefined, --gc-sections or
#    not. Building those seven modules too would cost far more than the five
#    (dnn alone needs protobuf cross-built from Debian's source, and videoio
#    and highgui the Windows media and UI backends) for code hexiom never
#    calls. So the Windows build leaves gocv's files for those modules out of
#    the compile, Go files and C++ wrappers together (a trimmed copy of gocv's
#    package, put in with go build -modfile; see below): nothing is faked, the bindings are simply
#    not in the program, and a hexiom package that called one of them would
#    fail to compile for Windows, naming it. hexiom's vision code uses only
#    core and imgproc through gocv (Mat, MatchTemplate, Resize, MorphologyEx,
#    ConnectedComponentsWithStats, drawing); PNGs are decoded in Go.
set -euo pipefail
cd "$(dirname "$0")/.."
# The OpenCV modules: the Linux build's list (scripts/env.sh), whose flags
# are for Linux only: this build sets its own.
modules=$(. scripts/env.sh && echo "$HEXIOM_OPENCV_MODULES" | tr ' ' ',')
unset GOFLAGS CGO_CPPFLAGS CGO_CXXFLAGS CGO_LDFLAGS
export PATH="$PATH:/usr/local/go/bin"
out=${1:-dist/windows/hexiom.exe}
jobs=${HEXIOM_JOBS:-2}
CC=x86_64-w64-mingw32-gcc-posix
CXX=x86_64-w64-mingw32-g++-posix
say() { echo "windows-release: $*" >&2; }
t0=$(date +%s)

# --- what it needs from Debian -------------------------------------------
need=(gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 libz-mingw-w64-dev binutils-mingw-w64-x86-64
      cmake ninja-build dpkg-dev)
missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# deb-src for the archive the machine already uses (same URI and suite)
srcversion() { { apt-cache showsrc opencv 2>/dev/null || true; } | awk '/^Version:/ && v == "" {v = $2} END {print v}'; }
ver=$(srcversion)
if [ -z "$ver" ]; then
  . /etc/os-release
  uri=$( (cat /etc/apt/sources.list.d/*.sources 2>/dev/null || true) | awk -v s="$VERSION_CODENAME" '
      /^Types:/ {deb = ($0 ~ /[ \t]deb([ \t]|$)/)} /^URIs:/ {u = $2}
      /^Suites:/ {for (i = 2; i <= NF; i++) if ($i == s && deb && u != "" && r == "") r = u}
      END {print r}')
  if [ -z "$uri" ]; then
    uri=$( (cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true) |
      awk -v s="$VERSION_CODENAME" '$1 == "deb" && $3 == s && r == "" {r = $2} END {print r}')
  fi
  [ -n "$uri" ] || { say "no Debian archive for $VERSION_CODENAME found in /etc/apt to take sources from"; exit 1; }
  say "adding deb-src $uri $VERSION_CODENAME main (/etc/apt/sources.list.d/hexiom-src.sources)"
  printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$uri" "$VERSION_CODENAME" | $sudo tee /etc/apt/sources.list.d/hexiom-src.sources >/dev/null
  $sudo apt-get update -qq
  ver=$(srcversion)
  [ -n "$ver" ] || { say "apt-get source opencv: no source package after adding deb-src"; exit 1; }
fi

# --- 1. OpenCV, static, for windows/amd64 (cached) -------------------------
cmake_opts=(
  -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF
  -DBUILD_LIST=$modules
  -DBUILD_TESTS=OFF -DBUILD_PERF_TESTS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_opencv_apps=OFF
  -DBUILD_DOCS=OFF -DBUILD_JAVA=OFF -DBUILD_opencv_python2=OFF -DBUILD_opencv_python3=OFF
  -DBUILD_opencv_gapi=OFF -DBUILD_ZLIB=OFF
  -DZLIB_INCLUDE_DIR=/usr/x86_64-w64-mingw32/include -DZLIB_LIBRARY=/usr/x86_64-w64-mingw32/lib/libz.a
  # the dfsg tarball has no 3rdparty/: every bundled library off
  -DWITH_PNG=OFF -DWITH_JPEG=OFF -DWITH_TIFF=OFF -DWITH_WEBP=OFF -DWITH_OPENJPEG=OFF
  -DWITH_JASPER=OFF -DWITH_OPENEXR=OFF -DWITH_PROTOBUF=OFF -DBUILD_PROTOBUF=OFF -DWITH_ITT=OFF
  -DWITH_QUIRC=OFF -DWITH_ADE=OFF -DWITH_IPP=OFF -DWITH_OPENCL=OFF -DWITH_LAPACK=OFF
  -DWITH_EIGEN=OFF -DWITH_FFMPEG=OFF -DWITH_DSHOW=OFF -DWITH_MSMF=OFF -DWITH_OBSENSOR=OFF
  -DWITH_VTK=OFF -DWITH_GTK=OFF -DWITH_QT=OFF
  -DOPENCV_GENERATE_PKGCONFIG=OFF -DCMAKE_INSTALL_PREFIX=install
)
cache_root=${HEXIOM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hexiom}
key=$(printf '%s\n' "$CC" "$CXX" "${cmake_opts[@]}" | sha256sum | cut -c1-10)
cache=$cache_root/opencv-mingw-$ver-$key
if [ ! -f "$cache/ok" ]; then
  tb=$(date +%s)
  say "building OpenCV $ver for windows/amd64 (static: $modules) into $cache, nice 19, $jobs jobs"
  rm -rf "$cache"
  mkdir -p "$cache/src"
  (cd "$cache/src" && apt-get source -qq opencv >/dev/null 2>&1) || { say "apt-get source opencv failed"; exit 1; }
  srcdir=$(find "$cache/src" -mindepth 1 -maxdepth 1 -type d -name 'opencv-*' -print -quit)
  [ -f "$srcdir/CMakeLists.txt" ] || { say "apt-get source opencv gave no source tree in $cache/src"; exit 1; }
  cat >"$cache/toolchain.cmake" <<EOF
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR AMD64)
set(CMAKE_C_COMPILER $CC)
set(CMAKE_CXX_COMPILER $CXX)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
EOF
  mkdir -p "$cache/build"
  (cd "$cache/build" &&
    cmake "${cmake_opts[@]}" -DCMAKE_TOOLCHAIN_FILE="$cache/toolchain.cmake" \
      -DCMAKE_INSTALL_PREFIX="$cache/install" "$srcdir" >"$cache/cmake.log" 2>&1) ||
    { tail -30 "$cache/cmake.log" >&2; say "cmake failed (log: $cache/cmake.log)"; exit 1; }
  (cd "$cache/build" && nice -n 19 ninja -j "$jobs" install >"$cache/ninja.log" 2>&1) ||
    { grep -B2 -A10 -m3 'error' "$cache/ninja.log" >&2 || tail -30 "$cache/ninja.log" >&2
      say "OpenCV build failed (log: $cache/ninja.log)"; exit 1; }
  rm -rf "$cache/build" "$cache/src"   # keep the install and the logs
  echo "$ver $modules $(($(date +%s) - tb)) s" >"$cache/ok"
  say "OpenCV built in $(($(date +%s) - tb)) s"
fi
inc=$cache/install/include/opencv4
lib=$(dirname "$(find "$cache/install" -name 'libopencv_core*.a' -print -quit)")
[ -d "$inc/opencv2" ] && [ -d "$lib" ] || { say "no OpenCV headers or libraries under $cache/install"; exit 1; }

# --- 2. hexiom.exe --------------------------------------------------------
# gocv for Windows: a copy of gocv's package (the pinned version, kept in
# the cache) without its files for the modules not built, Go and C++
# together, used through a go.mod copy that replaces gocv with it (go build
# -modfile; `-overlay` may not touch files in the module cache). See the top
# of this file for why.
gocv=$(go list -m -f '{{.Dir}}' gocv.io/x/gocv)
gocvver=$(go list -m -f '{{.Version}}' gocv.io/x/gocv)
[ -d "$gocv" ] || { say "gocv $gocvver not in the module cache (go mod download)"; exit 1; }
wingocv=$cache/gocv-$gocvver-windows
if [ ! -f "$wingocv/ok" ]; then
  rm -rf "$wingocv"; mkdir -p "$wingocv"
  for f in "$gocv"/*; do
    b=${f##*/}
    [ -f "$f" ] || continue
    case $b in *_test.go) continue ;; esac
    case $b in dnn.* | dnn_* | highgui.* | highgui_* | imgcodecs.* | imgcodecs_* | objdetect.* | objdetect_* | \
      photo.* | photo_* | video.* | video_* | videoio.* | videoio_*) continue ;; esac
    cp "$f" "$wingocv/"
  done
  chmod -R u+w "$wingocv"
  touch "$wingocv/ok"
fi
mod=$(mktemp -d)
trap 'rm -rf "$mod"' EXIT
cp go.mod "$mod/go.mod"; cp go.sum "$mod/go.sum"
echo "replace gocv.io/x/gocv => $wingocv" >>"$mod/go.mod"

libs=()
for m in ${modules//,/ }; do
  a=$(find "$lib" -name "libopencv_${m}[0-9]*.a" -print -quit)
  [ -n "$a" ] || { say "libopencv_$m missing in $lib"; exit 1; }
  n=${a##*/lib}; libs+=("-l${n%.a}")
done
mkdir -p "$(dirname "$out")"
tl=$(date +%s)
GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=$CC CXX=$CXX \
  CGO_CPPFLAGS="-I$inc" CGO_CXXFLAGS="--std=c++11 -O2" \
  CGO_LDFLAGS="-L$lib -Wl,--start-group ${libs[*]} -Wl,--end-group -lz -lstdc++" \
  go build -trimpath -tags customenv -modfile "$mod/go.mod" \
  -ldflags '-s -w -extldflags "-static"' -o "$out" ./cmd/hexiom
say "linked $out in $(($(date +%s) - tl)) s"

# --- 3. check: no DLL beyond Windows' own ---------------------------------
system_dlls='^(kernel32|user32|gdi32|advapi32|shell32|ole32|oleaut32|comdlg32|comctl32|ws2_32|winmm|shcore|msvcrt|ntdll|bcrypt|dwmapi|crypt32|secur32|userenv|version|setupapi|iphlpapi|powrprof|psapi|dbghelp|imm32|uxtheme|api-ms-win-[a-z0-9-]+)\.dll$'
mapfile -t dlls < <(x86_64-w64-mingw32-objdump -p "$out" | awk '/DLL Name:/ {print tolower($3)}' | sort -u)
bad=()
for d in "${dlls[@]}"; do [[ $d =~ $system_dlls ]] || bad+=("$d"); done
if ((${#bad[@]})); then say "$out needs DLLs that are not Windows' own: ${bad[*]}"; exit 1; fi
say "$out: $(stat -c %s "$out") bytes, imports only Windows DLLs: ${dlls[*]} ($(($(date +%s) - t0)) s in all)"
