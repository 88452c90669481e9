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
