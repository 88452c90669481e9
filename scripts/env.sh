# env.sh: the Linux build of hexiom, in one place. Source it before any go
# command (the scripts do; so do the README's steps):
#
#   . scripts/env.sh && go build -o hexiom ./cmd/hexiom
#
# gocv's default build links every OpenCV module pkg-config names (Debian's
# libopencv-dev: 265 shared libraries with GDAL, FFmpeg, GTK…, about 0.3 s to
# load before main runs). With the build tag customenv gocv takes its flags
# from here instead: its wrappers compiled one function to a section, the
# link keeping only the sections something calls (--gc-sections) and only the
# libraries they need (--as-needed), from the modules below. vision uses core
# and imgproc; calib3d stays because one wrapper of gocv's imgproc the link
# keeps, FindHomography, calls it, and features2d and flann with it (calib3d
# is built on them). About 27 libraries,
# a start in milliseconds (docs/benchmarks-history.md, "Start fast").
#
# When gocv or the code changes so that a kept wrapper calls another module,
# the link fails naming the missing symbol: add its module here. The Windows
# build (scripts/windows-*.sh) reads HEXIOM_OPENCV_MODULES for the same list.
#
# Every build, test, vet and staticcheck run must see the same flags: they
# are part of the build cache's key, so a go command without them rebuilds
# gocv (minutes) and makes another binary, not a wrong one.

export PATH="$PATH:/usr/local/go/bin"

HEXIOM_OPENCV_MODULES="core imgproc calib3d features2d flann"
HEXIOM_TAGS=customenv

hexiom_libs=""
for m in $HEXIOM_OPENCV_MODULES; do hexiom_libs="$hexiom_libs -lopencv_$m"; done
export HEXIOM_OPENCV_MODULES HEXIOM_TAGS
export CGO_CPPFLAGS="-I/usr/include/opencv4"
# -O2 -g is cgo's default, replaced when CGO_CXXFLAGS is set.
export CGO_CXXFLAGS="-O2 -g -ffunction-sections -fdata-sections"
export CGO_LDFLAGS="-Wl,--gc-sections -Wl,--as-needed$hexiom_libs"
unset hexiom_libs
# -tags given on a go command line replaces this one: name both there
# (-tags "gohook,$HEXIOM_TAGS").
case " ${GOFLAGS:-} " in
*" -tags=$HEXIOM_TAGS "*) ;;
*) export GOFLAGS="${GOFLAGS:+$GOFLAGS }-tags=$HEXIOM_TAGS" ;;
esac
