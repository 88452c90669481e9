package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"hexiom/internal/tier"
)

// maxLibs bounds the shared libraries the Linux build loads (ldd's lines):
// the build of scripts/env.sh (gocv's customenv tag, only the OpenCV modules
// vision needs, unused wrappers dropped at the link) loads about 27 and
// starts in milliseconds; gocv's default build loads Debian's whole OpenCV,
// 265 libraries, about 0.3 s before main runs.
const maxLibs = 40

// The test binary links what hexiom links (package main and its imports):
// it must load fewer than maxLibs libraries, OpenCV's core among them and
// none of the modules vision does not use.
func TestFewLibraries(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("ldd", self).Output()
	if err != nil {
		t.Fatalf("ldd %s: %v", self, err)
	}
	libs := strings.Split(strings.TrimSpace(string(out)), "\n")
	if !customEnv {
		t.Errorf("built without the customenv tag: source scripts/env.sh before go test (the build of the README and the scripts); this build loads %d libraries", len(libs))
	}
	if len(libs) >= maxLibs {
		t.Errorf("ldd lists %d libraries, want under %d:\n%s", len(libs), maxLibs, out)
	}
	has := func(name string) bool {
		for _, l := range libs {
			if strings.Contains(l, name) {
				return true
			}
		}
		return false
	}
	if !has("libopencv_core.so") || !has("libopencv_imgproc.so") {
		t.Errorf("OpenCV's core and imgproc not among the libraries:\n%s", out)
	}
	for _, unused := range []string{"libopencv_highgui", "libopencv_videoio", "libopencv_imgcodecs", "libopencv_dnn", "libgdal", "libavcodec", "libgtk"} {
		if has(unused) {
			t.Errorf("%s loaded: the build links more than vision needs", unused)
		}
	}
}

// BenchmarkStart times hexiom from process start to exit: `hexiom help`, and
// `hexiom solve` of level 38, the hardest official level (issue 22: under 50
// and 60 ms). It builds hexiom with the go command's flags as they are (the
// environment of scripts/env.sh, or not) and runs it.
func BenchmarkStart(b *testing.B) {
	bin := b.TempDir() + "/hexiom"
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"help", []string{"help"}},
		{"solve-38", []string{"solve", "../../levels/level38.txt"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if out, err := exec.Command(bin, c.args...).CombinedOutput(); err != nil {
					b.Fatalf("hexiom %v: %v\n%s", c.args, err, out)
				}
			}
		})
	}
}
