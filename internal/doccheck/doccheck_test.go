package doccheck

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// root is the module's root, two levels up from this package.
const root = "../.."

// packages returns every directory under root holding a Go file that is
// not a test (testdata and hidden directories left out), as slash paths
// relative to root, with those files' names.
func packages(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && p != root {
				return filepath.SkipDir // a module of its own (scripts/satgo)
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			rel, err := filepath.Rel(root, filepath.Dir(p))
			if err != nil {
				return err
			}
			rel = filepath.ToSlash(rel)
			pkgs[rel] = append(pkgs[rel], name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 10 {
		t.Fatalf("found %d packages under %s: is this the module's root?", len(pkgs), root)
	}
	return pkgs
}

// TestDesignNamesEveryPackage: DESIGN.md's table of packages has a row, or
// a mention, for every package, as `dir/`.
func TestDesignNamesEveryPackage(t *testing.T) {
	design, err := os.ReadFile(filepath.Join(root, "DESIGN.md"))
	if err != nil {
		t.Fatal(err)
	}
	pkgs := packages(t)
	dirs := make([]string, 0, len(pkgs))
	for dir := range pkgs {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		if !strings.Contains(string(design), "`"+dir+"/`") {
			t.Errorf("DESIGN.md does not name the package %s (as `%s/`): add it to the table of packages, with its one job", dir, dir)
		}
	}
}

// filesByJob matches a package comment's map of its files.
var filesByJob = regexp.MustCompile(`(?s)Files by job:(.*?)(\n\n|$)`)

// TestFileMapsNameEveryFile: a package comment that maps its files by job
// names every file of the package that is not a test.
func TestFileMapsNameEveryFile(t *testing.T) {
	maps := 0
	for dir, files := range packages(t) {
		path := filepath.Join(root, filepath.FromSlash(dir), "doc.go")
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			continue // no doc.go: no map
		}
		if f.Doc == nil {
			continue
		}
		m := filesByJob.FindStringSubmatch(f.Doc.Text())
		if m == nil {
			continue
		}
		maps++
		text := strings.Join(strings.Fields(m[1]), " ")
		for _, name := range files {
			if name == "doc.go" {
				continue
			}
			if !regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(text) {
				t.Errorf("%s/doc.go maps its files by job but does not name %s", dir, name)
			}
		}
	}
	if maps == 0 {
		t.Error("no package comment maps its files by job: the check checked nothing (is \"Files by job:\" still how vision/doc.go says it?)")
	}
}
