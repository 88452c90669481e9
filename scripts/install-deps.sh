#!/usr/bin/env bash
# install-deps.sh: installs what hexiom needs on Debian 12 and is missing.
#
# Debian packages: a C toolchain and OpenCV 4.6 for gocv, the X11/XTest headers
# for robotgo, Xvfb and Chromium for the virtual desktop, DejaVu fonts for the
# clone's digits (FreeSans from fonts-freefont-ttf for the flash look's),
# MiniZinc with Gecode and CaDiCaL (its library too: scripts/cadical-time.cpp) for the solver comparisons. Then the Go modules of go.mod. Run as root (or with sudo available). Safe to run again:
# it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

pkgs=(build-essential pkg-config libopencv-dev libx11-dev libxtst-dev
      xvfb xauth chromium fonts-dejavu-core fonts-freefont-ttf minizinc flatzinc cadical libcadical-dev
      xdg-utils libxkbcommon-x11-dev libx11-xcb-dev gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64
      sway xwayland x11-xserver-utils dbus-daemon pipewire grim xdg-desktop-portal
      xdg-desktop-portal-wlr xdg-desktop-portal-gtk)
# xdg-utils: hexiom game -open (xdg-open). libxkbcommon-x11-dev,
# libx11-xcb-dev: gohook, the portable click listener (-tags gohook on
# Linux). mingw-w64: scripts/windows-build.sh, the Windows compile check.
# sway … xdg-desktop-portal-gtk: a headless Wayland desktop with the desktop
# portal, where the portable capture's Wayland path is tested
# (internal/desktop.StartWayland; gtk's portal only for its Access
# interface, without which xdg-desktop-portal 1.16 offers no Screenshot).

# issue 23: scripts/windows-release.sh (OpenCV cross-built from Debian's
# source package: cmake, ninja, zlib for mingw-w64, dpkg-dev for apt-get
# source; it adds the deb-src entry itself) and the Wine test (wine64).
pkgs+=(cmake ninja-build libz-mingw-w64-dev dpkg-dev wine64)

# issue 40: the clone as a Flash game in Ruffle. haxe compiles the SWF
# (game/flash); npm fetches the Ruffle web build (below; Debian's npm
# unless an npm is on PATH already, as Node.js's own packages bring it),
# openssl checks its integrity.
pkgs+=(haxe openssl)
command -v npm >/dev/null 2>&1 || pkgs+=(npm)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v go >/dev/null 2>&1; then
  if [ -x /usr/local/go/bin/go ]; then export PATH="$PATH:/usr/local/go/bin"; else
    echo "install-deps: Go 1.26 or newer is needed (go.mod says so); put it on PATH" >&2; exit 1
  fi
fi
go mod download
for b in Xvfb /usr/lib/chromium/chromium minizinc cadical; do
  command -v "$b" >/dev/null 2>&1 || { echo "install-deps: $b still missing after install" >&2; exit 1; }
done
pkg-config --exists opencv4 || { echo "install-deps: pkg-config cannot find opencv4" >&2; exit 1; }

# Ruffle's web build, pinned (game/flash.RuffleVersion), from the npm
# registry: the tarball's sha512 must be the one recorded here (npm view
# @ruffle-rs/ruffle@0.6.0 dist.integrity); its package/ is unpacked into
# ~/.cache/hexiom/ruffle-0.6.0 (game/flash.RuffleDir), once.
ruffle_version=0.6.0
ruffle_integrity="sha512-P2X1zDENBoiLt2ZjPcsUzaDxoR7fVF2e1U/bi7hbIAQEjkykxljSoG8AgbywHvlVVzL9Y5tIZMRqDwIm31jgPA=="
ruffle_dir="${XDG_CACHE_HOME:-$HOME/.cache}/hexiom/ruffle-$ruffle_version"
if [ ! -f "$ruffle_dir/.integrity" ] || [ "$(cat "$ruffle_dir/.integrity")" != "$ruffle_integrity" ]; then
  echo "install-deps: fetching Ruffle $ruffle_version (npm)" >&2
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "@ruffle-rs/ruffle@$ruffle_version" >/dev/null) ||
    { echo "install-deps: npm pack @ruffle-rs/ruffle@$ruffle_version failed" >&2; exit 1; }
  tgz=("$tmp"/*.tgz)
  got="sha512-$(openssl dgst -sha512 -binary "${tgz[0]}" | base64 -w0)"
  if [ "$got" != "$ruffle_integrity" ]; then
    echo "install-deps: Ruffle tarball integrity $got, want $ruffle_integrity" >&2; exit 1
  fi
  mkdir -p "$tmp/x" && tar -xzf "${tgz[0]}" -C "$tmp/x"
  rm -rf "$ruffle_dir" && mkdir -p "$(dirname "$ruffle_dir")"
  mv "$tmp/x/package" "$ruffle_dir"
  echo "$ruffle_integrity" >"$ruffle_dir/.integrity"
  rm -rf "$tmp"
  trap - EXIT
fi
for f in ruffle.js; do
  [ -f "$ruffle_dir/$f" ] || { echo "install-deps: $ruffle_dir/$f missing" >&2; exit 1; }
done
command -v haxe >/dev/null 2>&1 || { echo "install-deps: haxe still missing after install" >&2; exit 1; }
