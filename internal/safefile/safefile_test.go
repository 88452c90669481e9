package safefile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestReadLimited(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadLimited(p, 5); err != nil || string(data) != "12345" {
		t.Errorf("at the limit: %q, %v", data, err)
	}
	_, err := ReadLimited(p, 4)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "5 bytes") || !strings.Contains(err.Error(), p) {
		t.Errorf("over the limit: %v", err)
	}
	// A pipe has no size: it is refused by what it gives.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write([]byte(strings.Repeat("x", 100)))
		w.Close()
	}()
	defer r.Close()
	if _, err := ReadLimited("/dev/fd/"+itoa(int(r.Fd())), 10); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a pipe over the limit: %v", err)
	}
	if _, err := ReadLimited(filepath.Join(dir, "none"), 10); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("no file: %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{1 << 20: "1 MB", 4 << 20: "4 MB", 512 << 10: "512 kB", 100: "100 B", 1<<20 + 1: "1048577 B"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}

// Write replaces the file (a hard link keeps the old content), keeps its
// mode, leaves no temporary file, and on a failed write leaves the old file
// as it was.
func TestWriteReplaces(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Link(p, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteBytes(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "new" {
		t.Errorf("file: %q", got)
	}
	if got, _ := os.ReadFile(link); string(got) != "old" {
		t.Errorf("the old file was written in place: the link reads %q", got)
	}
	if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("mode: %v, %v", st.Mode(), err)
	}
	boom := errors.New("boom")
	err := Write(p, func(w io.Writer) error {
		w.Write([]byte("half"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("failed write: %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "new" {
		t.Errorf("after a failed write: %q", got)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("left in the folder: %v", ents)
	}
	n := filepath.Join(dir, "fresh")
	if err := WriteBytes(n, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(n); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("new file's mode: %v, %v", st.Mode(), err)
	}
}

// A temporary file left by a killed save is removed by the next save once
// it is older than OrphanAge; a younger one (another save under way) and
// other files stay.
func TestWriteRemovesOrphans(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "calibration.json")
	old := time.Now().Add(-2 * OrphanAge)
	files := map[string]bool{ // name: removed
		"calibration.json.123456.tmp":  true,
		"calibration.json.98765.tmp":   false, // young
		"calibration.json.backup.tmp":  false, // not Write's
		"calibration.json.1.tmp.keep":  false,
		"other.json.123.tmp":           false,
		"calibration.json.4242424.tmp": true,
	}
	for name := range files {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
		if name != "calibration.json.98765.tmp" {
			if err := os.Chtimes(f, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := WriteBytes(p, []byte("{}")); err != nil {
		t.Fatal(err)
	}
	for name, removed := range files {
		_, err := os.Stat(filepath.Join(dir, name))
		if gone := errors.Is(err, os.ErrNotExist); gone != removed {
			t.Errorf("%s: removed %v, want %v", name, gone, removed)
		}
	}
}

// A path that is not a regular file (here a pipe's /dev/fd entry, as
// /dev/stdout) is written in place.
func TestWriteDevice(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	done := make(chan error, 1)
	go func() {
		done <- WriteBytes("/dev/fd/"+itoa(int(w.Fd())), []byte("through"))
		w.Close()
	}()
	got, _ := io.ReadAll(r)
	if err := <-done; err != nil || string(got) != "through" {
		t.Errorf("%q, %v", got, err)
	}
}

// Clip cuts a long message at a character's start and says how long it
// was, leaves a short one alone, and keeps the error for errors.Is.
func TestClip(t *testing.T) {
	base := errors.New(`json: unknown field "` + strings.Repeat("é", 300) + `"`)
	err := fmt.Errorf("wrapped: %w", Clip(base, 100))
	msg := err.Error()
	if !errors.Is(err, base) {
		t.Errorf("Clip lost the error: %v", err)
	}
	if len(msg) > 140 || !strings.Contains(msg, fmt.Sprintf("(%d bytes)", len(base.Error()))) || !utf8.ValidString(msg) {
		t.Errorf("clipped to %d bytes: %q", len(msg), msg)
	}
	if got := Clip(errors.New("short"), 100).Error(); got != "short" {
		t.Errorf("a short message clipped: %q", got)
	}
	if Clip(nil, 10) != nil {
		t.Error("Clip(nil) is not nil")
	}
}
