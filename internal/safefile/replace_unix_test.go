//go:build unix

package safefile

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Replace never writes through what is at the path: a symbolic link to a
// file outside the directory, to a pipe, or to nothing is replaced by a
// regular file with the new content, the file it pointed to left as it
// was; a regular file is replaced keeping its mode.
func TestReplaceDoesNotFollowLinks(t *testing.T) {
	outside := t.TempDir()
	for _, c := range []struct {
		name   string
		target func(t *testing.T) string // what the link points to; "" for a regular file, no link
		mode   os.FileMode               // of the new file
	}{
		{"link to a file outside", func(t *testing.T) string {
			p := filepath.Join(outside, "secret")
			if err := os.WriteFile(p, []byte("keep"), 0o600); err != nil {
				t.Fatal(err)
			}
			return p
		}, 0o644},
		{"link to a pipe", func(t *testing.T) string {
			p := filepath.Join(outside, "fifo")
			if err := syscall.Mkfifo(p, 0o600); err != nil {
				t.Fatal(err)
			}
			return p
		}, 0o644},
		{"dangling link", func(t *testing.T) string { return filepath.Join(outside, "none") }, 0o644},
		{"regular file", nil, 0o600},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "level.txt")
			var target string
			var before []byte
			if c.target != nil {
				target = c.target(t)
				if st, err := os.Lstat(target); err == nil && st.Mode().IsRegular() {
					before, _ = os.ReadFile(target) // not a pipe: it would block
				}
				if err := os.Symlink(target, p); err != nil {
					t.Fatal(err)
				}
			} else if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := Replace(p, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
				t.Fatal(err)
			}
			st, err := os.Lstat(p)
			if err != nil || !st.Mode().IsRegular() || st.Mode().Perm() != c.mode {
				t.Fatalf("%s after Replace: %v, %v; want a regular file of mode %v", p, st.Mode(), err, c.mode)
			}
			if got, err := os.ReadFile(p); err != nil || string(got) != "new" {
				t.Fatalf("%s: %q, %v", p, got, err)
			}
			if target != "" {
				if st, err := os.Lstat(target); err == nil && st.Mode().IsRegular() {
					if after, _ := os.ReadFile(target); string(after) != string(before) {
						t.Fatalf("the link's target %s changed: %q → %q", target, before, after)
					}
				}
			}
		})
	}
}
