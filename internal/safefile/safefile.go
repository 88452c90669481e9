package safefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"
)

// ErrTooLarge is the error ReadLimited wraps for a file over its limit.
var ErrTooLarge = errors.New("file too large")

// ReadLimited reads the file at path, refusing it (ErrTooLarge, with the
// size and the limit) when it holds more than max bytes: by its size before
// reading anything, and by what it gives while reading (a pipe, a file that
// grows), so at most max+1 bytes are ever held.
func ReadLimited(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > max {
		return nil, fmt.Errorf("%s: %w: %d bytes, over the limit of %s", path, ErrTooLarge, st.Size(), Size(max))
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: %w: over the limit of %s", path, ErrTooLarge, Size(max))
	}
	return data, nil
}

// Size formats a byte count as the limits are given: "4 MB", "1 MB",
// "512 kB", "100 B" (1 MB is 2^20 bytes).
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d kB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// OrphanAge is how old a temporary file of Write's must be before a later
// Write to the same path removes it: a save takes milliseconds, so one that
// old was left by a process killed during its save, while a younger one may
// be another process's save under way.
const OrphanAge = time.Minute

// Write replaces the file at path with what write writes, through a
// temporary file beside it (path.NNN.tmp, created exclusively) that is
// synced and renamed over path: a reader sees the old file or the new one,
// never a part, and a link to the old file keeps the old content. The new
// file keeps the mode of the one it replaces (0644 for a new one). The
// temporary files of saves killed before their rename (older than
// OrphanAge) are removed first. A path that exists and is not a regular
// file (a device such as /dev/stdout, a pipe) is written in place.
func Write(path string, write func(w io.Writer) error) error {
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return writeInPlace(path, write)
		}
		mode = st.Mode().Perm()
	}
	return replace(path, mode, write)
}

// Replace is Write for a path in a directory others may write to: it never
// writes through what is at path. A symbolic link there is replaced by the
// new file, as anything else is (the rename); the file it pointed to, a
// device or a pipe included, is left as it was. The new file keeps the
// mode of a regular file it replaces (0644 otherwise).
func Replace(path string, write func(w io.Writer) error) error {
	mode := fs.FileMode(0o644)
	if st, err := os.Lstat(path); err == nil && st.Mode().IsRegular() {
		mode = st.Mode().Perm()
	}
	return replace(path, mode, write)
}

// replace writes a temporary file beside path with mode and renames it
// over path.
func replace(path string, mode fs.FileMode, write func(w io.Writer) error) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	removeOrphans(dir, base, time.Now())
	f, err := os.CreateTemp(dir, base+".*.tmp")
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), mode)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// WriteBytes is Write with data.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

func writeInPlace(path string, write func(w io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// removeOrphans removes base's temporary files in dir (base.DIGITS.tmp,
// as os.CreateTemp names them) older than OrphanAge at now.
func removeOrphans(dir, base string, now time.Time) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !IsTemp(base, e.Name()) || !e.Type().IsRegular() {
			continue
		}
		if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > OrphanAge {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// IsTemp reports whether name is one of Write's temporary files for base.
func IsTemp(base, name string) bool {
	mid, ok := strings.CutPrefix(name, base+".")
	if !ok {
		return false
	}
	mid, ok = strings.CutSuffix(mid, ".tmp")
	if !ok || mid == "" {
		return false
	}
	for _, c := range mid {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Clip bounds the message of err, an error about a file's content, to
// max bytes (cut at a character's start, its length said after it):
// a decoder's message quotes what it found (encoding/json names an
// unknown field whole, and a field's name is as long as the file lets
// it be), and a file's text has no place whole in a message. Clip keeps
// err for errors.Is and errors.As; nil stays nil.
func Clip(err error, max int) error {
	if err == nil {
		return nil
	}
	return clipped{err, max}
}

type clipped struct {
	err error
	max int
}

func (c clipped) Error() string {
	s := c.err.Error()
	if len(s) <= c.max {
		return s
	}
	n := c.max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:n], len(s))
}

func (c clipped) Unwrap() error { return c.err }
