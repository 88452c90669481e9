package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// x11Code finds X11 code in the build of cmd/hexiom for goos (cgo on): an X
// protocol package (xgb, which the X11 capture, the X RECORD listener and the
// hook's X check use; MIT-SHM), or a package linking libX11 or libXtst (the
// X11 backends of robotgo and gohook).
func x11Code(t *testing.T, goos string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,CgoLDFLAGS", ".")
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH=amd64", "CGO_ENABLED=1")
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list for %s: %v: %s", goos, err, ee.Stderr)
		}
		t.Fatalf("go list for %s: %v", goos, err)
	}
	var found []string
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p struct {
			ImportPath string
			CgoLDFLAGS []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(p.ImportPath, "/xgb") || strings.HasPrefix(p.ImportPath, "github.com/gen2brain/shm") {
			found = append(found, p.ImportPath)
		}
		for _, f := range p.CgoLDFLAGS {
			if f == "-lX11" || f == "-lXtst" {
				found = append(found, p.ImportPath+" ("+f+")")
			}
		}
	}
	return found
}

// No X11 code is compiled into the Windows or the macOS build; the Linux
// build has it (which shows the check finds it).
func TestWindowsBuildHasNoX11(t *testing.T) {
	for _, goos := range []string{"windows", "darwin"} {
		if got := x11Code(t, goos); len(got) > 0 {
			t.Errorf("the %s build of cmd/hexiom has X11 code: %v", goos, got)
		}
	}
	linux := x11Code(t, "linux")
	for _, want := range []string{"github.com/jezek/xgb/record", "github.com/go-vgo/robotgo (-lX11)"} {
		found := false
		for _, p := range linux {
			found = found || p == want
		}
		if !found {
			t.Errorf("the linux build should have %s; X11 code found: %v", want, linux)
		}
	}
}
