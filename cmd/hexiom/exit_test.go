package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pngHeader is a PNG of a few hundred bytes whose header says w×h px
// (8-bit RGB) and which holds no pixels.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // bit depth, colour type RGB
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

// hugePNG writes a PNG whose header says 65535×65535 px (17 GB once
// decoded) and returns its path.
func hugePNG(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "huge.png")
	if err := os.WriteFile(p, pngHeader(65535, 65535), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestExitCodesAndMessages: bad flags and bad input exit 2 with a message
// that says what is wrong (and not a whole file); a failure to write what
// was asked for is not a success.
func TestExitCodesAndMessages(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	level := levelsDir + "level10.txt"
	long := filepath.Join(dir, "long.txt")
	if err := os.WriteFile(long, []byte(strings.Repeat("9", 65000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	longRow := filepath.Join(dir, "longrow.txt")
	if err := os.WriteFile(longRow, []byte("1\n .x"+strings.Repeat("y", 65000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	readArgs, _ := fixtureArgs(t, "random6-09-1920x1080")
	cal := readArgs[len(readArgs)-1]
	absurd := filepath.Join(dir, "absurd.json")
	if err := os.WriteFile(absurd, []byte(`{"left":1e300,"top":0,"side":400}`), 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "hugeside.json")
	if err := os.WriteFile(huge, []byte(`{"left":0,"top":0,"side":1`+strings.Repeat("0", 300)+`}`), 0o644); err != nil {
		t.Fatal(err)
	}
	offPicture := filepath.Join(dir, "off.json")
	if err := os.WriteFile(offPicture, []byte(`{"left":5000,"top":100,"side":800}`), 0o644); err != nil {
		t.Fatal(err)
	}
	image := readArgs[:4] // -image PNG -at X,Y
	for _, tc := range []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"solve", "-timeout", "0", level}, exitBadUser, "-timeout"},
		{[]string{"solve", "-timeout", "-5s", level}, exitBadUser, "-timeout"},
		{[]string{"solve", long}, exitBadUser, "long.txt:1:1: expected the board size"},
		{[]string{"solve", longRow}, exitBadUser, "longrow.txt:2"},
		{[]string{"calibrate", "-timeout", "-1s"}, exitBadUser, "-timeout"},
		{[]string{"calibrate", "-timeout", "0"}, exitBadUser, "-timeout"},
		{[]string{"game", "-addr", "127.0.0.1:99999"}, exitBadUser, "port"},
		{append(append([]string{"read"}, readArgs...), "-debug", filepath.Join(dir, "missing", "x.png")), exitBadUser, "missing"},
		{append(append([]string{"read"}, readArgs...), "-o", filepath.Join(dir, "missing", "x.txt")), exitBadUser, "missing"},
		{[]string{"read", "-image", hugePNG(t), "-calibration", cal}, exitBadUser, "65535×65535 px: picture too large"},
		{append([]string{"read", "-calibration", absurd}, image...), exitBadUser, "off any screen"},
		{append([]string{"read", "-calibration", huge}, image...), exitBadUser, "larger than any screen"},
		{append([]string{"read", "-calibration", offPicture}, image...), exitBadUser, "does not fit"},
		{[]string{"learn", "-level", level, "-image", hugePNG(t), "-calibration", cal, "-o", filepath.Join(dir, "t.json")}, exitBadUser, "too large"},
	} {
		var stdout, stderr strings.Builder
		code := run(tc.args, &stdout, &stderr)
		msg := stderr.String()
		if code != tc.code || !strings.Contains(msg, tc.want) {
			t.Errorf("hexiom %.120q: exit %d, want %d with %q in: %.300s", tc.args, code, tc.code, tc.want, msg)
		}
		if len(msg) > 600 {
			t.Errorf("hexiom %.120q: a %d-byte message: %.300s…", tc.args, len(msg), msg)
		}
		if stdout.Len() > 0 && tc.args[0] == "read" {
			t.Errorf("hexiom %.120q: printed a board although it failed", tc.args)
		}
	}
	// A debug picture that cannot be saved after a good read (the name is
	// a folder's) is a failure, not exit 0.
	debug := filepath.Join(dir, "x.png")
	if err := os.Mkdir(debug, 0o755); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	if code := run(append(append([]string{"read"}, readArgs...), "-debug", debug), &strings.Builder{}, &stderr); code != exitFailed || !strings.Contains(stderr.String(), "x.png") {
		t.Errorf("read -debug onto a folder: exit %d, want %d: %s", code, exitFailed, stderr.String())
	}
}
