//go:build cgo

package reader_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexiom/internal/fixture"
	"hexiom/vision"
	"hexiom/vision/reader"
)

// FuzzLoadTemplates: any template file either fails to load with a short
// error, or gives a set that passes Validate and reads a real screenshot
// without failing in any other way than an error (no panic): a set that
// loads is one Read can use.
func FuzzLoadTemplates(f *testing.F) {
	classicJSON, err := os.ReadFile("../templates/classic.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(classicJSON)
	for _, s := range []string{
		`null`, `{}`, `{"name":"x"}`, `[]`, `{"kinds":[null,null,null,null],"digits":[null,null,null,null,null,null,null]}`,
		`{"kinds":[{"w":1,"h":1,"c":2,"n":1,"mean":[0,0]}]}`,
		`{"` + strings.Repeat("\xeb", 3000) + `":1}`, // an unknown field, named at length
	} {
		f.Add([]byte(s))
	}
	// The classic set with a grey level of 1e38, and with a count made
	// unreadable.
	for _, from := range []string{`"mean":[`, `"n":`} {
		i := bytes.Index(classicJSON, []byte(from))
		if i < 0 {
			f.Fatalf("%s not in the classic set", from)
		}
		broken := append(append([]byte{}, classicJSON[:i+len(from)]...), []byte("1e38,")...)
		f.Add(append(broken, classicJSON[i+len(from):]...))
	}
	fx, err := fixture.Load(testdata, "level10-800x600")
	if err != nil {
		f.Fatal(err)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(dir, "t.json")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		tpl, err := vision.LoadTemplates(p)
		if err != nil {
			if len(err.Error()) > 2000 {
				t.Fatalf("a %d-byte error: %.300s…", len(err.Error()), err)
			}
			return
		}
		if err := tpl.Validate(); err != nil {
			t.Fatalf("a loaded set fails Validate: %v", err)
		}
		r, err := reader.Read(fx.Image, fx.Meta.Area, tpl)
		if err == nil && (r.Size == 0 || len(r.Cells) != len(r.Pos.Cells)) {
			t.Fatalf("Read gave no error and no board: size %d, %d cells", r.Size, len(r.Cells))
		}
		if err != nil && strings.TrimSpace(err.Error()) == "" {
			t.Fatal("Read failed with an empty error")
		}
	})
}
