package vision

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadTemplatesLimits: a set saved before the version field (the
// built-in one) loads as version 1; another version is refused naming it;
// a file over MaxTemplatesSize is refused before it is decoded; a saved set
// says its version and loads back.
func TestLoadTemplatesLimits(t *testing.T) {
	dir := t.TempDir()
	withVersion := func(v string) []byte {
		return append([]byte(`{"version":`+v+`,`), bytes.TrimPrefix(bytes.TrimSpace(classicJSON), []byte("{"))...)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string // in the error; "" to load
	}{
		{"no-version.json", classicJSON, ""},
		{"version1.json", withVersion("1"), ""},
		{"version99.json", withVersion("99"), "version 99"},
		{"version-neg.json", withVersion("-3"), "version -3"},
		{"version-frac.json", withVersion("1.5"), "version 1.5"},
		{"padded.json", append(bytes.TrimSpace(classicJSON), bytes.Repeat([]byte(" "), MaxTemplatesSize)...), "over the limit of 4 MB"},
		{"huge.json", append(withVersion("1")[:len(`{"version":1,`)], []byte(`"name":"`+strings.Repeat("x", MaxTemplatesSize)+`"}`)...), "over the limit of 4 MB"},
	} {
		p := filepath.Join(dir, tc.name)
		if err := os.WriteFile(p, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadTemplates(p)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), p)):
			t.Errorf("%s: %v; want an error naming the file and saying %q", tc.name, err, tc.want)
		}
	}
	tpl, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "saved.json")
	if err := tpl.Save(p); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	if !bytes.HasPrefix(data, []byte(`{"version":1,`)) {
		t.Errorf("saved without its version: %.60s…", data)
	}
	back, err := LoadTemplates(p)
	if err != nil || back.Name != tpl.Name {
		t.Errorf("saved and loaded back: %v", err)
	}
}
