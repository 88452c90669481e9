// Package doccheck holds no code, only a test: that the documents a newcomer
// reads first name what the tree holds. DESIGN.md's table of packages names
// every package of the module, and every package comment that maps its
// files by job ("Files by job: …") names every file of the package that is
// not a test. (The commands of cmd/hexiom and cmd/hexiom-lab are checked
// against DESIGN.md by each command's own tests, which see its list of
// commands.) And that the documents hold together: every relative link of
// README.md, BENCHMARKS.md, DESIGN.md and docs/*.md names a file that
// exists, the README stays short (a player's first page), and BENCHMARKS.md
// is one table a screen high, its history in docs/benchmarks-history.md.
package doccheck
