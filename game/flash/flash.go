// Package flash builds the clone's Flash front end, a SWF compiled from the
// Haxe source beside this file (src/*.hx, build.hxml) by Debian's haxe, and
// finds the Ruffle web build that plays it, which scripts/install-deps.sh
// unpacks into the user's cache. The game's server (package game,
// Config.Runtime "ruffle") serves both.
package flash

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// The SWF's source: the Haxe classes and the compiler's arguments.
//
//go:embed build.hxml src/*.hx
var source embed.FS

// RuffleVersion is the Ruffle web build the page loads (npm
// @ruffle-rs/ruffle, pinned, its integrity checked by install-deps.sh).
const RuffleVersion = "0.6.0"

// SWFName is the built file's name.
const SWFName = "hexiom.swf"

// Build compiles the SWF into dir (created if missing) and returns its path.
// It needs haxe on PATH (apt-get install haxe): a missing compiler is an
// error, never a skip.
func Build(ctx context.Context, dir string) (string, error) {
	haxe, err := exec.LookPath("haxe")
	if err != nil {
		return "", fmt.Errorf("build the SWF: haxe not found (apt-get install haxe, or scripts/install-deps.sh): %w", err)
	}
	src, err := os.MkdirTemp(dir, "hexiom-swf-src-")
	if err != nil {
		return "", fmt.Errorf("build the SWF: %w", err)
	}
	defer os.RemoveAll(src)
	if err := os.CopyFS(src, source); err != nil {
		return "", fmt.Errorf("build the SWF: write its source: %w", err)
	}
	out, err := filepath.Abs(filepath.Join(dir, SWFName))
	if err != nil {
		return "", fmt.Errorf("build the SWF: %w", err)
	}
	return out, compile(ctx, haxe, src, out)
}

func compile(ctx context.Context, haxe, src, out string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, haxe, "build.hxml", "-swf", out)
	cmd.Dir = src
	var msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &msg, &msg
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("build the SWF: haxe: %w\n%s", err, msg.Bytes())
	}
	if st, err := os.Stat(out); err != nil || st.Size() == 0 {
		return fmt.Errorf("build the SWF: haxe wrote no %s (%v)\n%s", out, err, msg.Bytes())
	}
	return nil
}

// Cached returns the SWF of this source in the user's cache
// (~/.cache/hexiom/swf/<hash of the source>/hexiom.swf), building it first if
// it is not there: `hexiom game -runtime ruffle` compiles once a version.
func Cached(ctx context.Context) (string, error) {
	base, err := cacheDir()
	if err != nil {
		return "", err
	}
	h, err := sourceHash()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(base, "swf", h)
	path := filepath.Join(dir, SWFName)
	if st, err := os.Stat(path); err == nil && st.Size() > 0 {
		return path, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("build the SWF: %w", err)
	}
	// Built beside it, then renamed into place: a build cut short (haxe
	// killed, the disk full) leaves no partial SWF that a later call
	// would take for the cached one.
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", fmt.Errorf("build the SWF: %w", err)
	}
	defer os.RemoveAll(tmp)
	built, err := Build(ctx, tmp)
	if err != nil {
		return "", err
	}
	if err := os.Rename(built, path); err != nil {
		return "", fmt.Errorf("build the SWF: %w", err)
	}
	return path, nil
}

// sourceHash names the source's version: the SHA-256 of its files, in
// order, with their names (12 hex digits).
func sourceHash() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(source, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := source.ReadFile(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("hash the SWF's source: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

func cacheDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("the user's cache: %w", err)
	}
	return filepath.Join(base, "hexiom"), nil
}

// ErrNoRuffle is returned by RuffleDir when the Ruffle web build is not
// installed.
var ErrNoRuffle = errors.New("Ruffle not installed (scripts/install-deps.sh unpacks it)")

// RuffleDir returns the directory of the unpacked Ruffle web build
// (ruffle.js, its core scripts and .wasm files):
// ~/.cache/hexiom/ruffle-<RuffleVersion>, as install-deps.sh unpacks it
// ($XDG_CACHE_HOME/hexiom/… when that is set).
func RuffleDir() (string, error) {
	base, err := cacheDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(base, "ruffle-"+RuffleVersion)
	if err := CheckRuffle(dir); err != nil {
		return "", err
	}
	return dir, nil
}

// CheckRuffle reports whether dir holds a Ruffle web build: its ruffle.js and
// at least one .wasm file.
func CheckRuffle(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, "ruffle.js")); err != nil {
		return fmt.Errorf("%w: %v", ErrNoRuffle, err)
	}
	wasm, err := filepath.Glob(filepath.Join(dir, "*.wasm"))
	if err != nil || len(wasm) == 0 {
		return fmt.Errorf("%w: no .wasm in %s", ErrNoRuffle, dir)
	}
	return nil
}
