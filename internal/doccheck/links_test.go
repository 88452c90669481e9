package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mdLink matches a Markdown link or image's target: [text](target) or
// ![alt](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// docs returns the documents a reader meets first: README.md,
// BENCHMARKS.md, DESIGN.md and docs/*.md, relative to root.
func docs(t *testing.T) []string {
	t.Helper()
	names := []string{"README.md", "BENCHMARKS.md", "DESIGN.md"}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range more {
		rel, err := filepath.Rel(root, p)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.ToSlash(rel))
	}
	return names
}

// TestDocLinks: every relative link and picture in those documents names a
// file or folder that exists (what moved out of the README and
// BENCHMARKS.md into docs/ is still where they point).
func TestDocLinks(t *testing.T) {
	checked := 0
	for _, name := range docs(t) {
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			p := filepath.Join(root, filepath.Dir(filepath.FromSlash(name)), filepath.FromSlash(target))
			if _, err := os.Stat(p); err != nil {
				t.Errorf("%s links to %s, which does not exist", name, m[1])
			}
			checked++
		}
	}
	if checked < 20 {
		t.Errorf("checked %d links: fewer than the documents hold (is the link pattern still right?)", checked)
	}
}

// TestReadmeShort: README.md is for a player first, under 150 lines (issue
// 43); the details live in docs/.
func TestReadmeShort(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(text), "\n"); n >= 150 {
		t.Errorf("README.md has %d lines: keep it under 150, moving details to docs/", n)
	}
}

// TestBenchmarksOpeningTable: BENCHMARKS.md opens with one table that fits
// a screen (under 40 lines) with no cell over 100 characters (issue 43);
// the history is in docs/benchmarks-history.md.
func TestBenchmarksOpeningTable(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(root, "BENCHMARKS.md"))
	if err != nil {
		t.Fatal(err)
	}
	var table []string
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "|") {
			table = append(table, line)
		} else if len(table) > 0 {
			break
		}
	}
	if len(table) < 3 {
		t.Fatalf("BENCHMARKS.md opens with no table (found %d table lines)", len(table))
	}
	if len(table) >= 40 {
		t.Errorf("BENCHMARKS.md's opening table has %d lines: keep it under 40", len(table))
	}
	cell := regexp.MustCompile(`(?:\\\||[^|])*`)
	for _, line := range table {
		for _, c := range cell.FindAllString(strings.Trim(line, "|"), -1) {
			if c = strings.TrimSpace(c); len([]rune(c)) > 100 {
				t.Errorf("BENCHMARKS.md: a cell of %d characters (keep them to 100): %.60s…", len([]rune(c)), c)
			}
		}
	}
	if n := strings.Count(string(text), "\n## "); n > 0 {
		t.Errorf("BENCHMARKS.md has %d sections after its table: the history goes in docs/benchmarks-history.md", n)
	}
}
