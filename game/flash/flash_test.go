package flash

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"hexiom/internal/tier"
)

// header is what a SWF's header says: its stage in pixels and frame rate.
type header struct {
	version    byte
	w, h       int
	fps        float64
	compressed bool
}

// readHeader reads a SWF's header: "FWS" or zlib's "CWS", the version, the
// length, then (uncompressed) the stage RECT in twips and the frame rate
// in 8.8 fixed point.
func readHeader(b []byte) (header, error) {
	if len(b) < 8 || (string(b[:3]) != "FWS" && string(b[:3]) != "CWS") {
		return header{}, fmt.Errorf("not a SWF: %.3q", b)
	}
	hd := header{version: b[3], compressed: b[0] == 'C'}
	body := b[8:]
	if hd.compressed {
		z, err := zlib.NewReader(bytes.NewReader(body))
		if err != nil {
			return hd, err
		}
		if body, err = io.ReadAll(io.LimitReader(z, 64)); err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
			return hd, err
		}
	}
	nbits := int(body[0] >> 3)
	bit := 5
	read := func() int {
		v := 0
		for i := 0; i < nbits; i++ {
			v = v<<1 | int(body[bit/8]>>(7-bit%8)&1)
			bit++
		}
		return v
	}
	xmin, xmax, ymin, ymax := read(), read(), read(), read()
	hd.w, hd.h = (xmax-xmin)/20, (ymax-ymin)/20
	at := (bit + 7) / 8
	hd.fps = float64(binary.LittleEndian.Uint16(body[at:])) / 256
	return hd, nil
}

func TestBuild(t *testing.T) {
	tier.Heavy(t, "haxe")
	swf, err := Build(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(swf)
	if err != nil {
		t.Fatal(err)
	}
	hd, err := readHeader(b)
	if err != nil {
		t.Fatal(err)
	}
	if hd.w != 400 || hd.h != 440 || hd.fps != 30 || hd.version != 10 {
		t.Errorf("the SWF's header: %+v, want a 400×440 stage at 30 fps, SWF version 10", hd)
	}
	if entries, _ := os.ReadDir(filepath.Dir(swf)); len(entries) != 1 {
		t.Errorf("Build left %d files beside the SWF (its source, copied for haxe, must go)", len(entries)-1)
	}
}

func TestCachedBuildsOnce(t *testing.T) {
	tier.Heavy(t, "haxe")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	a, err := Cached(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Cached(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	st2, err := os.Stat(b)
	if err != nil || a != b || !st2.ModTime().Equal(st.ModTime()) {
		t.Errorf("Cached twice: %s then %s (%v), want the same file, built once", a, b, err)
	}
}

func TestBuildWithoutHaxe(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := Build(context.Background(), t.TempDir()); err == nil {
		t.Fatal("Build without haxe on PATH: no error")
	}
}

func TestRuffleDir(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	if _, err := RuffleDir(); !errors.Is(err, ErrNoRuffle) {
		t.Fatalf("RuffleDir with nothing installed: %v, want ErrNoRuffle", err)
	}
	dir := filepath.Join(cache, "hexiom", "ruffle-"+RuffleVersion)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ruffle.js"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := RuffleDir(); !errors.Is(err, ErrNoRuffle) {
		t.Fatalf("RuffleDir without its .wasm: %v, want ErrNoRuffle", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "core.wasm"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := RuffleDir(); err != nil || got != dir {
		t.Fatalf("RuffleDir: %q, %v; want %q", got, err, dir)
	}
}
