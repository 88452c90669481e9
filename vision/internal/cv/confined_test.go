package cv

import (
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOnlyHereImportsGocv: no Go file of the module outside this package
// imports gocv (tests included), so that everything else builds, or could,
// without OpenCV and without cgo: vision's reading is all here, behind
// vision/reader.
func TestOnlyHereImportsGocv(t *testing.T) {
	const root = "../../.."
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && p != root {
				return filepath.SkipDir // a module of its own
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		dir, err := filepath.Abs(filepath.Dir(p))
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, "gocv.io/") && dir != here {
				t.Errorf("%s imports %s: only vision/internal/cv calls OpenCV", p, path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("looked at %d Go files: is %s the module's root?", files, root)
	}
}

// TestVisionIsPureGo: packages vision and vision/internal/prep (tests
// included) have no file that needs cgo (a build constraint naming cgo,
// import "C") or that imports what does (this package, vision/reader,
// gocv): they build and test whole with CGO_ENABLED=0, as scripts/test.sh
// checks.
func TestVisionIsPureGo(t *testing.T) {
	files := 0
	for _, dir := range []string{"../..", "../prep"} {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range names {
			files++
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly|parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range f.Comments {
				if g.Pos() > f.Package {
					break
				}
				for _, c := range g.List {
					if x, err := constraint.Parse(c.Text); err == nil && mentions(x, "cgo") {
						t.Errorf("%s: %s: vision and prep build without cgo", p, c.Text)
					}
				}
			}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if path == "C" || path == "hexiom/vision/internal/cv" || path == "hexiom/vision/reader" || strings.HasPrefix(path, "gocv.io/") {
					t.Errorf("%s imports %s: vision and prep build without cgo", p, path)
				}
			}
		}
	}
	if files < 8 {
		t.Fatalf("looked at %d Go files in vision and vision/internal/prep: have they moved?", files)
	}
}

// mentions says whether the build constraint x names the tag.
func mentions(x constraint.Expr, tag string) bool {
	switch x := x.(type) {
	case *constraint.TagExpr:
		return x.Tag == tag
	case *constraint.NotExpr:
		return mentions(x.X, tag)
	case *constraint.AndExpr:
		return mentions(x.X, tag) || mentions(x.Y, tag)
	case *constraint.OrExpr:
		return mentions(x.X, tag) || mentions(x.Y, tag)
	}
	return false
}
